import { and, eq, sql } from 'drizzle-orm';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { QB_WEBHOOK_ERRORS, SERVER_ERRORS, type QbWebhookResult } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals, qbSyncState } from '../../db/schema';
import { build, errorOf, TEST_WEBHOOK_VERIFIER_TOKEN, type TestContext } from '../../test/build';
import { connectedCompany, emulatorConfig } from '../../test/qbo-emulator';
import { runCompanySync } from '../../flows/quickbooks-import';
import { intuitSignature } from './qb-webhooks.routes';

/**
 * Intuit's change notifications: signed bytes checked before anything else, both of Intuit's
 * formats read, and a replayed payload acknowledged without queueing anything again.
 */

let t: TestContext;
let emulator: QboEmulator;
let moderator = '';
const CREDENTIALS = { clientId: 'webhook-client', clientSecret: 'webhook-secret' };
const URL = '/api/quickbooks/webhooks';

beforeAll(async () => {
  emulator = await startQboEmulator({
    ...CREDENTIALS,
    redirectUris: ['http://127.0.0.1:8080/companies/quickbooks/callback'],
  });
  t = await build({ config: { quickBooks: emulatorConfig(emulator, CREDENTIALS, 5_000) } });
  moderator = (await t.login('moderator@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

let companies = 0;
const company = (bills: number) => {
  companies += 1;
  return connectedCompany(t, emulator, moderator, `Webhook Co ${companies}`, bills);
};

const legacy = (realmId: string, billId: string) =>
  JSON.stringify({
    eventNotifications: [
      { realmId, dataChangeEvent: { entities: [{ name: 'Bill', id: billId, operation: 'Update' }] } },
    ],
  });

/** Intuit's CloudEvents batch, as its announcement shows it. */
const cloudEvents = (realmId: string, billId: string, type = 'qbo.bill.updated.v1', id = `evt-${billId}`) =>
  JSON.stringify([
    {
      specversion: '1.0',
      id,
      source: 'intuit.dsnBgbseACLLRZNxo2dfc4evmEJdxde58xeeYcZliOU=',
      type,
      datacontenttype: 'application/json',
      time: '2026-09-10T21:31:25.179851517Z',
      intuitentityid: billId,
      intuitaccountid: realmId,
      data: {},
    },
  ]);

function send(
  payload: string,
  contentType = 'application/json',
  signature = intuitSignature(TEST_WEBHOOK_VERIFIER_TOKEN, payload),
) {
  return t.request({
    method: 'POST',
    url: URL,
    payload,
    headers: { 'content-type': contentType, 'intuit-signature': signature },
  });
}

const result = (answer: { json(): unknown }) => (answer.json() as { data: QbWebhookResult }).data;

/** Whether a sync of the company has asked QuickBooks anything (once the queued ones are done). */
async function synced(companyId: number): Promise<boolean> {
  await t.app.qbSyncIdle();
  const [state] = await t.database.db.select().from(qbSyncState).where(eq(qbSyncState.companyId, companyId));
  return (state?.requests ?? 0) > 0;
}

let address: string | undefined;
/** The API on a real port, for the emulator to deliver to. */
async function listening(): Promise<string> {
  address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe('the signature comes first', () => {
  it('refuses an unsigned or wrongly signed notification with 401, whatever its type or body, and changes nothing', async () => {
    const { id, realmId } = await company(30);
    const payload = cloudEvents(realmId, '1000');
    for (const signature of [
      undefined,
      '',
      intuitSignature('another-verifier-token', payload),
      'x'.repeat(44),
    ]) {
      for (const contentType of ['application/json', 'application/cloudevents-batch+json', 'text/plain']) {
        const answer = await t.request({
          method: 'POST',
          url: URL,
          payload,
          headers: {
            'content-type': contentType,
            ...(signature === undefined ? {} : { 'intuit-signature': signature }),
          },
        });
        expect(answer.statusCode, `${contentType} ${signature}`).toBe(401);
        expect(errorOf(answer)).toMatchObject({
          code: 'UNAUTHORIZED',
          message: QB_WEBHOOK_ERRORS.badSignature,
        });
      }
    }
    // No body at all, and a payload changed after signing.
    expect((await t.request({ method: 'POST', url: URL })).statusCode).toBe(401);
    const tampered = await send(
      payload.replace('1000', '1001'),
      'application/json',
      intuitSignature(TEST_WEBHOOK_VERIFIER_TOKEN, payload),
    );
    expect(tampered.statusCode).toBe(401);
    expect(await synced(id)).toBe(false);
  });

  it('a signed body of another type is 415, and signed JSON in neither format is 400, each saying why', async () => {
    const plain = await send('hello', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(errorOf(plain).message).toBe(QB_WEBHOOK_ERRORS.unsupportedType);
    const broken = await send('[{', 'application/cloudevents-batch+json');
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).message).toBe(SERVER_ERRORS.malformedJson);
    // An object in neither format is told what the legacy one needs; no object at all, what it must be.
    const stray = await send('{"hello":1}');
    expect(stray.statusCode).toBe(400);
    expect(errorOf(stray).fields).toEqual({ eventNotifications: expect.any(String) });
    for (const payload of ['"text"', '42', 'null']) {
      const answer = await send(payload);
      expect(answer.statusCode, payload).toBe(400);
      expect(errorOf(answer).message, payload).toBe('The request body must be a JSON object');
    }
    const noRealm = await send(
      JSON.stringify([{ specversion: '1.0', id: 'e1', type: 'qbo.bill.updated.v1' }]),
    );
    expect(noRealm.statusCode).toBe(400);
    expect(errorOf(noRealm).message).toMatch(/intuitaccountid/);
    const badType = await send(cloudEvents('123', '1', 'bill-updated'));
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).message).toContain('type must look like qbo.<entity>.<operation>.v1');
    const empty = await send('[]', 'application/cloudevents-batch+json');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toContain('at least one event');
  });
});

describe("both of Intuit's formats", () => {
  it.each([
    ['a CloudEvents batch as application/json', 'application/json', cloudEvents],
    [
      'a CloudEvents batch as application/cloudevents-batch+json',
      'application/cloudevents-batch+json',
      cloudEvents,
    ],
    ['the legacy eventNotifications object', 'application/json', legacy],
  ])('%s queues a sync of the company whose realm it names', async (_, contentType, format) => {
    const { id, realmId } = await company(5);
    const answer = await send(format(realmId, '1'), contentType);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(result(answer)).toEqual({ syncsQueued: 1, duplicate: false });
    expect(await synced(id)).toBe(true);
  });

  it('a change to an entity approvals do not read (an invoice) queues nothing', async () => {
    const { id, realmId } = await company(5);
    const answer = await send(cloudEvents(realmId, '1', 'qbo.invoice.created.v1'));
    expect(result(answer)).toEqual({ syncsQueued: 0, duplicate: false });
    expect(await synced(id)).toBe(false);
  });
});

describe('a replayed notification', () => {
  it('is acknowledged but queues nothing again, for both formats; a new payload is queued', async () => {
    const { realmId } = await company(5);
    for (const payload of [
      cloudEvents(realmId, '7', 'qbo.bill.updated.v1', 'replayed-event'),
      legacy(realmId, '7'),
    ]) {
      expect(result(await send(payload))).toEqual({ syncsQueued: 1, duplicate: false });
      await t.app.qbSyncIdle();
      for (let replay = 0; replay < 5; replay += 1) {
        const again = await send(payload);
        expect(again.statusCode).toBe(200);
        expect(result(again)).toEqual({ syncsQueued: 0, duplicate: true });
      }
    }
    expect(result(await send(cloudEvents(realmId, '8')))).toEqual({ syncsQueued: 1, duplicate: false });
    await t.app.qbSyncIdle();
  });

  it('is queued again once the replay window has passed', async () => {
    const { realmId } = await company(5);
    const payload = cloudEvents(realmId, '9', 'qbo.bill.updated.v1', 'aged-event');
    expect(result(await send(payload))).toEqual({ syncsQueued: 1, duplicate: false });
    await t.app.qbSyncIdle();
    // Received eleven minutes ago.
    await t.database.db.execute(
      sql`update qb_webhook_receipts set received_at = now() - interval '11 minutes'`,
    );
    expect(result(await send(payload))).toEqual({ syncsQueued: 1, duplicate: false });
    await t.app.qbSyncIdle();
  });
});

describe('the emulator speaks both formats', () => {
  it.each(['cloudevents', 'legacy'] as const)(
    "%s: a bill edited in QuickBooks reaches its PENDING approval through the emulator's signed webhook",
    async (format) => {
      const { id, realmId } = await company(40);
      const deps = {
        db: t.app.db,
        config: t.app.config,
        passwords: t.app.passwords,
        log: t.app.log,
        qbLimiter: t.app.qbLimiter,
      };
      expect((await runCompanySync(deps, id)).status).toBe('done');
      emulator.webhook = {
        url: `${await listening()}${URL}`,
        verifierToken: TEST_WEBHOOK_VERIFIER_TOKEN,
        format,
      };
      try {
        const [holder] = await t.database.db
          .select()
          .from(approvals)
          .where(and(eq(approvals.companyId, id), eq(approvals.origin, 'QUICKBOOKS')));
        const billId = holder!.billIds[0]!;
        const edited = emulator.updateBill(realmId, billId, (bill) => {
          bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 5) * 100) / 100;
        });
        await emulator.webhooksSettled();
        expect(emulator.webhookDeliveries.at(-1)).toBe(200);
        await t.app.qbSyncIdle(); // the sync the notification started
        const [after] = await t.database.db.select().from(approvals).where(eq(approvals.id, holder!.id));
        expect(after!.bills.find((bill) => bill.Id === billId)!.TotalAmt).toBe(edited.Balance);
        const history = await t.database.db
          .select()
          .from(activity)
          .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, holder!.id)));
        expect(history.map((row) => row.description).join('\n')).toContain('changed in QuickBooks');
      } finally {
        emulator.webhook = null;
      }
    },
  );
});
