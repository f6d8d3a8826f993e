import type { FastifyInstance } from 'fastify';
import {
  ApprovalIdParamSchema,
  BankReturnUploadSchema,
  BankSimulatorStatusSchema,
  SimulateReturnBodySchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireStepUp } from '../../plugins/auth';
import { applyReturnFileToQuickBooks } from '../../flows/bank-returns';
import { simulateReturn } from './bank-simulator.service';

const tags = ['Payments'];

/** GET /api/bank-returns/simulator: whether the demo's bank simulator is on; it always answers. */
export async function bankSimulatorStatusRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '/simulator',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Whether the demo’s bank simulator is on (BANK_SIMULATOR=on), so the console offers it',
        tags,
        response: { 200: okSchema(BankSimulatorStatusSchema) },
      },
    },
    async () => ok({ available: app.config.bankSimulator }),
  );
}

/**
 * POST /api/bill-approval/approvals/{id}/simulate-return: the demo's bank returns these bills of
 * the approval's bank file with this code, applied as an uploaded return file (ADMIN with a fresh
 * second factor, as the upload). 404 while BANK_SIMULATOR is off.
 */
export async function bankSimulatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.post(
    '/approvals/:id/simulate-return',
    {
      onRequest: requireStepUp('ADMIN'),
      schema: {
        summary:
          'Demo only (BANK_SIMULATOR=on): the bank returns these bills of the approval’s bank file with this R-code, applied as an uploaded return file',
        tags,
        params: ApprovalIdParamSchema,
        body: SimulateReturnBodySchema,
        response: { 200: okSchema(BankReturnUploadSchema) },
      },
    },
    async (request) =>
      ok(
        await simulateReturn(
          app,
          currentAuth(request).user,
          request.params.id,
          request.body,
          applyReturnFileToQuickBooks,
        ),
      ),
  );
}
