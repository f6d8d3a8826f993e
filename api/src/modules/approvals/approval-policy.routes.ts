import type { FastifyInstance } from 'fastify';
import {
  ApprovalPolicySchema,
  COMPANY_ERRORS,
  IdParamSchema,
  OutOfOfficeAnswerSchema,
  OutOfOfficeSchema,
  PolicyChangeRefSchema,
  PolicySaveSchema,
  PolicySimulationInputSchema,
  PolicySimulationSchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole, requireStepUp } from '../../plugins/auth';
import { simulatePolicy } from './approval-policy.service';
import { setOutOfOffice } from './out-of-office.service';
import { confirmPolicyChange, discardPolicyChange, getPolicy, proposePolicy } from './policy-changes.service';

const tags = ['Approval policies'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/**
 * /api/company/companies/{id}/approval-policy: read (every signed-in role); propose a change, discard
 * one and try a bill (MODERATOR and up); confirm a change someone else proposed (ADMIN).
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
      // Who approves what decides where money goes: a fresh second factor, as for bank accounts.
      onRequest: requireStepUp('MODERATOR'),
      schema: {
        summary:
          'Propose a change of the approval policy: it applies once an ADMIN other than you confirms it (replaces a change waiting)',
        tags,
        params: IdParamSchema,
        body: PolicySaveSchema,
        response: { 200: okSchema(ApprovalPolicySchema) },
      },
    },
    async (request) =>
      ok(
        await proposePolicy(
          app.db,
          currentAuth(request).user,
          companyId(request.params.id),
          request.body,
          app.config.policyAdminStepFrom,
        ),
      ),
  );

  app.put(
    '/companies/:id/approval-policy/pending/confirm',
    {
      onRequest: requireStepUp('ADMIN'),
      schema: {
        summary: 'Confirm the change waiting (an ADMIN other than its author): it becomes the next version',
        tags,
        params: IdParamSchema,
        body: PolicyChangeRefSchema,
        response: { 200: okSchema(ApprovalPolicySchema) },
      },
    },
    async (request) =>
      ok(
        await confirmPolicyChange(
          app.db,
          currentAuth(request).user,
          companyId(request.params.id),
          request.body.changeId,
          app.config.policyAdminStepFrom,
        ),
      ),
  );

  app.put(
    '/companies/:id/approval-policy/pending/discard',
    {
      onRequest: moderator,
      schema: {
        summary: 'Discard the change waiting (its author or an ADMIN); the policy stays as it is',
        tags,
        params: IdParamSchema,
        body: PolicyChangeRefSchema,
        response: { 200: okSchema(ApprovalPolicySchema) },
      },
    },
    async (request) =>
      ok(
        await discardPolicyChange(
          app.db,
          currentAuth(request).user,
          companyId(request.params.id),
          request.body.changeId,
        ),
      ),
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

/**
 * /api/user/users/{id}/out-of-office: a user's absence and delegate, set by the user themselves or
 * an ADMIN (USER and up: a GUEST decides nothing, so has nobody to delegate to).
 */
export async function outOfOfficeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.put(
    '/users/:id/out-of-office',
    {
      // A delegate decides payments in the person's place: naming one needs a fresh second factor.
      onRequest: requireStepUp('USER'),
      schema: {
        summary: 'Set or end an out-of-office period and its delegate (yourself, or anyone as ADMIN)',
        tags,
        params: IdParamSchema,
        body: OutOfOfficeSchema,
        response: { 200: okSchema(OutOfOfficeAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await setOutOfOffice(
          app.db,
          currentAuth(request).user,
          existingId(request.params.id, 'User not found'),
          request.body,
        ),
      ),
  );
}
