import { count, eq, gt, max, sql } from 'drizzle-orm';
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
import { validateNachaFile } from '../payments/nacha-validator';
import {
  activity,
  approvalStatusCounts,
  approvals,
  companies,
  managers,
  nachaFiles,
  users,
} from '../db/schema';
import { REVOKED_TOKEN_PREFIX as EMULATOR_REVOKED_TOKEN_PREFIX } from 'qbo-emulator';
import { REVOKED_TOKEN_PREFIX, seedBulkCompanies } from './companies';
import { DEMO_COUNTS } from './demo';
import { DEMO_ACCOUNTS } from './users';

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

    // The QuickBooks states of the company card, plus unreadable tokens and a revoked refresh token.
    const key = Buffer.alloc(32);
    const now = Date.now();
    const state = (c: (typeof companyRows)[number]) =>
      !c.qbRealmId
        ? 'not-connected'
        : !c.qbAccessTokenEnc
          ? 'no-tokens'
          : decryptSecret(c.qbRefreshTokenEnc!, key) === null
            ? 'unreadable'
            : decryptSecret(c.qbRefreshTokenEnc!, key)!.startsWith('revoked-')
              ? 'revoked'
              : c.qbConnectionStatus === 'error'
                ? 'error'
                : c.qbTokenExpiresAt!.getTime() <= now
                  ? 'expired'
                  : 'connected';
    expect(new Set(companyRows.map(state))).toEqual(
      new Set(['not-connected', 'no-tokens', 'expired', 'connected', 'error', 'unreadable', 'revoked']),
    );
    const byState = (wanted: string) => companyRows.filter((c) => state(c) === wanted);
    // A connected company's token expires within the hour; a revoked one's is live too, so the card offers a refresh.
    for (const c of [...byState('connected'), ...byState('revoked'), ...byState('unreadable')]) {
      expect(c.qbTokenExpiresAt!.getTime() - now).toBeGreaterThan(0);
      expect(c.qbTokenExpiresAt!.getTime() - now).toBeLessThanOrEqual(3_600_000);
    }
    const withTokens = byState('connected')[0]!;
    expect(decryptSecret(withTokens.qbAccessTokenEnc!, key)).toMatch(/^demo-access-/);
  });

  it('gives every account that signed in its sign-ins in the log, the last at its last sign-in', async () => {
    const db = t.database.db;
    const logins = await db
      .select({ userId: activity.userId, n: count(), last: max(activity.createdAt) })
      .from(activity)
      .where(eq(activity.action, 'auth.login'))
      .groupBy(activity.userId);
    const byUser = new Map(logins.map((row) => [row.userId, row]));
    const signedIn = (await db.select().from(users)).filter((user) => user.lastLoginAt !== null);
    expect(signedIn.length).toBeGreaterThan(0);
    for (const user of signedIn) {
      const log = byUser.get(user.id);
      expect(log?.n ?? 0, user.email).toBeGreaterThan(0);
      expect(log!.last!.getTime(), user.email).toBe(user.lastLoginAt!.getTime());
    }
  });

  it('has approvals in every status and priority whose bills add up', async () => {
    const rows = await t.database.db.select().from(approvals);
    expect(rows).toHaveLength(DEMO_COUNTS.approvals);
    // Every status but the returned ones, which only a bank's return file brings.
    const returned = new Set(['PAYMENT_PARTLY_RETURNED', 'PAYMENT_RETURNED']);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(APPROVAL_STATUSES.filter((status) => !returned.has(status))),
    );
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

  it('writes every file-bound approval a real bank file, and keeps one failure to fix', async () => {
    const db = t.database.db;
    const rows = await db.select().from(approvals);
    const files = await db.select().from(nachaFiles);
    const fileOf = new Map(files.map((file) => [file.approvalId, file]));
    const withFile = rows.filter((r) =>
      ['NACHA_GENERATED', 'BANK_UPLOADED', 'PAYMENT_COMPLETED'].includes(r.status),
    );
    expect(withFile.length).toBeGreaterThan(0);
    expect(files).toHaveLength(withFile.length);
    for (const row of withFile) {
      const file = fileOf.get(row.id)!;
      expect(row.nachaFileName).toBe(file.fileName);
      expect(row.nachaFileUrl).toBe(`/api/bill-approval/approvals/${row.id}/nacha`);
      const { errors, file: parsed } = validateNachaFile(file.content);
      expect(errors).toEqual([]);
      const credits = parsed!.entries.filter((entry) => ['22', '32'].includes(entry.transactionCode));
      expect(credits.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(row.approvedAmountCents);
    }
    // The failure example: approved, no file, and the reason names what is missing.
    const failed = rows.filter((r) => r.status === 'APPROVED' && r.nachaProcessingStatus);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.nachaProcessingStatus).toMatch(/no bank account/i);
    expect(fileOf.has(failed[0]!.id)).toBe(false);
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

  it('adds bulk companies in batches, shaped like real data', async () => {
    const before = (
      await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies)
    )[0]!.n;
    const progress: number[] = [];
    await seedBulkCompanies(t.database.db, 2_100, {
      qbTokenKey: Buffer.alloc(32),
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1000, 2000, 2100]);
    const rows = await t.database.db.select().from(companies).where(gt(companies.id, before));
    expect(rows).toHaveLength(2_100);
    expect(new Set(rows.map((c) => c.status))).toEqual(new Set(COMPANY_STATUSES));
    expect(rows.filter((c) => c.status === 'ACTIVE').length).toBeGreaterThan(rows.length / 2);
    expect(new Set(rows.map((c) => c.qbConnectionStatus))).toEqual(
      new Set([null, 'connected', 'disconnected', 'error']),
    );
    expect(new Set(rows.map((c) => c.industry))).toEqual(new Set([...INDUSTRIES, null]));
    expect(rows.some((c) => c.email === null)).toBe(true);
    expect(rows.some((c) => c.managerId !== null) && rows.some((c) => c.processorId !== null)).toBe(true);
    expect(rows.some((c) => /^[a-z]/.test(c.name))).toBe(true);
    expect(new Set(rows.map((c) => c.name)).size).toBeGreaterThan(1_500);
    const days = rows.map((c) => (Date.now() - c.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(700);
  });
});

describe("the demo's QuickBooks states", () => {
  it('mark a revoked refresh token as the emulator refuses it', () => {
    expect(REVOKED_TOKEN_PREFIX).toBe(EMULATOR_REVOKED_TOKEN_PREFIX);
  });
});
