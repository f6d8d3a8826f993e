import type { FastifyInstance } from 'fastify';
import {
  IdParamSchema,
  MANAGER_ERRORS,
  ManagerCreateSchema,
  ManagerLinkUserSchema,
  ManagerListQuerySchema,
  ManagerSchema,
  ManagerSearchQuerySchema,
  ManagerUpdateSchema,
} from 'shared-contracts';
import * as v from 'valibot';
import { ok, paged } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { listManagers, searchManagers } from './managers.repository';
import { createManager, getManager } from './managers.service';
import {
  deleteManager,
  linkManagerUser,
  unlinkManagerUser,
  updateManagerDetails,
} from '../../flows/people-changes';

const tags = ['Managers'];
const managerId = (id: number) => existingId(id, MANAGER_ERRORS.notFound);

/**
 * /api/manager. Reads are open to every signed-in role; create, edit, link
 * and unlink need MODERATOR; delete needs ADMIN. Authorisation runs at
 * onRequest, before validation.
 */
export async function managersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const moderator = requireRole('MODERATOR');

  app.get(
    '/managers',
    {
      onRequest: authenticate,
      schema: {
        summary: 'List managers (filter, sort, page)',
        tags,
        querystring: ManagerListQuerySchema,
        response: { 200: pagedSchema(ManagerSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listManagers(app.db, query);
      return paged(rows, total, query.page, query.limit);
    },
  );

  app.get(
    '/managers/search',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Find managers by name, e-mail or title (pickers)',
        tags,
        querystring: ManagerSearchQuerySchema,
        response: { 200: okSchema(v.array(ManagerSchema)) },
      },
    },
    async (request) => ok(await searchManagers(app.db, request.query.q, request.query.limit)),
  );

  app.post(
    '/managers',
    {
      onRequest: moderator,
      schema: {
        summary: 'Create a manager',
        tags,
        body: ManagerCreateSchema,
        response: { 201: okSchema(ManagerSchema) },
      },
    },
    async (request, reply) => {
      const manager = await createManager(app, currentAuth(request).user, request.body);
      return reply.code(201).send(ok(manager));
    },
  );

  app.get(
    '/managers/:id',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Read a manager',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(ManagerSchema) },
      },
    },
    async (request) => ok(await getManager(app.db, managerId(request.params.id))),
  );

  app.put(
    '/managers/:id',
    {
      onRequest: moderator,
      schema: {
        summary: 'Edit a manager (only the fields sent; userId null unlinks)',
        tags,
        params: IdParamSchema,
        body: ManagerUpdateSchema,
        response: { 200: okSchema(ManagerSchema) },
      },
    },
    async (request) =>
      ok(
        await updateManagerDetails(
          app,
          currentAuth(request).user,
          managerId(request.params.id),
          request.body,
        ),
      ),
  );

  app.delete(
    '/managers/:id',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        summary: 'Delete a manager (its companies lose their manager)',
        tags,
        params: IdParamSchema,
        response: { 200: emptyOkSchema },
      },
    },
    async (request) => {
      await deleteManager(app, currentAuth(request).user, managerId(request.params.id));
      return ok(null);
    },
  );

  app.put(
    '/managers/:id/link-user',
    {
      onRequest: moderator,
      schema: {
        summary: 'Link a user account to a manager (a user belongs to at most one manager)',
        tags,
        params: IdParamSchema,
        body: ManagerLinkUserSchema,
        response: { 200: okSchema(ManagerSchema) },
      },
    },
    async (request) =>
      ok(
        await linkManagerUser(
          app,
          currentAuth(request).user,
          managerId(request.params.id),
          request.body.userId,
        ),
      ),
  );

  app.put(
    '/managers/:id/unlink-user',
    {
      onRequest: moderator,
      schema: {
        summary: "Unlink a manager's user account",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(ManagerSchema) },
      },
    },
    async (request) =>
      ok(await unlinkManagerUser(app, currentAuth(request).user, managerId(request.params.id))),
  );
}
