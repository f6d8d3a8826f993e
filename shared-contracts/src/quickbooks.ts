import * as v from 'valibot';

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
 * GET /api/company/companies/{id}/qb-sync: what the sync panel shows. Times are ISO 8601;
 * `billsWaiting` counts imported bills whose approval is still PENDING.
 */
export const QbSyncStatusSchema = v.object({
  running: v.boolean(),
  /** Where the sync stands: the first full sync's vendors or bills, or incremental (CDC) after it. */
  phase: v.nullable(v.picklist(['vendors', 'bills', 'incremental'])),
  lastSyncAt: v.nullable(v.string()),
  billsImported: v.number(),
  billsWaiting: v.number(),
  lastError: v.nullable(v.string()),
  lastErrorAt: v.nullable(v.string()),
  nextRunAt: v.nullable(v.string()),
});
export type QbSyncStatus = v.InferOutput<typeof QbSyncStatusSchema>;

/**
 * POST /api/quickbooks/webhooks: Intuit's change notification (signed in `intuit-signature`).
 * Only what the API reads is checked; anything else in it is ignored.
 */
export const QbWebhookSchema = v.object({
  eventNotifications: v.pipe(
    v.array(
      v.object({
        realmId: v.pipe(v.string(), v.regex(/^\d{1,32}$/, 'realmId must be digits')),
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

/** The webhook's answer: how many company syncs it queued. */
export const QbWebhookResultSchema = v.object({ syncsQueued: v.number() });
export type QbWebhookResult = v.InferOutput<typeof QbWebhookResultSchema>;

export const QB_WEBHOOK_ERRORS = {
  badSignature: 'The intuit-signature header is missing or does not match the payload',
} as const;
