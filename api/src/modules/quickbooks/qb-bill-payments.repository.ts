/**
 * The BillPayments recorded back in QuickBooks (table qb_bill_payments): one row per paid bill
 * that came from QuickBooks, written with the approval's PAYMENT_COMPLETED and then sent by the
 * 'qb-bill-payment' job (qb-bill-payments.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  approvals,
  qbBillPayments,
  qbImportedBills,
  type ApprovalRow,
  type QbBillPaymentRow,
} from '../../db/schema';

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * Inside the PAYMENT_COMPLETED transaction: a pending BillPayment for each approved bill that was
 * imported into this approval from QuickBooks, dated `txnDate`, each with its own requestid. A bill
 * that has one already keeps it (the primary key). Answers how many were written.
 */
export async function queueQbBillPayments(tx: Db, row: ApprovalRow, txnDate: string): Promise<number> {
  const bills = row.approvedBills ?? [];
  if (bills.length === 0) return 0;
  const imported = await tx
    .select({ qbBillId: qbImportedBills.qbBillId })
    .from(qbImportedBills)
    .where(
      and(
        eq(qbImportedBills.companyId, row.companyId),
        eq(qbImportedBills.approvalId, row.id),
        inArray(
          qbImportedBills.qbBillId,
          bills.map((bill) => bill.Id),
        ),
      ),
    );
  const fromQuickBooks = new Set(imported.map((entry) => entry.qbBillId));
  const values = bills
    .filter((bill) => fromQuickBooks.has(bill.Id))
    .map((bill) => ({
      companyId: row.companyId,
      qbBillId: bill.Id,
      approvalId: row.id,
      docNumber: bill.DocNumber?.slice(0, 64) ?? null,
      vendorRef: bill.VendorRef?.value ?? null,
      amountCents: toCents(bill.TotalAmt),
      txnDate,
      requestId: randomUUID(),
    }));
  if (values.length === 0) return 0;
  const written = await tx
    .insert(qbBillPayments)
    .values(values)
    .onConflictDoNothing()
    .returning({ qbBillId: qbBillPayments.qbBillId });
  return written.length;
}

/** The approval's payments still to send (a returned bill's are not), in bill id order. */
export async function pendingQbBillPayments(db: Db, approvalId: string): Promise<QbBillPaymentRow[]> {
  return db
    .select()
    .from(qbBillPayments)
    .where(
      and(
        eq(qbBillPayments.approvalId, approvalId),
        eq(qbBillPayments.status, 'pending'),
        isNull(qbBillPayments.deletion),
      ),
    )
    .orderBy(asc(qbBillPayments.qbBillId));
}

/** Whether the row is still to be sent (pending, its bill not returned). */
export async function stillToSend(db: Db, row: Pick<QbBillPaymentRow, 'companyId' | 'qbBillId'>) {
  const [found] = await db
    .select({ qbBillId: qbBillPayments.qbBillId })
    .from(qbBillPayments)
    .where(
      and(
        eq(qbBillPayments.companyId, row.companyId),
        eq(qbBillPayments.qbBillId, row.qbBillId),
        eq(qbBillPayments.status, 'pending'),
        isNull(qbBillPayments.deletion),
      ),
    );
  return found !== undefined;
}

/**
 * Approvals with a payment, or the deletion of one, still pending that nobody has tried for
 * `olderThanMs` (the sweep).
 */
export async function approvalsWithStalePayments(
  db: Db,
  olderThanMs: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ approvalId: qbBillPayments.approvalId })
    .from(qbBillPayments)
    .where(
      and(
        or(
          and(eq(qbBillPayments.status, 'pending'), isNull(qbBillPayments.deletion)),
          eq(qbBillPayments.deletion, 'pending'),
        ),
        lt(qbBillPayments.updatedAt, new Date(Date.now() - olderThanMs)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.approvalId);
}

/**
 * The outcome of one attempt, only while the row is still pending and its bill was not returned
 * meanwhile (a second run of the job that finished first changes nothing; createdAfterReturn
 * takes a payment created for a returned bill). Answers whether this call changed it.
 */
export async function settleQbBillPayment(
  tx: Db,
  row: Pick<QbBillPaymentRow, 'companyId' | 'qbBillId'>,
  values: { status: 'pending' | 'created' | 'failed'; qbPaymentId?: string | null; error: string | null },
): Promise<boolean> {
  const changed = await tx
    .update(qbBillPayments)
    .set({
      status: values.status,
      qbPaymentId: values.qbPaymentId ?? null,
      error: values.error,
      attempts: sql`${qbBillPayments.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(qbBillPayments.companyId, row.companyId),
        eq(qbBillPayments.qbBillId, row.qbBillId),
        eq(qbBillPayments.status, 'pending'),
        isNull(qbBillPayments.deletion),
      ),
    )
    .returning({ qbBillId: qbBillPayments.qbBillId });
  return changed.length > 0;
}

/**
 * 'Retry' of the approval's refused BillPayments: each failed row is pending again with a new
 * requestid. QuickBooks answers a requestid it has seen with its first answer (the refusal) again,
 * and a refusal created nothing, so a new one cannot pay the bill twice; a row stays once per
 * attempt because the update is conditional on 'failed' (two Retry clicks reset it once). Answers
 * the rows reset, with the error they had.
 */
export async function resetFailedQbBillPayments(
  tx: Db,
  approvalId: string,
): Promise<Array<Pick<QbBillPaymentRow, 'qbBillId' | 'docNumber' | 'amountCents' | 'error'>>> {
  const failed = await tx
    .select()
    .from(qbBillPayments)
    .where(
      and(
        eq(qbBillPayments.approvalId, approvalId),
        eq(qbBillPayments.status, 'failed'),
        // A returned bill's payment is not to be made any more.
        isNull(qbBillPayments.deletion),
      ),
    )
    .orderBy(asc(qbBillPayments.qbBillId))
    .for('update');
  const reset = [];
  for (const row of failed) {
    const changed = await tx
      .update(qbBillPayments)
      .set({
        status: 'pending',
        error: null,
        qbPaymentId: null,
        requestId: randomUUID(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(qbBillPayments.companyId, row.companyId),
          eq(qbBillPayments.qbBillId, row.qbBillId),
          eq(qbBillPayments.status, 'failed'),
          isNull(qbBillPayments.deletion),
        ),
      )
      .returning({ qbBillId: qbBillPayments.qbBillId });
    if (changed.length > 0) reset.push(row);
  }
  return reset;
}

/** The approval's row, locked FOR UPDATE until the transaction ends; undefined when it is gone. */
export async function lockApproval(tx: Db, id: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(eq(approvals.id, id))
    .for('update');
  return row;
}
