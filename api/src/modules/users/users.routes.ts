import type { FastifyInstance } from 'fastify';
import { ChangePasswordSchema, UserListQuerySchema } from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth } from '../../plugins/auth';
import { toUser } from './user-dto';
import { listUsers } from './users.repository';
import { changePassword } from './users.service';

/** /api/user (SPEC §7 "Users"); the user administration endpoints join this module later. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  // The user list and the assignee pickers (e.g. role=ADMIN,MODERATOR,USER&isActive=true&limit=100).
  app.get('/users', { preHandler: authenticate }, async (request) => {
    const query = parseInput(UserListQuerySchema, request.query, 'query');
    const { rows, total } = await listUsers(app.db, query);
    return paged(rows.map(toUser), total, query.page, query.limit);
  });

  app.put('/password', { preHandler: authenticate }, async (request) => {
    const input = parseInput(ChangePasswordSchema, request.body);
    const { user, sessionId } = currentAuth(request);
    await changePassword(app, user, sessionId, input, request.ip);
    return ok(null);
  });
}
