/**
 * A payment the bank returned is taken back in QuickBooks, end to end through the API, the bank
 * simulator and the QuickBooks emulator: paid and recorded there (a BillPayment per bill), the
 * bank's return file uploaded → the returned bill's BillPayment deleted in QuickBooks, so the bill
 * is open there again. Each test names what it stops.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { QboEmulator } from 'qbo-emulator';
import { APPROVAL_ERRORS, type Approval, type BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// By path, not as a dependency: the simulator depends on api, so api must not depend on it.
import { simulateBankResponse } from '../../../../bank-simulator/src/index';
import { bankFileEntries, nachaFiles, qbBillPayments } from '../../db/schema';
import type { TestContext } from '../../test/build';
import { buildOnEmulator, qbPaymentSteps, startPaymentsEmulator } from '../../test/qb-payments';
import { runBillPaymentWork } from './qb-sync.jobs';

let t: TestContext;
let emulator: QboEmulator;
const tokens = { admin: '', moderator: '' };

beforeAll(async () => {
  emulator = await startPaymentsEmulator();
  const built = await buildOnEmulator(emulator);
  t = built.t;
  Object.assign(tokens, built.tokens);
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

const { deps, api, importedCompany, approve, paid, detail, history } = qbPaymentSteps(() => ({
  t,
  emulator,
  tokens,
}));

let files = 0;
/** The bank returns (R01) the entries of these bills of the approval's file; the upload's answer. */
async function bankReturns(approvalId: string, billIds: string[]) {
  const entries = await t.database.db
    .select()
    .from(bankFileEntries)
    .where(eq(bankFileEntries.approvalId, approvalId))
    .orderBy(asc(bankFileEntries.traceNumber));
  const [file] = await t.database.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId));
  const content = simulateBankResponse(
    file!.content,
    billIds.map((billId) => ({
      traceNumber: entries.find((entry) => entry.billId === billId)!.traceNumber,
      code: 'R01',
    })),
  );
  files += 1;
  const answer = await t.request({
    method: 'POST',
    url: `/api/bank-returns?fileName=qb-returns-${files}.txt`,
    token: tokens.admin,
    headers: { 'content-type': 'text/plain' },
    payload: content,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  await t.app.qbSyncIdle();
  return { content, result: answer.json<{ data: BankReturnUpload }>().data };
}

const paymentRow = async (approvalId: string, billId: string) =>
  (
    await t.database.db
      .select()
      .from(qbBillPayments)
      .where(and(eq(qbBillPayments.approvalId, approvalId), eq(qbBillPayments.qbBillId, billId)))
  )[0]!;

/** The BillPayments QuickBooks holds for the bill. */
const paymentsOf = (realmId: string, billId: string) =>
  emulator
    .billPayments(realmId)
    .filter((payment) => payment.Line.some((line) => line.LinkedTxn.some((txn) => txn.TxnId === billId)));

const said = async (approvalId: string) =>
  (await history(approvalId)).map((entry) => entry.description).join('\n');

describe('a returned payment in QuickBooks', () => {
  it('deletes the BillPayment of the returned bill only, with its current SyncToken, and the bill is open there again', async () => {
    // Stops: a returned payment left recorded as paid in QuickBooks (nobody pays the vendor
    // there), or the bills whose payment went through reopened with it.
    const { realmId, approvalId } = await importedCompany(6);
    const balances = new Map(emulator.realm(realmId).bills.map((bill) => [bill.Id, bill.Balance]));
    await paid(approvalId);
    const recorded = (await detail(approvalId)).qbBillPayments!;
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(recorded.every((payment) => payment.status === 'created' && payment.deletion === null)).toBe(true);
    const [returned, kept] = recorded;
    const owed = (billId: string) =>
      emulator.realm(realmId).bills.find((bill) => bill.Id === billId)!.Balance;
    expect(owed(returned!.billId)).toBe(
      Math.round((balances.get(returned!.billId)! - returned!.amount) * 100) / 100,
    );
    // A bookkeeper edited the payment in QuickBooks since it was created: its SyncToken moved on.
    emulator.realm(realmId).billPayments.find((each) => each.Id === returned!.qbBillPaymentId)!.SyncToken =
      '3';

    const { content, result } = await bankReturns(approvalId, [returned!.billId]);
    expect(result.file.lines).toEqual([
      expect.objectContaining({ outcome: 'RETURNED', billId: returned!.billId }),
    ]);

    const ids = emulator.billPayments(realmId).map((payment) => payment.Id);
    expect(ids).not.toContain(returned!.qbBillPaymentId);
    expect(ids).toContain(kept!.qbBillPaymentId);
    expect(owed(returned!.billId)).toBe(balances.get(returned!.billId));
    expect(owed(kept!.billId)).toBe(Math.round((balances.get(kept!.billId)! - kept!.amount) * 100) / 100);
    const shown = (await detail(approvalId)).qbBillPayments!;
    expect(shown.find((payment) => payment.billId === returned!.billId)!.deletion).toEqual({
      status: 'deleted',
      error: null,
    });
    expect(shown.find((payment) => payment.billId === kept!.billId)!.deletion).toBeNull();
    const text = await said(approvalId);
    expect(text).toContain(
      `QuickBooks bill payment deleted: bill ${returned!.docNumber ?? returned!.billId} is open again in QuickBooks`,
    );
    expect(text).toContain(`BillPayment ${returned!.qbBillPaymentId}`);

    // The same file again, and the job again: nothing more is sent to QuickBooks.
    const requests = emulator.traffic(realmId).requests;
    const again = await t.request({
      method: 'POST',
      url: `/api/bank-returns?fileName=again.txt`,
      token: tokens.admin,
      headers: { 'content-type': 'text/plain' },
      payload: content,
    });
    expect(again.json<{ data: BankReturnUpload }>().data.alreadyApplied).toBe(true);
    await t.app.qbSyncIdle();
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    expect(emulator.traffic(realmId).requests).toBe(requests);
    expect(owed(returned!.billId)).toBe(balances.get(returned!.billId));
  });

  it('never sends a BillPayment still waiting when its payment is returned, neither by its job nor by Retry', async () => {
    // Stops: a bill recorded as paid in QuickBooks after the bank returned its payment.
    const { realmId, approvalId, billIds } = await importedCompany(1);
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    emulator.failNext(realmId, 5, 503); // every attempt of the create
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();
    expect((await detail(approvalId)).qbBillPayments![0]).toMatchObject({
      status: 'pending',
      deletion: null,
    });

    await bankReturns(approvalId, [billIds[0]!]);
    expect((await detail(approvalId)).qbBillPayments![0]).toMatchObject({
      status: 'pending',
      qbBillPaymentId: null,
      deletion: { status: 'cancelled', error: null },
    });
    // QuickBooks is back: the job's next attempt and an ADMIN's Retry send nothing.
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    const retry = await api('POST', `/approvals/${approvalId}/qb-bill-payments/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.message).toBe(APPROVAL_ERRORS.noBillPaymentToRetry);
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    expect(emulator.billPayments(realmId)).toHaveLength(0);
    expect(await said(approvalId)).toContain(
      'before it was recorded as paid in QuickBooks: it is not recorded there',
    );
  });

  it('deletes again a BillPayment QuickBooks created while its return was being applied', async () => {
    // Stops: the race of the job (already sending the payment) and the return file (cancelling it)
    // leaving a returned bill recorded as paid in QuickBooks.
    const { realmId, approvalId } = await importedCompany(3);
    const balances = new Map(emulator.realm(realmId).bills.map((bill) => [bill.Id, bill.Balance]));
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    const before = emulator.traffic(realmId).answers.length;
    emulator.failNext(realmId, 1, 429); // the job's create waits a second, then is sent again
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    for (
      let wait = 0;
      !emulator
        .traffic(realmId)
        .answers.slice(before)
        .some((a) => a.status === 429);
      wait += 1
    ) {
      expect(wait).toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The return of the bill whose create is on its way arrives: its row is cancelled under the job.
    const rows = (await detail(approvalId)).qbBillPayments!;
    const sent = rows[0]!.billId;
    await bankReturns(approvalId, [sent]);
    const row = await paymentRow(approvalId, sent);
    expect(row).toMatchObject({ status: 'created', deletion: 'deleted' });
    expect(paymentsOf(realmId, sent)).toHaveLength(0);
    expect(emulator.billPayments(realmId)).toHaveLength(rows.length - 1);
    expect(emulator.realm(realmId).bills.find((bill) => bill.Id === sent)!.Balance).toBe(balances.get(sent));
    const text = await said(approvalId);
    expect(text).toContain('the bank had returned the payment meanwhile, so it is deleted there again');
    expect(text).toContain('QuickBooks bill payment deleted: bill');
  });

  it('keeps a deletion QuickBooks cannot take yet pending with its reason, and deletes it on the job’s next attempt', async () => {
    // Stops: a deletion lost to an outage (the bill staying paid in QuickBooks for good).
    const { realmId, approvalId, billIds } = await importedCompany(1);
    await paid(approvalId);
    const before = (await detail(approvalId)).qbBillPayments![0]!;
    emulator.failNext(realmId, 5, 503); // every attempt of the read before the delete
    await bankReturns(approvalId, [billIds[0]!]);
    expect((await detail(approvalId)).qbBillPayments![0]!.deletion).toEqual({
      status: 'pending',
      error: 'QuickBooks answered with a server error (HTTP 503); retried later',
    });
    expect(emulator.billPayments(realmId).map((payment) => payment.Id)).toContain(before.qbBillPaymentId);
    expect(await said(approvalId)).toContain(
      'QuickBooks bill payment not yet deleted: bill ' +
        `${before.docNumber ?? before.billId} (BillPayment ${before.qbBillPaymentId}, $${before.amount.toFixed(2)}): QuickBooks answered with a server error (HTTP 503); retried later`,
    );
    // pg-boss runs the job again after its delay.
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    expect((await detail(approvalId)).qbBillPayments![0]!.deletion).toEqual({
      status: 'deleted',
      error: null,
    });
    expect(emulator.billPayments(realmId)).toHaveLength(0);
  });

  it("records QuickBooks' refusal on the approval, and an ADMIN's Retry deletes it once the cause is gone", async () => {
    const { realmId, approvalId, billIds } = await importedCompany(1);
    await paid(approvalId);
    const before = (await detail(approvalId)).qbBillPayments![0]!;
    const balance = emulator.realm(realmId).bills.find((bill) => bill.Id === billIds[0])!.Balance;
    emulator.failNext(realmId, 1, 400); // QuickBooks refuses the read: a Fault, not an outage
    await bankReturns(approvalId, [billIds[0]!]);
    const failed = (await detail(approvalId)).qbBillPayments![0]!;
    expect(failed.deletion!.status).toBe('failed');
    expect(failed.deletion!.error).toMatch(
      new RegExp(
        `^QuickBooks refused to delete BillPayment ${before.qbBillPaymentId}: .+ \\(intuit_tid \\S+\\)$`,
      ),
    );
    expect(await said(approvalId)).toContain(
      `QuickBooks bill payment not deleted: bill ${before.docNumber ?? before.billId} still reads paid in QuickBooks although the bank returned the payment`,
    );
    // Not retried on its own: a refusal waits for someone.
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    expect(emulator.billPayments(realmId)).toHaveLength(1);
    expect(
      (await api('POST', `/approvals/${approvalId}/qb-bill-payments/retry`, tokens.moderator)).statusCode,
    ).toBe(403);
    const retry = await api('POST', `/approvals/${approvalId}/qb-bill-payments/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.sending).toBe(1);
    await t.app.qbSyncIdle();
    expect((await detail(approvalId)).qbBillPayments![0]!.deletion).toEqual({
      status: 'deleted',
      error: null,
    });
    expect(emulator.billPayments(realmId)).toHaveLength(0);
    expect(emulator.realm(realmId).bills.find((bill) => bill.Id === billIds[0])!.Balance).toBe(
      Math.round((balance + before.amount) * 100) / 100,
    );
    expect(await said(approvalId)).toContain('retried deleting the QuickBooks bill payment');
  });

  it('sends a delete whose answer was lost again the same way, and QuickBooks answers it as the first time', async () => {
    // Stops: a deleted payment taken for one deleted by someone else (610) after a crash.
    const { realmId, approvalId, billIds } = await importedCompany(1);
    await paid(approvalId);
    const before = (await detail(approvalId)).qbBillPayments![0]!;
    await bankReturns(approvalId, [billIds[0]!]);
    expect(emulator.billPayments(realmId)).toHaveLength(0);
    // The process died after QuickBooks deleted it, before writing it down.
    await t.database.db
      .update(qbBillPayments)
      .set({ deletion: 'pending' })
      .where(and(eq(qbBillPayments.approvalId, approvalId), eq(qbBillPayments.qbBillId, billIds[0]!)));
    expect(await runBillPaymentWork(deps(), approvalId)).toEqual({ waiting: 0, retryable: false });
    const row = await paymentRow(approvalId, billIds[0]!);
    expect(row).toMatchObject({
      deletion: 'deleted',
      deleteError: null,
      qbPaymentId: before.qbBillPaymentId,
    });
  });
});

describe('on the job queue (pg-boss on this engine)', () => {
  let saved: { t: TestContext; tokens: typeof tokens };
  beforeAll(async () => {
    saved = { t, tokens: { ...tokens } };
    const built = await buildOnEmulator(emulator, true);
    t = built.t;
    Object.assign(tokens, built.tokens);
  });
  afterAll(async () => {
    const queued = t;
    t = saved.t;
    Object.assign(tokens, saved.tokens);
    await queued?.close();
  });

  /** The approval's BillPayments once `done` holds for all of them (the worker polls every 2 s). */
  async function until(
    approvalId: string,
    done: (payment: NonNullable<Approval['qbBillPayments']>[number]) => boolean,
  ) {
    let shown = (await detail(approvalId)).qbBillPayments!;
    for (let attempt = 0; attempt < 60 && !(shown.length > 0 && shown.every(done)); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      shown = (await detail(approvalId)).qbBillPayments!;
    }
    return shown;
  }

  it('a return file queues the job, and a worker deletes the returned bill’s BillPayment in QuickBooks', async () => {
    expect(t.app.jobs).not.toBeNull();
    const { realmId, approvalId } = await importedCompany(3);
    await paid(approvalId);
    const created = await until(approvalId, (payment) => payment.status === 'created');
    expect(created.every((payment) => payment.status === 'created')).toBe(true);
    const returned = created[0]!;
    await bankReturns(approvalId, [returned.billId]);
    const shown = await until(approvalId, (payment) =>
      payment.billId === returned.billId ? payment.deletion?.status === 'deleted' : true,
    );
    expect(shown.find((payment) => payment.billId === returned.billId)!.deletion).toEqual({
      status: 'deleted',
      error: null,
    });
    expect(paymentsOf(realmId, returned.billId)).toHaveLength(0);
    expect(emulator.billPayments(realmId)).toHaveLength(created.length - 1);
  });
});
