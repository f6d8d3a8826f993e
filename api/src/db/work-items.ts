import { sql } from 'drizzle-orm';
import { approvals } from './schema';

/**
 * One approval as the payments board and the dashboard's "Your work" list it (WorkItem): the
 * company, the first bill's vendor and the number of bills, the amount and when it was created.
 * Every column is on the approval's own row (company_name is a kept copy), so a list of them reads
 * no other table. `amount`: 'total' while the approval is pending (every bill), 'approved' once it is
 * decided (what the bank file pays).
 */
export function workItemColumns(amount: 'total' | 'approved') {
  // The bills it pays: the approved ones once decided, every bill until then (approved_bills is NULL).
  const bills = sql`coalesce(${approvals.approvedBills}, ${approvals.bills})`;
  return {
    id: approvals.id,
    companyName: approvals.companyName,
    vendorName: sql<string | null>`(${bills} -> 0 -> 'VendorRef' ->> 'name')`,
    bills: sql<number>`jsonb_array_length(${bills})`.mapWith(Number),
    amountCents: amount === 'total' ? approvals.totalAmountCents : approvals.approvedAmountCents,
    since: approvals.createdAt,
  };
}

/** The row workItemColumns selects, as the answer's WorkItem (times as ISO strings). */
export function toWorkItem(row: {
  id: string;
  companyName: string | null;
  vendorName: string | null;
  bills: number;
  amountCents: number;
  since: Date | string;
}) {
  return { ...row, since: new Date(row.since).toISOString() };
}
