import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, seedRealm, startQboEmulator, type Bill, type QboEmulator } from './index';
import { CLIENT, connectTo as connectOn, REDIRECT, UNTHROTTLED } from './test-support';

let emulator: QboEmulator;
let accessToken = '';
const REALM = DEFAULT_COMPANIES[0]!.realmId;

/** A connected realm: consent, then the code exchanged for a token pair. */
const connectTo = (realmId: string) => connectOn(emulator, realmId);
const connect = () => connectTo(REALM);

beforeAll(async () => {
  emulator = await startQboEmulator({ ...CLIENT, redirectUris: [REDIRECT], limits: UNTHROTTLED });
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

  it('pages by key with Id > and ORDERBY Id [ASC|DESC], and refuses ORDERBY on a field that is not sortable', async () => {
    const unpaid = emulator
      .realm(REALM)
      .bills.filter((bill) => bill.Balance > 0)
      .map((bill) => bill.Id);
    const seen: string[] = [];
    let after = '0';
    for (;;) {
      const answer = await query(
        `select * from Bill where Balance > '0' and Id > '${after}' ORDERBY Id STARTPOSITION 1 MAXRESULTS 100`,
      );
      expect(answer.status).toBe(200);
      const page = ((await answer.json()) as { QueryResponse: { Bill?: Bill[] } }).QueryResponse.Bill ?? [];
      seen.push(...page.map((bill) => bill.Id));
      if (page.length < 100) break;
      after = page.at(-1)!.Id;
    }
    expect(seen).toEqual(unpaid);
    const descending = await query(`select * from Bill where Balance > '0' ORDERBY Id DESC MAXRESULTS 3`);
    const top = ((await descending.json()) as { QueryResponse: { Bill: Bill[] } }).QueryResponse.Bill;
    expect(top.map((bill) => bill.Id)).toEqual(unpaid.slice(-3).reverse());
    const other = await query(`select * from Bill ORDERBY VendorRef MAXRESULTS 3`);
    expect(other.status).toBe(400);
  });

  it('is the same data on every start, with 1 to 20 lines per bill, overdue bills and a repeated DocNumber', async () => {
    const again = await startQboEmulator({ ...CLIENT, redirectUris: [] });
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

const get = (path: string, token = accessToken) =>
  fetch(`${emulator.baseUrl}/v3/company/${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });

describe('reads by id, minorversion and CDC', () => {
  beforeAll(async () => {
    accessToken = await connect(); // the tests above let the first token expire
  });

  it('reads a bill and a vendor by id, and answers an unknown id with an Object Not Found Fault', async () => {
    const bill = emulator.realm(REALM).bills[3]!;
    const answer = await get(`${REALM}/bill/${bill.Id}?minorversion=75`);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { Bill: Bill }).Bill).toEqual(bill);
    const vendor = await get(`${REALM}/vendor/1`);
    expect(((await vendor.json()) as { Vendor: { Id: string } }).Vendor.Id).toBe('1');
    const missing = await get(`${REALM}/bill/999999`);
    expect(missing.status).toBe(400);
    expect(
      ((await missing.json()) as { Fault: { Error: Array<{ code: string }> } }).Fault.Error[0]!.code,
    ).toBe('610');
  });

  it('refuses a minorversion it does not know', async () => {
    expect((await get(`${REALM}/vendor/1?minorversion=999`)).status).toBe(400);
    expect((await get(`${REALM}/vendor/1?minorversion=abc`)).status).toBe(400);
    expect((await get(`${REALM}/vendor/1?minorversion=65`)).status).toBe(200);
  });

  it('reports changed and deleted bills since a time, and refuses a time older than 30 days', async () => {
    const realm = emulator.createRealm('CDC Co', { bills: 40 });
    const token = await connectTo(realm);
    const since = new Date(Date.now() - 1000).toISOString();
    const bills = emulator.realm(realm).bills;
    emulator.updateBill(realm, bills[0]!.Id, (bill) => {
      bill.Line[0]!.Amount += 10;
    });
    emulator.deleteBill(realm, bills[1]!.Id);
    const answer = await get(
      `${realm}/cdc?${new URLSearchParams({ entities: 'Bill,Vendor', changedSince: since })}`,
      token,
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      CDCResponse: Array<{
        QueryResponse: Array<{ Bill?: Array<{ Id: string; status?: string; SyncToken?: string }> }>;
      }>;
    };
    const changed = body.CDCResponse[0]!.QueryResponse[0]!.Bill!;
    expect(changed.map((bill) => [bill.Id, bill.status ?? bill.SyncToken])).toEqual([
      [bills[0]!.Id, '1'],
      ['1001', 'Deleted'],
    ]);
    expect(body.CDCResponse[0]!.QueryResponse[1]).toEqual({});
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    expect(
      (await get(`${realm}/cdc?${new URLSearchParams({ entities: 'Bill', changedSince: old })}`, token))
        .status,
    ).toBe(400);
  });
});

describe('realm sizes', () => {
  it('generates a realm of 2,500 bills on request, the same each time', async () => {
    const realm = emulator.createRealm('Big Co', { bills: 2500 });
    expect(emulator.realm(realm).bills).toHaveLength(2500);
    expect(seedRealm(realm, 0, { bills: 2500 }).bills.map((bill) => bill.DocNumber)).toEqual(
      seedRealm(realm, 0, { bills: 2500 }).bills.map((bill) => bill.DocNumber),
    );
  });
});

describe('webhooks', () => {
  it("POSTs Intuit's change notification for a changed or deleted bill, signed with the verifier token: CloudEvents by default", async () => {
    const received: Array<{ signature: string | undefined; type: string | undefined; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          signature: request.headers['intuit-signature'] as string | undefined,
          type: request.headers['content-type'],
          body,
        });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const realm = emulator.createRealm('CloudEvents Co', { bills: 5 });
      emulator.webhook = { url: `http://127.0.0.1:${port}/hook`, verifierToken: 'verifier-token-1234' };
      const [first, second] = emulator.realm(realm).bills;
      emulator.updateBill(realm, first!.Id, (bill) => {
        bill.Line[0]!.Amount += 1;
      });
      emulator.deleteBill(realm, second!.Id);
      await emulator.webhooksSettled();
      expect(emulator.webhookDeliveries).toEqual([200, 200]);
      for (const { signature, type, body } of received) {
        expect(signature).toBe(createHmac('sha256', 'verifier-token-1234').update(body).digest('base64'));
        expect(type).toBe('application/cloudevents-batch+json');
      }
      const events = received.map((delivery) => JSON.parse(delivery.body) as Array<Record<string, string>>);
      expect(events.map((batch) => batch.length)).toEqual([1, 1]);
      expect(
        events.map((batch) => [batch[0]!.intuitaccountid, batch[0]!.type, batch[0]!.intuitentityid]),
      ).toEqual([
        [realm, 'qbo.bill.updated.v1', first!.Id],
        [realm, 'qbo.bill.deleted.v1', second!.Id],
      ]);
      expect(events[0]![0]).toMatchObject({
        specversion: '1.0',
        id: expect.any(String),
        source: expect.stringMatching(/^intuit\./),
      });
      expect(events[0]![0]!.id).not.toBe(events[1]![0]!.id);
    } finally {
      emulator.webhook = null;
      emulator.webhookDeliveries.length = 0;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('POSTs the legacy eventNotifications object when asked for it', async () => {
    const received: Array<{ signature: string | undefined; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ signature: request.headers['intuit-signature'] as string | undefined, body });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const realm = emulator.createRealm('Webhook Co', { bills: 5 });
      emulator.webhook = {
        url: `http://127.0.0.1:${port}/hook`,
        verifierToken: 'verifier-token-1234',
        format: 'legacy',
      };
      const [first, second] = emulator.realm(realm).bills;
      emulator.updateBill(realm, first!.Id, (bill) => {
        bill.Line[0]!.Amount += 1;
      });
      emulator.deleteBill(realm, second!.Id);
      await emulator.webhooksSettled();
      expect(emulator.webhookDeliveries).toEqual([200, 200]);
      for (const { signature, body } of received) {
        expect(signature).toBe(createHmac('sha256', 'verifier-token-1234').update(body).digest('base64'));
      }
      const entities = received.map(
        (delivery) =>
          (
            JSON.parse(delivery.body) as {
              eventNotifications: Array<{
                realmId: string;
                dataChangeEvent: { entities: Array<{ name: string; id: string; operation: string }> };
              }>;
            }
          ).eventNotifications[0]!,
      );
      expect(entities.map((n) => [n.realmId, n.dataChangeEvent.entities[0]!.operation])).toEqual([
        [realm, 'Update'],
        [realm, 'Delete'],
      ]);
    } finally {
      emulator.webhook = null;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('POST /bill (a sparse update, as an edit in QuickBooks)', () => {
  it('changes the lines and the totals with the current SyncToken, refuses a stale one, and notifies the change signed', async () => {
    const received: Array<{ signature: string | undefined; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ signature: request.headers['intuit-signature'] as string | undefined, body });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const realm = DEFAULT_COMPANIES[2]!.realmId;
    const token = await connectTo(realm);
    const edit = (body: unknown) =>
      fetch(`${emulator.baseUrl}/v3/company/${realm}/bill?minorversion=75`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(body),
      });
    try {
      emulator.webhook = { url: `http://127.0.0.1:${port}/hook`, verifierToken: 'verifier-token-5678' };
      const bill = emulator.realm(realm).bills.find((candidate) => candidate.Balance === candidate.TotalAmt)!;
      const before = { SyncToken: bill.SyncToken, TotalAmt: bill.TotalAmt };
      const lines = bill.Line.map((line, index) =>
        index === 0 ? { ...line, Amount: line.Amount + 50 } : line,
      );
      const answer = await edit({ Id: bill.Id, SyncToken: before.SyncToken, sparse: true, Line: lines });
      expect(answer.status).toBe(200);
      const updated = ((await answer.json()) as { Bill: Bill }).Bill;
      expect(updated.TotalAmt).toBe(Math.round((before.TotalAmt + 50) * 100) / 100);
      expect(updated.Balance).toBe(updated.TotalAmt);
      expect(updated.SyncToken).not.toBe(before.SyncToken);
      // The version the editor saw is gone: Intuit's stale object error.
      const stale = await edit({ Id: bill.Id, SyncToken: before.SyncToken, sparse: true, Line: lines });
      expect(stale.status).toBe(400);
      const staleFault = (await stale.json()) as { Fault: { Error: Array<{ code: string }> } };
      expect(staleFault.Fault.Error[0]!.code).toBe('5010');
      const negative = await edit({
        Id: bill.Id,
        SyncToken: updated.SyncToken,
        sparse: true,
        Line: [{ Amount: -1 }],
      });
      expect(negative.status).toBe(400);
      expect((await edit({ Id: bill.Id, SyncToken: updated.SyncToken, Line: lines })).status).toBe(400);
      await emulator.webhooksSettled();
      expect(received).toHaveLength(1);
      expect(received[0]!.signature).toBe(
        createHmac('sha256', 'verifier-token-5678').update(received[0]!.body).digest('base64'),
      );
      expect(JSON.parse(received[0]!.body)).toEqual([
        expect.objectContaining({
          type: 'qbo.bill.updated.v1',
          intuitentityid: bill.Id,
          intuitaccountid: realm,
        }),
      ]);
    } finally {
      emulator.webhook = null;
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('POST /billpayment', () => {
  const realm = DEFAULT_COMPANIES[1]!.realmId;
  let token = '';
  beforeAll(async () => {
    token = await connectTo(realm);
  });

  const pay = (body: unknown, requestId: string) =>
    fetch(`${emulator.baseUrl}/v3/company/${realm}/billpayment?requestid=${requestId}&minorversion=75`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
    });
  const paymentOf = (bill: Bill, amount: number, overrides: Record<string, unknown> = {}) => ({
    VendorRef: { value: bill.VendorRef.value },
    PayType: 'Check',
    CheckPayment: { BankAccountRef: { value: '35' } },
    TotalAmt: amount,
    TxnDate: '2026-11-20',
    Line: [{ Amount: amount, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
    ...overrides,
  });
  const faultOf = async (answer: Response) =>
    ((await answer.json()) as { Fault: { Error: Array<{ code: string; Detail: string }>; type: string } })
      .Fault;

  it('pays a bill by check, lowers its Balance, and answers the same requestid with the same payment once', async () => {
    const bill = emulator.realm(realm).bills.find((candidate) => candidate.Balance > 10)!;
    const balance = bill.Balance;
    const syncToken = bill.SyncToken;
    const first = await pay(paymentOf(bill, 10), 'req-pay-1');
    expect(first.status).toBe(200);
    const created = ((await first.json()) as { BillPayment: Record<string, unknown> }).BillPayment;
    expect(created).toMatchObject({
      VendorRef: { value: bill.VendorRef.value, name: bill.VendorRef.name },
      PayType: 'Check',
      CheckPayment: { BankAccountRef: { value: '35', name: 'Checking' } },
      TotalAmt: 10,
      TxnDate: '2026-11-20',
      Line: [{ Amount: 10, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
    });
    expect(bill.Balance).toBe(Math.round((balance - 10) * 100) / 100);
    expect(bill.SyncToken).not.toBe(syncToken);
    const again = await pay(paymentOf(bill, 10), 'req-pay-1');
    expect(((await again.json()) as { BillPayment: { Id: string } }).BillPayment.Id).toBe(created.Id);
    expect(emulator.billPayments(realm).filter((payment) => payment.Id === created.Id)).toHaveLength(1);
    expect(bill.Balance).toBe(Math.round((balance - 10) * 100) / 100);
    // Tests read them back as the API would: by id and by query.
    const read = await fetch(
      `${emulator.baseUrl}/v3/company/${realm}/billpayment/${String(created.Id)}?minorversion=75`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    expect(((await read.json()) as { BillPayment: { TotalAmt: number } }).BillPayment.TotalAmt).toBe(10);
    const listed = await query('select * from BillPayment', realm, token);
    const page = ((await listed.json()) as { QueryResponse: { BillPayment: Array<{ Id: string }> } })
      .QueryResponse;
    expect(page.BillPayment.map((payment) => payment.Id)).toContain(created.Id);
  });

  it('refuses a missing or unknown bill or vendor, another bank account and more than the Balance with Faults', async () => {
    const bill = emulator
      .realm(realm)
      .bills.find((candidate) => candidate.Balance > 0 && candidate.Balance === candidate.TotalAmt)!;
    const before = emulator.billPayments(realm).length;
    const cases: Array<[unknown, string, RegExp]> = [
      [paymentOf(bill, 1, { VendorRef: undefined }), '2020', /VendorRef/],
      [paymentOf(bill, 1, { VendorRef: { value: '9999' } }), '2500', /Vendor/],
      [paymentOf(bill, 1, { CheckPayment: { BankAccountRef: { value: '7' } } }), '2500', /bank account/],
      [paymentOf({ ...bill, Id: '999999' }, 1), '2500', /Bill 999999/],
      [paymentOf(bill, 1, { Line: [] }), '2020', /Line/],
      [paymentOf(bill, bill.Balance + 0.01), '6000', /open balance/],
    ];
    for (const [index, [body, code, detail]] of cases.entries()) {
      const answer = await pay(body, `req-bad-${index}`);
      expect(answer.status).toBe(400);
      const fault = await faultOf(answer);
      expect(fault.type).toBe('ValidationFault');
      expect(fault.Error[0]!.code).toBe(code);
      expect(fault.Error[0]!.Detail).toMatch(detail);
    }
    expect(emulator.billPayments(realm)).toHaveLength(before);
  });
});
