/**
 * Applying the bank's return files (POST /api/bank-returns), built with the bank simulator the
 * tests and the demo share. Each test names the mistake or attack it stops.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACH_RETURN_CODES, type BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// By path, not as a dependency: the simulator depends on api, so api must not depend on it.
import { simulateBankResponse } from '../../../../bank-simulator/src/index';
import {
  activity,
  approvals,
  bankFileEntries,
  bankReturnFiles,
  liveEvents,
  nachaFiles,
  paidBills,
  vendorBankAccounts,
} from '../../db/schema';
import { writeNachaFile } from '../../payments/nacha-file';
import { NachaReturnFileError, parseReturnFile } from '../../payments/nacha-returns';
import { bankReturnSteps, bankReturnsWorld, type BankReturnsContext } from '../../test/bank-returns';
import { errorOf, type TestContext } from '../../test/build';
import { approvedApproval, bill, paidApproval, type PaymentWorld } from '../../test/payment-world';
import { generateBankFile } from './bank-files.service';
import { changeVendorAccount, confirmVendorAccount } from './payment-accounts.service';

let setup: BankReturnsContext;
let ctx: TestContext;
let world: PaymentWorld;
let tokens: BankReturnsContext['tokens'];

beforeAll(async () => {
  setup = await bankReturnsWorld('Bank Returns Co');
  ({ ctx, world, tokens } = setup);
});
afterAll(() => ctx.close());

const { upload, entriesOf, fileOf, returnFor } = bankReturnSteps(() => setup);

const applied = (response: Awaited<ReturnType<typeof upload>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BankReturnUpload }>().data;
};

const statusOf = async (approvalId: string) =>
  (
    await ctx.app.db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, approvalId))
  )[0]!.status;

const locksOf = async (billIds: string[]) =>
  (
    await ctx.app.db
      .select({ billId: paidBills.billId })
      .from(paidBills)
      .where(and(eq(paidBills.companyId, world.companyId), inArray(paidBills.billId, billIds)))
  )
    .map((row) => row.billId)
    .sort();

const historyOf = async (approvalId: string) =>
  ctx.app.db
    .select({ action: activity.action, description: activity.description })
    .from(activity)
    .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, approvalId)))
    .orderBy(asc(activity.id));

describe('applying a return file', () => {
  it('a return of one bill of a three-bill file reopens that bill only, through a new approval', async () => {
    // Stops: a returned payment left looking paid (nobody pays the vendor), or the whole
    // approval reopened and its two paid bills paid a second time.
    const id = await paidApproval(world, [
      bill('8101', 'V-1', 1234.5),
      bill('8102', 'V-2', 20),
      bill('8103', 'V-1', 30),
    ]);
    const result = applied(await upload(await returnFor(id, { '8101': 'R01' }), 'r-one.txt'));
    expect(result.alreadyApplied).toBe(false);
    expect(result.file.lines).toEqual([
      expect.objectContaining({
        outcome: 'RETURNED',
        code: 'R01',
        billId: '8101',
        approvalId: id,
        amountCents: 123450,
      }),
    ]);

    const entries = await entriesOf(id);
    const returned = entries.find((entry) => entry.billId === '8101')!;
    expect(returned).toMatchObject({
      status: 'RETURNED',
      returnCode: 'R01',
      returnDescription: ACH_RETURN_CODES.R01,
    });
    expect(returned.returnedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      entries
        .filter((entry) => entry.status === 'SENT')
        .map((entry) => entry.billId)
        .sort(),
    ).toEqual(['8102', '8103']);
    // Only the returned bill's lock is released.
    expect(await locksOf(['8101', '8102', '8103'])).toEqual(['8102', '8103']);
    expect(await statusOf(id)).toBe('PAYMENT_PARTLY_RETURNED');

    const history = await historyOf(id);
    expect(history.at(-1)).toEqual({
      action: 'approval.payment_returned',
      description: expect.stringContaining('Returned: R01 Insufficient funds — $1,234.50 to Vendor V-1'),
    });
    const events = await ctx.app.db
      .select({ kind: liveEvents.kind, status: liveEvents.status })
      .from(liveEvents)
      .where(and(eq(liveEvents.entityType, 'approval'), eq(liveEvents.entityId, id)));
    expect(events).toContainEqual({ kind: 'approval.payment_returned', status: 'PAYMENT_PARTLY_RETURNED' });

    // Nothing pays it again by itself; a new approval of the bill does (its lock is gone), while
    // the bills that were paid stay refused.
    expect(await ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, id))).toHaveLength(1);
    const again = await approvedApproval(world, [bill('8101', 'V-1', 1234.5)]);
    expect(await generateBankFile(world.deps(), world.admin, again)).toMatchObject({
      status: 'NACHA_GENERATED',
    });
    const twice = await approvedApproval(world, [bill('8102', 'V-2', 20)]);
    expect((await generateBankFile(world.deps(), world.admin, twice)).status).toBe('APPROVED');

    // The other two come back as well: the approval is returned in full.
    applied(await upload(await returnFor(id, { '8102': 'R23', '8103': 'R29' }), 'r-rest.txt'));
    expect(await statusOf(id)).toBe('PAYMENT_RETURNED');
  });

  it('the same file twice is applied once: 200 "already applied", nothing changes', async () => {
    // Stops: a file uploaded again (a double click, a re-sent e-mail) returning payments twice
    // and writing the history twice.
    const id = await paidApproval(world, [bill('8201', 'V-2', 50), bill('8202', 'V-2', 60)]);
    const text = await returnFor(id, { '8201': 'R01' });
    const first = applied(await upload(text, 'twice.txt'));
    const historyBefore = await historyOf(id);
    const second = applied(await upload(text, 'twice-again.txt'));
    expect(second).toEqual({
      ...first,
      alreadyApplied: true,
      message: 'This return file was already applied: nothing changed',
    });
    expect(await historyOf(id)).toEqual(historyBefore);
    expect((await entriesOf(id)).map((entry) => entry.status)).toEqual(['RETURNED', 'SENT']);
  });

  it('an unmatched trace and an amount that disagrees are listed and change nothing', async () => {
    // Stops: a return of a payment the console never sent, or one for another amount, reopening
    // a bill that was paid (it would be paid a second time).
    const id = await paidApproval(world, [bill('8301', 'V-1', 70), bill('8302', 'V-2', 80)]);
    const [first] = await entriesOf(id);
    // The console recorded $70.00; the bank says it returned $70.01.
    await ctx.app.db
      .update(bankFileEntries)
      .set({ amountCents: 7001 })
      .where(eq(bankFileEntries.id, first!.id));
    const mismatch = await returnFor(id, { '8301': 'R01' });
    // A file of the same originator the console did not write: its traces are nobody's.
    const stranger = writeNachaFile({
      originator: {
        odfiRoutingNumber: '121042882',
        companyIdentification: '1234567890',
        companyName: 'Acme Logistics',
        entryDescription: 'VENDOR PAY',
        immediateDestinationName: 'First Example Bank',
        immediateOriginName: 'Acme Logistics LLC',
      },
      credits: [
        {
          routingNumber: '021000021',
          accountNumber: '99887766',
          accountType: 'checking',
          amountCents: 7000,
          receiverName: 'Someone Else',
          identificationNumber: '8301',
        },
      ],
      creationDate: '2026-11-23',
      creationTime: '0930',
      fileIdModifier: 'Z',
      effectiveEntryDate: '2026-11-24',
      batchNumber: 77,
      firstTraceSequence: 9_999_000,
    }).text;
    const unmatched = simulateBankResponse(stranger, [{ traceNumber: '121042889999000', code: 'R03' }]);

    const one = applied(await upload(mismatch, 'mismatch.txt'));
    expect(one.file.lines).toEqual([
      expect.objectContaining({
        outcome: 'MISMATCH',
        reason: expect.stringContaining('amount $70.00, sent $70.01'),
      }),
    ]);
    const two = applied(await upload(unmatched, 'unmatched.txt'));
    expect(two.file.lines).toEqual([expect.objectContaining({ outcome: 'UNMATCHED', approvalId: null })]);
    expect([one.file.matchedCount, two.file.matchedCount]).toEqual([0, 0]);

    expect((await entriesOf(id)).map((entry) => entry.status)).toEqual(['SENT', 'SENT']);
    expect(await locksOf(['8301', '8302'])).toEqual(['8301', '8302']);
    expect(await statusOf(id)).toBe('NACHA_GENERATED');
    const accounts = await ctx.app.db
      .select({ blocked: vendorBankAccounts.blockedCode })
      .from(vendorBankAccounts)
      .where(eq(vendorBankAccounts.companyId, world.companyId));
    expect(accounts.every((account) => account.blocked === null)).toBe(true);
  });

  it('R03 blocks the vendor account: no file pays it until it is changed and a second person confirms', async () => {
    // Stops: the next bill of the vendor sent to the same dead account, or to one a single person
    // typed in after the return.
    const id = await paidApproval(world, [bill('8401', 'V-3', 90), bill('8402', 'V-1', 95)]);
    applied(await upload(await returnFor(id, { '8401': 'R03' }), 'r03.txt'));

    const next = await approvedApproval(world, [bill('8403', 'V-3', 40)]);
    expect(await generateBankFile(world.deps(), world.admin, next)).toEqual({
      status: 'APPROVED',
      nachaProcessingStatus:
        'The bank account of Vendor V-3 is blocked after return R03 (No account / unable to locate account): change it and have a second person confirm the change',
    });
    const [account] = await ctx.app.db
      .select()
      .from(vendorBankAccounts)
      .where(and(eq(vendorBankAccounts.companyId, world.companyId), eq(vendorBankAccounts.vendorRef, 'V-3')));
    const changed = await changeVendorAccount(world.deps(), world.moderator, world.companyId, account!.id, {
      vendorName: 'Vendor V-3',
      routingNumber: '091000019',
      accountNumber: '000555000',
      accountType: 'checking',
    });
    // Changed but not confirmed: still not paid.
    expect((await generateBankFile(world.deps(), world.admin, next)).nachaProcessingStatus).toMatch(
      /waiting for a second person's confirmation/,
    );
    await confirmVendorAccount(
      world.deps(),
      world.admin,
      world.companyId,
      account!.id,
      changed.control.version,
    );
    // The approval was decided on the old account, so this one stays refused (decide again); a new
    // approval of the returned bill pays the confirmed account.
    const retry = await approvedApproval(world, [bill('8401', 'V-3', 90)]);
    expect(await generateBankFile(world.deps(), world.admin, retry)).toMatchObject({
      status: 'NACHA_GENERATED',
    });
  });

  it('two uploads of one file at the same moment: exactly one applies', async () => {
    // Stops: a race between two tabs (or two API processes) returning the same payment twice.
    const id = await paidApproval(world, [bill('8501', 'V-2', 110), bill('8502', 'V-2', 120)]);
    const text = await returnFor(id, { '8501': 'R01', '8502': 'R01' });
    const answers = (await Promise.all([upload(text, 'race-a.txt'), upload(text, 'race-b.txt')])).map(
      applied,
    );
    expect(answers.map((answer) => answer.alreadyApplied).sort()).toEqual([false, true]);
    expect(answers[0]!.file.id).toBe(answers[1]!.file.id);
    const returns = (await historyOf(id)).filter((row) => row.action === 'approval.payment_returned');
    expect(returns).toHaveLength(2);
    expect(await statusOf(id)).toBe('PAYMENT_RETURNED');
  });

  it('a file over RETURN_FILE_MAX_BYTES is refused with 413 naming the limit, and changes nothing', async () => {
    // Stops: one upload holding the server's memory with a file of any size.
    const response = await upload(Buffer.alloc(ctx.config.returnFileMaxBytes + 1, 0x39), 'huge.txt');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe(
      `The return file is larger than ${ctx.config.returnFileMaxBytes} bytes (RETURN_FILE_MAX_BYTES)`,
    );
  });

  it('a file that is not a return file is refused with the line and field, and changes nothing', async () => {
    // Stops: the console's own bank file (or anything else) uploaded by mistake and half applied.
    const id = await paidApproval(world, [bill('8601', 'V-1', 130)]);
    const forward = await fileOf(id);
    let expected: NachaReturnFileError | undefined;
    try {
      parseReturnFile(forward);
    } catch (error) {
      expected = error as NachaReturnFileError;
    }
    expect(expected).toBeInstanceOf(NachaReturnFileError);
    const response = await upload(forward, 'not-a-return.txt');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(
      `This is not a return file the console can read: line ${expected!.line}, ${expected!.field}: ${expected!.reason}`,
    );
    expect((await entriesOf(id)).map((entry) => entry.status)).toEqual(['SENT']);
    const garbage = await upload('hello\n', 'hello.txt');
    expect(garbage.statusCode).toBe(400);
    expect(errorOf(garbage).message).toMatch(
      /^This is not a return file the console can read: line 1, record: /,
    );
  });

  it('MODERATOR reads the files applied with their lines; only an ADMIN uploads', async () => {
    // Stops: a MODERATOR reopening bills and blocking accounts with a file of their making.
    const list = await ctx.request({
      method: 'GET',
      url: '/api/bank-returns?page=1&limit=50',
      token: tokens.moderator,
    });
    expect(list.statusCode).toBe(200);
    const files = list.json<{ data: Array<{ fileName: string; lines: unknown[] }> }>().data;
    expect(files.map((file) => file.fileName)).toContain('r-one.txt');
    expect(files.find((file) => file.fileName === 'mismatch.txt')!.lines).toHaveLength(1);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/bank-returns',
      token: tokens.moderator,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('the same return in another file (other bytes) is listed as already returned and changes nothing', async () => {
    // Stops: a bank's second notice of a return (or a copy with another creation time) releasing
    // the lock of the bill's NEW payment, which would then be paid a third time.
    const id = await paidApproval(world, [bill('8701', 'V-1', 140), bill('8702', 'V-2', 150)]);
    applied(await upload(await returnFor(id, { '8701': 'R01' }), 'dup-first.txt'));
    const repaid = await approvedApproval(world, [bill('8701', 'V-1', 140)]);
    expect((await generateBankFile(world.deps(), world.admin, repaid)).status).toBe('NACHA_GENERATED');
    const historyBefore = await historyOf(id);

    const again = await returnFor(id, { '8701': 'R01' }, { creationTime: '1300' });
    const second = applied(await upload(again, 'dup-second.txt'));
    expect(second.alreadyApplied).toBe(false);
    expect(second.file.matchedCount).toBe(0);
    expect(second.file.lines).toEqual([
      expect.objectContaining({
        outcome: 'UNMATCHED',
        billId: '8701',
        reason: 'This entry was already returned (return file dup-first.txt)',
      }),
    ]);
    expect(await historyOf(id)).toEqual(historyBefore);
    expect(await statusOf(id)).toBe('PAYMENT_PARTLY_RETURNED');
    // The new payment's lock stands: the bill cannot be paid by yet another approval.
    expect(await locksOf(['8701', '8702'])).toEqual(['8701', '8702']);
    const third = await approvedApproval(world, [bill('8701', 'V-1', 140)]);
    expect((await generateBankFile(world.deps(), world.admin, third)).status).toBe('APPROVED');
  });

  it('a return sent to another receiving bank than the entry is a mismatch and changes nothing', async () => {
    // Stops: a return of another bank's payment with the same trace reopening a bill paid here.
    const id = await paidApproval(world, [bill('8801', 'V-2', 160)]);
    const text = await returnFor(id, { '8801': 'R03' });
    // The console recorded the entry as sent to 091000019; the return says 121042882.
    const [entry] = await entriesOf(id);
    await ctx.app.db
      .update(bankFileEntries)
      .set({ routingNumber: '091000019' })
      .where(eq(bankFileEntries.id, entry!.id));
    const result = applied(await upload(text, 'routing-mismatch.txt'));
    expect(result.file.lines).toEqual([
      expect.objectContaining({
        outcome: 'MISMATCH',
        reason: 'Does not agree with the entry the console sent: receiving bank 12104288, sent to 09100001',
      }),
    ]);
    expect((await entriesOf(id)).map((row) => row.status)).toEqual(['SENT']);
    expect(await locksOf(['8801'])).toEqual(['8801']);
    expect(await statusOf(id)).toBe('NACHA_GENERATED');
    const [account] = await ctx.app.db
      .select({ blocked: vendorBankAccounts.blockedCode })
      .from(vendorBankAccounts)
      .where(and(eq(vendorBankAccounts.companyId, world.companyId), eq(vendorBankAccounts.vendorRef, 'V-2')));
    expect(account!.blocked).toBeNull();
  });

  it('an unknown or retired reason code on one line refuses the whole file, naming the line; nothing applies', async () => {
    // Stops: a file half applied, its good return reopening a bill while the line after it is not
    // read, or a code NACHA no longer uses taken for one it does.
    const id = await paidApproval(world, [bill('8901', 'V-1', 170), bill('8902', 'V-2', 180)]);
    const records = (await returnFor(id, { '8901': 'R01', '8902': 'R01' })).split('\n');
    const last = records.findLastIndex((record) => record.startsWith('799'));
    expect(records.filter((record) => record.startsWith('799'))).toHaveLength(2);
    const withCode = (code: string) =>
      records.map((record, index) => (index === last ? record.slice(0, 3) + code + record.slice(6) : record));
    const filesBefore = (await ctx.app.db.select().from(bankReturnFiles)).length;

    const retired = await upload(withCode('R65').join('\n'), 'retired.txt');
    expect(retired.statusCode).toBe(400);
    expect(errorOf(retired).message).toBe(
      `This is not a return file the console can read: line ${last + 1}, returnReasonCode: R65 is a retired return code, no longer in NACHA's list`,
    );
    const unknown = await upload(withCode('R99').join('\n'), 'unknown.txt');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toBe(
      `This is not a return file the console can read: line ${last + 1}, returnReasonCode: "R99" is not a return code`,
    );

    expect((await entriesOf(id)).map((row) => row.status)).toEqual(['SENT', 'SENT']);
    expect(await locksOf(['8901', '8902'])).toEqual(['8901', '8902']);
    expect(await statusOf(id)).toBe('NACHA_GENERATED');
    expect((await ctx.app.db.select().from(bankReturnFiles)).length).toBe(filesBefore);
    // The same file with its codes as the bank sent them applies both.
    expect(applied(await upload(records.join('\n'), 'both.txt')).file.matchedCount).toBe(2);
  });
});
