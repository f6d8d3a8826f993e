/**
 * A return file applied reaches QuickBooks: the payments module applies the returns in its own
 * transaction, and after it commits the BillPayments recorded in QuickBooks for the returned bills
 * are queued for deletion there (and those not yet sent are cancelled), so each bill is open again
 * in QuickBooks. Neither module knows the other; they meet here.
 */
import type { FastifyInstance } from 'fastify';
import type { BankReturnUpload } from 'shared-contracts';
import type { UserRow } from '../db/schema';
import { applyReturnFile } from '../modules/payments/bank-returns.service';
import { queueBillPaymentDeletions } from '../modules/quickbooks/qb-bill-payment-deletions';
import { requestBillPayments } from '../modules/quickbooks/qb-sync.jobs';

/**
 * ADMIN applies a return file (applyReturnFile), then each RETURNED line's BillPayment is queued
 * for deletion in QuickBooks. The file stays applied whatever happens after its commit: queueing
 * changes a row once, so the same file uploaded again (answered 'already applied') queues what a
 * failure here left out.
 */
export async function applyReturnFileToQuickBooks(
  app: FastifyInstance,
  actor: UserRow,
  upload: { fileName: string; bytes: Buffer },
): Promise<BankReturnUpload> {
  const result = await applyReturnFile(app, actor, upload);
  const returned = result.file.lines.flatMap((line) =>
    line.outcome === 'RETURNED' && line.approvalId && line.billId
      ? [{ approvalId: line.approvalId, billId: line.billId }]
      : [],
  );
  try {
    for (const approvalId of await queueBillPaymentDeletions(app, actor, returned)) {
      await requestBillPayments(app, approvalId);
    }
  } catch (error) {
    app.log.error({ err: error, file: result.file.id }, 'QuickBooks bill payment deletions not queued');
  }
  return result;
}
