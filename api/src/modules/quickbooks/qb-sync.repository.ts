import { and, eq, inArray, isNotNull, lt, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approvals,
  companies,
  qbImportedBills,
  qbSyncState,
  qbVendors,
  qbWebhookReceipts,
  type QbSyncPhase,
} from '../../db/schema';

export type QbSyncStateRow = typeof qbSyncState.$inferSelect;

export async function ensureSyncState(db: Db, companyId: number): Promise<void> {
  await db.insert(qbSyncState).values({ companyId }).onConflictDoNothing();
}

export async function findSyncState(db: Db, companyId: number): Promise<QbSyncStateRow | undefined> {
  const [row] = await db.select().from(qbSyncState).where(eq(qbSyncState.companyId, companyId));
  return row;
}

/**
 * Takes the company's sync lease when nobody holds a live one: one conditional UPDATE, so of two
 * processes exactly one gets it. Answers the state as taken, or undefined.
 */
export async function acquireSyncLease(
  db: Db,
  companyId: number,
  owner: string,
  seconds: number,
): Promise<QbSyncStateRow | undefined> {
  const [row] = await db
    .update(qbSyncState)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${seconds})`,
      runStartedAt: sql`now()`,
    })
    .where(
      and(
        eq(qbSyncState.companyId, companyId),
        or(isNull(qbSyncState.leaseUntil), sql`${qbSyncState.leaseUntil} < now()`),
      ),
    )
    .returning();
  return row;
}

/**
 * The fence of every page's write, inside the page's transaction: the row is locked and the
 * write goes ahead only while `owner` still holds the lease and the sync stands where the page was
 * read (same phase and position). The lease is extended. Answers false when another process took
 * over (this one then stops without writing anything).
 */
export async function fenceSyncPage(
  tx: Db,
  companyId: number,
  owner: string,
  seconds: number,
  phase: QbSyncPhase,
  position: number,
): Promise<boolean> {
  const [row] = await tx
    .update(qbSyncState)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(qbSyncState.companyId, companyId),
        eq(qbSyncState.leaseOwner, owner),
        eq(qbSyncState.phase, phase),
        eq(qbSyncState.nextPosition, position),
      ),
    )
    .returning({ companyId: qbSyncState.companyId });
  return row !== undefined;
}

export type SyncStateValues = Partial<Omit<typeof qbSyncState.$inferInsert, 'companyId'>>;

export async function updateSyncState(db: Db, companyId: number, values: SyncStateValues): Promise<void> {
  await db.update(qbSyncState).set(values).where(eq(qbSyncState.companyId, companyId));
}

/** Ends a run of `owner`: releases its lease with the run's outcome (nothing when it lost it). */
export async function releaseSyncLease(
  db: Db,
  companyId: number,
  owner: string,
  values: SyncStateValues,
): Promise<void> {
  await db
    .update(qbSyncState)
    .set({ ...values, leaseOwner: null, leaseUntil: null })
    .where(and(eq(qbSyncState.companyId, companyId), eq(qbSyncState.leaseOwner, owner)));
}

export async function addSyncCounts(
  db: Db,
  companyId: number,
  counts: { bills: number; requests: number },
): Promise<void> {
  await db
    .update(qbSyncState)
    .set({
      billsImported: sql`${qbSyncState.billsImported} + ${counts.bills}`,
      requests: sql`${qbSyncState.requests} + ${counts.requests}`,
    })
    .where(eq(qbSyncState.companyId, companyId));
}

export interface QbVendorValues {
  qbVendorId: string;
  displayName: string;
  active: boolean;
  syncToken: string;
}

export async function upsertVendors(db: Db, companyId: number, vendors: QbVendorValues[]): Promise<void> {
  if (vendors.length === 0) return;
  await db
    .insert(qbVendors)
    .values(vendors.map((vendor) => ({ companyId, ...vendor })))
    .onConflictDoUpdate({
      target: [qbVendors.companyId, qbVendors.qbVendorId],
      set: {
        displayName: sql`excluded.display_name`,
        active: sql`excluded.active`,
        syncToken: sql`excluded.sync_token`,
        updatedAt: sql`now()`,
      },
    });
}

export interface ImportedBillValues {
  qbBillId: string;
  syncToken: string;
  vendorRef: string | null;
  dueDate: string | null;
  skippedReason: string | null;
}

/**
 * Records bills as imported; the primary key (company, QuickBooks bill id) lets each in once.
 * Answers the ids that were new (the others were imported before, by this or another process).
 */
export async function claimImportedBills(
  db: Db,
  companyId: number,
  bills: ImportedBillValues[],
): Promise<Set<string>> {
  if (bills.length === 0) return new Set();
  const rows = await db
    .insert(qbImportedBills)
    .values(bills.map((bill) => ({ companyId, ...bill })))
    .onConflictDoNothing()
    .returning({ qbBillId: qbImportedBills.qbBillId });
  return new Set(rows.map((row) => row.qbBillId));
}

export async function linkImportedBills(
  db: Db,
  companyId: number,
  billIds: string[],
  values: { approvalId: string | null; skippedReason?: string | null },
): Promise<void> {
  if (billIds.length === 0) return;
  await db
    .update(qbImportedBills)
    .set(values)
    .where(and(eq(qbImportedBills.companyId, companyId), inArray(qbImportedBills.qbBillId, billIds)));
}

/** Bills imported for the company that wait in a PENDING approval. */
export async function countWaitingBills(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(qbImportedBills)
    .innerJoin(approvals, eq(approvals.id, qbImportedBills.approvalId))
    .where(and(eq(qbImportedBills.companyId, companyId), eq(approvals.status, 'PENDING')));
  return row?.count ?? 0;
}

/** The company's PENDING approvals, imported or entered by hand. */
export async function countPendingApprovals(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(approvals)
    .where(and(eq(approvals.companyId, companyId), eq(approvals.status, 'PENDING')));
  return row?.count ?? 0;
}

/**
 * Connected companies whose next sync is due. Only companies with a sync state: one connected
 * through the consent flow gets it at once, one whose tokens came another way (the demo seed, a
 * data migration) with its first 'Sync now'.
 */
export async function findCompaniesDue(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(qbSyncState, eq(qbSyncState.companyId, companies.id))
    .where(
      and(
        eq(companies.qbConnectionStatus, 'connected'),
        isNotNull(companies.qbRealmId),
        or(isNull(qbSyncState.nextRunAt), lte(qbSyncState.nextRunAt, sql`now()`)),
        or(isNull(qbSyncState.leaseUntil), sql`${qbSyncState.leaseUntil} < now()`),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export type ImportedBillRow = typeof qbImportedBills.$inferSelect;

/** The imported rows of these QuickBooks bills, locked for the page's transaction. */
export async function findImportedBills(
  db: Db,
  companyId: number,
  billIds: string[],
): Promise<ImportedBillRow[]> {
  if (billIds.length === 0) return [];
  return db
    .select()
    .from(qbImportedBills)
    .where(and(eq(qbImportedBills.companyId, companyId), inArray(qbImportedBills.qbBillId, billIds)))
    .for('update');
}

export async function setImportedSyncToken(
  db: Db,
  companyId: number,
  billId: string,
  syncToken: string,
): Promise<void> {
  await db
    .update(qbImportedBills)
    .set({ syncToken })
    .where(and(eq(qbImportedBills.companyId, companyId), eq(qbImportedBills.qbBillId, billId)));
}

/** Companies connected to these QuickBooks realms (a webhook names realms). */
export async function findConnectedCompaniesOfRealms(db: Db, realmIds: string[]): Promise<number[]> {
  if (realmIds.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.qbRealmId, realmIds), eq(companies.qbConnectionStatus, 'connected')));
  return rows.map((row) => row.id);
}

/**
 * Records a notification's digest; false when the same one was recorded within `windowSeconds`
 * (a replay: acknowledged, nothing queued). Receipts older than the window are deleted first, in
 * the same statement's transaction, so the table holds only the window.
 */
export async function recordWebhookReceipt(db: Db, digest: string, windowSeconds: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .delete(qbWebhookReceipts)
      .where(lt(qbWebhookReceipts.receivedAt, sql`now() - make_interval(secs => ${windowSeconds})`));
    const inserted = await tx
      .insert(qbWebhookReceipts)
      .values({ digest })
      .onConflictDoNothing()
      .returning({ digest: qbWebhookReceipts.digest });
    return inserted.length > 0;
  });
}
