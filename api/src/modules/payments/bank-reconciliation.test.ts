/**
 * Reconciliation of a bank file (GET /api/bank-files, /:id, /:id/reconciliation.csv) and the
 * dashboard's count of returned approvals, after a return and a notification of change, on both
 * engines.
 */
import { asc, eq } from 'drizzle-orm';
import type { BankFileReconciliation, BankFileSummary, DashboardStats } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// By path, not as a dependency: the simulator depends on api, so api must not depend on it.
import { simulateBankResponse, type BankResponse } from '../../../../bank-simulator/src/index';
import { bankFileEntries, nachaFiles } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { bill, paidApproval, paymentWorld, type PaymentWorld } from '../../test/payment-world';
import { advancePaymentStatus } from './payment-status.service';

let ctx: TestContext;
let world: PaymentWorld;
let tokens: Record<'admin' | 'moderator' | 'guest', string>;

beforeAll(async () => {
  ctx = await build();
  world = await paymentWorld(ctx, 'Reconciliation Co');
  tokens = await ctx.demoTokens('admin', 'moderator', 'guest');
});
afterAll(() => ctx.close());

const get = (url: string, token = tokens.guest) => ctx.request({ method: 'GET', url, token });

async function bankAnswer(approvalId: string, codes: Record<string, Omit<BankResponse, 'traceNumber'>>) {
  const entries = await ctx.app.db
    .select()
    .from(bankFileEntries)
    .where(eq(bankFileEntries.approvalId, approvalId))
    .orderBy(asc(bankFileEntries.traceNumber));
  const [file] = await ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId));
  return simulateBankResponse(
    file!.content,
    Object.entries(codes).map(([billId, answer]) => ({
      traceNumber: entries.find((entry) => entry.billId === billId)!.traceNumber,
      ...answer,
    })),
  );
}

async function uploadAnswer(text: string, fileName: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/bank-returns?fileName=${fileName}`,
    token: tokens.admin,
    headers: { 'content-type': 'text/plain' },
    payload: text,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The dashboard's figures of approvals returned this month: in full, and in part. */
const returnedThisMonth = async () => {
  const stats = (await get('/api/dashboard/stats')).json<{ data: DashboardStats }>().data;
  return { full: stats.returnedThisMonth, partly: stats.partlyReturnedThisMonth };
};

/** The ids of the approvals list filtered by a status, as the dashboard's figures open it. */
const listedWithStatus = async (status: string) => {
  const list = await get(`/api/bill-approval/approvals?status=${status}&limit=100`);
  expect(list.statusCode, list.body).toBe(200);
  return list.json<{ data: Array<{ id: string }> }>().data.map((row) => row.id);
};

describe('reconciliation of a bank file', () => {
  it('after a return of one bill of three and a NOC of another: totals, statuses, return files', async () => {
    // Stops: a returned payment counted as paid in the books, or a paid one counted as returned.
    const before = await returnedThisMonth();
    const id = await paidApproval(world, [
      bill('7101', 'V-1', 1234.5),
      bill('7102', 'V-2', 20),
      bill('7103', 'V-3', 30),
    ]);
    const recordPaid = async () => 0;
    await advancePaymentStatus(world.deps(), world.admin, id, 'BANK_UPLOADED', recordPaid);
    await advancePaymentStatus(world.deps(), world.admin, id, 'PAYMENT_COMPLETED', recordPaid);
    await uploadAnswer(await bankAnswer(id, { '7101': { code: 'R03' } }), 'recon-r03.txt');
    await uploadAnswer(
      await bankAnswer(id, { '7102': { code: 'C05', correctedData: { transactionCode: '32' } } }),
      'recon-c05.txt',
    );

    // Any role that reads the approval finds its file (the approval page's "Returned: …" line).
    const list = await get(`/api/bank-files?approvalId=${id}`);
    expect(list.statusCode, list.body).toBe(200);
    const [summary, ...others] = list.json<{ data: BankFileSummary[] }>().data;
    expect(others).toEqual([]);
    const expected = {
      approvalId: id,
      companyId: world.companyId,
      companyName: 'Reconciliation Co',
      entryCount: 3,
      sentCents: 128450,
      paidCents: 5000,
      returnedCents: 123450,
      returnedCount: 1,
      correctedCount: 1,
    };
    expect(summary).toMatchObject(expected);

    const detail = await get(`/api/bank-files/${summary!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const file = detail.json<{ data: BankFileReconciliation }>().data;
    expect(file).toMatchObject(expected);
    expect(file.entries.map((entry) => [entry.billId, entry.status])).toEqual([
      ['7101', 'RETURNED'],
      ['7102', 'CORRECTED'],
      ['7103', 'PAID'],
    ]);
    expect(file.entries[0]).toMatchObject({
      vendorName: 'Vendor V-1',
      amountCents: 123450,
      returnCode: 'R03',
      returnDescription: 'No account / unable to locate account',
      returnedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      correctionCode: null,
      returnFileName: 'recon-r03.txt',
      correctionFileName: null,
    });
    expect(file.entries[1]).toMatchObject({
      returnCode: null,
      correctionCode: 'C05',
      correctionDescription: 'Incorrect transaction code (checking or savings)',
      returnFileName: null,
      correctionFileName: 'recon-c05.txt',
    });
    expect(file.returnFiles.map((returnFile) => returnFile.fileName)).toEqual([
      'recon-r03.txt',
      'recon-c05.txt',
    ]);
    expect(file.returnFiles[0]!.uploadedBy).toBeTruthy();

    // The newest file comes first in the full list, paged in SQL.
    const page = (await get('/api/bank-files?page=1&limit=1')).json<{
      data: BankFileSummary[];
      meta: { pagination: { total: number } };
    }>();
    expect(page.data.map((row) => row.id)).toEqual([summary!.id]);
    expect(page.meta.pagination.total).toBeGreaterThanOrEqual(1);

    // The dashboard counts the approval once, returned in part this month, and that figure's
    // link (the list on Partly returned) shows it.
    expect(await returnedThisMonth()).toEqual({ full: before.full, partly: before.partly + 1 });
    expect(await listedWithStatus('PAYMENT_PARTLY_RETURNED')).toContain(id);
  });

  it('an approval returned in full counts under returned this month, and its link lists it', async () => {
    // Stops: a dashboard figure that counts approvals the list it opens does not show.
    const before = await returnedThisMonth();
    const id = await paidApproval(world, [bill('7301', 'V-3', 15)]);
    await uploadAnswer(await bankAnswer(id, { '7301': { code: 'R01' } }), 'recon-full.txt');
    expect(await returnedThisMonth()).toEqual({ full: before.full + 1, partly: before.partly });
    expect(await listedWithStatus('PAYMENT_RETURNED')).toContain(id);
    expect(await listedWithStatus('PAYMENT_PARTLY_RETURNED')).not.toContain(id);
  });

  it('the CSV holds one line per entry, its texts guarded against formulas; MODERATOR and up', async () => {
    // Stops: a vendor name from QuickBooks running as a formula in the bookkeeper's spreadsheet.
    // V-3 only: the first test left V-1 blocked (R03) and V-2 waiting for its correction's confirmation.
    const id = await paidApproval(world, [bill('7201', 'V-3', 10), bill('7202', 'V-3', 12.5)]);
    await ctx.app.db
      .update(bankFileEntries)
      .set({ vendorName: '=HYPERLINK("http://evil.example","pay")' })
      .where(eq(bankFileEntries.billId, '7201'));
    await uploadAnswer(await bankAnswer(id, { '7202': { code: 'R01' } }), 'recon-csv.txt');
    const [summary] = (await get(`/api/bank-files?approvalId=${id}`)).json<{ data: BankFileSummary[] }>()
      .data;
    const url = `/api/bank-files/${summary!.id}/reconciliation.csv`;
    expect((await get(url, tokens.guest)).statusCode).toBe(403);
    const csv = await get(url, tokens.moderator);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="bank-file-${summary!.batchNumber}-reconciliation.csv"`,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'Bill,Vendor ref,Vendor,Amount,Trace number,Routing number,Account last 4,Status,Return code,Return description,Returned on,Correction code,Correction description,Return file,Correction file',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^"7201","V-3","'=HYPERLINK\(""http:\/\/evil.example"",""pay""\)",10\.00,"\d{15}",/,
    );
    expect(lines[1]).toMatch(/,"Sent",,,,,,,$/);
    expect(lines[2]).toMatch(
      /^"7202","V-3","Vendor V-3",12\.50,.*,"Returned","R01","Insufficient funds","\d{4}-\d{2}-\d{2}",,,"recon-csv.txt",$/,
    );
    expect(lines[3]).toBe('');
  });

  it('an unknown or malformed bank file id is 404 / 400', async () => {
    expect((await get('/api/bank-files/999999')).statusCode).toBe(404);
    expect((await get('/api/bank-files/abc')).statusCode).toBe(400);
    expect((await get('/api/bank-files?approvalId=nope')).statusCode).toBe(400);
  });
});
