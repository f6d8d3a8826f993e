import { eq } from 'drizzle-orm';
import {
  APPROVAL_ERRORS,
  MANUAL_APPROVAL_ERRORS,
  type Approval,
  type ApprovalHistoryEntry,
  type Bill,
  type VendorAccount,
} from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalBillKeys, companies, nachaFiles, users } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { createApprovalInTransaction, QUICKBOOKS_IMPORTER } from './approvals.service';

/**
 * Approval requests entered by hand (companies without QuickBooks) and the duplicate-bill rule,
 * each tried the way it is attacked: a bill number spelled differently ('INV-0042', 'inv 42'), the
 * same amount a few days apart, an approve without a reason, and a bank file for a bill already
 * paid under another id.
 */

let ctx: TestContext;
const tokens: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
let companyId: number;
let connectedId: number;
const APPROVALS = '/api/bill-approval/approvals';
const MANUAL = `${APPROVALS}/manual`;

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; fields?: Record<string, string> } }).error;
const dataOf = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface ManualBillInput {
  vendorRef: string;
  DocNumber: string;
  TxnDate: string;
  DueDate: string;
  TotalAmt: number;
  Line: Array<{ Description: string; Amount: number }>;
}

const manualBill = (
  vendorRef: string,
  docNumber: string,
  amount: number,
  date = '2026-11-02',
  due = '2026-12-02',
): ManualBillInput => ({
  vendorRef,
  DocNumber: docNumber,
  TxnDate: date,
  DueDate: due,
  TotalAmt: amount,
  Line: [{ Description: `Services for ${docNumber}`, Amount: amount }],
});

async function enter(bills: ManualBillInput[], token = tokens.moderator, company = companyId) {
  return call('POST', MANUAL, token, { companyId: company, priority: 'HIGH', bills });
}

async function entered(bills: ManualBillInput[]): Promise<Approval> {
  const response = await enter(bills);
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<Approval>(response);
}

const approve = (id: string, token: string, payload: object = {}) =>
  call('PUT', `${APPROVALS}/${id}/approve`, token, payload);

const approvalOf = async (id: string) =>
  dataOf<Approval>(await call('GET', `${APPROVALS}/${id}`, tokens.guest));
const historyOf = async (id: string) =>
  dataOf<ApprovalHistoryEntry[]>(await call('GET', `${APPROVALS}/${id}/history`, tokens.guest));

async function addConfirmedAccount(vendorRef: string, vendorName: string): Promise<VendorAccount> {
  const path = `/api/company/companies/${companyId}/vendor-accounts`;
  const added = await call('POST', path, tokens.admin, {
    vendorRef,
    vendorName,
    routingNumber: '021000021',
    accountNumber: '123456789',
    accountType: 'checking',
  });
  expect(added.statusCode, added.body).toBe(201);
  const account = dataOf<VendorAccount>(added);
  const confirmed = await call('PUT', `${path}/${account.id}/confirm`, tokens.moderator, {
    version: account.control.version,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return account;
}

beforeAll(async () => {
  ctx = await build();
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) {
    tokens[role] = (await ctx.login(`${role}@example.com`)).tokens.accessToken;
  }
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Hand Entered Co' })
    .returning({ id: companies.id });
  companyId = company!.id;
  const [connected] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Books Linked Co', qbConnectionStatus: 'connected', qbRealmId: '9130350000000001' })
    .returning({ id: companies.id });
  connectedId = connected!.id;
  // The demo USER approves this company's requests (the default policy's approver step).
  const [user] = await ctx.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'user@example.com'));
  await ctx.app.db.update(companies).set({ approverId: user!.id }).where(eq(companies.id, companyId));
  const saved = await call('PUT', `/api/company/companies/${companyId}/payment-settings`, tokens.admin, {
    odfiRoutingNumber: '121042882',
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'Hand Entered',
    originName: 'Hand Entered LLC',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await addConfirmedAccount('V-ACME', 'Acme Supplies');
  await addConfirmedAccount('V-BOLT', 'Bolt Logistics');
});
afterAll(() => ctx.close());

describe('a request entered by hand', () => {
  it('a MODERATOR enters two lines; the approval is MANUAL, its bills get ids of their own, its vendor its name, its policy chain starts', async () => {
    const response = await enter([
      {
        vendorRef: 'V-ACME',
        DocNumber: 'HB-1001',
        TxnDate: '2026-10-01',
        DueDate: '2026-10-31',
        TotalAmt: 1250.5,
        Line: [
          { Description: 'Paper', Amount: 1000 },
          { Description: 'Toner', Amount: 250.5 },
        ],
      },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const approval = dataOf<Approval>(response);
    expect(approval).toMatchObject({
      origin: 'MANUAL',
      status: 'PENDING',
      priority: 'HIGH',
      createdBy: expect.any(String),
      billStats: expect.objectContaining({ totalBills: 1, totalAmount: 1250.5 }),
    });
    expect(approval.stepCount).toBeGreaterThan(0);
    expect(approval.currentStep).toBe(1);
    const [stored] = JSON.parse(approval.bills!) as Bill[];
    expect(BigInt(stored!.Id)).toBeGreaterThan(9_000_000_000_000n);
    expect(stored).toMatchObject({
      DocNumber: 'HB-1001',
      TxnDate: '2026-10-01',
      DueDate: '2026-10-31',
      VendorRef: { value: 'V-ACME', name: 'Acme Supplies' },
      Line: [
        { Id: '1', Description: 'Paper', Amount: 1000 },
        { Id: '2', Description: 'Toner', Amount: 250.5 },
      ],
    });
    expect((await historyOf(approval.id)).map((entry) => entry.action)).toContain('Created');
  });

  it('USER and GUEST may not enter requests (403), whatever they send', async () => {
    for (const token of [tokens.user, tokens.guest]) {
      const response = await enter([manualBill('V-ACME', 'HB-403', 10)], token);
      expect(response.statusCode).toBe(403);
    }
  });

  it('lines that do not add up, a due date before the bill date and a missing line are refused with what is wrong', async () => {
    const bad = await enter([
      { ...manualBill('V-ACME', 'HB-2001', 100), Line: [{ Description: 'Half', Amount: 50 }] },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain(MANUAL_APPROVAL_ERRORS.linesDoNotAddUp(5000, 10000));
    const early = await enter([manualBill('V-ACME', 'HB-2002', 10, '2026-10-10', '2026-10-01')]);
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).message).toContain(MANUAL_APPROVAL_ERRORS.dueBeforeBill);
    const empty = await enter([{ ...manualBill('V-ACME', 'HB-2003', 10), Line: [] }]);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toContain(MANUAL_APPROVAL_ERRORS.noLines);
    const noDate = await enter([manualBill('V-ACME', 'HB-2004', 10, '2026-02-31')]);
    expect(noDate.statusCode).toBe(400);
    expect(errorOf(noDate).message).toContain(MANUAL_APPROVAL_ERRORS.billDate);
  });

  it('a company connected to QuickBooks is refused, saying why; a vendor that is not the company’s too', async () => {
    const linked = await enter([manualBill('V-ACME', 'HB-3001', 10)], tokens.moderator, connectedId);
    expect(linked.statusCode).toBe(400);
    expect(errorOf(linked).message).toBe(APPROVAL_ERRORS.connectedToQuickBooks('Books Linked Co'));
    const stranger = await enter([manualBill('V-NOBODY', 'HB-3002', 10)]);
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).message).toBe(APPROVAL_ERRORS.unknownVendor('V-NOBODY'));
  });

  it('the CSV export says which approvals were entered by hand', async () => {
    const approval = await entered([manualBill('V-BOLT', 'HB-CSV-1', 77)]);
    const response = await call('GET', `${APPROVALS}/export?format=csv&search=hb-csv-1`, tokens.guest);
    expect(response.statusCode).toBe(200);
    const [header, row] = response.body.split('\r\n');
    expect(header!.split(',').at(-1)).toBe('Source');
    expect(row).toContain(approval.id);
    expect(row!.endsWith(',"Entered by hand"')).toBe(true);
  });
});

describe('duplicate bills', () => {
  it("'inv 42' after 'INV-0042' of the same vendor is flagged with the other bill; approving it needs a reason, which history keeps", async () => {
    const first = await entered([manualBill('V-ACME', 'INV-0042', 420)]);
    const second = await entered([manualBill('V-ACME', 'inv 42', 420, '2026-11-20')]);
    expect(first.duplicates).toEqual([]);
    const [firstBill] = JSON.parse(first.bills!) as Bill[];
    expect(second.duplicates).toEqual([
      expect.objectContaining({
        kind: 'BILL_NUMBER',
        otherApprovalId: first.id,
        otherBillId: firstBill!.Id,
        otherStatus: 'PENDING',
      }),
    ]);
    expect(JSON.parse(second.duplicates![0]!.otherBill!)).toMatchObject({ DocNumber: 'INV-0042' });
    const flag = (await historyOf(second.id)).find((entry) => entry.action === 'Possible duplicate');
    expect(flag?.details).toBe(
      `Bill inv 42 may be a duplicate of bill ${firstBill!.Id} of approval ${first.id.slice(0, 8)} (same vendor and bill number)`,
    );

    const refused = await approve(second.id, tokens.user);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(APPROVAL_ERRORS.duplicateReasonRequired(['inv 42']));
    expect((await approvalOf(second.id)).status).toBe('PENDING');
    const blank = await approve(second.id, tokens.user, { duplicateReason: '   ' });
    expect(blank.statusCode).toBe(400);

    const approved = await approve(second.id, tokens.user, {
      duplicateReason: 'Vendor re-issued the invoice with a new date',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const decision = (await historyOf(second.id)).find((entry) => entry.action === 'Approved');
    expect(decision?.details).toContain('Vendor re-issued the invoice with a new date');
  });

  it("bulk approve (the list's quick path) cannot skip the reason: the flagged approval is refused and stays PENDING, the others are approved", async () => {
    const original = await entered([manualBill('V-ACME', 'BULK-0009', 909, '2026-10-01')]);
    const twin = await entered([manualBill('V-ACME', 'bulk 9', 909, '2026-10-02')]);
    const clean = await entered([manualBill('V-BOLT', 'BULK-CLEAN-1', 19, '2026-10-03')]);
    expect(twin.duplicates).toHaveLength(1);
    // A reason smuggled into the bulk body is not a reason: the bulk route takes ids only.
    const response = await call('POST', `${APPROVALS}/bulk-approve`, tokens.user, {
      ids: [twin.id, clean.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const outcome = dataOf<{
      succeeded: number;
      results: Array<{
        id: string;
        success: boolean;
        status: string | null;
        error: string | null;
        code: string | null;
      }>;
    }>(response);
    expect(outcome.succeeded).toBe(1);
    expect(outcome.results.find((result) => result.id === twin.id)).toMatchObject({
      success: false,
      status: 'PENDING',
      error: APPROVAL_ERRORS.duplicateReasonRequired(['bulk 9']),
      code: 'VALIDATION_ERROR',
    });
    expect(outcome.results.find((result) => result.id === clean.id)).toMatchObject({ success: true });
    expect((await approvalOf(twin.id)).status).toBe('PENDING');
    expect((await approvalOf(original.id)).status).toBe('PENDING');
    const smuggled = await call('POST', `${APPROVALS}/bulk-approve`, tokens.user, {
      ids: [twin.id],
      duplicateReason: 'bulk reason',
    });
    const after = smuggled.statusCode === 200 ? dataOf<{ succeeded: number }>(smuggled).succeeded : 0;
    expect(after).toBe(0);
    expect((await approvalOf(twin.id)).status).toBe('PENDING');
  });

  it('the same vendor and amount within 7 days is flagged; 8 days apart, another vendor or another amount is not', async () => {
    await entered([manualBill('V-BOLT', 'FR-100', 333.33, '2026-09-01')]);
    const near = await entered([manualBill('V-BOLT', 'FR-200', 333.33, '2026-09-08')]);
    expect(near.duplicates).toEqual([expect.objectContaining({ kind: 'AMOUNT_AND_DATE' })]);
    const far = await entered([manualBill('V-BOLT', 'FR-300', 333.33, '2026-09-17')]);
    expect(far.duplicates).toEqual([]);
    const otherVendor = await entered([manualBill('V-ACME', 'FR-400', 333.33, '2026-09-02')]);
    expect(otherVendor.duplicates).toEqual([]);
    const otherAmount = await entered([manualBill('V-BOLT', 'FR-500', 333.34, '2026-09-02')]);
    expect(otherAmount.duplicates).toEqual([]);
  });

  it('two bills of one request that are one bill: the second is flagged', async () => {
    const approval = await entered([manualBill('V-BOLT', 'DUP-7', 12), manualBill('V-BOLT', 'dup 007', 13)]);
    expect(approval.duplicates).toHaveLength(1);
    expect(approval.duplicates![0]).toMatchObject({ kind: 'BILL_NUMBER', otherApprovalId: approval.id });
  });

  it('a rejected bill is no duplicate of anything', async () => {
    const rejected = await entered([manualBill('V-ACME', 'REJ-1', 64)]);
    const response = await call('PUT', `${APPROVALS}/${rejected.id}/reject`, tokens.user, {
      rejectionReason: 'Wrong company',
    });
    expect(response.statusCode).toBe(200);
    expect((await entered([manualBill('V-ACME', 'REJ-1', 64)])).duplicates).toEqual([]);
  });

  it('the import path flags the same way (the one create path): a QuickBooks bill against a bill entered by hand', async () => {
    const manual = await entered([manualBill('V-BOLT', 'QB-0099', 99)]);
    const id = await ctx.app.db.transaction((tx) =>
      createApprovalInTransaction(
        tx,
        QUICKBOOKS_IMPORTER,
        {
          companyId,
          priority: 'LOW',
          recipients: [],
          bills: [
            {
              Id: '77001',
              TotalAmt: 99,
              DocNumber: 'qb99',
              TxnDate: '2026-11-03',
              VendorRef: { value: 'V-BOLT', name: 'Bolt Logistics' },
            },
          ],
        },
        'QUICKBOOKS',
      ),
    );
    const imported = await approvalOf(id);
    expect(imported.duplicates).toEqual([
      expect.objectContaining({ kind: 'BILL_NUMBER', otherApprovalId: manual.id }),
    ]);
  });

  it("the 'id that looks different' attack: 'INV-0777' is paid; 'inv 777' approved with a reason gets no bank file, and a third spelling is refused at entry", async () => {
    const paid = await entered([manualBill('V-ACME', 'INV-0777', 777)]);
    const twin = await entered([manualBill('V-ACME', 'inv 777', 777, '2026-11-05')]);
    expect(twin.duplicates).toHaveLength(1);
    const first = await approve(paid.id, tokens.user);
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf<Approval>(first).status).toBe('NACHA_GENERATED');

    const second = await approve(twin.id, tokens.user, { duplicateReason: 'Looks like a new invoice to me' });
    expect(second.statusCode, second.body).toBe(200);
    const after = dataOf<Approval>(second);
    expect(after.status).toBe('APPROVED');
    expect(after.nachaProcessingStatus).toMatch(/already paid by approval #/);
    const files = await ctx.app.db
      .select({ id: nachaFiles.id })
      .from(nachaFiles)
      .where(eq(nachaFiles.approvalId, twin.id));
    expect(files).toHaveLength(0);
    const retry = await call('POST', `${APPROVALS}/${twin.id}/nacha`, tokens.admin);
    expect(dataOf<{ status: string }>(retry).status).toBe('APPROVED');

    const third = await enter([manualBill('V-ACME', 'Inv.00777', 777)]);
    expect(third.statusCode).toBe(409);
    expect(errorOf(third).message).toMatch(/already paid by approval #/);
  });

  it('checked again before the bank file: two requests of one bill that never saw each other, approved at the same moment, are paid once', async () => {
    // Two requests created at the same moment (or keyed before the rule) do not flag each other:
    // each transaction's duplicate check ran before the other's keys were committed.
    const first = await entered([manualBill('V-BOLT', 'RACE-A1', 4321.09, '2026-08-10')]);
    const second = await entered([manualBill('V-BOLT', 'RACE-B7', 4321.09, '2026-08-12')]);
    expect(second.duplicates).toHaveLength(1);
    await ctx.app.db
      .update(approvalBillKeys)
      .set({ duplicateKind: null, duplicateOfApprovalId: null, duplicateOfBillId: null })
      .where(eq(approvalBillKeys.approvalId, second.id));
    expect((await approvalOf(second.id)).duplicates).toEqual([]);

    const answers = await Promise.all([approve(first.id, tokens.user), approve(second.id, tokens.user)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const decided = answers.map((answer) => dataOf<Approval>(answer));
    expect(decided.map((approval) => approval.status).sort()).toEqual(['APPROVED', 'NACHA_GENERATED']);
    const paid = decided.find((approval) => approval.status === 'NACHA_GENERATED')!;
    const refused = decided.find((approval) => approval.status === 'APPROVED')!;
    const paidBill = (JSON.parse(paid.bills!) as Bill[])[0]!;
    const refusedBill = (JSON.parse(refused.bills!) as Bill[])[0]!;
    expect(refused.nachaProcessingStatus).toBe(
      APPROVAL_ERRORS.duplicateOfPaidBill(
        `${refusedBill.Id} (${refusedBill.DocNumber})`,
        paidBill.Id,
        paid.id.slice(0, 8),
        'same vendor and amount within 7 days',
      ),
    );
    const files = await ctx.app.db
      .select({ id: nachaFiles.id })
      .from(nachaFiles)
      .where(eq(nachaFiles.approvalId, refused.id));
    expect(files).toHaveLength(0);
    // 'Generate NACHA file' again is refused the same way: nothing acknowledges the pair afterwards.
    const retry = await call('POST', `${APPROVALS}/${refused.id}/nacha`, tokens.admin);
    expect(dataOf<{ status: string; nachaProcessingStatus: string }>(retry)).toMatchObject({
      status: 'APPROVED',
      nachaProcessingStatus: refused.nachaProcessingStatus,
    });
    const history = await historyOf(refused.id);
    expect(
      history.some((entry) => entry.details?.includes('it was not approved as a possible duplicate')),
    ).toBe(true);
  });

  it('a pair flagged at entry and approved with a reason is paid twice on purpose: the re-check refuses only what nobody saw', async () => {
    const first = await entered([manualBill('V-BOLT', 'TWICE-1', 2468.02, '2026-07-01')]);
    const second = await entered([manualBill('V-BOLT', 'TWICE-2', 2468.02, '2026-07-03')]);
    expect(second.duplicates).toEqual([
      expect.objectContaining({ kind: 'AMOUNT_AND_DATE', otherApprovalId: first.id }),
    ]);
    const paidSecond = await approve(second.id, tokens.user, {
      duplicateReason: 'Two deliveries, two invoices',
    });
    expect(dataOf<Approval>(paidSecond).status, paidSecond.body).toBe('NACHA_GENERATED');
    // The first was approved before anyone saw a duplicate; the second's approver acknowledged the pair.
    const paidFirst = await approve(first.id, tokens.user);
    expect(dataOf<Approval>(paidFirst).status, paidFirst.body).toBe('NACHA_GENERATED');
  });

  it('the check reads indexes, not every bill: each bill of an approval is one keyed row', async () => {
    const approval = await entered([manualBill('V-ACME', 'IDX-1', 5), manualBill('V-BOLT', 'IDX-2', 6)]);
    const rows = await ctx.app.db
      .select()
      .from(approvalBillKeys)
      .where(eq(approvalBillKeys.approvalId, approval.id));
    expect(rows.map((row) => row.docKey).sort()).toEqual(['IDX1', 'IDX2']);
  });
});
