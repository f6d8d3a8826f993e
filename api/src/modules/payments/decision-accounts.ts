import {
  ACH_CHANGE_CODES,
  ACH_RETURN_CODES,
  BANK_RETURN_ERRORS,
  isAchChangeCode,
  isAchReturnCode,
  type Bill,
} from 'shared-contracts';
import type { ApprovalRow, DecisionAccount, VendorBankAccountRow } from '../../db/schema';

/** A reason a bank file cannot be written yet; it becomes the approval's `nachaProcessingStatus`. */
export class NotPayable extends Error {}

/** What a bank file would pay a vendor now, as far as the decision recorded it. */
type AccountNow = Pick<DecisionAccount, 'routingNumber' | 'accountLast4' | 'accountType' | 'version'>;

/**
 * Whether the account a file would pay now is not the one the approver saw when deciding. The
 * account itself is compared (routing number, last four digits, type), not only its version: a
 * counter that was ever reset or left behind (accounts older than the version history had none)
 * must not let a changed account pass as the one approved. A changed version counts too, since a
 * new account number can end in the same four digits.
 */
export function changedSinceDecision(seen: AccountNow, now: AccountNow): boolean {
  return (
    now.version !== seen.version ||
    now.routingNumber !== seen.routingNumber ||
    now.accountLast4 !== seen.accountLast4 ||
    now.accountType !== seen.accountType
  );
}

/**
 * Whether a return (R02, R03, R04, R16, R20) blocked the account as it is: a change raises the
 * version above the blocked one, and the change then waits for a second person's confirmation
 * like any other.
 */
export function isBlockedAccount(
  account: Pick<VendorBankAccountRow, 'blockedCode' | 'blockedVersion' | 'version'>,
): boolean {
  return (
    account.blockedCode !== null &&
    account.blockedVersion !== null &&
    account.version <= account.blockedVersion
  );
}

/**
 * Why a bank file would not pay this account now, in words (null: it would): blocked by a return,
 * or waiting for a second person's confirmation (of a notification of change's correction, named).
 */
export function heldReason(account: VendorBankAccountRow): string | null {
  if (isBlockedAccount(account)) {
    const code = account.blockedCode!;
    const description = isAchReturnCode(code) ? ACH_RETURN_CODES[code] : 'returned';
    return BANK_RETURN_ERRORS.accountBlocked(account.vendorName, code, description);
  }
  if (!account.confirmedAt) return pendingReason([account]);
  return null;
}

function pendingReason(pending: VendorBankAccountRow[]): string {
  // The change waiting is the bank's notification of change: the reason names it.
  const corrected = pending.find(
    (account) => account.correctionCode !== null && account.correctionVersion === account.version,
  );
  if (corrected) {
    const code = corrected.correctionCode!;
    const description = isAchChangeCode(code) ? ACH_CHANGE_CODES[code].description : 'notification of change';
    return BANK_RETURN_ERRORS.accountCorrectionPending(corrected.vendorName, code, description);
  }
  return `The bank account of ${pending.map((account) => account.vendorName).join(', ')} is waiting for a second person's confirmation`;
}

/** Every vendor has an account, confirmed by a second person and unchanged since the decision. */
export function checkAccounts(
  row: ApprovalRow,
  bills: Bill[],
  accounts: Map<string, VendorBankAccountRow>,
): void {
  const missing = [
    ...new Set(
      bills
        .filter((bill) => !accounts.has(bill.VendorRef!.value!))
        .map((bill) => bill.VendorRef!.name ?? bill.VendorRef!.value!),
    ),
  ];
  if (missing.length > 0) throw new NotPayable(`No bank account for vendor ${missing.join(', ')}`);
  // Dual control: an account nobody else has confirmed yet pays nothing.
  const pending = [...accounts.values()].filter((account) => !account.confirmedAt);
  if (pending.length > 0) throw new NotPayable(pendingReason(pending));
  // A return said the account is unusable (closed, no account, frozen…): it is paid again only
  // once it is changed and a second person confirmed the change (checked above).
  const blocked = [...accounts.values()].find(isBlockedAccount);
  if (blocked) {
    const code = blocked.blockedCode!;
    const description = isAchReturnCode(code) ? ACH_RETURN_CODES[code] : 'returned';
    throw new NotPayable(BANK_RETURN_ERRORS.accountBlocked(blocked.vendorName, code, description));
  }
  // The approver approved paying the accounts they were shown: one changed since is not paid.
  for (const seen of row.decisionAccounts ?? []) {
    const now = accounts.get(seen.vendorRef);
    if (now && changedSinceDecision(seen, now)) {
      throw new NotPayable(
        `The bank account of ${now.vendorName} changed after the approval was decided (routing ${seen.routingNumber} ••••${seen.accountLast4} → ${now.routingNumber} ••••${now.accountLast4}); it will not be paid on this approval`,
      );
    }
  }
}
