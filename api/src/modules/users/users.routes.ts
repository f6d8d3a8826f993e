import type { FastifyInstance } from 'fastify';
import { ChangePasswordSchema } from 'shared-contracts';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth } from '../../plugins/auth';
import { changePassword } from './users.service';

/** /api/user (SPEC §7 "Users"); the user administration endpoints join this module later. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  app.put('/password', { preHandler: authenticate }, async (request) => {
    const input = parseInput(ChangePasswordSchema, request.body);
    const { user, sessionId } = currentAuth(request);
    await changePassword(app, user, sessionId, input);
    return ok(null);
  });
}
