import type { FastifyInstance } from 'fastify';
import {
  FactorResetDoneSchema,
  FactorResetRefSchema,
  FactorResetStateSchema,
  IdParamSchema,
  USER_ERRORS,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { currentAuth, requireRole, requireStepUp } from '../../plugins/auth';
import {
  cancelFactorReset,
  confirmFactorReset,
  factorResetState,
  requestFactorReset,
} from './factor-reset.service';

const tags = ['Users'];
const userId = (id: number) => existingId(id, USER_ERRORS.notFound);

/**
 * /api/user/users/{id}/factor-reset: resetting another person's second factors takes two ADMINs
 * (one asks, a second confirms; both with a fresh factor of their own). ADMIN only, every route.
 */
export async function factorResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const admin = requireRole('ADMIN');

  app.get(
    '/users/:id/factor-reset',
    {
      onRequest: admin,
      schema: {
        summary: 'A person’s second factors (how many of each kind) and a reset waiting for a second ADMIN',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(FactorResetStateSchema) },
      },
    },
    async (request) => ok(await factorResetState(app.db, userId(request.params.id))),
  );

  app.post(
    '/users/:id/factor-reset',
    {
      onRequest: requireStepUp('ADMIN'),
      schema: {
        summary:
          'Ask for a reset of another person’s second factors and recovery codes (needs a step-up); it waits for a second ADMIN',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(FactorResetStateSchema) },
      },
    },
    async (request) =>
      ok(await requestFactorReset(app.db, currentAuth(request).user, userId(request.params.id))),
  );

  app.put(
    '/users/:id/factor-reset/confirm',
    {
      onRequest: requireStepUp('ADMIN'),
      schema: {
        summary:
          'Confirm the reset waiting (an ADMIN other than the asker; needs a step-up): the factors and recovery codes go and the person is signed out everywhere',
        tags,
        params: IdParamSchema,
        body: FactorResetRefSchema,
        response: { 200: okSchema(FactorResetDoneSchema) },
      },
    },
    async (request) =>
      ok(
        await confirmFactorReset(
          app,
          currentAuth(request).user,
          userId(request.params.id),
          request.body.requestId,
        ),
      ),
  );

  app.put(
    '/users/:id/factor-reset/cancel',
    {
      onRequest: admin,
      schema: {
        summary: 'Cancel the reset waiting (any ADMIN); the person keeps their second factors',
        tags,
        params: IdParamSchema,
        body: FactorResetRefSchema,
        response: { 200: okSchema(FactorResetStateSchema) },
      },
    },
    async (request) =>
      ok(
        await cancelFactorReset(
          app.db,
          currentAuth(request).user,
          userId(request.params.id),
          request.body.requestId,
        ),
      ),
  );
}
