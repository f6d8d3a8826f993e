/** What an approval will pay: each vendor of its bills, the account on record and what the decision saw. */
import { APPROVAL_ERRORS, type ApprovalPaymentAccounts } from 'shared-contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../http/http-error';
import { peopleByIds, toControl } from './bank-account-control.repository';
import { changedSinceDecision, heldReason } from './decision-accounts';
import {
  accountBlock,
  accountCorrection,
  findApprovalForAccounts,
  vendorAccountsByRef,
} from './payment-accounts.repository';

/**
 * A company's originator settings and its vendors' bank accounts. Account numbers are encrypted
 * with BANK_ACCOUNT_KEY before they reach the database and only their last 4 digits are ever
 * answered; every change writes an activity row on the company's timeline, naming the last 4.
 *
 * Dual control: an entered or changed account (a vendor's, or the settlement account) is PENDING
 * until a second person confirms the version they reviewed; no bank file pays a pending account.
 * A change is also written into the history of every approval still to be paid to that vendor.
 */

/**
 * GET …/approvals/{id}/payment-accounts: for each vendor of the approval's bills (the approved
 * ones once decided), the account a file would pay now, with who entered and confirmed it, and
 * the account the decision saw. The approver sees where the money goes before deciding.
 */
export async function getApprovalPaymentAccounts(
  db: Db,
  approvalId: string,
): Promise<ApprovalPaymentAccounts> {
  const approval = await findApprovalForAccounts(db, approvalId);
  if (!approval) throw notFound(APPROVAL_ERRORS.notFound);
  const bills =
    approval.approvedBills && approval.approvedBills.length > 0 ? approval.approvedBills : approval.bills;
  const vendors = new Map<string | null, { name: string; billIds: string[] }>();
  for (const bill of bills) {
    const ref = bill.VendorRef?.value ?? null;
    const entry = vendors.get(ref) ?? { name: bill.VendorRef?.name || ref || 'No vendor', billIds: [] };
    entry.billIds.push(bill.Id);
    vendors.set(ref, entry);
  }
  const refs = [...vendors.keys()].filter((ref): ref is string => ref !== null);
  const accounts = await vendorAccountsByRef(db, approval.companyId, refs);
  const people = await peopleByIds(
    db,
    [...accounts.values()].flatMap((row) => [row.changedById, row.confirmedById]),
  );
  const seen = new Map((approval.decisionAccounts ?? []).map((entry) => [entry.vendorRef, entry]));
  return {
    accounts: [...vendors.entries()].map(([vendorRef, vendor]) => {
      const row = vendorRef === null ? undefined : accounts.get(vendorRef);
      const decided = vendorRef === null ? undefined : seen.get(vendorRef);
      return {
        vendorRef,
        vendorName: row?.vendorName ?? vendor.name,
        billIds: vendor.billIds,
        account: row
          ? {
              routingNumber: row.routingNumber,
              accountLast4: row.accountLast4,
              accountType: row.accountType,
              version: row.version,
              control: toControl(row, people),
              blocked: accountBlock(row),
              correction: accountCorrection(row),
            }
          : null,
        decided: decided
          ? {
              routingNumber: decided.routingNumber,
              accountLast4: decided.accountLast4,
              accountType: decided.accountType,
              version: decided.version,
            }
          : null,
        changedSinceDecision: Boolean(decided && row && changedSinceDecision(decided, row)),
        heldReason: row ? heldReason(row) : null,
      };
    }),
  };
}
