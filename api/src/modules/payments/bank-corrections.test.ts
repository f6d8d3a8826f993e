/**
 * Notifications of change (NOC) in a return file: the payment stands, the vendor's account is
 * changed as the bank says only through dual control. Built with the bank simulator, on both engines.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ACH_CHANGE_CODES, PAYMENT_MESSAGES, type BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// By path, not as a dependency: the simulator depends on api, so api must not depend on it.
import {
  simulateBankResponse,
  type BankResponse,
  type SimulatorOptions,
} from '../../../../bank-simulator/src/index';
import {
  activity,
  approvals,
  bankFileEntries,
  bankReturnFiles,
  nachaFiles,
  paidBills,
  vendorBankAccounts,
} from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import {
  approvedApproval,
  bill,
  paidApproval,
  paymentWorld,
  type PaymentWorld,
} from '../../test/payment-world';
import { getApprovalPaymentAccounts } from './approval-accounts.service';
import { generateBankFile } from './bank-files.service';
import { confirmVendorAccount, getVendorAccounts } from './payment-accounts.service';

let ctx: TestContext;
let world: PaymentWorld;
let tokens: Record<'admin' | 'moderator', string>;

beforeAll(async () => {
  ctx = await build();
  world = await paymentWorld(ctx, 'Bank Corrections Co');
  tokens = await ctx.demoTokens('admin', 'moderator');
});
afterAll(() => ctx.close());

const upload = (content: string, fileName: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/bank-returns?fileName=${encodeURIComponent(fileName)}`,
    token: tokens.admin,
    headers: { 'content-type': 'text/plain' },
    payload: content,
  });

const entriesOf = (approvalId: string) =>
  ctx.app.db
    .select()
    .from(bankFileEntries)
    .where(eq(bankFileEntries.approvalId, approvalId))
    .orderBy(asc(bankFileEntries.traceNumber));

const accountOf = async (vendorRef: string) =>
  (
    await ctx.app.db
      .select()
      .from(vendorBankAccounts)
      .where(
        and(eq(vendorBankAccounts.companyId, world.companyId), eq(vendorBankAccounts.vendorRef, vendorRef)),
      )
  )[0]!;

const statusOf = async (approvalId: string) =>
  (await ctx.app.db.select().from(approvals).where(eq(approvals.id, approvalId)))[0]!;

/** The bank's NOCs for some entries of an approval's file, by bill id. */
async function nocFor(
  approvalId: string,
  changes: Record<string, Omit<BankResponse, 'traceNumber'>>,
  options: SimulatorOptions = {},
): Promise<string> {
  const entries = await entriesOf(approvalId);
  const [file] = await ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId));
  return simulateBankResponse(
    file!.content,
    Object.entries(changes).map(([billId, change]) => ({
      traceNumber: entries.find((entry) => entry.billId === billId)!.traceNumber,
      ...change,
    })),
    options,
  );
}

describe('notifications of change', () => {
  it('C01 leaves the payment paid and changes the account only once a second person confirms', async () => {
    // Stops: the bank's NOC (or a file made to look like one) redirecting a vendor's payments on
    // one person's word, and a returned-looking payment paid again.
    const id = await paidApproval(world, [bill('9101', 'V-1', 1234.5), bill('9102', 'V-2', 20)]);
    const before = await accountOf('V-1');
    const response = await upload(
      await nocFor(id, { '9101': { code: 'C01', correctedData: { accountNumber: '987654321' } } }),
      'noc-c01.txt',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: BankReturnUpload }>().data;
    expect(result.message).toBe('Return file applied: 0 returned, 1 corrected, 0 unmatched, 0 mismatched');
    expect(result.file.correctedCount).toBe(1);
    expect(result.file.lines).toEqual([
      expect.objectContaining({
        outcome: 'CORRECTED',
        code: 'C01',
        description: ACH_CHANGE_CODES.C01.description,
        billId: '9101',
        approvalId: id,
        correctedData: '••••4321',
      }),
    ]);

    // The payment stands: entry sent, bill still paid, approval unchanged; the entry records the NOC.
    const entry = (await entriesOf(id)).find((row) => row.billId === '9101')!;
    expect(entry).toMatchObject({ status: 'SENT', correctionCode: 'C01', returnCode: null });
    expect(entry.correctedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await statusOf(id)).status).toBe('NACHA_GENERATED');
    const locks = await ctx.app.db.select().from(paidBills).where(eq(paidBills.approvalId, id));
    expect(locks).toHaveLength(2);

    // The account: a new version, pending, entered by the uploader, carrying the NOC.
    const after = await accountOf('V-1');
    expect(after).toMatchObject({
      version: before.version + 1,
      accountLast4: '4321',
      routingNumber: before.routingNumber,
      changedById: world.admin.id,
      confirmedAt: null,
      correctionCode: 'C01',
      correctionVersion: before.version + 1,
    });
    const listed = (await getVendorAccounts(ctx.app.db, world.companyId)).accounts.find(
      (account) => account.vendorRef === 'V-1',
    )!;
    expect(listed.control.status).toBe('PENDING');
    expect(listed.correction).toEqual({
      code: 'C01',
      description: 'Incorrect bank account number',
      receivedAt: expect.any(String),
    });
    expect(listed.blocked).toBeNull();

    // The next bank file for the vendor is held, naming the NOC, on the approval and in its accounts.
    const next = await approvedApproval(world, [bill('9103', 'V-1', 40)]);
    const held =
      "The bank account of Vendor V-1 was corrected by the bank's notification of change C01 (Incorrect bank account number): the correction waits for a second person's confirmation";
    expect(await generateBankFile(world.deps(), world.admin, next)).toEqual({
      status: 'APPROVED',
      nachaProcessingStatus: held,
    });
    const accounts = await getApprovalPaymentAccounts(ctx.app.db, next);
    expect(accounts.accounts[0]!.heldReason).toBe(held);
    expect(accounts.accounts[0]!.account!.correction?.code).toBe('C01');

    // History and audit name the NOC.
    const history = await ctx.app.db
      .select({ action: activity.action, description: activity.description })
      .from(activity)
      .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id)));
    expect(history).toContainEqual({
      action: 'approval.payment_corrected',
      description: expect.stringContaining(
        'Notification of change C01 Incorrect bank account number — $1,234.50 to Vendor V-1',
      ),
    });
    const audit = await ctx.app.db
      .select({ description: activity.description })
      .from(activity)
      .where(
        and(
          eq(activity.action, 'payments.vendor_account.update'),
          eq(activity.entityId, String(world.companyId)),
        ),
      );
    expect(audit.map((row) => row.description)).toContainEqual(
      expect.stringContaining('notification of change C01 (Incorrect bank account number)'),
    );

    // The uploader cannot confirm the change their file made.
    await expect(
      confirmVendorAccount(world.deps(), world.admin, world.companyId, after.id, after.version),
    ).rejects.toMatchObject({ statusCode: 403, message: PAYMENT_MESSAGES.confirmOwnChange });
    expect((await accountOf('V-1')).confirmedAt).toBeNull();

    // A second person confirms: the held approval gets its file, paying the corrected account.
    await confirmVendorAccount(world.deps(), world.moderator, world.companyId, after.id, after.version);
    expect((await statusOf(next)).status).toBe('NACHA_GENERATED');
    const [paid] = await entriesOf(next);
    expect(paid).toMatchObject({ accountLast4: '4321', accountVersion: after.version });
    // Kept once confirmed, as the reason the account changed.
    expect((await accountOf('V-1')).correctionCode).toBe('C01');
  });

  it('C05 corrects the account type, C02 the routing number; the same NOC again changes nothing', async () => {
    const id = await paidApproval(world, [bill('9201', 'V-2', 50), bill('9202', 'V-3', 60)]);
    const text = await nocFor(id, {
      '9201': { code: 'C05', correctedData: { transactionCode: '32' } },
      '9202': { code: 'C02', correctedData: { routingNumber: '021000021' } },
    });
    const response = await upload(text, 'noc-c05-c02.txt');
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountOf('V-2')).toMatchObject({ accountType: 'savings', confirmedAt: null });
    expect(await accountOf('V-3')).toMatchObject({ routingNumber: '021000021', confirmedAt: null });
    const versions = [(await accountOf('V-2')).version, (await accountOf('V-3')).version];
    // The same NOCs in another file (other bytes: a later creation time) change nothing again.
    const again = await upload(
      await nocFor(
        id,
        {
          '9201': { code: 'C05', correctedData: { transactionCode: '32' } },
          '9202': { code: 'C02', correctedData: { routingNumber: '021000021' } },
        },
        { creationTime: '1300' },
      ),
      'noc-again.txt',
    );
    expect(again.statusCode, again.body).toBe(200);
    const lines = again.json<{ data: BankReturnUpload }>().data.file.lines;
    expect(lines.map((line) => [line.outcome, line.reason])).toEqual([
      ['UNMATCHED', 'The bank account already carries this correction: nothing changed'],
      ['UNMATCHED', 'The bank account already carries this correction: nothing changed'],
    ]);
    expect([(await accountOf('V-2')).version, (await accountOf('V-3')).version]).toEqual(versions);
  });

  it('a NOC whose corrected data is missing or no account of ours is refused, naming the line; nothing applies', async () => {
    // Stops: a half-read NOC changing an account to blanks, or to a number no bank file can carry.
    const id = await paidApproval(world, [bill('9301', 'V-1', 70)]);
    const before = await accountOf('V-1');
    const filesBefore = (await ctx.app.db.select().from(bankReturnFiles)).length;
    const good = await nocFor(id, { '9301': { code: 'C01', correctedData: { accountNumber: '55554444' } } });
    const records = good.split('\n');
    const addenda = records.findIndex((line) => line.startsWith('798'));
    // Positions 36-64 of the Addenda 98 (the corrected data) blanked.
    records[addenda] = records[addenda]!.slice(0, 35) + ' '.repeat(29) + records[addenda]!.slice(64);
    const missing = await upload(records.join('\n'), 'noc-missing.txt');
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(
      `This is not a return file the console can read: line ${addenda + 1}, correctedData.accountNumber: C01: the corrected account number is missing`,
    );

    // A savings-or-checking code is what a vendor account can take; a GL code (42) is not.
    const gl = await nocFor(id, { '9301': { code: 'C05', correctedData: { transactionCode: '42' } } });
    const refused = await upload(gl, 'noc-gl.txt');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(
      `Line ${addenda + 1}: notification of change C05 carries no valid checking or savings transaction code in its corrected data; nothing in the file was applied`,
    );

    const after = await accountOf('V-1');
    expect(after.version).toBe(before.version);
    expect(after.accountLast4).toBe(before.accountLast4);
    expect((await entriesOf(id))[0]!.correctionCode).toBeNull();
    expect((await ctx.app.db.select().from(bankReturnFiles)).length).toBe(filesBefore);
  });
});
