import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ID_MAX,
  IdParamSchema,
  MANAGER_ERRORS,
  ManagerCreateSchema,
  ManagerLinkUserSchema,
  ManagerListQuerySchema,
  ManagerSearchQuerySchema,
  ManagerUpdateSchema,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { notFound } from '../../http/http-error';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { listManagers, searchManagers } from './managers.repository';
import {
  createManager,
  deleteManager,
  getManager,
  linkManagerUser,
  unlinkManagerUser,
  updateManagerDetails,
} from './managers.service';

const managerId = (request: FastifyRequest) => {
  const { id } = parseInput(IdParamSchema, request.params, 'params');
  if (id > ID_MAX) throw notFound(MANAGER_ERRORS.notFound);
  return id;
};

/**
 * /api/manager (SPEC §7 "Managers"). Reads are open to every signed-in role; create, edit, link
 * and unlink need MODERATOR; delete needs ADMIN (DESIGN "Access").
 */
export async function managersRoutes(app: FastifyInstance): Promise<void> {
  const moderator = { preHandler: requireRole('MODERATOR') };

  app.get('/managers', { preHandler: authenticate }, async (request) => {
    const query = parseInput(ManagerListQuerySchema, request.query, 'query');
    const { rows, total } = await listManagers(app.db, query);
    return paged(rows, total, query.page, query.limit);
  });

  app.get('/managers/search', { preHandler: authenticate }, async (request) => {
    const { q, limit } = parseInput(ManagerSearchQuerySchema, request.query, 'query');
    return ok(await searchManagers(app.db, q, limit));
  });

  app.post('/managers', moderator, async (request, reply) => {
    const input = parseInput(ManagerCreateSchema, request.body);
    const manager = await createManager(app, currentAuth(request).user, input);
    return reply.code(201).send(ok(manager));
  });

  app.get('/managers/:id', { preHandler: authenticate }, async (request) =>
    ok(await getManager(app.db, managerId(request))),
  );

  app.put('/managers/:id', moderator, async (request) => {
    const id = managerId(request);
    const input = parseInput(ManagerUpdateSchema, request.body);
    return ok(await updateManagerDetails(app, currentAuth(request).user, id, input));
  });

  app.delete('/managers/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    await deleteManager(app, currentAuth(request).user, managerId(request));
    return ok(null);
  });

  app.put('/managers/:id/link-user', moderator, async (request) => {
    const id = managerId(request);
    const { userId } = parseInput(ManagerLinkUserSchema, request.body);
    return ok(await linkManagerUser(app, currentAuth(request).user, id, userId));
  });

  app.put('/managers/:id/unlink-user', moderator, async (request) =>
    ok(await unlinkManagerUser(app, currentAuth(request).user, managerId(request))),
  );
}
