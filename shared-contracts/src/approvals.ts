import * as v from 'valibot';
import { emailSchema } from './auth';
import { intFromString } from './common';
import { multiLine, singleLine } from './form-fields';
import { APPROVAL_PAGE_SIZES, BANK_ENTRY_AMOUNT_MAX_CENTS, EMAIL_MAX, TEXT_MAX } from './limits';
import { optionalFilter, searchText, withDefaultSort } from './lists';
import { VALIDATION } from './messages';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  type ApprovalPriority,
  type ApprovalStatus,
} from './statuses';

/**
 * Approvals: the entity with its bills, list and detail answers, decisions and their rules.
 *
 * Entities are valibot schemas and their types come from them, so the API's answers and the
 * console's reads are described once. Request schemas carry every rule and message the server
 * enforces; the console uses the same ones (the reject dialog, the partial-approval dialog).
 */

/** Texts the approval endpoints answer with (word for word what the screens show). */
export const APPROVAL_ERRORS = {
  /** The detail page's fallback when there is no such approval; the API's 404 text. */
  notFound: 'Approval not found',
  /** The loser of two decisions made at once (issue 8). */
  notPending: 'This approval is no longer pending',
  ownApproval: 'You created this approval, so someone else must approve it (segregation of duties)',
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
    'Your account was registered by the creator of this approval, so someone else must approve it (segregation of duties)',
  creatorRegisteredByYou:
    'This approval was created by an account you registered, so someone else must approve it (segregation of duties)',
  changedVendorAccount: (vendor: string) =>
    `You created or changed the bank account of ${vendor} in the last ${BANK_ACCOUNT_COOLING_DAYS} days, so someone else must approve this approval (segregation of duties)`,
  alreadyPaid: (bill: string, approvalShortId: string) =>
    `Bill ${bill} was already paid by approval #${approvalShortId}`,
  /** The bills' total cannot be paid by one bank-file entry (BANK_ENTRY_AMOUNT_MAX_CENTS). */
  overBankFileLimit: (totalCents: number) =>
    `The bills total ${usd(totalCents)}, over the bank-file limit of ${usd(BANK_ENTRY_AMOUNT_MAX_CENTS)} per payment: split them into several approvals`,
  /** Approval policies: one person approves one step; the step must name them. */
  decidedEarlierStep: 'You approved another step of this approval, so someone else must approve this one',
  linkedAccountDecided:
    'An account you registered, or the account that registered yours, approved another step of this approval, so someone else must approve this one (one person, one decision)',
  notYourStep: (label: string) => `This step waits for ${label}, and you are not one of them`,
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

/**
 * Duplicate bills: a bill of the same vendor with the same bill number (billNumberKey), or with the
 * same amount dated within this many days of it, as another open or paid bill is flagged; approving
 * it needs a reason.
 */
export const DUPLICATE_WINDOW_DAYS = 7;

/** Why a bill was flagged: the same bill number, or the same amount within DUPLICATE_WINDOW_DAYS. */
export const DUPLICATE_KINDS = ['BILL_NUMBER', 'AMOUNT_AND_DATE'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

/**
 * The key two spellings of one bill number share for the duplicate check: compatibility-normalised
 * (NFKC), only its ASCII letters and digits, upper-case, and without the leading zeros of each run
 * of digits. 'INV-0042', 'inv 42' and 'Inv.42' share 'INV42'. The migration that indexed the
 * bills before this rule computes the same key in SQL, so keep the two in step.
 */
export function billNumberKey(docNumber: string | null | undefined): string | null {
  if (!docNumber) return null;
  const key = docNumber
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2');
  return key === '' ? null : key;
}

/** The date a bill is dated by for the duplicate check: its bill date, else its due date. */
export function billDateOf(bill: Pick<Bill, 'TxnDate' | 'DueDate'>): string | null {
  return bill.TxnDate ?? bill.DueDate ?? null;
}

/**
 * Whoever created or changed a vendor's bank account may not approve a payment to that vendor for
 * this many days: a person who just typed in an account number is the one who must not pay it.
 */
export const BANK_ACCOUNT_COOLING_DAYS = 7;
/** The approval page flags an account changed within this many days. */
export const BANK_ACCOUNT_RECENT_DAYS = 30;

/**
 * QuickBooks ids are decimal digits. One canonical spelling (no leading zeros, no spaces, no
 * invisible characters) is the only one accepted, so '1676', '01676' and '1676\u200b' can never
 * be three bills: the others are refused with this message rather than silently rewritten.
 */
export const BILL_ID_MESSAGE = 'Id must be a QuickBooks bill id: digits only, without leading zeros';
export const BILL_ID_PATTERN = /^[1-9][0-9]{0,19}$/;

/**
 * The key two spellings of one vendor invoice number share: compatibility-normalised, without
 * invisible (format) characters or white space, upper-case. A bill whose company, vendor, this key
 * and amount match a paid bill is the same bill, whatever its id.
 */
export function docNumberKey(docNumber: string | null | undefined): string | null {
  if (!docNumber) return null;
  const key = docNumber
    .normalize('NFKC')
    .replace(/[\p{Cf}\s]/gu, '')
    .toUpperCase();
  return key === '' ? null : key;
}

/**
 * Statuses in which an approval is a payment record (APPROVED and every later one): money has been
 * promised or moved, so the record must stay.
 */
export const PAYMENT_RECORD_STATUSES = [
  'APPROVED',
  'NACHA_GENERATED',
  'NACHA_PENDING',
  'BANK_UPLOADED',
  'PAYMENT_COMPLETED',
] as const satisfies readonly ApprovalStatus[];
/** Statuses an approval may be deleted in (ADMIN): every status before it becomes a payment record. */
export const DELETABLE_APPROVAL_STATUSES = [
  'PENDING',
  'REJECTED',
  'EXPIRED',
] as const satisfies readonly ApprovalStatus[];

/** Whether an approval in `status` may be deleted (ADMIN); a payment record never may. */
export function isDeletableApprovalStatus(status: ApprovalStatus): boolean {
  return (DELETABLE_APPROVAL_STATUSES as readonly ApprovalStatus[]).includes(status);
}

export const REJECTION_REASON_MAX = 1000;
/** Most bills one approval carries; most ids one bulk call decides. */
export const APPROVAL_BILLS_MAX = 500;
export const BULK_APPROVAL_MAX = 100;
export const APPROVAL_RECIPIENTS_MAX = 50;
export const APPROVAL_SEARCH_MAX = 200;
/**
 * The approvals list counts the matches of a search up to this many; beyond it the total is this
 * number with `totalCapped` (the console: 'more than 1,000 approvals'). A search such as a vendor
 * name matches a quarter of a million-row table, and counting it exactly costs seconds (issue 11).
 */
export const APPROVAL_SEARCH_COUNT_CAP = 1000;
/**
 * 'Waiting for me' (the list's total, the sidebar badge, the dashboard card) counts up to this many;
 * beyond it the console says '100+' ('more than 100 approvals'). Nobody works through more than a
 * hundred decisions from a number, and the count is a walk of the matching index entries that no
 * kept count can replace (each person's own and already-decided approvals are left out): stopping
 * at 101 entries instead of 1,001 keeps the queue as cheap as a status filter at a million approvals.
 */
export const WAITING_COUNT_CAP = 100;
/** Default of APPROVAL_EXPIRY_DAYS: a PENDING approval older than this becomes EXPIRED. */
export const APPROVAL_EXPIRY_DAYS_DEFAULT = 30;

const ID_MAX = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isApprovalId = (value: string) => UUID.test(value);

const approvalId = (message: string = APPROVAL_ERRORS.invalidId) =>
  v.pipe(v.string(message), v.trim(), v.regex(UUID, message), v.toLowerCase());

/** /approvals/{id} */
export const ApprovalIdParamSchema = v.object({ id: approvalId() });

// ---- bills -------------------------------------------------------------------------------------

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Cents as dollars, e.g. $1,234.50. */
const usd = (cents: number) => USD.format(cents / 100);

/** Whole cents of an amount, or NaN when it has more than 2 decimals. */
export function toCents(amount: number): number {
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : NaN;
}

/**
 * True when the amount, as the client wrote it, has at most 2 decimals. toCents tolerates the
 * rounding noise of sums, so it takes 100.0000000000001 for 100.00; an amount sent in is held to
 * what was written: its shortest decimal form (the number the JSON text parsed to) must equal its
 * value rounded to the cent.
 */
export function hasWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Number(amount.toFixed(2)) === amount;
}

const money = (field: string, allowZero = false) => {
  const message = `${field} must be a ${allowZero ? 'non-negative' : 'positive'} amount with at most 2 decimals`;
  return v.pipe(
    v.number(message),
    v.finite(message),
    v.check((value) => (allowZero ? value >= 0 : value > 0) && hasWholeCents(value), message),
    v.maxValue(1_000_000_000, `${field} must be at most 1,000,000,000`),
  );
};

/** An optional text of a bill; one line unless `lines` (a line's description). */
const text = (field: string, max = TEXT_MAX, lines = false) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be text`),
      v.trim(),
      v.maxLength(max, `${field} must be at most ${max} characters`),
      lines ? multiLine(field) : singleLine(field),
    ),
  );

const ref = (field: string) =>
  v.optional(
    v.object(
      { name: text(`${field}.name`), value: text(`${field}.value`, 64) },
      `${field} must be an object`,
    ),
  );

export const BillLineSchema = v.object(
  {
    Id: text('Line.Id', 64),
    Description: text('Line.Description', 1000, true),
    Amount: money('Line.Amount', true),
    ItemBasedExpenseLineDetail: v.optional(
      v.object({
        Qty: v.optional(
          v.pipe(
            v.number('Qty must be a number'),
            v.finite('Qty must be a number'),
            v.minValue(0, 'Qty must not be negative'),
          ),
        ),
        ItemRef: ref('ItemRef'),
      }),
    ),
  },
  'Each line must be an object',
);

/** A YYYY-MM-DD that is a day of the calendar (isoDate lets 2026-02-31 through). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const realDate = (field: string) =>
  v.check<string, string>(isCalendarDate, `${field} must be a day of the calendar (YYYY-MM-DD)`);

/** A bill in QuickBooks' shape; line amounts must add up to TotalAmt. */
export const BillSchema = v.pipe(
  v.object(
    {
      Id: v.pipe(
        v.string('Id must be text'),
        v.nonEmpty('Id is required'),
        v.regex(BILL_ID_PATTERN, BILL_ID_MESSAGE),
      ),
      TotalAmt: money('TotalAmt'),
      DocNumber: text('DocNumber', 64),
      DueDate: v.optional(
        v.pipe(
          v.string('DueDate must be a date'),
          v.isoDate('DueDate must be a date (YYYY-MM-DD)'),
          realDate('DueDate'),
        ),
      ),
      /** The bill's date (QuickBooks' TxnDate). */
      TxnDate: v.optional(
        v.pipe(
          v.string('TxnDate must be a date'),
          v.isoDate('TxnDate must be a date (YYYY-MM-DD)'),
          realDate('TxnDate'),
        ),
      ),
      VendorRef: ref('VendorRef'),
      VendorInfo: v.optional(
        v.object({
          CompanyName: text('VendorInfo.CompanyName'),
          Email: v.optional(
            v.pipe(
              v.string(),
              v.trim(),
              v.maxLength(EMAIL_MAX),
              v.union(
                [v.literal(''), v.pipe(v.string(), v.email())],
                'VendorInfo.Email must be an e-mail address',
              ),
            ),
          ),
          Phone: text('VendorInfo.Phone', 64),
        }),
      ),
      VendorAddr: v.optional(
        v.object({
          Line1: text('VendorAddr.Line1'),
          City: text('VendorAddr.City'),
          CountrySubDivisionCode: text('VendorAddr.CountrySubDivisionCode', 64),
          PostalCode: text('VendorAddr.PostalCode', 32),
        }),
      ),
      Line: v.optional(
        v.pipe(
          v.array(BillLineSchema, 'Line must be a list'),
          v.maxLength(1000, 'At most 1000 lines per bill'),
        ),
      ),
    },
    'Each bill must be an object',
  ),
  v.check(
    (bill) =>
      !bill.Line ||
      bill.Line.length === 0 ||
      bill.Line.reduce((sum, line) => sum + toCents(line.Amount), 0) === toCents(bill.TotalAmt),
    (issue) => `Bill ${(issue.input as { Id?: string }).Id ?? ''}: line amounts do not add up to TotalAmt`,
  ),
);
export type Bill = v.InferOutput<typeof BillSchema>;

export const BillsSchema = v.pipe(
  v.array(BillSchema, 'bills must be a list of bills'),
  v.minLength(1, 'An approval needs at least one bill'),
  v.maxLength(APPROVAL_BILLS_MAX, `At most ${APPROVAL_BILLS_MAX} bills per approval`),
  v.check((bills) => new Set(bills.map((bill) => bill.Id)).size === bills.length, 'Bill ids must be unique'),
  // Refused here rather than when the bank file is written, after someone approved it.
  v.check(
    (bills) => billsTotalCents(bills) <= BANK_ENTRY_AMOUNT_MAX_CENTS,
    (issue) => APPROVAL_ERRORS.overBankFileLimit(billsTotalCents(issue.input as Bill[])),
  ),
);

/** Sum of the bills' TotalAmt in cents. */
export function billsTotalCents(bills: ReadonlyArray<Pick<Bill, 'TotalAmt'>>): number {
  return bills.reduce((sum, bill) => sum + toCents(bill.TotalAmt), 0);
}

/** Bills stored as JSON text: a parse failure is treated as no bills. */
export function parseBills(textValue: string | null | undefined): Bill[] {
  if (!textValue) return [];
  try {
    const parsed: unknown = JSON.parse(textValue);
    return Array.isArray(parsed) ? (parsed as Bill[]) : [];
  } catch {
    return [];
  }
}

// ---- entities ----------------------------------------------------------------------------------

const nullableString = v.nullable(v.string());

export const BillStatsSchema = v.object({
  totalBills: v.number(),
  processedBills: v.number(),
  /** Percent of bills processed, 0–100 with at most one decimal. */
  processingRate: v.number(),
  totalAmount: v.number(),
});
export type BillStats = v.InferOutput<typeof BillStatsSchema>;

/** Approval. */
export const APPROVAL_ORIGINS = ['MANUAL', 'QUICKBOOKS'] as const;
export type ApprovalOrigin = (typeof APPROVAL_ORIGINS)[number];

/**
 * A change QuickBooks reported to a bill of an approval that was already decided. It is not
 * applied; while an approval holds any, it shows them and its bank file is refused until someone
 * decides again.
 */
export const QbChangeAfterDecisionSchema = v.object({
  billId: v.string(),
  docNumber: nullableString,
  /** What happened there, e.g. 'changed in QuickBooks' or 'was deleted in QuickBooks'. */
  reason: v.string(),
  /** The bill's amount as decided and as QuickBooks has it now (null: deleted or paid there). */
  decidedAmount: v.nullable(v.number()),
  amountNow: v.nullable(v.number()),
  at: v.string(),
  /**
   * false: the bank file was already at the bank (BANK_UPLOADED or later), so the change could not
   * hold the payment; it is a warning to check the payment, not a refusal. Absent: held.
   */
  held: v.optional(v.boolean()),
});
export type QbChangeAfterDecision = v.InferOutput<typeof QbChangeAfterDecisionSchema>;

export const QB_BILL_PAYMENT_STATUSES = ['pending', 'created', 'failed'] as const;
export type QbBillPaymentStatus = (typeof QB_BILL_PAYMENT_STATUSES)[number];

/** The BillPayment recorded back in QuickBooks for a bill this approval paid. */
export const QbBillPaymentSchema = v.object({
  billId: v.string(),
  docNumber: nullableString,
  amount: v.number(),
  txnDate: v.string(),
  /** pending: being sent (retried on throttling or outages); created; failed: QuickBooks refused it. */
  status: v.picklist(QB_BILL_PAYMENT_STATUSES),
  /** QuickBooks' BillPayment id once created. */
  qbBillPaymentId: nullableString,
  /** Why it failed (or, while pending, the last attempt's error). */
  error: nullableString,
  updatedAt: v.string(),
});
export type QbBillPayment = v.InferOutput<typeof QbBillPaymentSchema>;
/** A bill of the approval flagged as a possible duplicate of another bill, with that bill. */
export const DuplicateBillSchema = v.object({
  billId: v.string(),
  kind: v.picklist(DUPLICATE_KINDS),
  /** The other bill: its approval (null when that approval was deleted), status and the bill. */
  otherApprovalId: nullableString,
  otherBillId: v.string(),
  otherStatus: v.nullable(v.picklist(APPROVAL_STATUSES)),
  /** JSON text of the other Bill (null when its approval was deleted). */
  otherBill: nullableString,
});
export type DuplicateBill = v.InferOutput<typeof DuplicateBillSchema>;

export const ApprovalSchema = v.object({
  id: v.string(),
  companyId: v.number(),
  company: v.nullable(v.object({ id: v.number(), name: v.string() })),
  companyName: nullableString,
  status: v.picklist(APPROVAL_STATUSES),
  priority: v.picklist(APPROVAL_PRIORITIES),
  billStats: BillStatsSchema,
  /** Sum of the approved bills (0 until approved). */
  approvedAmount: v.number(),
  managerId: v.nullable(v.number()),
  managerName: nullableString,
  managerEmail: nullableString,
  createdAt: v.string(),
  createdBy: nullableString,
  createdById: v.nullable(v.number()),
  /** Where it came from: entered by hand or through the API (MANUAL), or imported from QuickBooks. */
  origin: v.picklist(APPROVAL_ORIGINS),
  updatedAt: v.string(),
  approvalDate: nullableString,
  approvedBy: nullableString,
  /** The decider's account: names are chosen by their owners, the id and e-mail are not. */
  approvedById: v.optional(v.nullable(v.number())),
  rejectionDate: nullableString,
  rejectedBy: nullableString,
  rejectedById: v.optional(v.nullable(v.number())),
  rejectionReason: nullableString,
  recipients: v.array(v.string()),
  /** JSON text of a Bill array. */
  bills: nullableString,
  /** JSON text of a Bill array; null until approved. */
  approvedBills: nullableString,
  billIds: v.array(v.string()),
  approvedBillIds: v.array(v.string()),
  nachaFileGenerated: v.boolean(),
  nachaFileName: nullableString,
  nachaBatchNumber: nullableString,
  nachaGeneratedAt: nullableString,
  nachaProcessingStatus: nullableString,
  nachaFileUrl: nullableString,
  /** The approval policy version and rule it follows, and its step waiting for a decision. */
  policyVersion: v.optional(v.number(), 0),
  currentStep: v.optional(v.nullable(v.number()), null),
  stepCount: v.optional(v.number(), 0),
  currentStepLabel: v.optional(nullableString, null),
  /** Nobody active could satisfy the current step: escalated to the ADMINs, and someone should fix the policy. */
  stuck: v.optional(v.boolean(), false),
  /** QuickBooks changes to its bills after the decision, not applied (see QbChangeAfterDecisionSchema). */
  qbChangesAfterDecision: v.optional(v.nullable(v.array(QbChangeAfterDecisionSchema)), null),
  /** The BillPayments recorded back in QuickBooks for its paid bills (the single read only). */
  qbBillPayments: v.optional(v.array(QbBillPaymentSchema)),
  /** The current e-mail of the creator's and deciders' accounts (the single read only). */
  createdByEmail: v.optional(nullableString),
  approvedByEmail: v.optional(nullableString),
  rejectedByEmail: v.optional(nullableString),
  /** Its bills flagged as possible duplicates, each with the other bill (the single read only). */
  duplicates: v.optional(v.array(DuplicateBillSchema)),
});
export type Approval = v.InferOutput<typeof ApprovalSchema>;

/**
 * A row of the approval list: the Approval without the JSON text of its bills and approved bills
 * (about 3 KB per approval, up to 60 KB of a 10-row page that the table never shows: it shows
 * billStats). The single read (GET …/approvals/{id}) answers them; the list's quick approve
 * approves every bill and needs none.
 */
export const ApprovalSummarySchema = v.omit(ApprovalSchema, [
  'duplicates',
  'bills',
  'approvedBills',
  'qbBillPayments',
  'createdByEmail',
  'approvedByEmail',
  'rejectedByEmail',
]);
export type ApprovalSummary = v.InferOutput<typeof ApprovalSummarySchema>;

const countsOf = <T extends readonly string[]>(keys: T) =>
  v.object(
    Object.fromEntries(keys.map((key) => [key, v.number()])) as Record<T[number], v.NumberSchema<undefined>>,
  );

export const ApprovalStatsSchema = v.object({
  total: v.number(),
  pending: v.number(),
  approved: v.number(),
  rejected: v.number(),
  expired: v.number(),
  byStatus: countsOf(APPROVAL_STATUSES),
  byPriority: countsOf(APPROVAL_PRIORITIES),
});
export type ApprovalStats = v.InferOutput<typeof ApprovalStatsSchema>;

/** Zeroed statistics: what the stat cards show when the read fails, so the page still renders. */
export const EMPTY_APPROVAL_STATS: ApprovalStats = {
  total: 0,
  pending: 0,
  approved: 0,
  rejected: 0,
  expired: 0,
  byStatus: Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, 0])) as ApprovalStats['byStatus'],
  byPriority: Object.fromEntries(APPROVAL_PRIORITIES.map((p) => [p, 0])) as ApprovalStats['byPriority'],
};

export const ApprovalHistoryEntrySchema = v.object({
  id: v.number(),
  action: v.string(),
  userName: v.string(),
  /** The actor's account (null for the system), and its current e-mail. */
  userId: v.optional(v.nullable(v.number())),
  userEmail: v.optional(nullableString),
  timestamp: v.string(),
  details: nullableString,
  downloadUrl: nullableString,
});
export type ApprovalHistoryEntry = v.InferOutput<typeof ApprovalHistoryEntrySchema>;

/** One id's outcome of a bulk decision. */
export const BulkResultSchema = v.object({
  id: v.string(),
  success: v.boolean(),
  /** The approval's status after the call (when it exists). */
  status: v.nullable(v.picklist(APPROVAL_STATUSES)),
  /** Why it failed, as the single call would have answered. */
  error: nullableString,
  code: nullableString,
});
export type BulkResult = v.InferOutput<typeof BulkResultSchema>;

export const BulkOutcomeSchema = v.object({
  succeeded: v.number(),
  failed: v.number(),
  results: v.array(BulkResultSchema),
});
export type BulkOutcome = v.InferOutput<typeof BulkOutcomeSchema>;

// ---- requests ----------------------------------------------------------------------------------

const priority = v.picklist(APPROVAL_PRIORITIES, `priority must be one of ${APPROVAL_PRIORITIES.join(', ')}`);

const managerIdMessage = 'managerId must be a positive whole number';
const managerId = v.pipe(
  v.number(managerIdMessage),
  v.integer(managerIdMessage),
  v.minValue(1, managerIdMessage),
  v.maxValue(ID_MAX, managerIdMessage),
);

export const RecipientsSchema = v.pipe(
  v.array(
    emailSchema('Each recipient must be a valid email address'),
    'recipients must be a list of e-mail addresses',
  ),
  v.maxLength(APPROVAL_RECIPIENTS_MAX, `At most ${APPROVAL_RECIPIENTS_MAX} recipients`),
  v.transform((list) => [...new Set(list)]),
);

/** An approval's manager (null: none); absent when creating: the company's. */
export const ApprovalManagerIdSchema = managerId;

/**
 * What the one create path takes once its bills are checked: the hand-entered request's bills as
 * the server numbered them, or a page of bills the QuickBooks import read.
 */
export interface ApprovalCreateInput {
  companyId: number;
  priority: ApprovalPriority;
  bills: Bill[];
  managerId?: number | null | undefined;
  recipients: string[];
}

/** PUT /api/bill-approval/approvals/{id} (PENDING only): absent = unchanged, managerId null clears. */
export const ApprovalUpdateSchema = v.pipe(
  v.object({
    priority: v.optional(priority),
    managerId: v.optional(v.nullable(managerId)),
    recipients: v.optional(RecipientsSchema),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), APPROVAL_ERRORS.emptyUpdate),
);
export type ApprovalUpdateInput = v.InferOutput<typeof ApprovalUpdateSchema>;

export const ApprovalRecipientsSchema = v.object({ recipients: RecipientsSchema });

/**
 * PUT …/approve: ids of a non-empty subset of the approval's bills (all of them when omitted; a
 * subset only at the last step), and optionally the step the approver saw: when another decision
 * moved the approval on meanwhile, the answer is 409 rather than a decision of the next step.
 */
export const ApproveSchema = v.object({
  step: v.optional(
    v.pipe(v.number('step must be a step number'), v.integer('step must be a step number'), v.minValue(1)),
  ),
  approvedBills: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string('approvedBills must be bill ids'),
          v.trim(),
          v.nonEmpty('approvedBills must be bill ids'),
        ),
        'approvedBills must be a list of bill ids',
      ),
      v.minLength(1, 'Approve at least one bill'),
      v.maxLength(APPROVAL_BILLS_MAX, `At most ${APPROVAL_BILLS_MAX} bills`),
      v.transform((ids) => [...new Set(ids)]),
    ),
  ),
  /** Why a bill flagged as a possible duplicate is approved anyway (required when one is). */
  duplicateReason: v.optional(
    v.pipe(
      v.string('duplicateReason must be text'),
      v.trim(),
      v.maxLength(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
      multiLine('The reason'),
    ),
  ),
});
export type ApproveInput = v.InferOutput<typeof ApproveSchema>;

/** The reject reason: trimmed, required, at most 1,000 characters. */
export const RejectionReasonSchema = v.pipe(
  v.optional(v.string(VALIDATION.rejectionReason), ''),
  v.trim(),
  v.nonEmpty(VALIDATION.rejectionReason),
  v.maxLength(
    REJECTION_REASON_MAX,
    `The rejection reason must be at most ${REJECTION_REASON_MAX} characters`,
  ),
  multiLine('The rejection reason'),
);

export const RejectSchema = v.object({ rejectionReason: RejectionReasonSchema });

/**
 * Deciding again after QuickBooks changed a bill of a decided approval: the decision stands as
 * approved (the approved amounts are what its bank file pays), with the reason why.
 */
export const QbChangesConfirmSchema = v.object({
  reason: v.pipe(
    v.optional(v.string('Say why the decision stands'), ''),
    v.trim(),
    v.nonEmpty('Say why the decision stands'),
    v.maxLength(REJECTION_REASON_MAX, `The reason must be at most ${REJECTION_REASON_MAX} characters`),
    multiLine('The reason'),
  ),
});
export type QbChangesConfirmInput = v.InferOutput<typeof QbChangesConfirmSchema>;
export type RejectInput = v.InferOutput<typeof RejectSchema>;

const bulkIds = v.pipe(
  v.array(v.string('ids must be approval ids'), 'ids must be a list of approval ids'),
  v.minLength(1, 'Select at least one approval'),
  v.maxLength(BULK_APPROVAL_MAX, `At most ${BULK_APPROVAL_MAX} approvals at once`),
  v.transform((ids) => [...new Set(ids.map((id) => id.trim().toLowerCase()))]),
);

export const BulkApproveSchema = v.object({ ids: bulkIds });
export const BulkRejectSchema = v.object({ ids: bulkIds, rejectionReason: RejectionReasonSchema });
export type BulkRejectInput = v.InferOutput<typeof BulkRejectSchema>;

// ---- list, export ------------------------------------------------------------------------------

/** Sortable columns (dotted keys into the answer's nested fields). */
export const APPROVAL_SORT_FIELDS = [
  'id',
  'company.name',
  'status',
  'priority',
  'billStats.totalBills',
  'billStats.processedBills',
  'billStats.totalAmount',
  'managerName',
  'createdAt',
] as const;
export type ApprovalSortField = (typeof APPROVAL_SORT_FIELDS)[number];

const companyFilterMessage = "companyId must be a company id or 'all'";
const filterEntries = {
  search: searchText(APPROVAL_SEARCH_MAX),
  status: optionalFilter(APPROVAL_STATUSES, `status must be one of ${APPROVAL_STATUSES.join(', ')}`),
  priority: optionalFilter(APPROVAL_PRIORITIES, `priority must be one of ${APPROVAL_PRIORITIES.join(', ')}`),
  companyId: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], companyFilterMessage),
      v.transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
      v.transform((value) => (value === '' || value === 'all' ? undefined : value)),
      v.union(
        [
          v.undefined(),
          v.pipe(
            v.string(),
            v.regex(/^\d+$/, companyFilterMessage),
            v.transform(Number),
            v.minValue(1, companyFilterMessage),
            v.maxValue(ID_MAX, companyFilterMessage),
          ),
        ],
        companyFilterMessage,
      ),
    ),
  ),
  sortBy: optionalFilter(APPROVAL_SORT_FIELDS, `sortBy must be one of ${APPROVAL_SORT_FIELDS.join(', ')}`),
  sortOrder: v.optional(v.picklist(['asc', 'desc'] as const, 'sortOrder must be asc or desc')),
};

/** The list's views besides every approval: 'waiting' is the reviewer's queue ('Waiting for me'). */
export const APPROVAL_VIEWS = ['waiting'] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

const limitMessage = `limit must be one of ${APPROVAL_PAGE_SIZES.join(', ')}`;

/** GET /api/bill-approval/approvals. */
export const ApprovalListQuerySchema = v.pipe(
  v.object({
    page: v.optional(intFromString('page must be a whole number from 1'), 1),
    limit: v.optional(
      v.pipe(
        intFromString(limitMessage, 1, 1000),
        v.check((value) => (APPROVAL_PAGE_SIZES as readonly number[]).includes(value), limitMessage),
      ),
      10,
    ),
    ...filterEntries,
    /** 'waiting': the pending approvals whose current step the signed-in person may decide. */
    view: optionalFilter(APPROVAL_VIEWS, `view must be one of ${APPROVAL_VIEWS.join(', ')} or all`),
  }),
  v.transform(withDefaultSort<ApprovalSortField>('createdAt')),
);
export type ApprovalListQuery = v.InferOutput<typeof ApprovalListQuerySchema>;
export type ApprovalFilters = Omit<ApprovalListQuery, 'page' | 'limit'>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET …/approvals/export: the list's filters and sort, every matching row, csv by default. */
export const ApprovalExportQuerySchema = v.pipe(
  v.object({
    ...filterEntries,
    format: v.optional(
      v.pipe(
        v.string(`format must be one of ${EXPORT_FORMATS.join(', ')}`),
        v.trim(),
        v.toLowerCase(),
        v.picklist(EXPORT_FORMATS, `format must be one of ${EXPORT_FORMATS.join(', ')}`),
      ),
      'csv',
    ),
  }),
  v.transform(withDefaultSort<ApprovalSortField>('createdAt')),
);
export type ApprovalExportQuery = v.InferOutput<typeof ApprovalExportQuerySchema>;

/** Columns of an export line, in order (issue 8). */
export const APPROVAL_EXPORT_COLUMNS = [
  'id',
  'company',
  'status',
  'priority',
  'bills',
  'processed',
  'amount',
  'manager',
  'created',
  'decidedBy',
  'decidedAt',
] as const;

/** One line of GET …/approvals/export?format=json (the CSV has the same columns, in this order). */
export const ApprovalExportRowSchema = v.object({
  id: v.string(),
  company: v.string(),
  status: v.picklist(APPROVAL_STATUSES),
  priority: v.picklist(APPROVAL_PRIORITIES),
  bills: v.number(),
  processed: v.number(),
  /** Total amount of the bills. */
  amount: v.number(),
  manager: v.string(),
  created: v.string(),
  decidedBy: nullableString,
  decidedAt: nullableString,
  /** Where it came from: 'Entered by hand' or 'Imported from QuickBooks'. */
  source: v.string(),
});
export type ApprovalExportRow = v.InferOutput<typeof ApprovalExportRowSchema>;

/** How the screens and the CSV export name where an approval came from. */
export const APPROVAL_ORIGIN_LABELS: Record<ApprovalOrigin, string> = {
  MANUAL: 'Entered by hand',
  QUICKBOOKS: 'Imported from QuickBooks',
};

/** Display helpers shared by the screens and the export. */
export const shortApprovalId = (id: string) => id.slice(0, 8);

/** The company name, else companyName, else the company id. */
export function approvalCompanyLabel(
  approval: Pick<Approval, 'company' | 'companyName' | 'companyId'>,
): string {
  return approval.company?.name || approval.companyName || String(approval.companyId);
}

/** managerName, else managerEmail, else 'Not assigned'. */
export function approvalManagerLabel(approval: Pick<Approval, 'managerName' | 'managerEmail'>): string {
  return approval.managerName || approval.managerEmail || 'Not assigned';
}
