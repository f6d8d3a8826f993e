import type { FastifyInstance } from 'fastify';
import {
  LoginAnswerSchema,
  LoginSchema,
  LogoutSchema,
  RefreshResultSchema,
  RefreshSchema,
  RegisterResultSchema,
  RegisterSchema,
  UserSchema,
  hasRole,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/http-error';
import { emptyOkSchema, okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { toUser } from '../users/user-dto';
import { createUser } from '../users/users.service';
import { login } from '../../flows/sign-in';
import { logout, refresh } from './auth.service';

const tags = ['Auth'];

/** /api/auth. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password (a person with a second factor gets a second step first)',
        tags,
        body: LoginSchema,
        response: { 200: okSchema(LoginAnswerSchema) },
      },
    },
    async (request) => ok(await login(app, request.body, request.ip, request.headers['user-agent'])),
  );

  app.post(
    '/refresh',
    {
      schema: {
        summary: 'Exchange a refresh token for a new token pair (the old one is spent)',
        tags,
        body: RefreshSchema,
        response: { 200: okSchema(RefreshResultSchema) },
      },
    },
    async (request) =>
      ok({
        tokens: await refresh(app, request.body.refreshToken, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      }),
  );

  // The access token is not required: signing out must work with an expired one.
  app.post(
    '/logout',
    {
      schema: {
        summary: 'Sign out: the given refresh token’s session ends',
        tags,
        body: LogoutSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await logout(app, request.body?.refreshToken);
      return ok(null);
    },
  );

  app.get(
    '/me',
    {
      onRequest: authenticate,
      schema: { summary: 'The signed-in user', tags, response: { 200: okSchema(UserSchema) } },
    },
    async (request) => ok(toUser(currentAuth(request).user)),
  );

  /**
   * Staff create accounts here (the console's "create user" posts to it). It deliberately does
   * NOT mint tokens: the caller is signed in as themselves, and handing them a session of the
   * person they just created would let a moderator act as that user. The answer carries the id,
   * which the console uses to open the new user's page.
   */
  app.post(
    '/register',
    {
      onRequest: requireRole('MODERATOR'),
      schema: {
        summary: 'Create a user account (staff)',
        tags,
        body: RegisterSchema,
        response: { 201: okSchema(RegisterResultSchema) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const actor = currentAuth(request).user;
      // Only an ADMIN creates MODERATOR or ADMIN accounts.
      if (hasRole(input.role, 'MODERATOR') && !hasRole(actor.role, 'ADMIN')) throw forbidden();
      const user = await createUser(app, actor, input);
      return reply.code(201).send(ok({ id: user.id, user: toUser(user) }));
    },
  );
}
