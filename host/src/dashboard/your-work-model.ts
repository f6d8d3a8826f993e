// The words of the dashboard's "Your work" card, from the figures GET /api/dashboard/stats answers.
import { YOUR_WORK_TEXT, type WorkItem, type YourWork } from 'shared-contracts';
import { formatUsd } from 'shared-ui/format';

/** The inbox: where the person decides what waits for them. */
export const INBOX_PATH = '/approvals/inbox';

/** The inbox with `id` open beside the queue. */
export const inboxPathOf = (id: string) => `${INBOX_PATH}?selected=${encodeURIComponent(id)}`;

const usd = (cents: number) => formatUsd(cents / 100);

/**
 * 'Waiting for you: 12 · $3,400.00'; past the count's cap '100+ · $250,000.00+' (both lower
 * bounds); '…' until the figures arrive.
 */
export function waitingLine(work: YourWork | null | undefined): string {
  if (!work) return YOUR_WORK_TEXT.waiting('…', '…');
  const plus = work.waiting.capped ? '+' : '';
  return YOUR_WORK_TEXT.waiting(
    `${work.waiting.count.toLocaleString('en-US')}${plus}`,
    `${usd(work.waiting.amountCents)}${plus}`,
  );
}

/** 'Acme Supplies · $1,200.00', else the company's name (the bills may name no vendor). */
export function itemLabel(item: Pick<WorkItem, 'vendorName' | 'companyName' | 'amountCents'>): string {
  const who = item.vendorName?.trim() || item.companyName?.trim() || 'Unnamed vendor';
  return `${who} · ${usd(item.amountCents)}`;
}

/** '3 bills overdue · $1,800.00', or that none is. */
export function overdueLine(overdue: YourWork['overdue']): string {
  return overdue.bills === 0
    ? YOUR_WORK_TEXT.noOverdue
    : YOUR_WORK_TEXT.overdue(overdue.bills, usd(overdue.amountCents));
}
