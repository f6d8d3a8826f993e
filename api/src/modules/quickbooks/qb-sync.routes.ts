import type { FastifyInstance } from 'fastify';
import { COMPANY_ERRORS, IdParamSchema, QbSyncStatusSchema } from 'shared-contracts';
import { ok } from '../../http/envelope';
import { existingId } from '../../http/ids';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, requireRole } from '../../plugins/auth';
import { requestSync } from './qb-sync.jobs';
import { checkMaySync, getSyncStatus } from './qb-sync.service';

const tags = ['Companies'];
const companyId = (id: number) => existingId(id, COMPANY_ERRORS.notFound);

/** The company's QuickBooks sync: its panel (any signed-in role) and 'Sync now' (MODERATOR and up). */
export async function qbSyncRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/companies/:id/qb-sync',
    {
      onRequest: authenticate,
      schema: {
        summary:
          "Read the company's QuickBooks sync: last sync, bills imported and waiting, last error, next run",
        tags,
        params: IdParamSchema,
        response: { 200: okSchema(QbSyncStatusSchema) },
      },
    },
    async (request) => ok(await getSyncStatus(app, companyId(request.params.id))),
  );

  app.post(
    '/companies/:id/qb-sync',
    {
      onRequest: requireRole('MODERATOR'),
      schema: {
        summary: 'Sync now: queue an import of the QuickBooks bills of the company',
        tags,
        params: IdParamSchema,
        response: { 202: okSchema(QbSyncStatusSchema) },
      },
    },
    async (request, reply) => {
      const id = companyId(request.params.id);
      await checkMaySync(app, id);
      await requestSync(app, id);
      return reply.code(202).send(ok(await getSyncStatus(app, id)));
    },
  );
}
