/**
 * A payment completed is recorded back in QuickBooks: the transaction that marks an approval's
 * payment completed also writes the BillPayment each paid QuickBooks bill is to get, and after it
 * commits the QuickBooks job is asked to send them.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { UserRow } from '../db/schema';
import { advancePaymentStatus } from '../modules/payments/payment-status.service';
import { queueQbBillPayments } from '../modules/quickbooks/qb-bill-payments';
import { requestBillPayments } from '../modules/quickbooks/qb-sync.jobs';

type PaymentStep = 'BANK_UPLOADED' | 'PAYMENT_COMPLETED';

/**
 * ADMIN marks the bank file uploaded, or the payment completed with, in the same transaction, the
 * BillPayments QuickBooks is to get. Answers how many BillPayments were written.
 */
export function markPayment(
  deps: Pick<AppDeps, 'db'>,
  actor: UserRow,
  approvalId: string,
  to: PaymentStep,
): Promise<{ qbBillPayments: number }> {
  return advancePaymentStatus(deps, actor, approvalId, to, queueQbBillPayments);
}

/** `markPayment`, then the QuickBooks job is asked to send what it wrote. */
export async function advancePayment(
  app: FastifyInstance,
  actor: UserRow,
  approvalId: string,
  to: PaymentStep,
): Promise<void> {
  const { qbBillPayments } = await markPayment(app, actor, approvalId, to);
  // After the commit: the BillPayments are written, so a failure here only delays them (the
  // minute's sweep queues pending ones again).
  if (qbBillPayments > 0) {
    await requestBillPayments(app, approvalId).catch((error: unknown) =>
      app.log.warn({ err: error, approvalId }, 'QuickBooks payments not queued'),
    );
  }
}
