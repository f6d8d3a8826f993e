import type { ApprovalStatus } from './statuses';

// The rules about approvals that the API enforces and the screens explain: how duplicates are told,
// who may not approve for how long, which statuses are payment records, and the sizes and counts
// that keep a request and a list answer bounded.

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
 * Whoever created or changed a vendor's bank account may not approve a payment to that vendor for
 * this many days: a person who just typed in an account number is the one who must not pay it.
 */
export const BANK_ACCOUNT_COOLING_DAYS = 7;
/** The approval page flags an account changed within this many days. */
export const BANK_ACCOUNT_RECENT_DAYS = 30;

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
  'PAYMENT_PARTLY_RETURNED',
  'PAYMENT_RETURNED',
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
 * name matches a quarter of a million-row table, and counting it exactly costs seconds.
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
