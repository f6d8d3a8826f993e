import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approvals,
  bankFileEntries,
  companies,
  nachaFiles,
  nachaTraceCounter,
  paidBills,
  type ApprovalRow,
} from '../../db/schema';

/** The approval, locked FOR UPDATE until the transaction ends. */
export async function findApprovalForUpdate(db: Db, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

export async function findApproval(db: Db, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
  return row;
}

/** Moves the approval along the payment path; `nachaProcessingStatus` says where it stands. */
export async function setPaymentStatus(
  db: Db,
  id: string,
  status: ApprovalRow['status'],
  nachaProcessingStatus: string,
): Promise<void> {
  await db
    .update(approvals)
    .set({ status, nachaProcessingStatus, updatedAt: new Date() })
    .where(eq(approvals.id, id));
}

export async function findCompanyName(db: Db, id: number): Promise<string | undefined> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return company?.name;
}

/**
 * Serialises the company's bank files until the transaction ends: the paid and duplicate checks
 * that follow read every file committed before this one.
 */
export async function lockCompanyFiles(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-files:company:${companyId}`}))`);
}

/** An originator's files of one day, for its File ID Modifier. */
export interface OriginatorDay {
  odfiRoutingNumber: string;
  companyIdentification: string;
  creationDate: string;
}

/**
 * Serialises the originator's files of the day until the transaction ends (each needs the next
 * File ID Modifier), and counts the files it already has that day.
 */
export async function lockAndCountFilesOfDay(db: Db, day: OriginatorDay): Promise<number> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`nacha:${day.odfiRoutingNumber}:${day.companyIdentification}:${day.creationDate}`}))`,
  );
  const [{ today } = { today: 0 }] = await db
    .select({ today: count() })
    .from(nachaFiles)
    .where(
      and(
        eq(nachaFiles.odfiRoutingNumber, day.odfiRoutingNumber),
        eq(nachaFiles.companyIdentification, day.companyIdentification),
        eq(nachaFiles.creationDate, day.creationDate),
      ),
    );
  return today;
}

export async function nextBatchNumber(db: Db): Promise<number> {
  const batchResult = await db.execute(sql`select nextval('nacha_batch_number_seq')::int as batch`);
  return Number((batchResult as unknown as { rows: Array<{ batch: number }> }).rows[0]!.batch);
}

export type NewNachaFile = typeof nachaFiles.$inferInsert;

/**
 * The first of `count` trace sequences no file used before, for one file's entries. The counter's
 * row is locked until the transaction ends, so two files never draw the same numbers; a file that
 * rolls back gives its numbers back.
 */
export async function drawTraceSequences(db: Db, count: number): Promise<number> {
  const [row] = await db
    .update(nachaTraceCounter)
    .set({ nextSequence: sql`${nachaTraceCounter.nextSequence} + ${count}` })
    .returning({ next: nachaTraceCounter.nextSequence });
  return row!.next - count;
}

export type NewBankFileEntry = Omit<typeof bankFileEntries.$inferInsert, 'nachaFileId'>;

/**
 * The file, one paid_bills row per bill and one entry per credit. paid_bills' primary key
 * (company, bill id) refuses a bill another file already paid: the whole transaction rolls back
 * and the caller reports which bill.
 */
export async function insertBankFile(
  db: Db,
  file: NewNachaFile,
  bills: Array<Omit<typeof paidBills.$inferInsert, 'nachaFileId'>>,
  entries: NewBankFileEntry[],
): Promise<void> {
  const [row] = await db.insert(nachaFiles).values(file).returning({ id: nachaFiles.id });
  await db.insert(paidBills).values(bills.map((bill) => ({ ...bill, nachaFileId: row!.id })));
  await db.insert(bankFileEntries).values(entries.map((entry) => ({ ...entry, nachaFileId: row!.id })));
}

/** The approval's nacha* fields once its file is stored. */
export async function markFileGenerated(
  db: Db,
  id: string,
  values: { fileName: string; batch: string; at: Date; processingStatus: string; downloadUrl: string },
): Promise<void> {
  await db
    .update(approvals)
    .set({
      status: 'NACHA_GENERATED',
      nachaFileGenerated: true,
      nachaFileName: values.fileName,
      nachaBatchNumber: values.batch,
      nachaGeneratedAt: values.at,
      nachaProcessingStatus: values.processingStatus,
      nachaFileUrl: values.downloadUrl,
      updatedAt: values.at,
    })
    .where(eq(approvals.id, id));
}

export async function findBankFileOf(db: Db, approvalId: string) {
  const [file] = await db
    .select({ fileName: nachaFiles.fileName, content: nachaFiles.content })
    .from(nachaFiles)
    .where(eq(nachaFiles.approvalId, approvalId));
  return file;
}
