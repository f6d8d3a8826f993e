/** The entries of bank files and the return files applied to them. */
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { BankReturnLine } from 'shared-contracts';
import type { Db } from '../../db/client';
import {
  approvals,
  bankFileEntries,
  bankReturnFiles,
  paidBills,
  vendorBankAccounts,
  type ApprovalRow,
  type BankFileEntryRow,
  type BankReturnFileRow,
  type VendorBankAccountRow,
} from '../../db/schema';

export async function findReturnFileBySha(db: Db, sha256: string): Promise<BankReturnFileRow | undefined> {
  const [row] = await db.select().from(bankReturnFiles).where(eq(bankReturnFiles.sha256, sha256));
  return row;
}

/**
 * The file's row, first thing in its transaction: the unique index on its hash makes a second
 * upload of the same bytes wait here until the first commits, then fail, so only one applies.
 */
export async function insertReturnFile(
  db: Db,
  values: {
    sha256: string;
    fileName: string;
    byteSize: number;
    uploadedById: number;
    uploadedByName: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(bankReturnFiles)
    .values({ ...values, matchedCount: 0, unmatchedCount: 0, mismatchCount: 0, lines: [] })
    .returning({ id: bankReturnFiles.id });
  return row!.id;
}

export async function finishReturnFile(
  db: Db,
  id: number,
  lines: BankReturnLine[],
): Promise<BankReturnFileRow> {
  const [row] = await db
    .update(bankReturnFiles)
    .set({
      lines,
      // Returns only: the CORRECTED lines are counted from the lines when answered.
      matchedCount: lines.filter((line) => line.outcome === 'RETURNED').length,
      unmatchedCount: lines.filter((line) => line.outcome === 'UNMATCHED').length,
      mismatchCount: lines.filter((line) => line.outcome === 'MISMATCH').length,
    })
    .where(eq(bankReturnFiles.id, id))
    .returning();
  return row!;
}

/** The entries with these trace numbers, locked until the transaction ends (in trace order). */
export async function lockEntriesByTrace(db: Db, traces: string[]): Promise<BankFileEntryRow[]> {
  if (traces.length === 0) return [];
  return db
    .select()
    .from(bankFileEntries)
    .where(inArray(bankFileEntries.traceNumber, traces))
    .orderBy(asc(bankFileEntries.traceNumber))
    .for('update');
}

export async function returnFileNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bankReturnFiles.id, fileName: bankReturnFiles.fileName })
    .from(bankReturnFiles)
    .where(inArray(bankReturnFiles.id, ids));
  return new Map(rows.map((row) => [row.id, row.fileName]));
}

export async function markEntryReturned(
  db: Db,
  id: number,
  values: { code: string; description: string; returnedOn: string; returnFileId: number },
): Promise<void> {
  await db
    .update(bankFileEntries)
    .set({
      status: 'RETURNED',
      returnCode: values.code,
      returnDescription: values.description,
      returnedOn: values.returnedOn,
      returnFileId: values.returnFileId,
    })
    .where(and(eq(bankFileEntries.id, id), eq(bankFileEntries.status, 'SENT')));
}

/** The entry's notification of change: it was paid, the account it paid was wrong. */
export async function markEntryCorrected(
  db: Db,
  id: number,
  values: { code: string; description: string; correctedOn: string; fileId: number },
): Promise<void> {
  await db
    .update(bankFileEntries)
    .set({
      correctionCode: values.code,
      correctionDescription: values.description,
      correctedOn: values.correctedOn,
      correctionFileId: values.fileId,
    })
    .where(eq(bankFileEntries.id, id));
}

/** The vendor's account, locked until the transaction ends (a NOC changes it). */
export async function lockVendorAccount(
  db: Db,
  companyId: number,
  vendorRef: string,
): Promise<VendorBankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorBankAccounts)
    .where(and(eq(vendorBankAccounts.companyId, companyId), eq(vendorBankAccounts.vendorRef, vendorRef)))
    .for('update');
  return row;
}

/** The paid-bill lock of the returned entry's bill, held by that file only. */
export async function releasePaidBill(db: Db, entry: BankFileEntryRow): Promise<void> {
  await db
    .delete(paidBills)
    .where(
      and(
        eq(paidBills.companyId, entry.companyId),
        eq(paidBills.billId, entry.billId),
        eq(paidBills.nachaFileId, entry.nachaFileId),
      ),
    );
}

/** How many of the approval's entries there are, and how many came back. */
export async function entryCountsOf(
  db: Db,
  approvalId: string,
): Promise<{ total: number; returned: number }> {
  const [row] = await db
    .select({
      total: count(),
      returned: sql<number>`count(*) filter (where ${bankFileEntries.status} = 'RETURNED')`.mapWith(Number),
    })
    .from(bankFileEntries)
    .where(eq(bankFileEntries.approvalId, approvalId));
  return { total: row?.total ?? 0, returned: row?.returned ?? 0 };
}

export async function setReturnedStatus(db: Db, id: string, status: ApprovalRow['status']): Promise<void> {
  await db.update(approvals).set({ status, updatedAt: new Date() }).where(eq(approvals.id, id));
}

/**
 * Blocks the vendor's account at the version the returned entry paid, unless it was changed since
 * (a higher version): answers the account's id and version when it blocked it.
 */
export async function blockVendorAccount(
  db: Db,
  entry: BankFileEntryRow,
  code: string,
): Promise<{ id: number; version: number } | undefined> {
  const [row] = await db
    .update(vendorBankAccounts)
    .set({ blockedCode: code, blockedVersion: entry.accountVersion, blockedAt: new Date() })
    .where(
      and(
        eq(vendorBankAccounts.companyId, entry.companyId),
        eq(vendorBankAccounts.vendorRef, entry.vendorRef),
        lte(vendorBankAccounts.version, entry.accountVersion),
      ),
    )
    .returning({ id: vendorBankAccounts.id, version: vendorBankAccounts.version });
  return row;
}

/** Return files applied, newest first. */
export async function listReturnFiles(
  db: Db,
  page: number,
  limit: number,
): Promise<{ rows: BankReturnFileRow[]; total: number }> {
  const rows = await db
    .select()
    .from(bankReturnFiles)
    .orderBy(desc(bankReturnFiles.createdAt), desc(bankReturnFiles.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [totals] = await db.select({ total: count() }).from(bankReturnFiles);
  return { rows, total: totals?.total ?? 0 };
}
