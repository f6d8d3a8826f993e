import type { FastifyInstance } from 'fastify';
import { ApprovalIdParamSchema } from 'shared-contracts';
import * as v from 'valibot';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { currentAuth, requireRole } from '../../plugins/auth';
import { retryBillPayments } from './qb-bill-payments';
import { requestBillPayments } from './qb-sync.jobs';

const tags = ['Payments'];

/**
 * /api/bill-approval: sending a completed payment's BillPayments to QuickBooks again, or the
 * deletions of those whose payment the bank returned (ADMIN).
 */
export async function qbBillPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/approvals/:id/qb-bill-payments/retry',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        summary:
          'Retry recording the paid bills in QuickBooks: refused BillPayments, and refused deletions of returned ones, are sent again with a new requestid, waiting ones with their own',
        tags,
        params: ApprovalIdParamSchema,
        response: { 200: okSchema(v.object({ sending: v.number() })) },
      },
    },
    async (request) => {
      const sending = await retryBillPayments(app, currentAuth(request).user, request.params.id);
      // After the commit; a failure to queue only delays them (the minute's sweep sends pending ones).
      await requestBillPayments(app, request.params.id).catch((error: unknown) =>
        app.log.warn({ err: error, approvalId: request.params.id }, 'QuickBooks payments not queued'),
      );
      return ok({ sending });
    },
  );
}
