import type { FastifyInstance } from 'fastify';
import { LoginSchema, LogoutSchema, RefreshSchema, RegisterSchema, hasRole } from 'shared-contracts';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/http-error';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { toUser } from '../users/user-dto';
import { createUser } from '../users/users.service';
import { login, logout, refresh } from './auth.service';

/** /api/auth (SPEC §7 "Auth"). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/login', async (request) => {
    const input = parseInput(LoginSchema, request.body);
    return ok(await login(app, input, request.ip, request.headers['user-agent']));
  });

  app.post('/refresh', async (request) => {
    const { refreshToken } = parseInput(RefreshSchema, request.body);
    return ok({ tokens: await refresh(app, refreshToken) });
  });

  // The access token is not required: signing out must work with an expired one.
  app.post('/logout', async (request) => {
    const input = parseInput(LogoutSchema, request.body);
    await logout(app, input?.refreshToken);
    return ok(null);
  });

  app.get('/me', { preHandler: authenticate }, async (request) => ok(toUser(currentAuth(request).user)));

  /**
   * Staff create accounts here (the console's "create user" posts to it). It deliberately does
   * NOT mint tokens: the caller is signed in as themselves, and handing them a session of the
   * person they just created would let a moderator act as that user. The answer carries the id,
   * which the console uses to open the new user's page.
   */
  app.post('/register', { preHandler: requireRole('MODERATOR') }, async (request, reply) => {
    const input = parseInput(RegisterSchema, request.body);
    const actor = currentAuth(request).user;
    // DESIGN "Access": only an ADMIN creates MODERATOR or ADMIN accounts.
    if (hasRole(input.role, 'MODERATOR') && !hasRole(actor.role, 'ADMIN')) throw forbidden();
    const user = await createUser(app, actor, input);
    return reply.code(201).send(ok({ id: user.id, user: toUser(user) }));
  });
}
