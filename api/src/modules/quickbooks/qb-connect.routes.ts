import type { FastifyInstance } from 'fastify';
import {
  COMPANY_ERRORS,
  CompanySchema,
  IdParamSchema,
  QbConnectCallbackSchema,
  QbConnectResultSchema,
  QbConnectStartSchema,
  QbTokenRefreshResultSchema,
  QbTokenStatusSchema,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, currentAuth, requireRole } from '../../plugins/auth';
import { completeQbConnect, disconnectQb, startQbConnect } from './qb-connect.service';
import { getQbTokenStatus, refreshCompanyQbToken } from './qb-tokens.service';

const tags = ['Companies'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/**
 * A company's QuickBooks connection under /api/company: connect, disconnect and refresh the tokens
 * need MODERATOR; the token state is open to every signed-in role. The callback is an API call the
 * console's callback page makes with the staff member's own session, so the state can be bound
 * to that session.
 */
export async function qbConnectRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const moderator = requireRole('MODERATOR');

  app.post(
    '/companies/:id/qb-connect',
    {
      onRequest: moderator,
      schema: {
        summary: 'Start connecting the company to QuickBooks (OAuth 2.0 authorization code)',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(QbConnectStartSchema) },
      },
    },
    async (request) => ok(await startQbConnect(app, currentAuth(request), companyId(request.params.id))),
  );

  app.post(
    '/quickbooks/callback',
    {
      onRequest: moderator,
      schema: {
        summary: 'Finish connecting: exchange the code QuickBooks sent back to the redirect URI',
        tags,
        body: QbConnectCallbackSchema,
        response: { 200: okSchema(QbConnectResultSchema) },
      },
    },
    async (request) => ok(await completeQbConnect(app, currentAuth(request), request.body)),
  );

  app.post(
    '/companies/:id/qb-disconnect',
    {
      onRequest: moderator,
      schema: {
        summary: 'Disconnect the company from QuickBooks and revoke its tokens',
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(CompanySchema) },
      },
    },
    async (request) => ok(await disconnectQb(app, currentAuth(request).user, companyId(request.params.id))),
  );

  app.get(
    '/companies/:id/qb-token-status',
    {
      onRequest: authenticate,
      schema: {
        summary: "State of the company's QuickBooks tokens",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(QbTokenStatusSchema) },
      },
    },
    async (request) => ok(await getQbTokenStatus(app, companyId(request.params.id))),
  );

  app.post(
    '/companies/:id/refresh-qb-token',
    {
      onRequest: moderator,
      schema: {
        summary: "Refresh the company's QuickBooks tokens now (OAuth 2.0 refresh_token grant)",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(QbTokenRefreshResultSchema) },
      },
    },
    async (request) =>
      ok(await refreshCompanyQbToken(app, currentAuth(request).user, companyId(request.params.id))),
  );
}
