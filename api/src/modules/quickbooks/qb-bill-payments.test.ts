/**
 * Payment back to QuickBooks and the refusal of a bank file for bills changed there after the
 * decision, end to end through the API and the QuickBooks emulator: connect, import, approve,
 * bank file, uploaded, paid → one BillPayment per paid bill in QuickBooks.
 */
import { eq } from 'drizzle-orm';
import type { QboEmulator } from 'qbo-emulator';
import { APPROVAL_ERRORS, type Approval } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qbBillPayments, vendorBankAccounts } from '../../db/schema';
import { encryptSecret } from '../../security/token-cipher';
import type { TestContext } from '../../test/build';
import { buildOnEmulator, qbPaymentSteps, startPaymentsEmulator } from '../../test/qb-payments';
import { runBillPayments } from './qb-bill-payments';
import { runCompanySync } from '../../flows/quickbooks-import';

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

describe('payment back to QuickBooks', () => {
  it('creates one BillPayment per paid bill, linked to it, from the bank account of the settings, even when the job runs again', async () => {
    const { realmId, approvalId } = await importedCompany(3);
    const approved = await approve(approvalId);
    const approvedBills = JSON.parse(approved.approvedBills!) as Array<{ Id: string; TotalAmt: number }>;
    const balances = new Map(emulator.realm(realmId).bills.map((bill) => [bill.Id, bill.Balance]));
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();

    const payments = emulator.billPayments(realmId);
    expect(payments).toHaveLength(approvedBills.length);
    for (const bill of approvedBills) {
      const payment = payments.find((candidate) => candidate.Line[0]!.LinkedTxn[0]!.TxnId === bill.Id)!;
      expect(payment).toMatchObject({
        PayType: 'Check',
        CheckPayment: { BankAccountRef: { value: '35' } },
        TotalAmt: bill.TotalAmt,
        Line: [{ Amount: bill.TotalAmt, LinkedTxn: [{ TxnId: bill.Id, TxnType: 'Bill' }] }],
      });
      const owed = emulator.realm(realmId).bills.find((candidate) => candidate.Id === bill.Id)!;
      expect(owed.Balance).toBe(Math.round((balances.get(bill.Id)! - bill.TotalAmt) * 100) / 100);
    }
    const shown = await detail(approvalId);
    expect(shown.qbBillPayments).toHaveLength(approvedBills.length);
    for (const payment of shown.qbBillPayments!) {
      expect(payment.status).toBe('created');
      expect(payment.error).toBeNull();
      expect(payments.map((candidate) => candidate.Id)).toContain(payment.qbBillPaymentId);
    }
    expect(
      (await history(approvalId)).filter((entry) => entry.action === 'approval.qb_bill_payment'),
    ).toHaveLength(approvedBills.length);

    // The job again: nothing pending, nothing sent.
    const requests = emulator.traffic(realmId).requests;
    expect(await runBillPayments(deps(), approvalId)).toMatchObject({ created: 0, failed: 0, waiting: 0 });
    expect(emulator.traffic(realmId).requests).toBe(requests);

    // A process that died after QuickBooks created the payment but before it was written down:
    // the job sends it again with the same requestid and QuickBooks answers the same payment.
    const first = shown.qbBillPayments![0]!;
    await t.database.db
      .update(qbBillPayments)
      .set({ status: 'pending', qbPaymentId: null })
      .where(eq(qbBillPayments.qbBillId, first.billId));
    expect(await runBillPayments(deps(), approvalId)).toMatchObject({ created: 1 });
    expect(emulator.billPayments(realmId)).toHaveLength(approvedBills.length);
    expect((await detail(approvalId)).qbBillPayments![0]!.qbBillPaymentId).toBe(first.qbBillPaymentId);
  });

  it("honours a 429's Retry-After and retries a 5xx, then creates the payments", async () => {
    const { realmId, approvalId } = await importedCompany(2);
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    const before = emulator.traffic(realmId).answers.length;
    emulator.failNext(realmId, 1, 429);
    emulator.failNext(realmId, 2, 503);
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();

    const answers = emulator.traffic(realmId).answers.slice(before);
    expect(answers.map((answer) => answer.status).slice(0, 4)).toEqual([429, 503, 503, 200]);
    // The emulator's Retry-After is 1 second: nothing was sent before it ran out.
    expect(answers[1]!.at - answers[0]!.at).toBeGreaterThanOrEqual(1000);
    const shown = await detail(approvalId);
    expect(shown.qbBillPayments!.length).toBeGreaterThan(0);
    expect(shown.qbBillPayments!.every((payment) => payment.status === 'created')).toBe(true);
    expect(emulator.billPayments(realmId)).toHaveLength(shown.qbBillPayments!.length);
  });

  it('keeps a payment pending with its error while QuickBooks keeps failing, and sends it on the next run of its job', async () => {
    const { realmId, approvalId } = await importedCompany(1);
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    emulator.failNext(realmId, 5, 503); // every attempt of the request
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();
    const waiting = await detail(approvalId);
    expect(waiting.qbBillPayments![0]).toMatchObject({
      status: 'pending',
      error: 'QuickBooks answered with a server error (HTTP 503); retried later',
    });
    expect(emulator.billPayments(realmId)).toHaveLength(0);
    // The job's next attempt (pg-boss retries it with back-off).
    expect(await runBillPayments(deps(), approvalId)).toMatchObject({ created: 1, retryable: false });
    expect((await detail(approvalId)).qbBillPayments![0]).toMatchObject({ status: 'created', error: null });
    expect(emulator.billPayments(realmId)).toHaveLength(1);
  });

  it("records QuickBooks' refusal (more than the bill's open balance) as the bill's error on the approval", async () => {
    const { realmId, approvalId, billIds } = await importedCompany(2);
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    // Someone paid most of the first bill in QuickBooks meanwhile.
    const bill = emulator.realm(realmId).bills.find((candidate) => candidate.Id === billIds[0])!;
    bill.Balance = 1;
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();
    const shown = await detail(approvalId);
    const refused = shown.qbBillPayments!.find((payment) => payment.billId === billIds[0])!;
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(
      /^QuickBooks refused the payment: Business Validation Error: .*open balance.* \(intuit_tid \S+\)$/,
    );
    expect(refused.qbBillPaymentId).toBeNull();
    expect(bill.Balance).toBe(1);
    expect(shown.qbBillPayments!.filter((payment) => payment.status === 'created')).toHaveLength(
      billIds.length - 1,
    );
    const failed = (await history(approvalId)).filter(
      (entry) => entry.action === 'approval.qb_bill_payment_failed',
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.description).toContain('open balance');
  });

  it('an ADMIN retries a refused payment once its cause is fixed: one BillPayment per bill, even with two Retry clicks at once', async () => {
    const { realmId, approvalId, billIds } = await importedCompany(2);
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    const bill = emulator.realm(realmId).bills.find((candidate) => candidate.Id === billIds[0])!;
    const balance = bill.Balance;
    bill.Balance = 1;
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await t.app.qbSyncIdle();
    expect((await detail(approvalId)).qbBillPayments!.find((p) => p.billId === billIds[0])!.status).toBe(
      'failed',
    );
    const retry = (token = tokens.admin) =>
      api('POST', `/approvals/${approvalId}/qb-bill-payments/retry`, token);
    // Retry is the ADMIN's, like marking payments completed.
    expect((await retry(tokens.moderator)).statusCode).toBe(403);

    // The cause fixed in QuickBooks (the other payment there reversed), two Retry clicks at once.
    bill.Balance = balance;
    const clicks = await Promise.all([retry(), retry()]);
    for (const click of clicks) expect(click.statusCode, click.body).toBe(200);
    await t.app.qbSyncIdle();
    const shown = await detail(approvalId);
    expect(shown.qbBillPayments!.every((payment) => payment.status === 'created')).toBe(true);
    const payments = emulator.billPayments(realmId);
    expect(payments).toHaveLength(billIds.length);
    const retried = (await history(approvalId)).filter(
      (entry) => entry.action === 'approval.qb_bill_payment_retry',
    );
    expect(retried).toHaveLength(1);
    expect(retried[0]!.description).toContain('it had failed: QuickBooks refused the payment');
    // Nothing refused or waiting any more: nothing to retry.
    const nothing = await retry();
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(APPROVAL_ERRORS.noBillPaymentToRetry);
    expect(emulator.billPayments(realmId)).toHaveLength(billIds.length);
  });

  it('waits, with the reason, when the settings name no QuickBooks bank account', async () => {
    const { realmId, approvalId } = await importedCompany(1, null);
    await paid(approvalId);
    expect((await detail(approvalId)).qbBillPayments![0]).toMatchObject({
      status: 'pending',
      error: expect.stringContaining('No QuickBooks bank account is set in the payment settings'),
    });
    expect(emulator.billPayments(realmId)).toHaveLength(0);
  });
});

describe('a bill changed in QuickBooks after its approval was decided', () => {
  it('refuses the bank file (409) until someone decides again, then writes it', async () => {
    const { id, realmId, approvalId, billIds } = await importedCompany(2);
    // Approved, but no file yet: a vendor account is missing.
    await t.database.db.delete(vendorBankAccounts).where(eq(vendorBankAccounts.companyId, id));
    const approved = await approve(approvalId);
    expect(approved.status).toBe('APPROVED');
    const decided = (JSON.parse(approved.approvedBills!) as Array<{ Id: string; TotalAmt: number }>)[0]!;

    // The attack: the bill's amount raised in QuickBooks after the approval.
    emulator.updateBill(realmId, decided.Id, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 5000) * 100) / 100;
    });
    expect(await runCompanySync(deps(), id)).toMatchObject({ status: 'done' });
    const raised = emulator.realm(realmId).bills.find((bill) => bill.Id === decided.Id)!;

    // Vendor accounts back: only the QuickBooks change stands in the way now.
    for (const vendor of emulator.realm(realmId).vendors) {
      await t.database.db.insert(vendorBankAccounts).values({
        companyId: id,
        vendorRef: vendor.Id,
        vendorName: vendor.DisplayName,
        routingNumber: '021000021',
        accountNumberEnc: encryptSecret('40001234', t.config.bankAccountKey),
        accountLast4: '1234',
        accountType: 'checking',
        confirmedAt: new Date(),
      });
    }
    const shown = await detail(approvalId);
    expect(shown.qbChangesAfterDecision).toEqual([
      expect.objectContaining({
        billId: decided.Id,
        reason: 'changed in QuickBooks',
        decidedAmount: decided.TotalAmt,
        amountNow: raised.Balance,
      }),
    ]);
    const refused = await api('POST', `/approvals/${approvalId}/nacha`, tokens.moderator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(APPROVAL_ERRORS.changedInQuickBooks);
    expect((await detail(approvalId)).status).toBe('APPROVED');
    expect((await history(approvalId)).map((entry) => entry.description).join('\n')).toContain(
      'its bank file is refused until someone decides again',
    );

    // Deciding again needs a reason and someone who may approve it.
    const guest = (await t.login('guest@example.com')).tokens.accessToken;
    expect(
      (await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, guest, { reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, tokens.moderator, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const again = await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, tokens.moderator, {
      reason: 'Pay the invoice as approved; the extra is billed separately',
    });
    expect(again.statusCode).toBe(200);
    const after = again.json<{ data: Approval }>().data;
    expect(after.qbChangesAfterDecision).toBeNull();
    expect(after.status).toBe('NACHA_GENERATED');
    // The file pays what was approved, not the raised amount.
    expect(after.approvedAmount).toBe(approved.approvedAmount);
    expect(
      (await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, tokens.moderator, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    expect(billIds).toContain(decided.Id);
  });

  it("decide again with QuickBooks' amounts: back to PENDING with the new amount, the old decision pays nothing, the chain starts again", async () => {
    const { id, realmId, approvalId } = await importedCompany(2);
    const accounts = await t.database.db
      .select()
      .from(vendorBankAccounts)
      .where(eq(vendorBankAccounts.companyId, id));
    // Approved, no file yet (a vendor account is missing), then the amount raised in QuickBooks.
    await t.database.db.delete(vendorBankAccounts).where(eq(vendorBankAccounts.companyId, id));
    const approved = await approve(approvalId);
    expect(approved.status).toBe('APPROVED');
    const decided = (JSON.parse(approved.approvedBills!) as Array<{ Id: string; TotalAmt: number }>)[0]!;
    emulator.updateBill(realmId, decided.Id, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 777) * 100) / 100;
    });
    expect(await runCompanySync(deps(), id)).toMatchObject({ status: 'done' });
    const raised = emulator.realm(realmId).bills.find((bill) => bill.Id === decided.Id)!;
    // The stored QuickBooks bill is for the server only.
    expect(Object.keys((await detail(approvalId)).qbChangesAfterDecision![0]!)).not.toContain('bill');

    const guest = (await t.login('guest@example.com')).tokens.accessToken;
    expect(
      (await api('PUT', `/approvals/${approvalId}/qb-changes/reopen`, guest, { reason: 'x' })).statusCode,
    ).toBe(403);
    const reopened = await api('PUT', `/approvals/${approvalId}/qb-changes/reopen`, tokens.moderator, {
      reason: 'The vendor added freight; approve the new total',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const pending = reopened.json<{ data: Approval }>().data;
    expect(pending).toMatchObject({
      status: 'PENDING',
      approvedAmount: 0,
      approvedBillIds: [],
      qbChangesAfterDecision: null,
      currentStep: 1,
    });
    const bills = JSON.parse(pending.bills!) as Array<{ Id: string; TotalAmt: number }>;
    expect(bills.find((bill) => bill.Id === decided.Id)!.TotalAmt).toBe(raised.TotalAmt);
    const newTotal = Math.round(bills.reduce((sum, bill) => sum + bill.TotalAmt * 100, 0)) / 100;
    expect(pending.billStats.totalAmount).toBe(newTotal);
    // The withdrawn decision pays nothing: no file for a PENDING approval, whoever asks.
    await t.database.db.insert(vendorBankAccounts).values(accounts.map(({ id: _id, ...account }) => account));
    const file = await api('POST', `/approvals/${approvalId}/nacha`, tokens.admin);
    expect(file.statusCode).toBe(409);
    expect((await detail(approvalId)).status).toBe('PENDING');
    expect((await history(approvalId)).map((entry) => entry.description).join('\n')).toContain(
      "is pending again with QuickBooks' amounts",
    );
    // Approved again (the same people may decide again), the file pays QuickBooks' amount.
    const again = await approve(approvalId);
    expect(again.status, again.nachaProcessingStatus ?? '').toBe('NACHA_GENERATED');
    expect(again.approvedAmount).toBe(newTotal);
    expect(
      (await api('PUT', `/approvals/${approvalId}/qb-changes/reopen`, tokens.moderator, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
  });

  it('once a bank file is written, deciding again can only keep the approved amounts', async () => {
    const { id, realmId, approvalId } = await importedCompany(1);
    const approved = await approve(approvalId);
    expect(approved.status).toBe('NACHA_GENERATED');
    const billId = approved.approvedBillIds[0]!;
    emulator.updateBill(realmId, billId, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 10) * 100) / 100;
    });
    expect(await runCompanySync(deps(), id)).toMatchObject({ status: 'done' });
    const refused = await api('PUT', `/approvals/${approvalId}/qb-changes/reopen`, tokens.admin, {
      reason: 'Use the new amount',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(APPROVAL_ERRORS.reopenAfterBankFile);
    expect((await detail(approvalId)).status).toBe('NACHA_GENERATED');
  });

  it('refuses to mark a generated file uploaded, or download it, after the change', async () => {
    const { id, realmId, approvalId } = await importedCompany(1);
    const approved = await approve(approvalId);
    expect(approved.status).toBe('NACHA_GENERATED');
    const billId = approved.approvedBillIds[0]!;
    emulator.updateBill(realmId, billId, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 100) * 100) / 100;
    });
    expect(await runCompanySync(deps(), id)).toMatchObject({ status: 'done' });
    const uploaded = await api('PUT', `/approvals/${approvalId}/bank-uploaded`);
    expect(uploaded.statusCode).toBe(409);
    expect(uploaded.json().error.message).toBe(APPROVAL_ERRORS.changedInQuickBooks);
    expect((await api('GET', `/approvals/${approvalId}/nacha`, tokens.moderator)).statusCode).toBe(409);
    expect(
      (
        await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, tokens.admin, {
          reason: 'Checked with the vendor',
        })
      ).statusCode,
    ).toBe(200);
    expect((await api('GET', `/approvals/${approvalId}/nacha`, tokens.moderator)).statusCode).toBe(200);
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
  });
});

describe('a bill changed in QuickBooks once the bank file is at the bank', () => {
  it('cannot be held any more: the approval warns (not held) and history says so; marking it paid still works', async () => {
    const { id, realmId, approvalId } = await importedCompany(1);
    const approved = await approve(approvalId);
    expect(approved.status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    const decided = (JSON.parse(approved.approvedBills!) as Array<{ Id: string; TotalAmt: number }>)[0]!;
    emulator.updateBill(realmId, decided.Id, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 250) * 100) / 100;
    });
    expect(await runCompanySync(deps(), id)).toMatchObject({ status: 'done' });
    const raised = emulator.realm(realmId).bills.find((bill) => bill.Id === decided.Id)!;

    const shown = await detail(approvalId);
    expect(shown.status).toBe('BANK_UPLOADED');
    expect(shown.qbChangesAfterDecision).toEqual([
      expect.objectContaining({
        billId: decided.Id,
        reason: 'changed in QuickBooks',
        decidedAmount: decided.TotalAmt,
        amountNow: raised.Balance,
        held: false,
      }),
    ]);
    // The approved amounts stand; the file at the bank is the one approved.
    expect(shown.approvedAmount).toBe(approved.approvedAmount);
    const said = (await history(approvalId)).map((entry) => entry.description).join('\n');
    expect(said).toContain(`after the approval was bank_uploaded`);
    expect(said).toContain(APPROVAL_ERRORS.changedAfterSentToBank);
    // The file is at the bank: downloading it for the records and recording the payment go on.
    expect((await api('GET', `/approvals/${approvalId}/nacha`, tokens.moderator)).statusCode).toBe(200);
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    expect((await detail(approvalId)).qbChangesAfterDecision).toEqual([
      expect.objectContaining({ held: false }),
    ]);
    // Someone who may approve it marks it checked, with what they checked; history keeps it.
    const checked = await api('PUT', `/approvals/${approvalId}/qb-changes/confirm`, tokens.admin, {
      reason: 'Vendor refunds the difference',
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<{ data: Approval }>().data.qbChangesAfterDecision).toBeNull();
    expect((await history(approvalId)).map((entry) => entry.description).join('\n')).toContain(
      'was sent: Vendor refunds the difference',
    );
    await t.app.qbSyncIdle();
  });
});

describe('on the job queue (pg-boss on this engine)', () => {
  let queued: TestContext;
  let saved: { t: TestContext; tokens: typeof tokens };
  beforeAll(async () => {
    saved = { t, tokens: { ...tokens } };
    const built = await buildOnEmulator(emulator, true);
    queued = built.t;
    t = queued;
    Object.assign(tokens, built.tokens);
  });
  afterAll(async () => {
    t = saved.t;
    Object.assign(tokens, saved.tokens);
    await queued?.close();
  });

  it('PAYMENT_COMPLETED queues the job, and a worker records each paid bill in QuickBooks', async () => {
    expect(t.app.jobs).not.toBeNull();
    const { realmId, approvalId } = await importedCompany(2);
    await paid(approvalId);
    let shown = await detail(approvalId);
    for (
      let attempt = 0;
      attempt < 60 && !shown.qbBillPayments!.every((p) => p.status === 'created');
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      shown = await detail(approvalId);
    }
    expect(shown.qbBillPayments!.length).toBeGreaterThan(0);
    expect(shown.qbBillPayments!.every((payment) => payment.status === 'created')).toBe(true);
    expect(emulator.billPayments(realmId)).toHaveLength(shown.qbBillPayments!.length);
  });
});
