import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, startQboEmulator, type Bill, type QboEmulator } from './index';
import { CLIENT, connectTo, read, REDIRECT, UNTHROTTLED } from './test-support';

let emulator: QboEmulator;
let token = '';
const REALM = DEFAULT_COMPANIES[2]!.realmId;

beforeAll(async () => {
  emulator = await startQboEmulator({ ...CLIENT, redirectUris: [REDIRECT], limits: UNTHROTTLED });
  token = await connectTo(emulator, REALM);
});
afterAll(async () => {
  await emulator.close();
});

const post = (query: string, body: unknown) =>
  fetch(`${emulator.baseUrl}/v3/company/${REALM}/billpayment?${query}&minorversion=75`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
const faultOf = async (answer: Response) =>
  ((await answer.json()) as { Fault: { Error: Array<{ code: string; Message: string; Detail: string }> } })
    .Fault.Error[0]!;

let requests = 0;
/** A payment of `amount` against the bill, created through the API as the console creates one. */
async function paid(bill: Bill, amount: number): Promise<{ Id: string; SyncToken: string }> {
  requests += 1;
  const answer = await post(`requestid=create-${requests}`, {
    VendorRef: { value: bill.VendorRef.value },
    PayType: 'Check',
    CheckPayment: { BankAccountRef: { value: '35' } },
    TotalAmt: amount,
    Line: [{ Amount: amount, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { BillPayment: { Id: string; SyncToken: string } }).BillPayment;
}

describe('POST /billpayment?operation=delete', () => {
  it('deletes the payment with its current SyncToken, the bill owes the amount again, and the same requestid answers the same', async () => {
    const bill = emulator.realm(REALM).bills.find((candidate) => candidate.Balance > 20)!;
    const balance = bill.Balance;
    const payment = await paid(bill, 20);
    expect(bill.Balance).toBe(Math.round((balance - 20) * 100) / 100);
    const syncToken = bill.SyncToken;

    const deleted = await post('operation=delete&requestid=delete-1', payment);
    expect(deleted.status).toBe(200);
    const body = (await deleted.json()) as { BillPayment: unknown; time: string };
    expect(body.BillPayment).toEqual({ Id: payment.Id, status: 'Deleted', domain: 'QBO' });
    expect(body.time).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(bill.Balance).toBe(balance);
    expect(bill.SyncToken).not.toBe(syncToken);
    expect(emulator.billPayments(REALM).map((each) => each.Id)).not.toContain(payment.Id);
    // Gone from reads by id.
    const gone = await read(emulator, `${REALM}/billpayment/${payment.Id}?minorversion=75`, token);
    expect(gone.status).toBe(400);
    expect((await faultOf(gone)).code).toBe('610');

    // A retry after a lost answer: the same answer, the bill is not reopened twice.
    const again = await post('operation=delete&requestid=delete-1', payment);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { BillPayment: unknown }).BillPayment).toEqual(body.BillPayment);
    expect(bill.Balance).toBe(balance);
    // A new request for it: it is not there any more.
    const unknown = await post('operation=delete&requestid=delete-2', payment);
    expect(unknown.status).toBe(400);
    expect(await faultOf(unknown)).toMatchObject({ code: '610', Message: 'Object Not Found' });
    // Its id is never given to another payment.
    expect((await paid(bill, 1)).Id).not.toBe(payment.Id);
  });

  it('refuses a stale SyncToken (5010) and changes nothing; the current one deletes it', async () => {
    const bill = emulator.realm(REALM).bills.find((candidate) => candidate.Balance > 30)!;
    const payment = await paid(bill, 30);
    // A bookkeeper edited the payment in QuickBooks since the console read it.
    emulator.realm(REALM).billPayments.find((each) => each.Id === payment.Id)!.SyncToken = '1';
    const balance = bill.Balance;
    const stale = await post('operation=delete&requestid=delete-stale', payment);
    expect(stale.status).toBe(400);
    expect(await faultOf(stale)).toMatchObject({ code: '5010', Message: 'Stale Object Error' });
    expect(bill.Balance).toBe(balance);
    expect(emulator.billPayments(REALM).map((each) => each.Id)).toContain(payment.Id);
    const current = await post('operation=delete&requestid=delete-current', { ...payment, SyncToken: '1' });
    expect(current.status).toBe(200);
    expect(bill.Balance).toBe(Math.round((balance + 30) * 100) / 100);
  });

  it('refuses a body without Id or SyncToken (2020) and an operation it does not know', async () => {
    const missing = await post('operation=delete&requestid=delete-missing', { Id: '5000' });
    expect(missing.status).toBe(400);
    expect((await faultOf(missing)).code).toBe('2020');
    const other = await post('operation=merge&requestid=merge-1', { Id: '5000', SyncToken: '0' });
    expect(other.status).toBe(400);
    expect((await faultOf(other)).code).toBe('4000');
  });
});
