import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENTS_BOARD_PAID_DAYS,
  PAYMENTS_BOARD_SHOWN,
  PAYMENTS_BOARD_STATUSES,
  type ApprovalStatus,
  type Bill,
  type PaymentsBoard,
} from 'shared-contracts';
import { activity, approvals, companies } from '../../db/schema';
import { build, type TestContext } from '../../test/build';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await build();
  adminToken = (await t.login('admin@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/bill-approval/payments-board';
const DAY_MS = 86_400_000;

async function board(token = adminToken): Promise<PaymentsBoard> {
  const response = await t.request({ method: 'GET', url: URL, token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: PaymentsBoard }>().data;
}

const column = (answer: PaymentsBoard, status: string) => answer.columns.find((c) => c.status === status)!;

const bill = (vendor: string, amount: number) =>
  ({
    Id: `b-${vendor}-${amount}`,
    TotalAmt: amount,
    VendorRef: { value: vendor, name: vendor },
  }) as unknown as Bill;

describe('GET /api/bill-approval/payments-board', () => {
  it('is for MODERATOR and up, as the bank files are', async () => {
    for (const email of ['guest@example.com', 'user@example.com']) {
      const { tokens } = await t.login(email);
      const response = await t.request({ method: 'GET', url: URL, token: tokens.accessToken });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    await board((await t.login('moderator@example.com')).tokens.accessToken);
  });

  it('counts and sums (in cents) each status, lists the oldest first, and Paid for its window only', async () => {
    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    const longAgo = (days: number) => new Date(Date.UTC(2001, 0, 1) + days * DAY_MS);
    const row = (status: ApprovalStatus, cents: number, createdAt: Date, vendors: string[] = ['Acme']) => ({
      companyId: company!.id,
      companyName: 'Board Co',
      status,
      approvedAmountCents: cents,
      totalAmountCents: cents + 100,
      approvedBills: vendors.map((vendor) => bill(vendor, cents / 100)),
      createdAt,
    });
    const before = await board();
    const added = await db
      .insert(approvals)
      .values([
        row('APPROVED', 10_001, longAgo(2), ['Zeta Supplies', 'Other']),
        row('APPROVED', 20_002, longAgo(1), ['Older Vendor']),
        row('APPROVED', 5, longAgo(3)),
        row('NACHA_GENERATED', 99, longAgo(0)),
        row('BANK_UPLOADED', 1, longAgo(0)),
        row('BANK_UPLOADED', 2, longAgo(0)),
        row('PAYMENT_COMPLETED', 70_000, longAgo(0)),
        row('PAYMENT_COMPLETED', 333, longAgo(0)),
        row('PAYMENT_COMPLETED', 4_444, longAgo(0)),
        // Not on the board: still pending, and a payment the bank sent back.
        row('PENDING', 777, longAgo(0)),
        row('PAYMENT_RETURNED', 888, longAgo(0)),
      ])
      .returning({ id: approvals.id });
    const id = (index: number) => added[index]!.id;
    const paidAt = (index: number, at: Date) => ({
      action: 'approval.payment_completed',
      entityType: 'approval',
      entityId: id(index),
      description: 'test payment',
      createdAt: at,
    });
    const now = t.app.now();
    await db.insert(activity).values([
      paidAt(6, new Date(now.getTime() - DAY_MS)),
      paidAt(7, new Date(now.getTime() - 2 * DAY_MS)),
      // Paid before the window: counted in the list filtered by status, not on the board.
      paidAt(8, new Date(now.getTime() - (PAYMENTS_BOARD_PAID_DAYS + 1) * DAY_MS)),
      paidAt(10, new Date(now.getTime() - DAY_MS)),
    ]);

    const after = await board();
    expect(after.columns.map((c) => c.status)).toEqual([...PAYMENTS_BOARD_STATUSES]);
    expect(after.paidSinceDays).toBe(PAYMENTS_BOARD_PAID_DAYS);
    const delta = (status: string) => ({
      count: column(after, status).count - column(before, status).count,
      amountCents: column(after, status).amountCents - column(before, status).amountCents,
    });
    expect(delta('APPROVED')).toEqual({ count: 3, amountCents: 30_008 });
    expect(delta('NACHA_GENERATED')).toEqual({ count: 1, amountCents: 99 });
    expect(delta('BANK_UPLOADED')).toEqual({ count: 2, amountCents: 3 });
    expect(delta('PAYMENT_COMPLETED')).toEqual({ count: 2, amountCents: 70_333 });

    // The open columns' figures are every approval in that status, summed exactly.
    const open = await db
      .select({ status: approvals.status, cents: approvals.approvedAmountCents })
      .from(approvals)
      .where(inArray(approvals.status, ['APPROVED', 'NACHA_GENERATED', 'BANK_UPLOADED']));
    for (const status of ['APPROVED', 'NACHA_GENERATED', 'BANK_UPLOADED']) {
      const mine = open.filter((r) => r.status === status);
      expect(column(after, status)).toMatchObject({
        count: mine.length,
        amountCents: mine.reduce((sum, r) => sum + r.cents, 0),
      });
    }

    // The oldest first (ours are from 2001), at most PAYMENTS_BOARD_SHOWN, with vendor and bills.
    const approved = column(after, 'APPROVED').approvals;
    expect(approved.length).toBeLessThanOrEqual(PAYMENTS_BOARD_SHOWN);
    expect(approved.slice(0, 3).map((a) => a.id)).toEqual([id(1), id(0), id(2)]);
    expect(approved[1]).toMatchObject({
      companyName: 'Board Co',
      vendorName: 'Zeta Supplies',
      bills: 2,
      amountCents: 10_001,
      since: longAgo(2).toISOString(),
    });
    // Paid: the latest paid first, aged from the payment.
    const paid = column(after, 'PAYMENT_COMPLETED').approvals;
    expect(paid.findIndex((a) => a.id === id(6))).toBeLessThan(paid.findIndex((a) => a.id === id(7)));
    expect(paid.map((a) => a.id)).not.toContain(id(8));
    expect(paid.map((a) => a.id)).not.toContain(id(10));
  });
});
