/**
 * Intuit's change notifications: one POST per change to the app's webhook endpoint (Intuit batches
 * them), signed with HMAC-SHA256 of the body under the verifier token, base64, in
 * `intuit-signature`. CloudEvents (what Intuit sends today): a list of `{specversion, id, source,
 * type: "qbo.bill.updated.v1", datacontenttype, time, intuitentityid, intuitaccountid, data}` as
 * application/cloudevents-batch+json; legacy: `{eventNotifications: [{realmId, dataChangeEvent:
 * {entities: [{name, id, operation, lastUpdated}]}}]}` as application/json.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { isoTime } from './accounting';
import type { WebhookTarget } from './types';

/** CloudEvents' past-tense operation for each of Intuit's legacy operation names. */
const CLOUD_EVENT_OPERATIONS: Record<string, string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Merge: 'merged',
  Void: 'voided',
  Emailed: 'emailed',
};

/** The notification body of one change, in the target's format, and its content type. */
export function notificationBody(
  target: WebhookTarget,
  change: { realmId: string; name: string; id: string; operation: string },
): { body: string; contentType: string } {
  const { realmId, name, id, operation } = change;
  const time = isoTime(Date.now());
  if (target.format === 'legacy') {
    return {
      contentType: 'application/json',
      body: JSON.stringify({
        eventNotifications: [
          { realmId, dataChangeEvent: { entities: [{ name, id, operation, lastUpdated: time }] } },
        ],
      }),
    };
  }
  return {
    contentType: 'application/cloudevents-batch+json',
    body: JSON.stringify([
      {
        specversion: '1.0',
        id: randomUUID(),
        source: `intuit.${createHmac('sha256', 'qbo-emulator').update(target.url).digest('base64')}`,
        type: `qbo.${name.toLowerCase()}.${CLOUD_EVENT_OPERATIONS[operation] ?? operation.toLowerCase()}.v1`,
        datacontenttype: 'application/json',
        time,
        intuitentityid: id,
        intuitaccountid: realmId,
        data: {},
      },
    ]),
  };
}

/** Sends notifications and keeps what the endpoint answered. */
export class WebhookSender {
  /** The statuses the endpoint answered, in order (0: no answer). */
  readonly deliveries: number[] = [];
  private readonly pending = new Set<Promise<void>>();

  /** One notification of the change to `target` (none without a target). */
  send(target: WebhookTarget | null, realmId: string, name: string, id: string, operation: string): void {
    if (!target) return;
    const { body, contentType } = notificationBody(target, { realmId, name, id, operation });
    const delivery = fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': contentType,
        'intuit-signature': createHmac('sha256', target.verifierToken).update(body).digest('base64'),
      },
      body,
    })
      .then(async (answer) => {
        await answer.arrayBuffer();
        this.deliveries.push(answer.status);
      })
      .catch(() => {
        this.deliveries.push(0);
      })
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Resolves when every notification sent so far has been answered. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }
}
