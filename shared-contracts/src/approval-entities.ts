import * as v from 'valibot';
import { DUPLICATE_KINDS } from './approval-rules';
import { APPROVAL_PRIORITIES, APPROVAL_STATUSES } from './statuses';

// The approval as the API answers it (single read, list row, statistics, history, bulk outcome),
// and how the screens and the export name it. Entities are valibot schemas and their types come
// from them, so the API's answers and the console's reads are described once.

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
/**
 * After the bank returned the payment, the BillPayment is deleted in QuickBooks so the bill is open
 * there again: pending (being sent, retried on throttling or outages), deleted, failed (QuickBooks
 * refused it), or cancelled (it was never created: it is not sent any more).
 */
export const QB_BILL_PAYMENT_DELETIONS = ['cancelled', 'pending', 'deleted', 'failed'] as const;
export type QbBillPaymentDeletion = (typeof QB_BILL_PAYMENT_DELETIONS)[number];

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
  /** Null unless the bank returned the payment: its deletion in QuickBooks, and why it failed or waits. */
  deletion: v.optional(
    v.nullable(v.object({ status: v.picklist(QB_BILL_PAYMENT_DELETIONS), error: nullableString })),
    null,
  ),
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

/**
 * Whether the signed-in person may decide (approve or reject) the approval's current step now, and
 * if not why, in words (the server's own refusal texts). Computed by the server for the person
 * asking; the server still judges the decision itself (approving also weighs a bank account the
 * person changed lately, and a second factor for a large total).
 */
export const ViewerDecisionSchema = v.object({ may: v.boolean(), reason: nullableString });
export type ViewerDecision = v.InferOutput<typeof ViewerDecisionSchema>;

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
  /**
   * What the list shows of its bills: the first bill's vendor name, how many vendors the bills name
   * ('Acme +2 more'), and the earliest due date (YYYY-MM-DD; null when no bill has one).
   */
  vendorName: v.optional(nullableString, null),
  vendorCount: v.optional(v.number(), 0),
  firstDueDate: v.optional(nullableString, null),
  /** The approval policy version and rule it follows, and its step waiting for a decision. */
  policyVersion: v.optional(v.number(), 0),
  currentStep: v.optional(v.nullable(v.number()), null),
  stepCount: v.optional(v.number(), 0),
  currentStepLabel: v.optional(nullableString, null),
  /** Nobody active could satisfy the current step: escalated to the ADMINs, and someone should fix the policy. */
  stuck: v.optional(v.boolean(), false),
  /** QuickBooks changes to its bills after the decision, not applied (see QbChangeAfterDecisionSchema). */
  qbChangesAfterDecision: v.optional(v.nullable(v.array(QbChangeAfterDecisionSchema)), null),
  /** For the person asking (the list and the single read only): may they approve its step now. */
  viewerDecision: v.optional(v.nullable(ViewerDecisionSchema)),
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
 * billStats, the vendor and the first due date). The single read (GET …/approvals/{id}) answers them; the list's quick approve
 * approves every bill and needs none.
 */
export const ApprovalSummarySchema = v.object({
  ...v.omit(ApprovalSchema, [
    'duplicates',
    'bills',
    'approvedBills',
    'qbBillPayments',
    'createdByEmail',
    'approvedByEmail',
    'rejectedByEmail',
  ]).entries,
  /** A bill of it is flagged as a possible duplicate of another bill (list rows; the single read has `duplicates`). */
  possibleDuplicate: v.optional(v.boolean()),
});
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
