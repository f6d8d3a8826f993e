import * as v from 'valibot';
import { shapeUnion } from './common';

/** The notice the company page shows after a completed connect flow. */
export const QB_CONNECTED_NOTICE = 'QuickBooks connected successfully';
export const QB_DISCONNECTED_NOTICE = 'QuickBooks disconnected';

/** Texts of the QuickBooks connect and disconnect endpoints. */
export const QB_CONNECT_ERRORS = {
  stateInvalid:
    'This QuickBooks connection request is invalid, was already used or has expired; start again from the company page',
  realmTaken: (companyName: string) =>
    `This QuickBooks company is already connected to ${companyName}; disconnect it there first`,
  notConnected: 'This company is not connected to QuickBooks',
  realmChanged: (heldRealmId: string, realmId: string) =>
    `This company holds bills and vendors imported from QuickBooks company ${heldRealmId}, and QuickBooks ids are unique only within one QuickBooks company: reconnect it to QuickBooks company ${heldRealmId}, or add a new company for QuickBooks company ${realmId}`,
  codeRejected: 'QuickBooks refused the authorization; start again from the company page',
  realmNotAuthorized: (realmId: string) =>
    `QuickBooks did not authorize QuickBooks company ${realmId}: the connection was not made; start again from the company page and choose the company there`,
} as const;

/** POST /api/company/companies/{id}/qb-connect: where to send the browser. */
export const QbConnectStartSchema = v.object({ authorizeUrl: v.string() });
export type QbConnectStart = v.InferOutput<typeof QbConnectStartSchema>;

/** POST /api/company/quickbooks/callback: the parameters Intuit put on the redirect URI. */
export const QbConnectCallbackSchema = v.object({
  code: v.pipe(v.string(), v.minLength(1, 'code is required'), v.maxLength(1024)),
  state: v.pipe(v.string(), v.minLength(1, 'state is required'), v.maxLength(256)),
  realmId: v.pipe(v.string(), v.regex(/^\d{1,32}$/, 'realmId must be the QuickBooks company id (digits)')),
});
export type QbConnectCallback = v.InferOutput<typeof QbConnectCallbackSchema>;

export const QbConnectResultSchema = v.object({ companyId: v.number() });
export type QbConnectResult = v.InferOutput<typeof QbConnectResultSchema>;

/** The sync panel's notice after 'Sync now'. */
export const QB_SYNC_STARTED_NOTICE = 'QuickBooks sync started';
export const QB_SYNC_ERRORS = {
  notConnected: 'Connect the company to QuickBooks before syncing',
} as const;

/**
 * GET /api/company/companies/{id}/qb-sync: what the sync panel shows. Times are ISO 8601.
 * `billsImported` and `billsWaiting` count only bills imported from QuickBooks (`billsWaiting`:
 * those whose approval is still PENDING); `approvalsWaiting` counts the company's PENDING approvals
 * whatever their source (imported or entered by hand), as its approvals list does.
 */
export const QbSyncStatusSchema = v.object({
  running: v.boolean(),
  /** Where the sync stands: the first full sync's vendors or bills, or incremental (CDC) after it. */
  phase: v.nullable(v.picklist(['vendors', 'bills', 'incremental'])),
  lastSyncAt: v.nullable(v.string()),
  billsImported: v.number(),
  billsWaiting: v.number(),
  approvalsWaiting: v.number(),
  lastError: v.nullable(v.string()),
  lastErrorAt: v.nullable(v.string()),
  nextRunAt: v.nullable(v.string()),
});
export type QbSyncStatus = v.InferOutput<typeof QbSyncStatusSchema>;

const realmIdSchema = (field: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,32}$/, `${field} must be a QuickBooks realm id (digits)`));

/**
 * Intuit's legacy change notification: `{eventNotifications: [{realmId, dataChangeEvent:
 * {entities: [{name, id, operation, lastUpdated}]}}]}`. Only what the API reads is checked;
 * anything else in it is ignored.
 */
export const QbWebhookSchema = v.object({
  eventNotifications: v.pipe(
    v.array(
      v.object({
        realmId: realmIdSchema('realmId'),
        dataChangeEvent: v.optional(
          v.object({
            entities: v.pipe(
              v.array(
                v.object({
                  name: v.pipe(v.string(), v.maxLength(64)),
                  id: v.pipe(v.string(), v.maxLength(64)),
                  operation: v.pipe(v.string(), v.maxLength(32)),
                  lastUpdated: v.optional(v.pipe(v.string(), v.maxLength(64))),
                }),
              ),
              v.maxLength(10_000),
            ),
          }),
        ),
      }),
      'eventNotifications must be a list',
    ),
    v.maxLength(1000),
  ),
});
export type QbWebhook = v.InferOutput<typeof QbWebhookSchema>;

/**
 * One change in Intuit's CloudEvents format (CloudEvents 1.0): `type` is
 * `qbo.<entity>.<created|updated|deleted|merged|voided|emailed>.v1`, `intuitaccountid` the realm,
 * `intuitentityid` the entity's id. Only what the API reads is checked.
 */
export const QbCloudEventSchema = v.object({
  specversion: v.literal('1.0', 'specversion must be "1.0"'),
  id: v.pipe(v.string('id must be a string'), v.minLength(1, 'id must not be empty'), v.maxLength(128)),
  type: v.pipe(
    v.string('type must be a string'),
    v.regex(/^qbo\.[a-z]{1,64}\.[a-z]{1,32}\.v\d{1,3}$/, 'type must look like qbo.<entity>.<operation>.v1'),
  ),
  intuitaccountid: realmIdSchema('intuitaccountid'),
  intuitentityid: v.optional(v.pipe(v.string(), v.maxLength(64))),
  time: v.optional(v.pipe(v.string(), v.maxLength(64))),
});
export type QbCloudEvent = v.InferOutput<typeof QbCloudEventSchema>;

/** Intuit's CloudEvents batch: a top-level list of events. */
export const QbCloudEventBatchSchema = v.pipe(
  v.array(QbCloudEventSchema, 'A CloudEvents batch must be a list of events'),
  v.minLength(1, 'a CloudEvents batch must hold at least one event'),
  v.maxLength(10_000, 'a CloudEvents batch holds at most 10,000 events'),
);

/**
 * POST /api/quickbooks/webhooks: either of Intuit's formats, told apart by shape — a list is a
 * CloudEvents batch, an object with `specversion` one CloudEvent, any other object the legacy
 * notification (so its missing `eventNotifications` is what a stray object is told about).
 */
export const QbWebhookPayloadSchema = shapeUnion(
  [QbCloudEventBatchSchema, QbCloudEventSchema, QbWebhookSchema],
  (input) =>
    Array.isArray(input)
      ? QbCloudEventBatchSchema
      : input !== null && typeof input === 'object' && 'specversion' in input
        ? QbCloudEventSchema
        : QbWebhookSchema,
);
export type QbWebhookPayload = v.InferOutput<typeof QbWebhookPayloadSchema>;

/**
 * The webhook's answer: how many company syncs it queued, and whether the same payload had
 * already been received in the last minutes (acknowledged, nothing queued again).
 */
export const QbWebhookResultSchema = v.object({ syncsQueued: v.number(), duplicate: v.boolean() });
export type QbWebhookResult = v.InferOutput<typeof QbWebhookResultSchema>;

export const QB_WEBHOOK_ERRORS = {
  badSignature: 'The intuit-signature header is missing or does not match the payload',
  unsupportedType:
    'A QuickBooks notification is JSON: application/json or application/cloudevents-batch+json',
} as const;
