// What the payments board shows of each column and card: the words, the links, how many are left.
import {
  PAYMENTS_BOARD_TEXT,
  type PaymentsBoardColumn,
  type PaymentsBoardStatus,
  type WorkItem,
} from 'shared-contracts';

/** The approvals list filtered by the column's status: where 'N more' and the column's title go. */
export const columnListPath = (status: PaymentsBoardStatus) => `/approvals?status=${status}`;

/** The approval's page: its stepper (payment progress) and its bank file commands take the next step. */
export const approvalPath = (id: string) => `/approvals/${id}`;

/** How many of the column's approvals the board does not list (0 when it lists them all). */
export function moreCount(column: Pick<PaymentsBoardColumn, 'count' | 'approvals'>): number {
  return Math.max(0, column.count - column.approvals.length);
}

/** 'Acme Supplies +2 bills', else the company's name, else 'Approval 1a2b3c4d'. */
export function vendorLine(item: Pick<WorkItem, 'id' | 'vendorName' | 'companyName' | 'bills'>): string {
  const vendor = item.vendorName?.trim();
  if (vendor) return `${vendor}${PAYMENTS_BOARD_TEXT.otherBills(item.bills)}`;
  return item.companyName?.trim() || `Approval ${item.id.slice(0, 8)}`;
}

/** The column's next step, under its title (Paid says its window instead). */
export function nextStepOf(status: PaymentsBoardStatus, paidSinceDays: number): string {
  const next = PAYMENTS_BOARD_TEXT.nextStep[status];
  return typeof next === 'function' ? next(paidSinceDays) : next;
}
