import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_STATUSES,
  COMPANY_STATUSES,
  INDUSTRIES,
  ROLES,
  type Bill,
} from 'shared-contracts';
import { decryptSecret } from '../security/token-cipher';
import { build, type TestContext } from '../test/build';
import { approvalStatusCounts, approvals, companies, managers, users } from './schema';
import { DEMO_ACCOUNTS, DEMO_COUNTS, seedBulkCompanies } from './seed';

const cents = (amount: number) => Math.round(amount * 100);

describe('demo seed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({ seed: DEMO_COUNTS });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has the demo accounts, one per role, all signing in with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => a.isActive)) {
      const { user } = await t.login(account.email);
      expect(user.role).toBe(account.role);
    }
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.role))).toEqual(new Set(ROLES));
  });

  it('has the promised sizes and spreads', async () => {
    const db = t.database.db;
    const userRows = await db.select().from(users);
    expect(userRows).toHaveLength(DEMO_COUNTS.users);
    expect(new Set(userRows.map((u) => u.role))).toEqual(new Set(ROLES));
    expect(new Set(userRows.map((u) => u.isActive))).toEqual(new Set([true, false]));

    const managerRows = await db.select().from(managers);
    expect(managerRows).toHaveLength(DEMO_COUNTS.managers);
    expect(managerRows.some((m) => m.userId !== null)).toBe(true);
    expect(managerRows.some((m) => m.userId === null)).toBe(true);

    const companyRows = await db.select().from(companies);
    expect(companyRows.length).toBeGreaterThanOrEqual(25);
    expect(new Set(companyRows.map((c) => c.status))).toEqual(new Set(COMPANY_STATUSES));
    for (const company of companyRows) expect(INDUSTRIES).toContain(company.industry);

    // The five QuickBooks states of the company card.
    const now = Date.now();
    const state = (c: (typeof companyRows)[number]) =>
      !c.qbRealmId
        ? 'not-connected'
        : !c.qbAccessTokenEnc
          ? 'no-tokens'
          : c.qbConnectionStatus === 'error'
            ? 'error'
            : c.qbTokenExpiresAt!.getTime() <= now
              ? 'expired'
              : 'connected';
    expect(new Set(companyRows.map(state))).toEqual(
      new Set(['not-connected', 'no-tokens', 'expired', 'connected', 'error']),
    );
    const withTokens = companyRows.find((c) => c.qbAccessTokenEnc)!;
    expect(decryptSecret(withTokens.qbAccessTokenEnc!, Buffer.alloc(32))).toMatch(/^demo-access-/);
  });

  it('has approvals in every status and priority whose bills add up', async () => {
    const rows = await t.database.db.select().from(approvals);
    expect(rows).toHaveLength(DEMO_COUNTS.approvals);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(APPROVAL_STATUSES));
    expect(new Set(rows.map((r) => r.priority))).toEqual(new Set(APPROVAL_PRIORITIES));

    for (const row of rows) {
      const bills = row.bills as Bill[];
      expect(row.totalBills).toBe(bills.length);
      expect(row.billIds).toEqual(bills.map((b) => b.Id));
      expect(bills.reduce((sum, bill) => sum + cents(bill.TotalAmt), 0)).toBe(row.totalAmountCents);
      for (const bill of bills) {
        expect(bill.VendorRef?.name).toBeTruthy();
        expect(bill.Line!.length).toBeGreaterThan(0);
        expect(bill.Line!.reduce((sum, line) => sum + cents(line.Amount ?? 0), 0)).toBe(cents(bill.TotalAmt));
        for (const line of bill.Line!) {
          expect(line.ItemBasedExpenseLineDetail?.Qty).toBeGreaterThan(0);
          expect(line.ItemBasedExpenseLineDetail?.ItemRef?.name).toBeTruthy();
        }
      }
      if (row.approvedBills) {
        expect(row.approvedBy).toBeTruthy();
        expect(row.approvalDate).toBeInstanceOf(Date);
        const ids = new Set(bills.map((b) => b.Id));
        expect(row.approvedBills.every((b) => ids.has(b.Id))).toBe(true);
        expect(row.approvedBillIds).toEqual(row.approvedBills.map((b) => b.Id));
      }
      if (row.status === 'REJECTED') expect(row.rejectionReason).toBeTruthy();
      if (row.status === 'NACHA_GENERATED' || row.status === 'PAYMENT_COMPLETED') {
        expect(row.nachaFileGenerated).toBe(true);
        expect(row.nachaFileName).toMatch(/\.txt$/);
        expect(row.nachaBatchNumber).toBeTruthy();
      }
    }
  });

  it('keeps the status counts table equal to the approvals', async () => {
    const db = t.database.db;
    const actual = await db
      .select({ status: approvals.status, count: sql<number>`count(*)`.mapWith(Number) })
      .from(approvals)
      .groupBy(approvals.status);
    for (const { status, count } of actual) {
      const [kept] = await db
        .select()
        .from(approvalStatusCounts)
        .where(eq(approvalStatusCounts.status, status));
      expect(kept?.count, status).toBe(count);
    }
  });

  it('adds bulk companies in batches', async () => {
    const before = (
      await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies)
    )[0]!.n;
    const progress: number[] = [];
    await seedBulkCompanies(t.database.db, 2_100, {
      qbTokenKey: Buffer.alloc(32),
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1000, 2000, 2100]);
    const after = (
      await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies)
    )[0]!.n;
    expect(after - before).toBe(2_100);
  });
});
