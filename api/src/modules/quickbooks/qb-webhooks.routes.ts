/**
 * POST /api/quickbooks/webhooks: Intuit's change notifications. Intuit signs each payload with
 * the app's verifier token: `intuit-signature` is base64(HMAC-SHA256(token, raw body)). The
 * signature is checked on the raw bytes before anything else — whatever the content type, and
 * with no body at all — so a missing or wrong one is always 401 and changes nothing.
 *
 * Two formats are read, as Intuit sends both while apps migrate: its CloudEvents batch (a list of
 * `{specversion, id, type: "qbo.bill.updated.v1", intuitaccountid, intuitentityid, …}`, sent as
 * application/json or application/cloudevents-batch+json) and the legacy
 * `{eventNotifications: [{realmId, dataChangeEvent: {entities}}]}`. A verified notification only
 * queues a sync of each company whose realm it names (the job does the work), so the answer
 * leaves well within Intuit's 3 seconds. The same bytes again within the replay window are
 * acknowledged (Intuit retries; a captured notification may be replayed) but queue nothing.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  QB_WEBHOOK_ERRORS,
  QbWebhookPayloadSchema,
  QbWebhookResultSchema,
  SERVER_ERRORS,
  type QbWebhookPayload,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { requestSync } from './qb-sync.jobs';
import { findConnectedCompaniesOfRealms, recordWebhookReceipt } from './qb-sync.repository';

/** Notifications larger than this are not Intuit's (it batches a few hundred entities at most). */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** How long a payload is remembered: a replay within it queues nothing. */
export const WEBHOOK_REPLAY_WINDOW_SECONDS = 600;

/** The media types a notification may come as: JSON, plain or as a CloudEvents batch or event. */
const JSON_TYPES = new Set([
  'application/json',
  'application/cloudevents-batch+json',
  'application/cloudevents+json',
]);

/** The entities whose changes matter to approvals. */
const WATCHED_ENTITIES = new Set(['bill', 'vendor']);

export function intuitSignature(verifierToken: string, payload: Buffer | string): string {
  return createHmac('sha256', verifierToken).update(payload).digest('base64');
}

function signatureMatches(verifierToken: string | undefined, header: unknown, payload: Buffer): boolean {
  if (!verifierToken || typeof header !== 'string' || header === '') return false;
  const expected = Buffer.from(intuitSignature(verifierToken, payload));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The realms a notification names for a watched entity, in either of Intuit's formats. */
function realmsOf(body: QbWebhookPayload): string[] {
  const watched = (type: string) => WATCHED_ENTITIES.has(type.split('.')[1]!);
  if (Array.isArray(body)) {
    return body.filter((event) => watched(event.type)).map((event) => event.intuitaccountid);
  }
  if ('specversion' in body) return watched(body.type) ? [body.intuitaccountid] : [];
  return body.eventNotifications
    .filter((notification) =>
      (notification.dataChangeEvent?.entities ?? []).some((entity) =>
        WATCHED_ENTITIES.has(entity.name.toLowerCase()),
      ),
    )
    .map((notification) => notification.realmId);
}

/** The signed bytes of each request, once its signature has been checked. */
const verified = new WeakMap<FastifyRequest, Buffer>();

export async function qbWebhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const check = (request: FastifyRequest, payload: Buffer): HttpError | null => {
    if (
      !signatureMatches(
        app.config.quickBooks.webhookVerifierToken,
        request.headers['intuit-signature'],
        payload,
      )
    ) {
      return new HttpError(401, ERROR_CODES.unauthorized, QB_WEBHOOK_ERRORS.badSignature);
    }
    verified.set(request, payload);
    return null;
  };
  // This context only: every body, whatever its type, is read as bytes and its signature checked
  // before it is parsed, so nothing unsigned is ever looked at.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES },
    (request, body, done) => {
      const payload = body as Buffer;
      const refused = check(request, payload);
      if (refused) {
        done(refused, undefined);
        return;
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!JSON_TYPES.has(type)) {
        done(
          new HttpError(415, ERROR_CODES.unsupportedMediaType, QB_WEBHOOK_ERRORS.unsupportedType),
          undefined,
        );
        return;
      }
      try {
        done(null, JSON.parse(payload.toString('utf8')) as unknown);
      } catch {
        done(new HttpError(400, ERROR_CODES.malformedJson, SERVER_ERRORS.malformedJson), undefined);
      }
    },
  );
  // A request with no body never reaches a parser: its (empty) payload is checked here.
  app.addHook('preValidation', async (request) => {
    if (verified.has(request)) return;
    const refused = check(request, Buffer.alloc(0));
    if (refused) throw refused;
  });

  app.post(
    '/webhooks',
    {
      schema: {
        summary:
          "QuickBooks change notifications (Intuit's webhooks: CloudEvents or legacy, signed in intuit-signature)",
        tags: ['QuickBooks'],
        body: QbWebhookPayloadSchema,
        response: { 200: okSchema(QbWebhookResultSchema) },
      },
    },
    async (request) => {
      const realms = new Set(realmsOf(request.body));
      const digest = createHash('sha256').update(verified.get(request)!).digest('hex');
      if (!(await recordWebhookReceipt(app.db, digest, WEBHOOK_REPLAY_WINDOW_SECONDS))) {
        return ok({ syncsQueued: 0, duplicate: true });
      }
      const companies = await findConnectedCompaniesOfRealms(app.db, [...realms]);
      for (const companyId of companies) await requestSync(app, companyId);
      return ok({ syncsQueued: companies.length, duplicate: false });
    },
  );
}
