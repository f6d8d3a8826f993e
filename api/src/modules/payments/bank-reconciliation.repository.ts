/** Reads of the bank files for reconciliation: per file, what was sent, paid, returned, corrected. */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  activity,
  approvals,
  bankFileEntries,
  bankReturnFiles,
  companies,
  nachaFiles,
  type BankFileEntryRow,
} from '../../db/schema';

/**
 * Whether the approval's payment was marked completed: its status says so, or (once a return moved
 * it on) the history holds the step, which is where the completion is recorded for good.
 */
const paymentCompleted = sql<boolean>`(${approvals.status} = 'PAYMENT_COMPLETED' or exists (
  select 1 from ${activity}
  where ${activity.entityType} = 'approval'
    and ${activity.entityId} = ${approvals.id}::text
    and ${activity.action} = 'approval.payment_completed'))`;

export interface BankFileTotalsRow {
  id: number;
  approvalId: string;
  companyId: number;
  companyName: string;
  batchNumber: number;
  createdAt: Date;
  effectiveEntryDate: string;
  /** From the file itself: files written before entries were recorded have none. */
  fileEntryCount: number;
  /** The offsetting debit of a balanced file (0: none), one of `fileEntryCount`'s entries. */
  fileDebitCents: number;
  fileCreditCents: number;
  entryCount: number;
  sentCents: number;
  returnedCents: number;
  returnedCount: number;
  correctedCount: number;
  paid: boolean;
}

function totalsQuery(db: Db, where: SQL | undefined) {
  const totals = db
    .select({
      fileId: bankFileEntries.nachaFileId,
      entryCount: count().as('totals_entry_count'),
      sentCents: sql<number>`coalesce(sum(${bankFileEntries.amountCents}), 0)`
        .mapWith(Number)
        .as('totals_sent_cents'),
      returnedCents:
        sql<number>`coalesce(sum(${bankFileEntries.amountCents}) filter (where ${bankFileEntries.status} = 'RETURNED'), 0)`
          .mapWith(Number)
          .as('totals_returned_cents'),
      returnedCount: sql<number>`count(*) filter (where ${bankFileEntries.status} = 'RETURNED')`
        .mapWith(Number)
        .as('totals_returned_count'),
      correctedCount:
        sql<number>`count(*) filter (where ${bankFileEntries.correctionCode} is not null and ${bankFileEntries.status} <> 'RETURNED')`
          .mapWith(Number)
          .as('totals_corrected_count'),
    })
    .from(bankFileEntries)
    .groupBy(bankFileEntries.nachaFileId)
    .as('totals');
  return db
    .select({
      id: nachaFiles.id,
      approvalId: nachaFiles.approvalId,
      companyId: nachaFiles.companyId,
      companyName: companies.name,
      batchNumber: nachaFiles.batchNumber,
      createdAt: nachaFiles.createdAt,
      effectiveEntryDate: nachaFiles.effectiveEntryDate,
      fileEntryCount: nachaFiles.entryCount,
      fileDebitCents: nachaFiles.totalDebitCents,
      fileCreditCents: nachaFiles.totalCreditCents,
      entryCount: sql<number>`coalesce(${totals.entryCount}, 0)`.mapWith(Number),
      sentCents: sql<number>`coalesce(${totals.sentCents}, 0)`.mapWith(Number),
      returnedCents: sql<number>`coalesce(${totals.returnedCents}, 0)`.mapWith(Number),
      returnedCount: sql<number>`coalesce(${totals.returnedCount}, 0)`.mapWith(Number),
      correctedCount: sql<number>`coalesce(${totals.correctedCount}, 0)`.mapWith(Number),
      paid: paymentCompleted.mapWith(Boolean),
    })
    .from(nachaFiles)
    .innerJoin(companies, eq(companies.id, nachaFiles.companyId))
    .innerJoin(approvals, eq(approvals.id, nachaFiles.approvalId))
    .leftJoin(totals, eq(totals.fileId, nachaFiles.id))
    .where(where);
}

/** A page of bank files, newest first (one approval's when `approvalId` is given). */
export async function listBankFileTotals(
  db: Db,
  query: { page: number; limit: number; approvalId?: string | undefined },
): Promise<{ rows: BankFileTotalsRow[]; total: number }> {
  const where = query.approvalId === undefined ? undefined : eq(nachaFiles.approvalId, query.approvalId);
  const rows = await totalsQuery(db, where)
    .orderBy(desc(nachaFiles.createdAt), desc(nachaFiles.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [totals] = await db.select({ total: count() }).from(nachaFiles).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findBankFileTotals(db: Db, id: number): Promise<BankFileTotalsRow | undefined> {
  const [row] = await totalsQuery(db, eq(nachaFiles.id, id));
  return row;
}

export async function entriesOfFile(db: Db, fileId: number): Promise<BankFileEntryRow[]> {
  return db
    .select()
    .from(bankFileEntries)
    .where(eq(bankFileEntries.nachaFileId, fileId))
    .orderBy(asc(bankFileEntries.traceNumber));
}

/** The return files that returned or corrected an entry of this bank file, oldest first. */
export async function returnFilesOfFile(db: Db, fileId: number) {
  const touching = db
    .select({ id: bankFileEntries.id })
    .from(bankFileEntries)
    .where(
      and(
        eq(bankFileEntries.nachaFileId, fileId),
        or(
          eq(bankFileEntries.returnFileId, bankReturnFiles.id),
          eq(bankFileEntries.correctionFileId, bankReturnFiles.id),
        ),
      ),
    );
  return db
    .select({
      id: bankReturnFiles.id,
      fileName: bankReturnFiles.fileName,
      createdAt: bankReturnFiles.createdAt,
      uploadedBy: bankReturnFiles.uploadedByName,
    })
    .from(bankReturnFiles)
    .where(sql`exists (${touching})`)
    .orderBy(asc(bankReturnFiles.createdAt), asc(bankReturnFiles.id));
}

/** The entries of an approval's bank file for these bills (the simulator returns them). */
export async function entriesOfBills(
  db: Db,
  approvalId: string,
  billIds: string[],
): Promise<BankFileEntryRow[]> {
  return db
    .select()
    .from(bankFileEntries)
    .where(and(eq(bankFileEntries.approvalId, approvalId), inArray(bankFileEntries.billId, billIds)));
}
