import type { FastifyInstance } from 'fastify';
import {
  BANK_RECONCILIATION_TEXT,
  BankFileListQuerySchema,
  BankFileParamsSchema,
  BankFileReconciliationSchema,
  BankFileSummarySchema,
} from 'shared-contracts';
import * as v from 'valibot';
import { ok, paged } from '../../http/envelope';
import { fileSchema, okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate, requireRole } from '../../plugins/auth';
import { getBankFileReconciliation, getBankFiles, reconciliationCsv } from './bank-reconciliation.service';

const tags = ['Payments'];

/**
 * /api/bank-files: reconciliation of the bank files the console wrote. Any signed-in role reads a
 * file's totals and entries, as it reads the approval they pay and its payment accounts (the
 * approval page shows what came back); the CSV for the books is MODERATOR and up, like the bank
 * file itself.
 */
export async function bankReconciliationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/',
    {
      onRequest: authenticate,
      schema: {
        summary:
          'The bank files written, newest first, each with what it sent, what was paid, returned and corrected (approvalId: that approval’s file)',
        tags,
        querystring: BankFileListQuerySchema,
        response: { 200: pagedSchema(BankFileSummarySchema) },
      },
    },
    async (request) => {
      const { page, limit, approvalId } = request.query;
      const { rows, total } = await getBankFiles(app.db, { page, limit, approvalId });
      return paged(rows, total, page, limit);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: authenticate,
      schema: {
        summary:
          'One bank file’s reconciliation: its totals, each entry (SENT, PAID, RETURNED or CORRECTED with the return or correction) and the return files that touched it',
        tags,
        params: BankFileParamsSchema,
        response: { 200: okSchema(BankFileReconciliationSchema) },
      },
    },
    async (request) => ok(await getBankFileReconciliation(app.db, request.params.id)),
  );

  app.get(
    '/:id/reconciliation.csv',
    {
      onRequest: requireRole('MODERATOR'),
      schema: {
        summary: 'One bank file’s reconciliation as a CSV file, one line per entry',
        tags,
        params: BankFileParamsSchema,
        response: {
          200: fileSchema('The file (Content-Disposition: attachment)', { 'text/csv': v.string() }),
        },
      },
    },
    async (request, reply) => {
      const file = await getBankFileReconciliation(app.db, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${BANK_RECONCILIATION_TEXT.csvFileName(file.batchNumber)}"`,
        )
        .header('cache-control', 'no-store')
        .send(reconciliationCsv(file));
    },
  );
}
