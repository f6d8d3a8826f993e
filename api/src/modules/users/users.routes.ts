import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChangePasswordSchema,
  IdParamSchema,
  ProfileUpdateSchema,
  USER_ERRORS,
  UserListQuerySchema,
  UserRoleSchema,
  UserStatisticsQuerySchema,
  UserUpdateSchema,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { notFound } from '../../http/http-error';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { toUser } from './user-dto';
import { listUsers, overviewStats } from './users.repository';
import {
  changePassword,
  changeUserRole,
  deleteUser,
  getUser,
  getUserStatistics,
  setUserActive,
  updateProfile,
  updateUserDetails,
} from './users.service';

/** Largest value of an integer id column: anything above cannot exist. */
const ID_MAX = 2_147_483_647;

const userId = (request: FastifyRequest) => {
  const { id } = parseInput(IdParamSchema, request.params, 'params');
  if (id > ID_MAX) throw notFound(USER_ERRORS.notFound);
  return id;
};

/**
 * /api/user (SPEC §7 "Users"). Reads are open to every signed-in role; edit, activate and
 * deactivate need MODERATOR (and ADMIN for MODERATOR and ADMIN accounts); role changes and
 * deletes need ADMIN (DESIGN "Access"). Creation is POST /api/auth/register.
 */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const moderator = { preHandler: requireRole('MODERATOR') };

  // The user list and the assignee pickers (e.g. role=ADMIN,MODERATOR,USER&isActive=true&limit=100).
  app.get('/users', { preHandler: authenticate }, async (request) => {
    const query = parseInput(UserListQuerySchema, request.query, 'query');
    const { rows, total } = await listUsers(app.db, query);
    return paged(rows.map(toUser), total, query.page, query.limit);
  });

  app.get('/users/:id', { preHandler: authenticate }, async (request) =>
    ok(await getUser(app.db, userId(request))),
  );

  app.put('/users/:id', moderator, async (request) => {
    const id = userId(request);
    const input = parseInput(UserUpdateSchema, request.body);
    return ok(await updateUserDetails(app, currentAuth(request).user, id, input));
  });

  app.delete('/users/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    await deleteUser(app, currentAuth(request).user, userId(request));
    return ok(null);
  });

  app.put('/users/:id/reactivate', moderator, async (request) =>
    ok(await setUserActive(app, currentAuth(request).user, userId(request), true)),
  );

  app.put('/users/:id/deactivate', moderator, async (request) =>
    ok(await setUserActive(app, currentAuth(request).user, userId(request), false)),
  );

  app.put('/users/:id/role', { preHandler: requireRole('ADMIN') }, async (request) => {
    const id = userId(request);
    const { role } = parseInput(UserRoleSchema, request.body);
    return ok(await changeUserRole(app, currentAuth(request).user, id, role));
  });

  // Per-user activity of the detail page; without userId, the caller's own.
  app.get('/statistics', { preHandler: authenticate }, async (request) => {
    const query = parseInput(UserStatisticsQuerySchema, request.query, 'query');
    return ok(await getUserStatistics(app.db, query.userId ?? currentAuth(request).user.id));
  });

  app.get('/overview-stats', { preHandler: authenticate }, async () => ok(await overviewStats(app.db)));

  app.get('/profile', { preHandler: authenticate }, async (request) => ok(toUser(currentAuth(request).user)));

  app.put('/profile', { preHandler: authenticate }, async (request) => {
    const input = parseInput(ProfileUpdateSchema, request.body);
    return ok(await updateProfile(app, currentAuth(request).user, input));
  });

  app.put('/password', { preHandler: authenticate }, async (request) => {
    const input = parseInput(ChangePasswordSchema, request.body);
    const { user, sessionId } = currentAuth(request);
    await changePassword(app, user, sessionId, input, request.ip);
    return ok(null);
  });
}
