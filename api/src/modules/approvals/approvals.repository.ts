import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { duplicatesOf } from '../bills/duplicate-bills';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  DELETABLE_APPROVAL_STATUSES,
  PAYMENT_RECORD_STATUSES,
  type Approval,
  type ApprovalSummary,
  type ApprovalStatus,
  type QbBillPayment,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import {
  activity,
  approvalCounts,
  approvals,
  approvalStatusCounts,
  companies,
  managers,
  qbBillPayments,
  users,
  type ApprovalRow,
} from '../../db/schema';

// ---- the API view -----------------------------------------------------------------------------

// The bills leave PostgreSQL as JSON text, which is what the API answers: no JSON.parse
// in the driver and JSON.stringify again per row (about 3 KB per approval). List pages do not read
// them at all (ApprovalSummary): no TOAST decompression, no 60 KB page to serialize and compress.
const {
  bills: _bills,
  approvedBills: _approvedBills,
  searchText: _searchText,
  decisionAccounts: _decisionAccounts,
  waitingFor: _waitingFor,
  waitingDecided: _waitingDecided,
  ...viewColumns
} = getTableColumns(approvals);
export { viewColumns };

/** What toApprovalSummary reads: the row without its bills or search text. */
export type ApprovalSummaryRow = Omit<
  ApprovalRow,
  'bills' | 'approvedBills' | 'searchText' | 'decisionAccounts' | 'waitingFor' | 'waitingDecided'
>;
/** What toApproval reads: the summary row plus the bills as JSON text. */
export type ApprovalViewRow = ApprovalSummaryRow & {
  billsText: string;
  approvedBillsText: string | null;
};

function selectApprovals(db: Db) {
  return db
    .select({
      approval: {
        ...viewColumns,
        billsText: sql<string>`${approvals.bills}::text`,
        approvedBillsText: sql<string | null>`${approvals.approvedBills}::text`,
      },
      companyName: companies.name,
      createdByEmail: emailOf(approvals.createdById),
      approvedByEmail: emailOf(approvals.approvedById),
      rejectedByEmail: emailOf(approvals.rejectedById),
    })
    .from(approvals)
    .leftJoin(companies, eq(approvals.companyId, companies.id));
}

/** The current e-mail of a user id column (null when none or deleted): one primary-key read. */
const emailOf = (column: PgColumn) =>
  sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${column})`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Percent with one decimal, 0 for an approval without bills. */
export function processingRate(processed: number, total: number): number {
  return total > 0 ? Math.round((processed / total) * 1000) / 10 : 0;
}

/** Row → Approval (bills as JSON text, money in dollars). */
export function toApproval(row: ApprovalViewRow, companyName: string | null): Approval {
  return {
    ...toApprovalSummary(row, companyName),
    bills: row.billsText,
    approvedBills: row.approvedBillsText,
  };
}

/** Row → a list row: the Approval without its bills' JSON text. */
export function toApprovalSummary(row: ApprovalSummaryRow, companyName: string | null): ApprovalSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    company: companyName === null ? null : { id: row.companyId, name: companyName },
    companyName: row.companyName,
    status: row.status,
    priority: row.priority,
    billStats: {
      totalBills: row.totalBills,
      processedBills: row.processedBills,
      processingRate: processingRate(row.processedBills, row.totalBills),
      totalAmount: row.totalAmountCents / 100,
    },
    approvedAmount: row.approvedAmountCents / 100,
    managerId: row.managerId,
    managerName: row.managerName,
    managerEmail: row.managerEmail,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    createdById: row.createdById,
    origin: row.origin,
    updatedAt: row.updatedAt.toISOString(),
    approvalDate: iso(row.approvalDate),
    approvedBy: row.approvedBy,
    approvedById: row.approvedById,
    rejectionDate: iso(row.rejectionDate),
    rejectedBy: row.rejectedBy,
    rejectedById: row.rejectedById,
    rejectionReason: row.rejectionReason,
    recipients: row.recipients,
    billIds: row.billIds,
    approvedBillIds: row.approvedBillIds,
    nachaFileGenerated: row.nachaFileGenerated,
    nachaFileName: row.nachaFileName,
    nachaBatchNumber: row.nachaBatchNumber,
    nachaGeneratedAt: iso(row.nachaGeneratedAt),
    nachaProcessingStatus: row.nachaProcessingStatus,
    nachaFileUrl: row.nachaFileUrl,
    vendorName: row.vendorName,
    vendorCount: row.vendorCount,
    firstDueDate: row.firstDueDate,
    policyVersion: row.policyVersion,
    currentStep: row.status === 'PENDING' ? row.currentStep : null,
    stepCount: row.stepCount,
    currentStepLabel: row.status === 'PENDING' ? row.currentStepLabel : null,
    stuck: row.status === 'PENDING' && row.stuck,
    // QuickBooks' bill kept with a held change (for 'Decide again') is not answered.
    qbChangesAfterDecision: row.qbChangesAfterDecision?.length
      ? row.qbChangesAfterDecision.map(
          ({ billId, docNumber, reason, decidedAmount, amountNow, at, held }) => ({
            billId,
            docNumber,
            reason,
            decidedAmount,
            amountNow,
            at,
            ...(held === undefined ? {} : { held }),
          }),
        )
      : null,
  };
}

export async function findApproval(db: Db, id: string): Promise<Approval | undefined> {
  const [row] = await selectApprovals(db).where(eq(approvals.id, id)).limit(1);
  if (!row) return undefined;
  return {
    ...toApproval(row.approval, row.companyName),
    qbBillPayments: await qbBillPaymentsOf(db, id),
    createdByEmail: row.createdByEmail,
    approvedByEmail: row.approvedByEmail,
    rejectedByEmail: row.rejectedByEmail,
    duplicates: await duplicatesOf(db, id),
  };
}

/** The BillPayments recorded in QuickBooks for the approval's paid bills, shown on its page. */
/** What the approval page shows: every payment of the approval, in bill id order. */
async function qbBillPaymentsOf(db: Db, approvalId: string): Promise<QbBillPayment[]> {
  const rows = await db
    .select()
    .from(qbBillPayments)
    .where(eq(qbBillPayments.approvalId, approvalId))
    .orderBy(asc(qbBillPayments.qbBillId));
  return rows.map((row) => ({
    billId: row.qbBillId,
    docNumber: row.docNumber,
    amount: row.amountCents / 100,
    txnDate: row.txnDate,
    status: row.status,
    qbBillPaymentId: row.qbPaymentId,
    error: row.error,
    deletion: row.deletion ? { status: row.deletion, error: row.deleteError } : null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The stored row; `lock` takes a row lock (SELECT … FOR UPDATE) for read-check-write. */
export async function findApprovalRow(db: Db, id: string, lock = false): Promise<ApprovalRow | undefined> {
  const query = db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findApprovalStatus(db: Db, id: string): Promise<ApprovalStatus | undefined> {
  const [row] = await db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, id));
  return row?.status;
}

/** The largest total (cents) among these approvals (well-formed ids), 0 when none exists. */
export async function largestTotalOf(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ largest: sql<string | null>`max(${approvals.totalAmountCents})` })
    .from(approvals)
    .where(inArray(approvals.id, ids));
  return Number(row?.largest ?? 0);
}

// ---- writes -----------------------------------------------------------------------------------

export type ApprovalInsert = typeof approvals.$inferInsert;
export type ApprovalValues = Partial<Omit<ApprovalInsert, 'id' | 'searchText'>>;

/**
 * Locks the PENDING rows of the approval counters (approval_counts, every priority in the enum's
 * order, then approval_status_counts), in the order the counters' triggers take them.
 */
export async function lockPendingCounters(tx: Db): Promise<void> {
  await tx
    .select({ priority: approvalCounts.priority })
    .from(approvalCounts)
    .where(eq(approvalCounts.status, 'PENDING'))
    .orderBy(asc(approvalCounts.priority))
    .for('update');
  await tx
    .select({ status: approvalStatusCounts.status })
    .from(approvalStatusCounts)
    .where(eq(approvalStatusCounts.status, 'PENDING'))
    .for('update');
}

export async function insertApproval(db: Db, values: ApprovalInsert): Promise<ApprovalRow> {
  const [row] = await db.insert(approvals).values(values).returning();
  if (!row) throw new Error('insert into approvals returned no row');
  return row;
}

/**
 * The one conditional write every decision and edit goes through: it changes the row only while
 * it is still PENDING. Under PostgreSQL a second writer waits for the first one's row lock, then
 * re-checks `status = 'PENDING'` and changes nothing; undefined means "no longer pending".
 */
export async function updatePendingApproval(
  db: Db,
  id: string,
  values: ApprovalValues,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(approvals)
    .set(values)
    .where(and(eq(approvals.id, id), eq(approvals.status, 'PENDING')))
    .returning();
  return row;
}

export async function updateApproval(
  db: Db,
  id: string,
  values: ApprovalValues,
): Promise<ApprovalRow | undefined> {
  const [row] = await db.update(approvals).set(values).where(eq(approvals.id, id)).returning();
  return row;
}

/** Deletes only while the status is deletable (the trigger refuses payment records anyway). */
export async function deleteApprovalIfDeletable(db: Db, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .delete(approvals)
    .where(and(eq(approvals.id, id), inArray(approvals.status, [...DELETABLE_APPROVAL_STATUSES])))
    .returning();
  return row;
}

export async function findManagerRow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: managers.id,
      firstName: managers.firstName,
      lastName: managers.lastName,
      email: managers.email,
    })
    .from(managers)
    .where(eq(managers.id, id));
  return row;
}

export async function findCompanyForApproval(db: Db, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, managerId: companies.managerId })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/** Approvals of a company that are payment records (APPROVED or later): they block its delete. */
export async function countPaymentRecordsOfCompany(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(eq(approvals.companyId, companyId), inArray(approvals.status, [...PAYMENT_RECORD_STATUSES])));
  return row?.n ?? 0;
}

// ---- expiry -----------------------------------------------------------------------------------

/**
 * Turns up to `batch` PENDING approvals created before `cutoff` into EXPIRED and writes their
 * history rows, in ONE statement (so atomically). Rows another process is sweeping are skipped
 * (SKIP LOCKED) and the UPDATE re-checks PENDING, so concurrent sweeps never expire a row twice
 * nor race a decision: whichever commits first wins. Returns the ids it expired.
 */
export async function expirePendingBatch(db: Db, cutoff: Date, batch: number): Promise<string[]> {
  const result = await db.execute(sql`
    with due as (
      select ${approvals.id} as id from ${approvals}
      where ${approvals.status} = 'PENDING' and ${approvals.createdAt} < ${cutoff.toISOString()}::timestamptz
      order by ${approvals.createdAt}
      limit ${batch}
      for update skip locked
    ), expired as (
      update ${approvals} set status = 'EXPIRED', updated_at = now()
      from due where ${approvals.id} = due.id and ${approvals.status} = 'PENDING'
      returning ${approvals.id} as id, ${approvals.companyName} as company_name, ${approvals.createdAt} as created_at
    )
    insert into ${activity} (user_id, user_name, action, entity_type, entity_id, description, details)
    select null, 'System', 'approval.expire', 'approval', expired.id::text,
      'Approval ' || left(expired.id::text, 8) || coalesce(' for ' || expired.company_name, '') || ' expired after ' || ${String(
        Math.max(0, Math.round((Date.now() - cutoff.getTime()) / 86_400_000)),
      )} || ' days pending',
      jsonb_build_object('before', 'PENDING', 'after', 'EXPIRED', 'createdAt', expired.created_at)
    from expired
    returning entity_id as id
  `);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
