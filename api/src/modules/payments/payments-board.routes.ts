import type { FastifyInstance } from 'fastify';
import { PAYMENTS_BOARD_PAID_DAYS, PAYMENTS_BOARD_SHOWN, PaymentsBoardSchema } from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { requireRole } from '../../plugins/auth';
import { paymentsBoard } from './payments-board.repository';

/**
 * GET /api/bill-approval/payments-board: approved payments by where they stand. For MODERATOR and
 * up, as the Bank returns page and the bank files are read; the next step of each is taken on the
 * approval's page by whoever may take it.
 */
export async function paymentsBoardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '/payments-board',
    {
      onRequest: requireRole('MODERATOR'),
      schema: {
        summary: 'Approved payments by status: Approved, File generated, Uploaded, Paid',
        description: `Per column the number of approvals, their approved amount in cents and the first ${PAYMENTS_BOARD_SHOWN} (the oldest first; in Paid the latest paid first). Paid counts the payments completed in the last ${PAYMENTS_BOARD_PAID_DAYS} days.`,
        tags: ['Payments'],
        response: { 200: okSchema(PaymentsBoardSchema) },
      },
    },
    async () => ok(await paymentsBoard(app.db, app.now())),
  );
}
