/**
 * Reconciliation of the bank files the console wrote: per file, what it sent, what the bank paid
 * (the approval's payment marked completed), what came back (returns) and what the bank asked to
 * correct (notifications of change), entry by entry, with the return files that said so.
 */
import {
  BANK_RECONCILIATION_TEXT,
  type BankFileEntryStatus,
  type BankFileReconciliation,
  type BankFileSummary,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import type { BankFileEntryRow } from '../../db/schema';
import { csvField } from '../../http/csv';
import { notFound } from '../../http/http-error';
import {
  entriesOfFile,
  findBankFileTotals,
  listBankFileTotals,
  returnFilesOfFile,
  type BankFileTotalsRow,
} from './bank-reconciliation.repository';

function toSummary(row: BankFileTotalsRow): BankFileSummary {
  // A file written before entries were recorded counts from the file itself (nothing of it can
  // be matched to a return).
  const recorded = row.entryCount > 0;
  const sentCents = recorded ? row.sentCents : row.fileCreditCents;
  return {
    id: row.id,
    approvalId: row.approvalId,
    companyId: row.companyId,
    companyName: row.companyName,
    batchNumber: row.batchNumber,
    createdAt: row.createdAt.toISOString(),
    effectiveEntryDate: row.effectiveEntryDate,
    // Payments by bill: a balanced file's offsetting debit is an entry of the file but pays nobody.
    entryCount: recorded ? row.entryCount : row.fileEntryCount - (row.fileDebitCents > 0 ? 1 : 0),
    sentCents,
    // A notification of change is not a return: its money arrived.
    paidCents: row.paid ? sentCents - row.returnedCents : 0,
    returnedCents: row.returnedCents,
    returnedCount: row.returnedCount,
    correctedCount: row.correctedCount,
  };
}

/** RETURNED wins (the money came back), then CORRECTED (paid, account to correct), then PAID. */
export function entryStatus(entry: BankFileEntryRow, paid: boolean): BankFileEntryStatus {
  if (entry.status === 'RETURNED') return 'RETURNED';
  if (entry.correctionCode !== null) return 'CORRECTED';
  return paid ? 'PAID' : 'SENT';
}

/** GET /api/bank-files: newest first, paged in SQL; `approvalId` gives that approval's file. */
export async function getBankFiles(
  db: Db,
  query: { page: number; limit: number; approvalId?: string | undefined },
): Promise<{ rows: BankFileSummary[]; total: number }> {
  const { rows, total } = await listBankFileTotals(db, query);
  return { rows: rows.map(toSummary), total };
}

/** GET /api/bank-files/{id}: the file's totals, its entries and the return files that touched them. */
export async function getBankFileReconciliation(db: Db, id: number): Promise<BankFileReconciliation> {
  const row = await findBankFileTotals(db, id);
  if (!row) throw notFound(BANK_RECONCILIATION_TEXT.notFound);
  const [entries, files] = await Promise.all([entriesOfFile(db, id), returnFilesOfFile(db, id)]);
  const fileNames = new Map(files.map((file) => [file.id, file.fileName]));
  const nameOf = (fileId: number | null) => (fileId === null ? null : (fileNames.get(fileId) ?? null));
  return {
    ...toSummary(row),
    entries: entries.map((entry) => ({
      billId: entry.billId,
      vendorRef: entry.vendorRef,
      vendorName: entry.vendorName,
      amountCents: entry.amountCents,
      traceNumber: entry.traceNumber,
      routingNumber: entry.routingNumber,
      accountLast4: entry.accountLast4,
      status: entryStatus(entry, row.paid),
      returnCode: entry.returnCode,
      returnDescription: entry.returnDescription,
      returnedOn: entry.returnedOn,
      correctionCode: entry.correctionCode,
      correctionDescription: entry.correctionDescription,
      returnFileName: nameOf(entry.returnFileId),
      correctionFileName: nameOf(entry.correctionFileId),
    })),
    returnFiles: files.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      createdAt: file.createdAt.toISOString(),
      uploadedBy: file.uploadedBy,
    })),
  };
}

/**
 * The reconciliation as CSV, one line per entry with the return files that returned or corrected
 * it: every text through csvField's quoting and formula guard (bill ids and vendor names come from
 * QuickBooks, file names from whoever uploaded them), amounts in dollars as numbers.
 */
export function reconciliationCsv(file: BankFileReconciliation): string {
  const lines = file.entries.map((entry) =>
    [
      csvField(entry.billId),
      csvField(entry.vendorRef),
      csvField(entry.vendorName),
      (entry.amountCents / 100).toFixed(2),
      csvField(entry.traceNumber),
      csvField(entry.routingNumber),
      csvField(entry.accountLast4),
      csvField(BANK_RECONCILIATION_TEXT.entryStatus[entry.status]),
      csvField(entry.returnCode),
      csvField(entry.returnDescription),
      csvField(entry.returnedOn),
      csvField(entry.correctionCode),
      csvField(entry.correctionDescription),
      csvField(entry.returnFileName ?? null),
      csvField(entry.correctionFileName ?? null),
    ].join(','),
  );
  return [BANK_RECONCILIATION_TEXT.csvHeader.join(','), ...lines].map((line) => `${line}\r\n`).join('');
}
