import type { FastifyInstance } from 'fastify';
import {
  ActivityItemSchema,
  ActivityQuerySchema,
  COMPANY_ERRORS,
  CompanyCreateSchema,
  CompanyListQuerySchema,
  CompanyPutSchema,
  CompanySchema,
  CompanySearchQuerySchema,
  CompanySearchResultSchema,
  IdParamSchema,
} from 'shared-contracts';
import * as v from 'valibot';
import { ok, paged } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { emptyOkSchema, okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { entityActivity } from '../activity/activity.service';
import { listCompanies, searchCompanies } from './companies.repository';
import { createCompany, deleteCompany, getCompany, setCompanyActive } from './companies.service';
import { assignCompany, updateCompanyDetails } from '../../flows/people-changes';

const tags = ['Companies'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/**
 * /api/company. Reads are open to every signed-in role; create, edit, assignments,
 * and activate/deactivate need MODERATOR; delete needs ADMIN (the server enforces
 * every role itself; the console only mirrors it). Authorisation runs at onRequest, before
 * validation: a caller who may not write learns nothing from a 400.
 */
export async function companiesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const moderator = requireRole('MODERATOR');

  app.get(
    '/companies',
    {
      onRequest: authenticate,
      schema: {
        summary: 'List companies (filter, sort, page)',
        tags,
        querystring: CompanyListQuerySchema,
        response: { 200: pagedSchema(CompanySchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await listCompanies(app.db, query);
      return paged(rows, total, query.page, query.limit);
    },
  );

  app.get(
    '/companies/search',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Find companies by name, e-mail or industry (pickers)',
        tags,
        querystring: CompanySearchQuerySchema,
        response: { 200: okSchema(v.array(CompanySearchResultSchema)) },
      },
    },
    async (request) => ok(await searchCompanies(app.db, request.query.q, request.query.limit)),
  );

  app.post(
    '/companies',
    {
      onRequest: moderator,
      schema: {
        summary: 'Create a company',
        tags,
        body: CompanyCreateSchema,
        response: { 201: okSchema(CompanySchema) },
      },
    },
    async (request, reply) => {
      const company = await createCompany(app, currentAuth(request).user, request.body);
      return reply.code(201).send(ok(company));
    },
  );

  app.get(
    '/companies/:id',
    {
      onRequest: authenticate,
      schema: {
        summary: 'Read a company',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(CompanySchema) },
      },
    },
    async (request) => ok(await getCompany(app.db, companyId(request.params.id))),
  );

  app.get(
    '/companies/:id/activity',
    {
      onRequest: authenticate,
      schema: {
        summary: "The company's own timeline, newest first",
        tags,
        params: IdParamSchema,
        querystring: ActivityQuerySchema,
        response: { 200: okSchema(v.array(ActivityItemSchema)) },
      },
    },
    async (request) => {
      const id = companyId(request.params.id);
      await getCompany(app.db, id); // 404 for an unknown company, not an empty timeline
      return ok(
        await entityActivity(app.db, currentAuth(request).user.role, 'company', id, request.query.limit),
      );
    },
  );

  app.put(
    '/companies/:id',
    {
      onRequest: moderator,
      schema: {
        summary: 'Edit a company (full form), or set one assignee (a body of exactly one assignee id)',
        tags,
        params: IdParamSchema,
        body: CompanyPutSchema,
        response: { 200: okSchema(CompanySchema) },
      },
    },
    async (request) => {
      const id = companyId(request.params.id);
      const actor = currentAuth(request).user;
      const body = request.body;
      if ('field' in body) return ok(await assignCompany(app, actor, id, body));
      return ok(await updateCompanyDetails(app, actor, id, body));
    },
  );

  app.delete(
    '/companies/:id',
    {
      onRequest: requireRole('ADMIN'),
      schema: { summary: 'Delete a company', tags, params: IdParamSchema, response: { 200: emptyOkSchema } },
    },
    async (request) => {
      await deleteCompany(app, currentAuth(request).user, companyId(request.params.id));
      return ok(null);
    },
  );

  app.put(
    '/companies/:id/reactivate',
    {
      onRequest: moderator,
      schema: {
        summary: 'Reactivate a company',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(CompanySchema) },
      },
    },
    async (request) =>
      ok(await setCompanyActive(app, currentAuth(request).user, companyId(request.params.id), true)),
  );

  app.put(
    '/companies/:id/deactivate',
    {
      onRequest: moderator,
      schema: {
        summary: 'Deactivate a company',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(CompanySchema) },
      },
    },
    async (request) =>
      ok(await setCompanyActive(app, currentAuth(request).user, companyId(request.params.id), false)),
  );
}
