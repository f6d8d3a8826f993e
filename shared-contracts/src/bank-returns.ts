import * as v from 'valibot';
import { IsoDateTimeSchema, pagingEntries } from './common';

// Return files: what the bank sends back about the console's payments, applied all or nothing. A
// matched return reopens its bill (only a new approval pays it again) and, for the codes that say
// the account is unusable, blocks the vendor's account until it is changed and confirmed.

export const BANK_RETURN_ERRORS = {
  tooLarge: (maxBytes: number) => `The return file is larger than ${maxBytes} bytes (RETURN_FILE_MAX_BYTES)`,
  notReturnFile: (line: number, field: string, reason: string) =>
    `This is not a return file the console can read: line ${line}, ${field}: ${reason}`,
  empty: 'The return file is empty',
  nocNotYet:
    'This file holds notifications of change (COR): they are not applied yet. Send a file of returns only.',
  fileName: 'fileName must be 1 to 255 printable characters',
  /** The reason a bank file is not written: the vendor's account was blocked by a return. */
  accountBlocked: (vendor: string, code: string, description: string) =>
    `The bank account of ${vendor} is blocked after return ${code} (${description}): change it and have a second person confirm the change`,
} as const;

export const BANK_RETURN_TEXT = {
  alreadyApplied: 'This return file was already applied: nothing changed',
  applied: (matched: number, unmatched: number, mismatch: number) =>
    `Return file applied: ${matched} returned, ${unmatched} unmatched, ${mismatch} mismatched`,
  unmatched:
    'No entry of a bank file the console recorded has this trace number (files written before returns were read are not matched: reconcile them by hand)',
  alreadyReturned: (fileName: string) => `This entry was already returned (return file ${fileName})`,
  mismatch: (what: string) => `Does not agree with the entry the console sent: ${what}`,
} as const;

export const BANK_RETURN_OUTCOMES = ['RETURNED', 'UNMATCHED', 'MISMATCH'] as const;

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
});
export type BankReturnLine = v.InferOutput<typeof BankReturnLineSchema>;

export const BankReturnFileSchema = v.object({
  id: v.number(),
  fileName: v.string(),
  sha256: v.string(),
  byteSize: v.number(),
  matchedCount: v.number(),
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
