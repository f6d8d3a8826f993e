import * as v from 'valibot';
import { IsoDateTimeSchema, pagingEntries } from './common';

// Return files: what the bank sends back about the console's payments, applied all or nothing. A
// matched return reopens its bill (only a new approval pays it again) and, for the codes that say
// the account is unusable, blocks the vendor's account until it is changed and confirmed. A matched
// notification of change leaves the payment paid and changes the vendor's account as the bank says,
// pending until a second person confirms it.

export const BANK_RETURN_ERRORS = {
  tooLarge: (maxBytes: number) => `The return file is larger than ${maxBytes} bytes (RETURN_FILE_MAX_BYTES)`,
  notReturnFile: (line: number, field: string, reason: string) =>
    `This is not a return file the console can read: line ${line}, ${field}: ${reason}`,
  empty: 'The return file is empty',
  /** A notification of change whose corrected data lacks what its code corrects: nothing is applied. */
  nocMissingData: (line: number, code: string, missing: string) =>
    `Line ${line}: notification of change ${code} carries no valid ${missing} in its corrected data; nothing in the file was applied`,
  fileName: 'fileName must be 1 to 255 printable characters',
  /** The reason a bank file is not written: the vendor's account was blocked by a return. */
  accountBlocked: (vendor: string, code: string, description: string) =>
    `The bank account of ${vendor} is blocked after return ${code} (${description}): change it and have a second person confirm the change`,
  /** The reason a bank file is held: a notification of change corrected the account, not yet confirmed. */
  accountCorrectionPending: (vendor: string, code: string, description: string) =>
    `The bank account of ${vendor} was corrected by the bank's notification of change ${code} (${description}): the correction waits for a second person's confirmation`,
} as const;

export const BANK_RETURN_TEXT = {
  alreadyApplied: 'This return file was already applied: nothing changed',
  applied: (matched: number, unmatched: number, mismatch: number, corrected = 0) =>
    `Return file applied: ${matched} returned, ${corrected > 0 ? `${corrected} corrected, ` : ''}${unmatched} unmatched, ${mismatch} mismatched`,
  unmatched:
    'No entry of a bank file the console recorded has this trace number (files written before returns were read are not matched: reconcile them by hand)',
  alreadyReturned: (fileName: string) => `This entry was already returned (return file ${fileName})`,
  mismatch: (what: string) => `Does not agree with the entry the console sent: ${what}`,
  /** A matched notification of change: the account's change waits for a second person. */
  corrected: (vendor: string) =>
    `The bank account of ${vendor} was changed as the bank says; a second person must confirm the change before it is paid again`,
  /** The same correction again (the account already carries it, or waits for its confirmation). */
  alreadyCorrected: 'The bank account already carries this correction: nothing changed',
  /** A code whose correction is not of the vendor's bank account (name, identification, addenda). */
  correctionNotApplied: (code: string, description: string) =>
    `Notification of change ${code} (${description}) recorded on the entry; it corrects nothing the console keeps, so no account changed`,
  noAccount: (vendor: string) => `${vendor} has no bank account on record to correct`,
  accountChangedSince: (vendor: string) =>
    `The bank account of ${vendor} changed after this payment: the correction was not applied to it; check the account with the vendor`,
} as const;

/**
 * What became of a line: a return RETURNED, a notification of change CORRECTED (the payment stands;
 * the vendor's account got a pending change), or neither (UNMATCHED, MISMATCH).
 */
export const BANK_RETURN_OUTCOMES = ['RETURNED', 'CORRECTED', 'UNMATCHED', 'MISMATCH'] as const;

export const BankReturnLineSchema = v.object({
  line: v.number(),
  originalTraceNumber: v.string(),
  code: v.string(),
  description: v.string(),
  amountCents: v.number(),
  routingNumber: v.string(),
  outcome: v.picklist(BANK_RETURN_OUTCOMES),
  reason: v.nullable(v.string()),
  approvalId: v.nullable(v.string()),
  billId: v.nullable(v.string()),
  vendorName: v.nullable(v.string()),
  /** A notification of change: what the bank says is right, masked (e.g. 'routing 021000021, ••••6789, savings'). */
  correctedData: v.optional(v.nullable(v.string()), null),
});
export type BankReturnLine = v.InferOutput<typeof BankReturnLineSchema>;

export const BankReturnFileSchema = v.object({
  id: v.number(),
  fileName: v.string(),
  sha256: v.string(),
  byteSize: v.number(),
  /** Returns applied (RETURNED lines). */
  matchedCount: v.number(),
  /** Notifications of change applied (CORRECTED lines). */
  correctedCount: v.optional(v.number(), 0),
  unmatchedCount: v.number(),
  mismatchCount: v.number(),
  uploadedBy: v.string(),
  createdAt: IsoDateTimeSchema,
  lines: v.array(BankReturnLineSchema),
});
export type BankReturnFile = v.InferOutput<typeof BankReturnFileSchema>;

/** The answer to an upload: the file as applied, and whether it had been applied before. */
export const BankReturnUploadSchema = v.object({
  alreadyApplied: v.boolean(),
  message: v.string(),
  file: BankReturnFileSchema,
});
export type BankReturnUpload = v.InferOutput<typeof BankReturnUploadSchema>;

/**
 * The body of an upload: the return file itself, sent as text/plain (read byte for byte, one
 * character per byte, so its hash is of the bytes the bank sent).
 */
export const BankReturnFileBodySchema = v.string('Send the return file itself as the body (text/plain)');

/** `?fileName=` of an upload (the body is the file itself, text/plain). */
export const BankReturnUploadQuerySchema = v.object({
  fileName: v.optional(
    v.pipe(
      v.string(BANK_RETURN_ERRORS.fileName),
      v.trim(),
      v.regex(/^[\x20-\x7e]{1,255}$/, BANK_RETURN_ERRORS.fileName),
    ),
    'return-file.txt',
  ),
});

/** GET /api/bank-returns: page and limit. */
export const BankReturnListQuerySchema = v.object({ ...pagingEntries });
