import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  PAYMENTS_BOARD_PAID_DAYS,
  PAYMENTS_BOARD_SHOWN,
  PAYMENTS_BOARD_STATUSES,
  type PaymentsBoard,
  type PaymentsBoardColumn,
  type PaymentsBoardStatus,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { activity, approvals } from '../../db/schema';
import { toWorkItem, workItemColumns } from '../../db/work-items';

const DAY_MS = 86_400_000;
const count = sql<number>`count(*)`.mapWith(Number);
const cents = sql<number>`coalesce(sum(${approvals.approvedAmountCents}), 0)`.mapWith(Number);

/** The columns before Paid: approvals standing in that status now, whatever their age. */
const OPEN_STATUSES = PAYMENTS_BOARD_STATUSES.filter(
  (status): status is Exclude<PaymentsBoardStatus, 'PAYMENT_COMPLETED'> => status !== 'PAYMENT_COMPLETED',
);

/**
 * The approvals marked paid since `since` and still paid (not returned since): the
 * 'approval.payment_completed' rows of the activity log (the time of that change is only kept
 * there), a range of activity_action_created_at_idx (action, created_at), as the paid-per-week chart
 * reads them.
 */
function paidSince(db: Db, since: Date) {
  return db
    .select({ id: sql<string>`${activity.entityId}::uuid`.as('paid_id'), paidAt: activity.createdAt })
    .from(activity)
    .where(
      and(
        eq(activity.action, 'approval.payment_completed'),
        eq(activity.entityType, 'approval'),
        gte(activity.createdAt, since),
      ),
    )
    .as('paid');
}

/**
 * The payments board: per column the count and the amount (the approved bills', in cents) and the
 * first PAYMENTS_BOARD_SHOWN approvals. Six statements side by side, whatever the number of
 * approvals (no statement per approval):
 *
 * - the open columns' counts and totals, grouped by status: a Bitmap Index Scan of
 *   approvals_status_id_idx (`Index Cond: status = ANY (…)`) then a HashAggregate, so the cost follows
 *   the approvals in those statuses (payments in flight), not the table;
 * - each open column's oldest: a backward walk of approvals_status_created_at_id_idx, stopped at the
 *   LIMIT;
 * - Paid, the last PAYMENTS_BOARD_PAID_DAYS days: the activity rows of that window joined to their
 *   approval by primary key (count and total; the latest paid first).
 */
export async function paymentsBoard(db: Db, now: Date): Promise<PaymentsBoard> {
  const since = new Date(now.getTime() - PAYMENTS_BOARD_PAID_DAYS * DAY_MS);
  const paid = paidSince(db, since);
  const item = workItemColumns('approved');
  const [totals, paidTotals, paidItems, ...openItems] = await Promise.all([
    db
      .select({ status: approvals.status, count, amountCents: cents })
      .from(approvals)
      .where(inArray(approvals.status, OPEN_STATUSES))
      .groupBy(approvals.status),
    db
      .select({ count, amountCents: cents })
      .from(paid)
      .innerJoin(approvals, eq(approvals.id, paid.id))
      .where(eq(approvals.status, 'PAYMENT_COMPLETED')),
    db
      .select({ ...item, since: paid.paidAt })
      .from(paid)
      .innerJoin(approvals, eq(approvals.id, paid.id))
      .where(eq(approvals.status, 'PAYMENT_COMPLETED'))
      .orderBy(desc(paid.paidAt), desc(approvals.id))
      .limit(PAYMENTS_BOARD_SHOWN),
    ...OPEN_STATUSES.map((status) =>
      db
        .select(item)
        .from(approvals)
        .where(eq(approvals.status, status))
        .orderBy(asc(approvals.createdAt), asc(approvals.id))
        .limit(PAYMENTS_BOARD_SHOWN),
    ),
  ]);
  const columns: PaymentsBoardColumn[] = OPEN_STATUSES.map((status, index) => {
    const total = totals.find((row) => row.status === status);
    return {
      status,
      count: total?.count ?? 0,
      amountCents: total?.amountCents ?? 0,
      approvals: (openItems[index] ?? []).map(toWorkItem),
    };
  });
  columns.push({
    status: 'PAYMENT_COMPLETED',
    count: paidTotals[0]?.count ?? 0,
    amountCents: paidTotals[0]?.amountCents ?? 0,
    approvals: paidItems.map(toWorkItem),
  });
  return { columns, paidSinceDays: PAYMENTS_BOARD_PAID_DAYS };
}
