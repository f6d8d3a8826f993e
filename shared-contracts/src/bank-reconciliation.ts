import * as v from 'valibot';
import { ACH_RETURN_CODES, isAchReturnCode } from './ach-returns';
import { APPROVAL_ERRORS } from './approval-errors';
import { IsoDateTimeSchema, intFromString, pagingEntries } from './common';
import { ID_MAX } from './form-fields';

// Reconciliation of the bank files the console wrote: per file, what was sent, what the bank paid,
// what came back (returns) and what the bank asked to correct (notifications of change).

/**
 * An entry of a bank file as reconciliation sees it. RETURNED wins (the money came back); PAID
 * once the approval's payment was marked completed; CORRECTED when a notification of change came
 * for it (the payment went through, the account is to be corrected); SENT otherwise.
 */
export const BANK_FILE_ENTRY_STATUSES = ['SENT', 'PAID', 'RETURNED', 'CORRECTED'] as const;
export type BankFileEntryStatus = (typeof BANK_FILE_ENTRY_STATUSES)[number];

export const BANK_RECONCILIATION_TEXT = {
  notFound: 'Bank file not found',
  entryStatus: {
    SENT: 'Sent',
    PAID: 'Paid',
    RETURNED: 'Returned',
    CORRECTED: 'Corrected',
  } satisfies Record<BankFileEntryStatus, string>,
  /** The CSV's header row, in column order. */
  csvHeader: [
    'Bill',
    'Vendor ref',
    'Vendor',
    'Amount',
    'Trace number',
    'Routing number',
    'Account last 4',
    'Status',
    'Return code',
    'Return description',
    'Returned on',
    'Correction code',
    'Correction description',
    'Return file',
    'Correction file',
  ],
  csvFileName: (batchNumber: number) => `bank-file-${batchNumber}-reconciliation.csv`,
} as const;

/** One bank file: what it sent and what became of it. Amounts in cents. */
export const BankFileSummarySchema = v.object({
  id: v.number(),
  approvalId: v.string(),
  companyId: v.number(),
  companyName: v.string(),
  batchNumber: v.number(),
  createdAt: IsoDateTimeSchema,
  /** 'YYYY-MM-DD': the date the file asked the bank to settle on. */
  effectiveEntryDate: v.string(),
  /** The payments of the file, one per bill paid (a balanced file's offsetting debit is not one). */
  entryCount: v.number(),
  sentCents: v.number(),
  /** Paid: the approval's payment was marked completed, less what came back. */
  paidCents: v.number(),
  returnedCents: v.number(),
  returnedCount: v.number(),
  /** Entries a notification of change came for (and that were not returned). */
  correctedCount: v.number(),
});
export type BankFileSummary = v.InferOutput<typeof BankFileSummarySchema>;

export const BankFileReconEntrySchema = v.object({
  billId: v.string(),
  vendorRef: v.string(),
  vendorName: v.string(),
  amountCents: v.number(),
  traceNumber: v.string(),
  routingNumber: v.string(),
  accountLast4: v.string(),
  status: v.picklist(BANK_FILE_ENTRY_STATUSES),
  returnCode: v.nullable(v.string()),
  returnDescription: v.nullable(v.string()),
  /** 'YYYY-MM-DD' of the return batch. */
  returnedOn: v.nullable(v.string()),
  correctionCode: v.nullable(v.string()),
  correctionDescription: v.nullable(v.string()),
  /** The names of the return files that returned and that corrected the entry, as uploaded. */
  returnFileName: v.optional(v.nullable(v.string())),
  correctionFileName: v.optional(v.nullable(v.string())),
});
export type BankFileReconEntry = v.InferOutput<typeof BankFileReconEntrySchema>;

/** A return file that changed an entry of this bank file (a return or a notification of change). */
export const BankFileReturnFileRefSchema = v.object({
  id: v.number(),
  fileName: v.string(),
  createdAt: IsoDateTimeSchema,
  uploadedBy: v.string(),
});
export type BankFileReturnFileRef = v.InferOutput<typeof BankFileReturnFileRefSchema>;

/** GET /api/bank-files/{id}. */
export const BankFileReconciliationSchema = v.object({
  ...BankFileSummarySchema.entries,
  entries: v.array(BankFileReconEntrySchema),
  returnFiles: v.array(BankFileReturnFileRefSchema),
});
export type BankFileReconciliation = v.InferOutput<typeof BankFileReconciliationSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/bank-files: newest first; `approvalId` narrows to that approval's file. */
export const BankFileListQuerySchema = v.object({
  ...pagingEntries,
  approvalId: v.optional(
    v.pipe(
      v.string(APPROVAL_ERRORS.invalidId),
      v.trim(),
      v.regex(UUID, APPROVAL_ERRORS.invalidId),
      v.toLowerCase(),
    ),
  ),
});

/** /api/bank-files/{id} */
export const BankFileParamsSchema = v.object({
  id: intFromString('The bank file id must be a positive whole number', 1, ID_MAX),
});

// ---- the demo's bank simulator ------------------------------------------------------------------

export const BANK_SIMULATOR_TEXT = {
  billIds: 'Choose at least one bill of the approval to return',
  code: 'Choose a return reason code (R01 to R90)',
  notInFile: (billIds: string[]) => `Not in this approval's bank file: ${billIds.join(', ')}`,
  noBankFile: 'This approval has no bank file to return',
  fileName: (approvalShortId: string, code: string) => `simulated-return-${approvalShortId}-${code}.txt`,
} as const;

/** GET /api/bank-returns/simulator: whether the demo's bank simulator is on (BANK_SIMULATOR=on). */
export const BankSimulatorStatusSchema = v.object({ available: v.boolean() });
export type BankSimulatorStatus = v.InferOutput<typeof BankSimulatorStatusSchema>;

/** POST /api/approvals/{id}/simulate-return: the bank returns these bills with this code. */
export const SimulateReturnBodySchema = v.object({
  billIds: v.pipe(
    v.array(
      v.pipe(v.string(BANK_SIMULATOR_TEXT.billIds), v.trim(), v.nonEmpty(BANK_SIMULATOR_TEXT.billIds)),
      BANK_SIMULATOR_TEXT.billIds,
    ),
    v.minLength(1, BANK_SIMULATOR_TEXT.billIds),
    v.maxLength(500, BANK_SIMULATOR_TEXT.billIds),
  ),
  code: v.pipe(v.string(BANK_SIMULATOR_TEXT.code), v.check(isAchReturnCode, BANK_SIMULATOR_TEXT.code)),
});
export type SimulateReturnBody = v.InferOutput<typeof SimulateReturnBodySchema>;

/** The return codes the simulator offers, with their descriptions (for the console's select). */
export const SIMULATOR_RETURN_CODES = Object.entries(ACH_RETURN_CODES).map(([code, description]) => ({
  code,
  description,
}));
