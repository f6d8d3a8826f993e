import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, startQboEmulator, type Bill, type QboEmulator } from './index';
import { CLIENT, connectTo, read, REDIRECT, UNTHROTTLED } from './test-support';

let emulator: QboEmulator;
let token = '';
const REALM = DEFAULT_COMPANIES[0]!.realmId;

beforeAll(async () => {
  emulator = await startQboEmulator({ ...CLIENT, redirectUris: [REDIRECT], limits: UNTHROTTLED });
  token = await connectTo(emulator, REALM);
});
afterAll(async () => {
  await emulator.close();
});

const query = (text: string) =>
  read(emulator, `${REALM}/query?${new URLSearchParams({ query: text, minorversion: '75' })}`, token);
async function ids(text: string, entity = 'Bill'): Promise<string[]> {
  const answer = await query(text);
  expect(answer.status, text).toBe(200);
  const page = ((await answer.json()) as { QueryResponse: Record<string, Array<{ Id: string }>> })
    .QueryResponse;
  return (page[entity] ?? []).map((item) => item.Id);
}
const bills = () => emulator.realm(REALM).bills;

describe('the query forms real clients send', () => {
  it('IN with quoted or unquoted values', async () => {
    expect(await ids(`select * from Bill where Id IN ('1001', '1003','999999')`)).toEqual(['1001', '1003']);
    expect(await ids('select * from Bill where Id in (1005,1002)')).toEqual(['1002', '1005']);
    const vendor = bills()[0]!.VendorRef.value;
    expect(await ids(`select * from Bill where VendorRef IN ('${vendor}') MAXRESULTS 1000`)).toEqual(
      bills()
        .filter((bill) => bill.VendorRef.value === vendor)
        .map((bill) => bill.Id),
    );
  });

  it('count(*) answers the number of matches as totalCount, whatever the page asked', async () => {
    const answer = await query('select count(*) from Bill');
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { QueryResponse: unknown; time: string };
    expect(body.QueryResponse).toEqual({ totalCount: bills().length });
    expect(body.time).toEqual(expect.any(String));
    const unpaid = await query(`SELECT COUNT(*) FROM Bill WHERE Balance > '0' MAXRESULTS 10`);
    expect(((await unpaid.json()) as { QueryResponse: unknown }).QueryResponse).toEqual({
      totalCount: bills().filter((bill) => bill.Balance > 0).length,
    });
    const none = await query(`select count(*) from Vendor where Id = '999'`);
    expect(((await none.json()) as { QueryResponse: unknown }).QueryResponse).toEqual({ totalCount: 0 });
  });

  it('unquoted numbers compare as numbers', async () => {
    expect(await ids('select * from Bill where Id = 1005')).toEqual(['1005']);
    expect(await ids('select * from Bill where TotalAmt > 100 and Balance > 0 MAXRESULTS 1000')).toEqual(
      bills()
        .filter((bill) => bill.TotalAmt > 100 && bill.Balance > 0)
        .map((bill) => bill.Id),
    );
    expect(await ids(`select * from Bill where TotalAmt <= '500.5' MAXRESULTS 1000`)).toEqual(
      bills()
        .filter((bill) => bill.TotalAmt <= 500.5)
        .map((bill) => bill.Id),
    );
  });

  it('ORDERBY each sortable field, ASC and DESC, ties broken by Id', async () => {
    const key: Record<string, (bill: Bill) => number | string> = {
      Id: (bill) => Number(bill.Id),
      TxnDate: (bill) => bill.TxnDate,
      DueDate: (bill) => bill.DueDate,
      'MetaData.LastUpdatedTime': (bill) => Date.parse(bill.MetaData.LastUpdatedTime),
      DocNumber: (bill) => bill.DocNumber,
      TotalAmt: (bill) => bill.TotalAmt,
    };
    const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
    for (const [field, of] of Object.entries(key)) {
      for (const direction of ['ASC', 'DESC', '']) {
        const sign = direction === 'DESC' ? -1 : 1;
        const expected = [...bills()]
          .sort((a, b) => sign * compare(of(a), of(b)) || Number(a.Id) - Number(b.Id))
          .map((bill) => bill.Id);
        expect(await ids(`select * from Bill ORDERBY ${field} ${direction} MAXRESULTS 1000`)).toEqual(
          expected,
        );
      }
    }
    // Several fields, and paging through an ordered set.
    const byDue = [...bills()]
      .sort((a, b) => compare(b.DueDate, a.DueDate) || compare(a.TotalAmt, b.TotalAmt))
      .map((bill) => bill.Id);
    expect(
      await ids('select * from Bill orderby DueDate desc, TotalAmt STARTPOSITION 11 MAXRESULTS 10'),
    ).toEqual(byDue.slice(10, 20));
  });

  it('LIKE with % on text fields', async () => {
    expect(await ids(`select * from Vendor where DisplayName LIKE 'Acme%'`, 'Vendor')).toEqual(
      emulator
        .realm(REALM)
        .vendors.filter((vendor) => vendor.DisplayName.startsWith('Acme'))
        .map((vendor) => vendor.Id),
    );
  });

  it('refuses what Intuit refuses with a ValidationFault: OR, projections, unknown fields, values of the wrong kind', async () => {
    for (const text of [
      `select * from Bill where Id = '1' or Id = '2'`,
      'select Id from Bill',
      `select * from Bill where Color = 'red'`,
      `select * from Bill where Id = 'abc'`,
      'select * from Bill where TxnDate > 5',
      'select * from Bill where TotalAmt LIKE 5',
      `select * from Bill where Id IN ()`,
      'select * from Bill ORDERBY Line',
      'select * from Bill MAXRESULTS 1001',
      'select * from Bill GROUP BY VendorRef',
      'select * from Invoice',
    ]) {
      const answer = await query(text);
      expect(answer.status, text).toBe(400);
      expect(((await answer.json()) as { Fault: { type: string } }).Fault.type).toBe('ValidationFault');
    }
  });
});
