import type { FastifyInstance } from 'fastify';
import {
  ApprovalPolicySchema,
  COMPANY_ERRORS,
  IdParamSchema,
  PolicySaveSchema,
  PolicySimulationInputSchema,
  PolicySimulationSchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { getPolicy, savePolicy, simulatePolicy } from './approval-policy.service';

const tags = ['Approval policies'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/**
 * /api/company/companies/{id}/approval-policy: read (every signed-in role), save a new version and
 * try a bill against it (MODERATOR and up).
 */
export async function approvalPolicyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const moderator = requireRole('MODERATOR');

  app.get(
    '/companies/:id/approval-policy',
    {
      onRequest: authenticate,
      schema: {
        summary: "A company's approval policy now (version 0: the default), with its summary",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(ApprovalPolicySchema) },
      },
    },
    async (request) => ok(await getPolicy(app.db, companyId(request.params.id))),
  );

  app.put(
    '/companies/:id/approval-policy',
    {
      onRequest: moderator,
      schema: {
        summary: 'Save the approval policy as a new version (approvals in flight keep theirs)',
        tags,
        params: IdParamSchema,
        body: PolicySaveSchema,
        response: { 200: okSchema(ApprovalPolicySchema) },
      },
    },
    async (request) =>
      ok(await savePolicy(app.db, currentAuth(request).user, companyId(request.params.id), request.body)),
  );

  app.post(
    '/companies/:id/approval-policy/simulate',
    {
      onRequest: moderator,
      schema: {
        summary:
          'Try a bill: the rule it matches and who could approve each step now (saved policy or a draft)',
        tags,
        params: IdParamSchema,
        body: PolicySimulationInputSchema,
        response: { 200: okSchema(PolicySimulationSchema) },
      },
    },
    async (request) => ok(await simulatePolicy(app.db, companyId(request.params.id), request.body)),
  );
}
