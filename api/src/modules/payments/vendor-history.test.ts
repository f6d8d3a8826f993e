/**
 * The approval page's vendor strip: what each vendor of an approval was paid before (newest first,
 * the approval's own payment left out), the typical amount, and a recent change of its account.
 */
import { and, eq, sql } from 'drizzle-orm';
import { personName, type VendorHistory } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountChanges, bankFileEntries, nachaFiles } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import {
  approvedApproval,
  bill,
  paidApproval,
  paymentWorld,
  type PaymentWorld,
} from '../../test/payment-world';
import { medianCents } from './vendor-history.service';
import { vendorPaymentsQuery } from './vendor-history.repository';

let ctx: TestContext;
let world: PaymentWorld;
let other: PaymentWorld;
let tokens: Record<'guest' | 'user', string>;
let firstPaid: string;
let secondPaid: string;
let current: string;

const DAY_MS = 86_400_000;

const setFileDate = (approvalId: string, date: string) =>
  ctx.app.db
    .update(nachaFiles)
    .set({ effectiveEntryDate: date })
    .where(eq(nachaFiles.approvalId, approvalId));

const historyOf = async (approvalId: string, token = tokens.user) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/bill-approval/approvals/${approvalId}/vendor-history`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: VendorHistory }).data;
};

const vendorOf = (history: VendorHistory, ref: string) =>
  history.vendors.find((entry) => entry.vendorRef === ref)!;

beforeAll(async () => {
  ctx = await build();
  tokens = await ctx.demoTokens('guest', 'user');
  world = await paymentWorld(ctx, 'Vendor History Co');
  other = await paymentWorld(ctx, 'Vendor History Other Co');
  // The accounts were entered just now: put that long before the 30 days, so only the changes
  // the tests make count as recent.
  await ctx.app.db
    .update(bankAccountChanges)
    .set({ changedAt: new Date(Date.now() - 60 * DAY_MS) })
    .where(sql`${bankAccountChanges.companyId} in (${world.companyId}, ${other.companyId})`);

  firstPaid = await paidApproval(world, [bill('9001', 'V-1', 980)]);
  await setFileDate(firstPaid, '2026-10-02');
  secondPaid = await paidApproval(world, [bill('9002', 'V-1', 1200)]);
  await setFileDate(secondPaid, '2026-11-03');
  // Another company pays its own vendor V-1 (the same QuickBooks ref), later and far more.
  const otherPaid = await paidApproval(other, [bill('9003', 'V-1', 50_000)]);
  await setFileDate(otherPaid, '2026-11-20');
  // V-2 was paid once, and the bank returned it.
  const returned = await paidApproval(world, [bill('9004', 'V-2', 300)]);
  await setFileDate(returned, '2026-11-10');
  await ctx.app.db
    .update(bankFileEntries)
    .set({
      status: 'RETURNED',
      returnCode: 'R01',
      returnDescription: 'Insufficient funds',
      returnedOn: '2026-11-12',
    })
    .where(eq(bankFileEntries.approvalId, returned));

  current = await approvedApproval(world, [
    bill('9010', 'V-1', 1100),
    bill('9011', 'V-2', 300),
    bill('9012', 'V-3', 75),
  ]);
});
afterAll(() => ctx.close());

describe('vendor history', () => {
  it("lists a vendor's earlier payments newest first with their median, and none of another company's", async () => {
    // Stops: the other company's 50,000.00 to its own "V-1" (a ref that looks the same) showing as
    // this vendor's history, or moving its typical amount.
    const v1 = vendorOf(await historyOf(current), 'V-1');
    expect(v1.vendorName).toBe('Vendor V-1');
    expect(v1.payments).toEqual([
      { approvalId: secondPaid, amountCents: 120_000, paidOn: '2026-11-03', status: 'paid' },
      { approvalId: firstPaid, amountCents: 98_000, paidOn: '2026-10-02', status: 'paid' },
    ]);
    expect(v1.typicalCents).toBe(109_000);
    expect(v1.accountChange).toBeNull();
  });

  it("leaves out the approval's own payment", async () => {
    const v1 = vendorOf(await historyOf(secondPaid), 'V-1');
    expect(v1.payments.map((payment) => payment.approvalId)).toEqual([firstPaid]);
    expect(v1.typicalCents).toBe(98_000);
  });

  it('shows a returned payment as returned, and leaves it out of the typical amount', async () => {
    const v2 = vendorOf(await historyOf(current), 'V-2');
    expect(v2.payments).toEqual([
      { approvalId: expect.any(String), amountCents: 30_000, paidOn: '2026-11-10', status: 'returned' },
    ]);
    expect(v2.typicalCents).toBeNull();
  });

  it('names who changed the account and how many days ago, within this company only', async () => {
    // Stops: a change of another company's account of the same ref raising a false alarm here, and
    // a change 3 days ago going unsaid.
    const now = Date.now();
    await ctx.app.db.insert(bankAccountChanges).values([
      {
        companyId: world.companyId,
        accountKey: 'vendor:V-3',
        version: 90,
        routingNumber: '091000019',
        accountLast4: '9999',
        accountType: 'checking',
        changedById: world.moderator.id,
        changedAt: new Date(now - 3 * DAY_MS - 3_600_000),
      },
      {
        companyId: other.companyId,
        accountKey: 'vendor:V-1',
        version: 90,
        routingNumber: '021000021',
        accountLast4: '8888',
        accountType: 'checking',
        changedById: other.admin.id,
        changedAt: new Date(now - DAY_MS),
      },
    ]);
    const history = await historyOf(current);
    const v3 = vendorOf(history, 'V-3');
    expect(v3.accountChange).toEqual({ daysAgo: 3, changedBy: personName(world.moderator) });
    expect(v3.payments).toEqual([]);
    expect(v3.typicalCents).toBeNull();
    expect(vendorOf(history, 'V-1').accountChange).toBeNull();
    // A change before the 30 days is no longer news.
    await ctx.app.db
      .update(bankAccountChanges)
      .set({ changedAt: new Date(now - 31 * DAY_MS) })
      .where(and(eq(bankAccountChanges.companyId, world.companyId), eq(bankAccountChanges.version, 90)));
    expect(vendorOf(await historyOf(current), 'V-3').accountChange).toBeNull();
    // One hour inside the 30 days still is.
    await ctx.app.db
      .update(bankAccountChanges)
      .set({ changedAt: new Date(now - 30 * DAY_MS + 3_600_000) })
      .where(and(eq(bankAccountChanges.companyId, world.companyId), eq(bankAccountChanges.version, 90)));
    expect(vendorOf(await historyOf(current), 'V-3').accountChange).toEqual({
      daysAgo: 29,
      changedBy: personName(world.moderator),
    });
  });

  it('lists at most the 5 latest payments by date, and takes the typical amount from more of them', async () => {
    // A company of its own, so the vendor's seven payments move no other test's figures. Paid in
    // an order unlike their dates: the list follows the dates the files settle on, not the order
    // the files were written. Stops: a sixth payment listed, an older one listed before a newer
    // one, or the typical amount taken only from the five shown (it would be $500.00).
    const many = await paymentWorld(ctx, 'Vendor History Many Co');
    const paid: Record<string, string> = {};
    for (const [date, amount] of [
      ['2026-08-09', 400],
      ['2026-11-20', 700],
      ['2026-05-02', 100],
      ['2026-10-30', 600],
      ['2026-07-01', 300],
      ['2026-09-14', 500],
      ['2026-06-05', 200],
    ] as const) {
      const id = await paidApproval(many, [bill(`91${amount}`, 'V-1', amount)]);
      await setFileDate(id, date);
      paid[date] = id;
    }
    const next = await approvedApproval(many, [bill('9199', 'V-1', 450)]);
    const v1 = vendorOf(await historyOf(next), 'V-1');
    expect(v1.payments).toEqual(
      (
        [
          ['2026-11-20', 70_000],
          ['2026-10-30', 60_000],
          ['2026-09-14', 50_000],
          ['2026-08-09', 40_000],
          ['2026-07-01', 30_000],
        ] as const
      ).map(([paidOn, amountCents]) => ({ approvalId: paid[paidOn], amountCents, paidOn, status: 'paid' })),
    );
    expect(v1.typicalCents).toBe(40_000);
  });

  it('is read as the approval is read: a GUEST and a USER read it, nobody unsigned; a bad or unknown id is refused', async () => {
    expect(vendorOf(await historyOf(current, tokens.guest), 'V-1').payments).toHaveLength(2);
    const url = `/api/bill-approval/approvals/${current}/vendor-history`;
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/bill-approval/approvals/not-an-id/vendor-history',
      token: tokens.user,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.request({
      method: 'GET',
      url: '/api/bill-approval/approvals/00000000-0000-4000-8000-000000000000/vendor-history',
      token: tokens.user,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('reads the entries through the (company, vendor) index', async () => {
    const plan = await ctx.app.db.transaction(async (tx) => {
      // The test tables are tiny: without this the planner would rightly scan them.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain ${vendorPaymentsQuery(world.companyId, ['V-1', 'V-2'], current)}`,
      );
      return (result as unknown as { rows: Array<Record<string, string>> }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toContain('bank_file_entries_company_vendor_idx');
  });

  it('takes the median of an odd or even count, rounded to a cent', () => {
    expect(medianCents([])).toBeNull();
    expect(medianCents([500, 100, 300])).toBe(300);
    expect(medianCents([100, 201])).toBe(151);
  });
});
