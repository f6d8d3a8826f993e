import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, startQboEmulator, type Bill, type QboEmulator } from './index';

let emulator: QboEmulator;
let accessToken = '';
const REDIRECT = 'http://127.0.0.1:9/callback';
const REALM = DEFAULT_COMPANIES[0]!.realmId;
const basic = `Basic ${Buffer.from('id:secret').toString('base64')}`;

/** A connected realm: consent, then the code exchanged for a token pair. */
async function connect(): Promise<string> {
  const consent = await fetch(`${emulator.baseUrl}/connect/oauth2/consent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'id',
      redirect_uri: REDIRECT,
      state: 's',
      realmId: REALM,
      decision: 'connect',
    }).toString(),
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(emulator.tokenUrl, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }).toString(),
  });
  return ((await tokens.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  emulator = await startQboEmulator({ clientId: 'id', clientSecret: 'secret' });
  accessToken = await connect();
});
afterAll(async () => {
  await emulator.close();
});

const query = (text: string, realm = REALM, token = accessToken) =>
  fetch(
    `${emulator.baseUrl}/v3/company/${realm}/query?${new URLSearchParams({ query: text, minorversion: '75' })}`,
    {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    },
  );

describe('GET /v3/company/{realmId}/query', () => {
  it('pages unpaid bills with STARTPOSITION and MAXRESULTS, nothing missing or doubled', async () => {
    const unpaid = emulator.realm(REALM).bills.filter((bill) => bill.Balance > 0);
    expect(unpaid.length).toBeGreaterThan(200);
    const seen: string[] = [];
    for (let start = 1; ; start += 100) {
      const answer = await query(
        `select * from Bill where Balance > '0' STARTPOSITION ${start} MAXRESULTS 100`,
      );
      expect(answer.status).toBe(200);
      const page = ((await answer.json()) as { QueryResponse: { Bill?: Bill[] } }).QueryResponse.Bill ?? [];
      seen.push(...page.map((bill) => bill.Id));
      if (page.length < 100) break;
    }
    expect(seen).toEqual(unpaid.map((bill) => bill.Id));
  });

  it('is the same data on every start, with 1 to 20 lines per bill, overdue bills and a repeated DocNumber', async () => {
    const again = await startQboEmulator({ clientId: 'id', clientSecret: 'secret' });
    try {
      const ours = emulator.realm(REALM).bills;
      expect(again.realm(REALM).bills.map((bill) => [bill.Id, bill.DocNumber, bill.TotalAmt])).toEqual(
        ours.map((bill) => [bill.Id, bill.DocNumber, bill.TotalAmt]),
      );
      expect(ours.every((bill) => bill.Line.length >= 1 && bill.Line.length <= 20)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect(ours.some((bill) => bill.DueDate < today && bill.Balance > 0)).toBe(true);
      expect(ours.some((bill) => bill.Balance > 0 && bill.Balance < bill.TotalAmt)).toBe(true);
      const keys = ours.map((bill) => `${bill.VendorRef.value}/${bill.DocNumber}`);
      expect(new Set(keys).size).toBeLessThan(keys.length);
    } finally {
      await again.close();
    }
  });

  it('filters vendors by MetaData.LastUpdatedTime', async () => {
    const vendors = emulator.realm(REALM).vendors;
    const cut = vendors[5]!.MetaData.LastUpdatedTime;
    const answer = await query(
      `select * from Vendor where MetaData.LastUpdatedTime > '${cut}' MAXRESULTS 1000`,
    );
    const page = ((await answer.json()) as { QueryResponse: { Vendor?: Array<{ Id: string }> } })
      .QueryResponse;
    const expected = vendors.filter(
      (vendor) => Date.parse(vendor.MetaData.LastUpdatedTime.replace('-00:00', 'Z')) > Date.parse(cut),
    );
    expect((page.Vendor ?? []).map((vendor) => vendor.Id)).toEqual(expected.map((vendor) => vendor.Id));
  });

  it('answers a query it cannot run with a Fault, another realm with 403 and an expired token with 401', async () => {
    const bad = await query('select Id from Bill order by TxnDate');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { Fault: { type: string } }).Fault.type).toBe('ValidationFault');
    expect((await query('select * from Bill', DEFAULT_COMPANIES[1]!.realmId)).status).toBe(403);
    expect((await query('select * from Bill', REALM, 'nonsense')).status).toBe(401);
    emulator.expireAccessTokens();
    const expired = await query('select * from Bill');
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { fault: { type: string } }).fault.type).toBe('AUTHENTICATION');
  });
});
