/** What an approval's vendors were paid before, and whether their bank accounts changed lately. */
import { APPROVAL_ERRORS, VENDOR_HISTORY_LIMITS, type VendorHistory } from 'shared-contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/http-error';
import { peopleByIds } from './bank-account-control.repository';
import { findApprovalForAccounts } from './payment-accounts.repository';
import { latestAccountChanges, vendorPayments } from './vendor-history.repository';

const DAY_MS = 86_400_000;

/** The median of whole cents, rounded to a cent (null: no amount). */
export function medianCents(amounts: number[]): number | null {
  if (amounts.length === 0) return null;
  const sorted = [...amounts].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/**
 * GET …/approvals/{id}/vendor-history: for each vendor of the approval's bills, its latest earlier
 * payments from the bank files of the approval's company (this approval's own left out), the
 * median of its latest paid amounts, and the latest change of its bank account within the last
 * 30 days with who made it. An approver sees an unusual amount or a freshly changed account (the
 * classic redirected payment) before deciding.
 */
export async function getVendorHistory(db: Db, approvalId: string, now = new Date()): Promise<VendorHistory> {
  const approval = await findApprovalForAccounts(db, approvalId);
  if (!approval) throw notFound(APPROVAL_ERRORS.notFound);
  const vendors = new Map<string, string>();
  for (const bill of approval.bills) {
    const ref = bill.VendorRef?.value;
    if (ref && !vendors.has(ref)) vendors.set(ref, bill.VendorRef?.name || ref);
  }
  const refs = [...vendors.keys()];
  const since = new Date(now.getTime() - VENDOR_HISTORY_LIMITS.accountChangeDays * DAY_MS);
  const [payments, changes] = await Promise.all([
    vendorPayments(db, approval.companyId, refs, approvalId),
    latestAccountChanges(db, approval.companyId, refs, since),
  ]);
  const people = await peopleByIds(
    db,
    [...changes.values()].map((change) => change.changedById),
  );
  return {
    vendors: refs.map((vendorRef) => {
      const own = payments.filter((row) => row.vendorRef === vendorRef);
      const change = changes.get(vendorRef);
      return {
        vendorRef,
        vendorName: vendors.get(vendorRef)!,
        payments: own
          .filter((row) => row.recent)
          .map((row) => ({
            approvalId: row.approvalId,
            amountCents: row.amountCents,
            paidOn: row.paidOn,
            status: row.status === 'RETURNED' ? ('returned' as const) : ('paid' as const),
          })),
        typicalCents: medianCents(own.filter((row) => row.status === 'SENT').map((row) => row.amountCents)),
        accountChange: change
          ? {
              daysAgo: Math.max(0, Math.floor((now.getTime() - change.changedAt.getTime()) / DAY_MS)),
              changedBy: change.changedById === null ? null : (people.get(change.changedById)?.name ?? null),
            }
          : null,
      };
    }),
  };
}
