/**
 * Deleting a recorded BillPayment again after the bank returned the payment (the `deletion`
 * columns of qb_bill_payments, migration 0044; qb-bill-payment-deletions.ts sends them).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { qbBillPayments, type QbBillPaymentRow } from '../../db/schema';

type RowKey = Pick<QbBillPaymentRow, 'companyId' | 'qbBillId'>;
const keyOf = (row: RowKey) =>
  and(eq(qbBillPayments.companyId, row.companyId), eq(qbBillPayments.qbBillId, row.qbBillId));

/** What a returned bill's row became: its BillPayment to delete, or never to be sent. */
export interface ReturnedBillPayment {
  row: QbBillPaymentRow;
  outcome: 'delete' | 'cancelled';
}

/**
 * The rows of returned bills, each locked and changed once (a row already marked keeps its mark,
 * so applying the same returns again changes nothing): a created BillPayment is to be deleted,
 * with a requestid of its own; one not created yet (waiting or refused) is cancelled, and neither
 * its job nor Retry sends it any more. Rows in (approval, bill) order, so two callers lock alike.
 */
export async function markReturnedBillPayments(
  tx: Db,
  returned: Array<{ approvalId: string; billId: string }>,
): Promise<ReturnedBillPayment[]> {
  const sorted = [...returned].sort(
    (a, b) => a.approvalId.localeCompare(b.approvalId) || a.billId.localeCompare(b.billId),
  );
  const marked: ReturnedBillPayment[] = [];
  for (const { approvalId, billId } of sorted) {
    const [row] = await tx
      .select()
      .from(qbBillPayments)
      .where(
        and(
          eq(qbBillPayments.approvalId, approvalId),
          eq(qbBillPayments.qbBillId, billId.slice(0, 20)),
          isNull(qbBillPayments.deletion),
        ),
      )
      .for('update');
    if (!row) continue;
    const created = row.status === 'created' && row.qbPaymentId !== null;
    const [changed] = await tx
      .update(qbBillPayments)
      .set(
        created
          ? { deletion: 'pending', deleteRequestId: randomUUID(), deleteSyncToken: null, deleteError: null }
          : { deletion: 'cancelled', deleteError: null },
      )
      .where(and(keyOf(row), isNull(qbBillPayments.deletion)))
      .returning();
    if (changed) marked.push({ row: changed, outcome: created ? 'delete' : 'cancelled' });
  }
  return marked;
}

/**
 * A BillPayment QuickBooks created while its bill's return was being applied (the job had sent it
 * before the row was cancelled): it exists, so it is to be deleted like the others. Answers
 * whether the row was such a one.
 */
export async function createdAfterReturn(tx: Db, row: RowKey, qbPaymentId: string): Promise<boolean> {
  const changed = await tx
    .update(qbBillPayments)
    .set({
      status: 'created',
      qbPaymentId,
      error: null,
      deletion: 'pending',
      deleteRequestId: randomUUID(),
      deleteSyncToken: null,
      updatedAt: new Date(),
    })
    .where(and(keyOf(row), eq(qbBillPayments.status, 'pending'), eq(qbBillPayments.deletion, 'cancelled')))
    .returning({ qbBillId: qbBillPayments.qbBillId });
  return changed.length > 0;
}

/** The approval's BillPayments to delete, in bill id order. */
export async function pendingDeletions(db: Db, approvalId: string): Promise<QbBillPaymentRow[]> {
  return db
    .select()
    .from(qbBillPayments)
    .where(
      and(
        eq(qbBillPayments.approvalId, approvalId),
        eq(qbBillPayments.deletion, 'pending'),
        isNotNull(qbBillPayments.qbPaymentId),
      ),
    )
    .orderBy(asc(qbBillPayments.qbBillId));
}

/**
 * Written (and committed) before the delete is sent: the SyncToken and requestid it goes with, so
 * a process that dies before the answer sends the same request again and QuickBooks answers it as
 * it did the first time. Answers false when the row is no longer pending.
 */
export async function markDeleteSending(
  db: Db,
  row: RowKey,
  values: { syncToken: string; requestId: string },
): Promise<boolean> {
  const changed = await db
    .update(qbBillPayments)
    .set({ deleteSyncToken: values.syncToken.slice(0, 20), deleteRequestId: values.requestId })
    .where(and(keyOf(row), eq(qbBillPayments.deletion, 'pending')))
    .returning({ qbBillId: qbBillPayments.qbBillId });
  return changed.length > 0;
}

/** The outcome of one attempt, only while the deletion is pending. Answers whether it changed. */
export async function settleDeletion(
  tx: Db,
  row: RowKey,
  values: { deletion: 'pending' | 'deleted' | 'failed'; error: string | null },
): Promise<boolean> {
  const changed = await tx
    .update(qbBillPayments)
    .set({ deletion: values.deletion, deleteError: values.error, updatedAt: new Date() })
    .where(and(keyOf(row), eq(qbBillPayments.deletion, 'pending')))
    .returning({ qbBillId: qbBillPayments.qbBillId });
  return changed.length > 0;
}

/**
 * 'Retry' of the approval's refused deletions: pending again with a new requestid (the old one
 * would be answered with the refusal again) and the SyncToken read afresh. Answers the rows reset,
 * with the error they had.
 */
export async function resetFailedDeletions(tx: Db, approvalId: string): Promise<QbBillPaymentRow[]> {
  const failed = await tx
    .select()
    .from(qbBillPayments)
    .where(and(eq(qbBillPayments.approvalId, approvalId), eq(qbBillPayments.deletion, 'failed')))
    .orderBy(asc(qbBillPayments.qbBillId))
    .for('update');
  const reset: QbBillPaymentRow[] = [];
  for (const row of failed) {
    // Each its own requestid: QuickBooks keeps one answer per requestid.
    const changed = await tx
      .update(qbBillPayments)
      .set({
        deletion: 'pending',
        deleteError: null,
        deleteRequestId: randomUUID(),
        deleteSyncToken: null,
        updatedAt: new Date(),
      })
      .where(and(keyOf(row), eq(qbBillPayments.deletion, 'failed')))
      .returning({ qbBillId: qbBillPayments.qbBillId });
    if (changed.length > 0) reset.push(row);
  }
  return reset;
}
