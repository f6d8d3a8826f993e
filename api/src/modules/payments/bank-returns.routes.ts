import type { FastifyInstance } from 'fastify';
import {
  BANK_RETURN_ERRORS,
  BankReturnFileBodySchema,
  BankReturnFileSchema,
  BankReturnListQuerySchema,
  BankReturnUploadQuerySchema,
  BankReturnUploadSchema,
  ERROR_CODES,
} from 'shared-contracts';
import { ok, paged } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { okSchema, pagedSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { currentAuth, requireRole, requireStepUp } from '../../plugins/auth';
import { applyReturnFileToQuickBooks } from '../../flows/bank-returns';
import { getReturnFiles } from './bank-returns.service';

const tags = ['Payments'];

/**
 * /api/bank-returns: the files the receiving banks send back about the console's payments. ADMIN
 * uploads one (the body is the file itself, text/plain, at most RETURN_FILE_MAX_BYTES) with a
 * fresh second factor: applying it reopens bills and blocks accounts. MODERATOR and up read them.
 */
export async function bankReturnRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const maxBytes = app.config.returnFileMaxBytes;
  // This context only: the file is read byte for byte (latin1: one character per byte, so the
  // bytes and their hash come back exactly), whatever the console labels it.
  for (const type of ['text/plain', 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
      done(null, (body as Buffer).toString('latin1')),
    );
  }
  // A file over the limit says so, and which setting sets it; anything else goes to the app's handler.
  app.setErrorHandler((error: Error & { code?: string }) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, BANK_RETURN_ERRORS.tooLarge(maxBytes));
    }
    throw error;
  });

  app.post(
    '/',
    {
      onRequest: requireStepUp('ADMIN'),
      bodyLimit: maxBytes,
      schema: {
        summary:
          'Apply a return file (the body is the NACHA file, text/plain): matched returns reopen their bills, unmatched and mismatched lines change nothing; the same file again changes nothing',
        tags,
        querystring: BankReturnUploadQuerySchema,
        body: BankReturnFileBodySchema,
        response: { 200: okSchema(BankReturnUploadSchema) },
      },
    },
    async (request) => {
      const bytes = Buffer.from(request.body, 'latin1');
      return ok(
        await applyReturnFileToQuickBooks(app, currentAuth(request).user, {
          fileName: request.query.fileName,
          bytes,
        }),
      );
    },
  );

  app.get(
    '/',
    {
      onRequest: requireRole('MODERATOR'),
      schema: {
        summary:
          'The return files applied, newest first, each with its returned, unmatched and mismatched lines',
        tags,
        querystring: BankReturnListQuerySchema,
        response: { 200: pagedSchema(BankReturnFileSchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await getReturnFiles(app.db, page, limit);
      return paged(rows, total, page, limit);
    },
  );
}
