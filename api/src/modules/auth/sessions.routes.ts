import type { FastifyInstance } from 'fastify';
import {
  IdParamSchema,
  SessionIdParamSchema,
  SessionListSchema,
  SessionsEndedSchema,
  USER_ERRORS,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { endOtherSessions, endSession, endUserSessions, listSessions } from './sessions.service';

const tags = ['Auth'];

/** /api/auth/sessions: the signed-in person's own sessions (every role). */
export async function sessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/sessions',
    {
      onRequest: authenticate,
      schema: {
        summary: 'The signed-in person’s sessions: device, address, sign-in and last use',
        tags,
        response: { 200: okSchema(SessionListSchema) },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      return ok(await listSessions(app, user, sessionId));
    },
  );

  app.delete(
    '/sessions/:id',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Sign one of the signed-in person’s sessions out',
        tags,
        params: SessionIdParamSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await endSession(app, currentAuth(request).user, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Sign every other session of the signed-in person out (this one goes on)',
        tags,
        response: { 200: okSchema(SessionsEndedSchema) },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      return ok(await endOtherSessions(app, user, sessionId));
    },
  );
}

/** /api/user/users/{id}/sessions/end: an ADMIN ends every session of an account. */
export async function userSessionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/users/:id/sessions/end',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        summary: 'End every session of a user (their open consoles are signed out at once)',
        tags: ['Users'],
        params: IdParamSchema,
        response: { 200: okSchema(SessionsEndedSchema) },
      },
    },
    async (request) =>
      ok(
        await endUserSessions(
          app,
          currentAuth(request).user,
          existingId(request.params.id, USER_ERRORS.notFound),
        ),
      ),
  );
}
