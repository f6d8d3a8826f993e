import { BANK_ENTRY_AMOUNT_MAX_CENTS } from './limits';
import { BANK_ACCOUNT_COOLING_DAYS } from './approval-rules';

// The approval endpoints' refusals, word for word what the screens show: the API answers with them
// and the console compares against them, so a wording lives in one place.

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as dollars, e.g. $1,234.50. */
const usd = (cents: number) => USD.format(cents / 100);

/** Texts the approval endpoints answer with (word for word what the screens show). */
export const APPROVAL_ERRORS = {
  /** The detail page's fallback when there is no such approval; the API's 404 text. */
  notFound: 'Approval not found',
  /** The loser of two decisions made at once: someone else decided the approval first. */
  notPending: 'This approval is no longer pending',
  ownApproval: 'You created this approval, so someone else must decide it (segregation of duties)',
  notEditable: 'Only a pending approval can be edited',
  paymentRecord:
    'This approval is a payment record (approved or later) and cannot be deleted; only pending, rejected or expired approvals can',
  unknownCompany: (id: number) => `No company with id ${id}`,
  unknownManager: (id: number) => `No manager with id ${id}`,
  unknownBills: (ids: string[]) => `Not bills of this approval: ${ids.join(', ')}`,
  emptyUpdate: 'Send at least one of priority, managerId, recipients',
  invalidId: 'The approval id must be a UUID',
  /** An account a MODERATOR registered, until an ADMIN allows it to decide payments. */
  mayNotDecide: 'Your account may not decide payments until an ADMIN allows it',
  registeredByCreator:
    'Your account was registered by the creator of this approval, so someone else must decide it (segregation of duties)',
  creatorRegisteredByYou:
    'This approval was created by an account you registered, so someone else must decide it (segregation of duties)',
  changedVendorAccount: (vendor: string) =>
    `You created or changed the bank account of ${vendor} in the last ${BANK_ACCOUNT_COOLING_DAYS} days, so someone else must approve this approval (segregation of duties)`,
  alreadyPaid: (bill: string, approvalShortId: string) =>
    `Bill ${bill} was already paid by approval #${approvalShortId}`,
  /** The bills' total cannot be paid by one bank-file entry (BANK_ENTRY_AMOUNT_MAX_CENTS). */
  overBankFileLimit: (totalCents: number) =>
    `The bills total ${usd(totalCents)}, over the bank-file limit of ${usd(BANK_ENTRY_AMOUNT_MAX_CENTS)} per payment: split them into several approvals`,
  /** Approval policies: one person approves one step; the step must name them. */
  decidedEarlierStep: 'You approved another step of this approval, so someone else must decide this one',
  linkedAccountDecided:
    'An account you registered, or the account that registered yours, approved another step of this approval, so someone else must decide this one (one person, one decision)',
  notYourStep: (label: string) => `This step waits for ${label}, and you are not one of them`,
  /** Why Approve is disabled for someone the open step does not name: 'Step 2 of 2 waits for any admin'. */
  stepWaitsFor: (position: number | null, count: number, label: string) =>
    position !== null && count > 1
      ? `Step ${position} of ${count} waits for ${label}`
      : `This approval waits for ${label}`,
  stepMoved: 'Someone else decided this step a moment ago; reload to see the next one',
  policyChanged: 'Someone saved this policy a moment ago; reload it and try again',
  partialBeforeLastStep: 'Choose the bills to pay at the last step of the approval',
  /** A bill changed in QuickBooks after the decision: its bank file waits for a new decision. */
  changedInQuickBooks:
    'A bill of this approval changed in QuickBooks after it was decided; its bank file is refused until someone decides again',
  noQbChanges: 'No QuickBooks change of this approval is waiting for a decision',
  /** 'Retry' of the BillPayments in QuickBooks when none was refused or is waiting. */
  noBillPaymentToRetry: 'No payment in QuickBooks of this approval failed or is waiting: nothing to retry',
  /** 'Decide again' with QuickBooks' amounts withdraws a decision only before its bank file exists. */
  reopenAfterBankFile:
    "A bank file was already written for this approval, so it cannot go back to pending with QuickBooks' amounts; keep the approved amounts",
  reopenWithoutBill: (bill: string) =>
    `QuickBooks' new version of bill ${bill} was not kept with the change; keep the approved amounts, or sync the company again first`,
  /** A bill changed in QuickBooks once its bank file was at the bank: too late to hold, so it warns. */
  changedAfterSentToBank:
    'the bank file was already at the bank, so the payment could not be held: check what the bank pays against the bill in QuickBooks',
  /** 429: one user may run APPROVAL_EXPORTS_PER_USER exports at a time. */
  tooManyExports: (running: number) =>
    `You already have ${running} exports running. Wait for one to finish, then try again.`,
  /** Approving a bill flagged as a possible duplicate needs a reason (DUPLICATE_WINDOW_DAYS). */
  duplicateReasonRequired: (bills: string[]) =>
    `Bill ${bills.join(', ')} may be a duplicate of another bill: give a reason to approve it anyway`,
  /** A bill whose vendor and bill number (normalised) and amount match a paid bill under another id. */
  paidUnderAnotherId: (bill: string, paid: string, approvalShortId: string) =>
    `Bill ${bill} is bill ${paid}, already paid by approval #${approvalShortId} (same vendor, bill number and amount)`,
  /**
   * Checked again just before the bank file: a bill approved without a reason that matches a bill
   * already paid (two requests created or approved at the same moment, or keyed before the rule).
   */
  duplicateOfPaidBill: (bill: string, paid: string, approvalShortId: string, why: string) =>
    `Bill ${bill} may be a duplicate of bill ${paid}, already paid by approval #${approvalShortId} (${why}); it was not approved as a possible duplicate, so this approval does not pay it`,
  /** Manual requests: a company connected to QuickBooks gets its bills from QuickBooks. */
  connectedToQuickBooks: (company: string) =>
    `${company} is connected to QuickBooks: its bills are imported from QuickBooks, so they cannot be entered by hand`,
  unknownVendor: (vendor: string) =>
    `${vendor} is not one of the company's vendors (add the vendor's bank account on the company page first)`,
} as const;
