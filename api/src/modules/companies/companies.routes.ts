import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ActivityQuerySchema,
  COMPANY_ERRORS,
  CompanyAssignmentSchema,
  CompanyCreateSchema,
  CompanyListQuerySchema,
  CompanySearchQuerySchema,
  CompanyUpdateSchema,
  ID_MAX,
  IdParamSchema,
  isAssignmentBody,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { notFound } from '../../http/http-error';
import { parseInput } from '../../http/validate';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { entityActivity } from '../activity/activity.repository';
import { listCompanies, searchCompanies } from './companies.repository';
import {
  assignCompany,
  createCompany,
  deleteCompany,
  getCompany,
  getQbTokenStatus,
  refreshCompanyQbToken,
  setCompanyActive,
  updateCompanyDetails,
} from './companies.service';

const companyId = (request: FastifyRequest) => {
  const { id } = parseInput(IdParamSchema, request.params, 'params');
  if (id > ID_MAX) throw notFound(COMPANY_ERRORS.notFound);
  return id;
};

/**
 * /api/company (SPEC §7 "Companies"). Reads are open to every signed-in role; create, edit,
 * assignments, activate/deactivate and token refresh need MODERATOR; delete needs ADMIN
 * (DESIGN "Access").
 */
export async function companiesRoutes(app: FastifyInstance): Promise<void> {
  const moderator = { preHandler: requireRole('MODERATOR') };

  app.get('/companies', { preHandler: authenticate }, async (request) => {
    const query = parseInput(CompanyListQuerySchema, request.query, 'query');
    const { rows, total } = await listCompanies(app.db, query);
    return paged(rows, total, query.page, query.limit);
  });

  app.get('/companies/search', { preHandler: authenticate }, async (request) => {
    const { q, limit } = parseInput(CompanySearchQuerySchema, request.query, 'query');
    return ok(await searchCompanies(app.db, q, limit));
  });

  app.post('/companies', moderator, async (request, reply) => {
    const input = parseInput(CompanyCreateSchema, request.body);
    const company = await createCompany(app, currentAuth(request).user, input);
    return reply.code(201).send(ok(company));
  });

  app.get('/companies/:id', { preHandler: authenticate }, async (request) =>
    ok(await getCompany(app.db, companyId(request))),
  );

  // The company's own timeline on the detail page, newest first (404 for an unknown company).
  app.get('/companies/:id/activity', { preHandler: authenticate }, async (request) => {
    const id = companyId(request);
    const { limit } = parseInput(ActivityQuerySchema, request.query, 'query');
    await getCompany(app.db, id);
    return ok(await entityActivity(app.db, 'company', id, limit));
  });

  // The full form, or the detail page's inline assignment: a body of exactly one assignee id.
  app.put('/companies/:id', moderator, async (request) => {
    const id = companyId(request);
    const actor = currentAuth(request).user;
    if (isAssignmentBody(request.body)) {
      return ok(await assignCompany(app, actor, id, parseInput(CompanyAssignmentSchema, request.body)));
    }
    return ok(await updateCompanyDetails(app, actor, id, parseInput(CompanyUpdateSchema, request.body)));
  });

  app.delete('/companies/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    await deleteCompany(app, currentAuth(request).user, companyId(request));
    return ok(null);
  });

  app.put('/companies/:id/reactivate', moderator, async (request) =>
    ok(await setCompanyActive(app, currentAuth(request).user, companyId(request), true)),
  );

  app.put('/companies/:id/deactivate', moderator, async (request) =>
    ok(await setCompanyActive(app, currentAuth(request).user, companyId(request), false)),
  );

  app.get('/companies/:id/qb-token-status', { preHandler: authenticate }, async (request) =>
    ok(await getQbTokenStatus(app, companyId(request))),
  );

  app.post('/companies/:id/refresh-qb-token', moderator, async (request) =>
    ok(await refreshCompanyQbToken(app, currentAuth(request).user, companyId(request))),
  );
}
