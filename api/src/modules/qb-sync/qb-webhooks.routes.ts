/**
 * POST /api/quickbooks/webhooks: Intuit's change notifications. Intuit signs each payload with
 * the app's verifier token: `intuit-signature` is base64(HMAC-SHA256(token, raw body)). The
 * signature is checked on the raw bytes before anything is parsed; a missing or wrong one is 401
 * and changes nothing. A verified notification only queues a sync of each company whose realm
 * it names (the job does the work), so the answer leaves well within Intuit's 3 seconds.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ERROR_CODES,
  QB_WEBHOOK_ERRORS,
  QbWebhookResultSchema,
  QbWebhookSchema,
  SERVER_ERRORS,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { requestSync } from './qb-sync.jobs';
import { findConnectedCompaniesOfRealms } from './qb-sync.repository';

/** Notifications larger than this are not Intuit's (it batches a few hundred entities at most). */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

export function intuitSignature(verifierToken: string, payload: Buffer | string): string {
  return createHmac('sha256', verifierToken).update(payload).digest('base64');
}

function signatureMatches(verifierToken: string | undefined, header: unknown, payload: Buffer): boolean {
  if (!verifierToken || typeof header !== 'string' || header === '') return false;
  const expected = Buffer.from(intuitSignature(verifierToken, payload));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function qbWebhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // This context only: the signature covers the raw bytes, so they are checked before parsing.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES },
    (request, body, done) => {
      const payload = body as Buffer;
      if (
        !signatureMatches(
          app.config.quickBooks.webhookVerifierToken,
          request.headers['intuit-signature'],
          payload,
        )
      ) {
        done(new HttpError(401, ERROR_CODES.unauthorized, QB_WEBHOOK_ERRORS.badSignature), undefined);
        return;
      }
      try {
        done(null, JSON.parse(payload.toString('utf8')) as unknown);
      } catch {
        done(new HttpError(400, ERROR_CODES.malformedJson, SERVER_ERRORS.malformedJson), undefined);
      }
    },
  );

  app.post(
    '/webhooks',
    {
      schema: {
        summary: "QuickBooks change notifications (Intuit's webhooks, signed in intuit-signature)",
        tags: ['QuickBooks'],
        body: QbWebhookSchema,
        response: { 200: okSchema(QbWebhookResultSchema) },
      },
    },
    async (request) => {
      const realms = new Set(
        request.body.eventNotifications
          .filter((notification) =>
            (notification.dataChangeEvent?.entities ?? []).some(
              (entity) => entity.name === 'Bill' || entity.name === 'Vendor',
            ),
          )
          .map((notification) => notification.realmId),
      );
      const companies = await findConnectedCompaniesOfRealms(app.db, [...realms]);
      for (const companyId of companies) await requestSync(app, companyId);
      return ok({ syncsQueued: companies.length });
    },
  );
}
