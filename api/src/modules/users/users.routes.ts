import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordSchema,
  IdParamSchema,
  USER_PEOPLE_SORT_FIELDS,
  PaymentDecisionsGrantSchema,
  ProfileUpdateSchema,
  USER_ERRORS,
  UserActivityStatsSchema,
  UserListQuerySchema,
  UserOverviewStatsSchema,
  UserRoleSchema,
  UserSchema,
  UserStatisticsQuerySchema,
  UserUpdateSchema,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole, requireStepUp } from '../../plugins/auth';
import { managesPeople, toUser, userFor } from './user-dto';
import { listUsers, overviewStats } from './users.repository';
import { changePassword, getUser, getUserStatistics, updateProfile } from './users.service';
import {
  changeUserRole,
  deleteUser,
  setPaymentDecisions,
  setUserActive,
  updateUserDetails,
} from '../../flows/people-changes';

const tags = ['Users'];
const userId = (id: number) => existingId(id, USER_ERRORS.notFound);

/**
 * /api/user. Reads are open to every signed-in role, but a GUEST or USER reading someone else is
 * not told their sign-ins, away window and delegate, registrar or payment grant (userFor). Edit,
 * activate and deactivate need MODERATOR (and ADMIN for MODERATOR and ADMIN accounts); role
 * changes and deletes need ADMIN. Creation is POST /api/auth/register. Authorisation runs at
 * onRequest, before validation.
 */
export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const moderator = requireRole('MODERATOR');
  const admin = requireRole('ADMIN');
  // A role, or the right to decide payments, is power over money: granting it needs a fresh factor.
  const adminWithFreshFactor = requireStepUp('ADMIN');

  // The user list and the assignee pickers (e.g. role=ADMIN,MODERATOR,USER&isActive=true&limit=100).
  app.get(
    '/users',
    {
      onRequest: authenticate,
      schema: {
        summary: 'List users (filter, sort, page); also the assignee pickers',
        tags,
        querystring: UserListQuerySchema,
        response: { 200: pagedSchema(UserSchema) },
      },
    },
    async (request) => {
      const viewer = currentAuth(request).user;
      // Sorted by last sign-in, the list would tell who signs in when even without the dates: for
      // those not told them, that sort is the list's default order.
      const query =
        managesPeople(viewer) || !USER_PEOPLE_SORT_FIELDS.includes(request.query.sortBy)
          ? request.query
          : { ...request.query, sortBy: 'createdAt' as const, sortOrder: 'desc' as const };
      const { rows, total } = await listUsers(app.db, query);
      return paged(
        rows.map((row) => userFor(viewer, toUser(row))),
        total,
        query.page,
        query.limit,
      );
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Read a user',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(UserSchema) },
      },
    },
    async (request) =>
      ok(userFor(currentAuth(request).user, await getUser(app.db, userId(request.params.id)))),
  );

  app.put(
    '/users/:id',
    {
      onRequest: moderator,
      schema: {
        summary: 'Edit a user (MODERATOR and ADMIN accounts: ADMIN only)',
        tags,
        params: IdParamSchema,
        body: UserUpdateSchema,
        response: { 200: okSchema(UserSchema) },
      },
    },
    async (request) =>
      ok(await updateUserDetails(app, currentAuth(request).user, userId(request.params.id), request.body)),
  );

  app.put(
    '/users/:id/payment-decisions',
    {
      onRequest: adminWithFreshFactor,
      schema: {
        summary: 'Allow or stop a user deciding payments (approve and reject)',
        tags,
        params: IdParamSchema,
        body: PaymentDecisionsGrantSchema,
        response: { 200: okSchema(UserSchema) },
      },
    },
    async (request) =>
      ok(
        await setPaymentDecisions(
          app,
          currentAuth(request).user,
          userId(request.params.id),
          request.body.allowed,
        ),
      ),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: admin,
      schema: { summary: 'Delete a user', tags, params: IdParamSchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await deleteUser(app, currentAuth(request).user, userId(request.params.id));
      return ok(null);
    },
  );

  for (const [path, active, summary] of [
    ['reactivate', true, 'Reactivate a user'],
    ['deactivate', false, 'Deactivate a user (their sessions end)'],
  ] as const) {
    app.put(
      `/users/:id/${path}`,
      {
        onRequest: moderator,
        schema: { summary, tags, params: IdParamSchema, response: { 200: okSchema(UserSchema) } },
      },
      async (request) =>
        ok(await setUserActive(app, currentAuth(request).user, userId(request.params.id), active)),
    );
  }

  app.put(
    '/users/:id/role',
    {
      onRequest: adminWithFreshFactor,
      schema: {
        summary: "Change a user's role",
        tags,
        params: IdParamSchema,
        body: UserRoleSchema,
        response: { 200: okSchema(UserSchema) },
      },
    },
    async (request) =>
      ok(await changeUserRole(app, currentAuth(request).user, userId(request.params.id), request.body.role)),
  );

  // Per-user activity of the detail page; without userId, the caller's own.
  app.get(
    '/statistics',
    {
      onRequest: authenticate,
      schema: {
        summary:
          "A user's activity statistics (without userId: the caller's own; sign-in counts and time for oneself and MODERATOR and up, the last sign-in's address and browser for oneself and ADMIN)",
        tags,
        querystring: UserStatisticsQuerySchema,
        response: { 200: okSchema(UserActivityStatsSchema) },
      },
    },
    async (request) => {
      const viewer = currentAuth(request).user;
      return ok(await getUserStatistics(app.db, viewer, request.query.userId ?? viewer.id));
    },
  );

  app.get(
    '/overview-stats',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Counts of the user overview (totals, new this month, recently active, by role)',
        tags,
        response: { 200: okSchema(UserOverviewStatsSchema) },
      },
    },
    async () => ok(await overviewStats(app.db)),
  );

  app.get(
    '/profile',
    {
      onRequest: authenticate,
      schema: { summary: 'The signed-in user’s own account', tags, response: { 200: okSchema(UserSchema) } },
    },
    async (request) => ok(toUser(currentAuth(request).user)),
  );

  app.put(
    '/profile',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Change the signed-in user’s own names',
        tags,
        body: ProfileUpdateSchema,
        response: { 200: okSchema(UserSchema) },
      },
    },
    async (request) => ok(await updateProfile(app, currentAuth(request).user, request.body)),
  );

  app.put(
    '/password',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Change the signed-in user’s password (other sessions end; throttled like sign-in)',
        tags,
        body: ChangePasswordSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = currentAuth(request);
      await changePassword(app, user, sessionId, request.body, request.ip);
      return ok(null);
    },
  );
}
