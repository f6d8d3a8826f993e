import type { DecisionAccount, VendorBankAccountRow } from '../../db/schema';

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
