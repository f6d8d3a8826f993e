import type { FastifyInstance } from 'fastify';
import { AuditEntrySchema, AuditExportQuerySchema, AuditQuerySchema } from 'shared-contracts';
import * as v from 'valibot';
import { paged } from '../../http/envelope';
import { fileSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { currentAuth, requireRole } from '../../plugins/auth';
import { auditExportFileName, streamAuditExport } from './audit.export';
import { auditPage, countAudit } from './audit.repository';

const tags = ['Audit'];

/**
 * /api/audit: the activity log of the whole console (sign-ins, changes of companies, users,
 * managers, vendor bank accounts, policies, decisions, bank files), ADMIN only: it names every
 * person's actions and the payment-detail changes a lower role may not read.
 */
export async function auditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const admin = requireRole('ADMIN');

  app.get(
    '/',
    {
      onRequest: admin,
      schema: {
        summary:
          'The audit log: every recorded action, filtered by person, entity, action and dates, newest first',
        tags,
        querystring: AuditQuerySchema,
        response: { 200: pagedSchema(AuditEntrySchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { rows, total, capped } = await auditPage(app.db, query);
      return paged(rows, total, query.page, query.limit, capped);
    },
  );

  // Exports running per user id (this process's count): each holds keyset reads until its client
  // has the file. The same limits as the approvals export.

  app.get(
    '/export',
    {
      onRequest: admin,
      schema: {
        summary: 'Every row of the audit log matching its filters, as a CSV file (streamed), newest first',
        tags,
        querystring: AuditExportQuerySchema,
        response: {
          200: fileSchema(
            'The file (Content-Disposition: attachment)',
            { 'text/csv': v.string() },
            {
              'X-Total-Count': {
                description: 'How many rows the file holds (for progress)',
                type: 'integer',
              },
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const userId = currentAuth(request).user.id;
      app.exportSlots.hold(request, reply, userId, 'audit');

      const total = await countAudit(app.db, query);
      const stream = streamAuditExport(app.db, query, (error) =>
        request.log.error({ err: error }, 'audit export failed'),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName()}"`)
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
