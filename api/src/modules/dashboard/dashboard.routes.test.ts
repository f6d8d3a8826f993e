import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHART_DAYS,
  CHART_WEEKS,
  utcDay,
  utcWeekStart,
  type ApprovalSummary,
  type Bill,
  type DashboardCharts,
  type DashboardStats,
} from 'shared-contracts';
import { activity, apiKeys, approvals, companies, users } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { forgetOverdueBills } from '../approvals/your-work.service';
import { dashboardCounts } from './dashboard.repository';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

const count = sql<number>`count(*)`.mapWith(Number);

describe('GET /api/dashboard/stats', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  it('answers counts that match the database and the 5 newest activity items but sign-ins, for any role', async () => {
    const { tokens } = await t.login('guest@example.com');
    const response = await t.request({
      method: 'GET',
      url: '/api/dashboard/stats',
      token: tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json<{ data: DashboardStats }>().data;

    const db = t.database.db;
    const [companyCount] = await db.select({ count }).from(companies);
    const [activeUsers] = await db.select({ count }).from(users).where(eq(users.isActive, true));
    const [pending] = await db.select({ count }).from(approvals).where(eq(approvals.status, 'PENDING'));
    const [liveKeys] = await db.select({ count }).from(apiKeys).where(isNull(apiKeys.revokedAt));
    expect(stats).toMatchObject({
      totalCompanies: companyCount!.count,
      activeUsers: activeUsers!.count,
      pendingApprovals: pending!.count,
      totalApiKeys: liveKeys!.count,
    });
    expect(stats.totalCompanies).toBeGreaterThan(0);
    expect(stats.pendingApprovals).toBeGreaterThan(0);

    expect(stats.recentActivity).toHaveLength(5);
    // The work, not the sign-ins: the guest's own sign-in just now is not there, the newest other
    // row is first.
    expect(stats.recentActivity.some((item) => item.description.endsWith('signed in'))).toBe(false);
    const [newest] = await db
      .select({ id: activity.id })
      .from(activity)
      .where(sql`${activity.action} not like 'auth.%'`)
      .orderBy(sql`${activity.createdAt} desc, ${activity.id} desc`)
      .limit(1);
    expect(stats.recentActivity[0]?.id).toBe(newest!.id);
    const times = stats.recentActivity.map((item) => Date.parse(item.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives whoever decides payments their work (waiting count and amount in cents, the five oldest, overdue bills, payments without a bank file), nobody else', async () => {
    const stats = async (email: string) => {
      const { tokens } = await t.login(email);
      const response = await t.request({
        method: 'GET',
        url: '/api/dashboard/stats',
        token: tokens.accessToken,
      });
      return { token: tokens.accessToken, work: response.json<{ data: DashboardStats }>().data.yourWork };
    };
    expect((await stats('guest@example.com')).work).toBeNull();

    const before = await stats('moderator@example.com');
    const work = before.work!;
    // The same queue as the inbox's: its count, its amount and its oldest five.
    const listed = await t.request({
      method: 'GET',
      url: '/api/bill-approval/approvals?view=waiting&sortBy=createdAt&sortOrder=asc&limit=100',
      token: before.token,
    });
    const queue = listed.json<{ data: ApprovalSummary[]; meta: { pagination: { total: number } } }>();
    expect(queue.meta.pagination.total).toBeLessThanOrEqual(100);
    expect(work.waiting).toEqual({
      count: queue.meta.pagination.total,
      capped: false,
      amountCents: queue.data.reduce((sum, row) => sum + Math.round(row.billStats.totalAmount * 100), 0),
    });
    expect(work.waiting.count).toBeGreaterThan(0);
    expect(work.oldest.map((row) => row.id)).toEqual(queue.data.slice(0, 5).map((row) => row.id));

    const db = t.database.db;
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    const bill = (due: string, amount: number) =>
      ({
        Id: `due-${due}-${amount}`,
        DueDate: due,
        TotalAmt: amount,
        VendorRef: { value: '1', name: 'Due Co' },
      }) as unknown as Bill;
    const [stuck] = await db
      .insert(approvals)
      .values([
        // Two bills overdue of three: 12.34 + 0.66.
        {
          companyId: company!.id,
          bills: [bill('2000-01-01', 12.34), bill('2000-01-02', 0.66), bill('2999-01-01', 5)],
        },
        // Approved: only its approved bill is to be paid.
        {
          companyId: company!.id,
          status: 'APPROVED',
          bills: [bill('2000-01-01', 5), bill('2000-01-01', 7)],
          approvedBills: [bill('2000-01-01', 5)],
          nachaProcessingStatus: 'GENERATED',
        },
        // Rejected, or paid: not on its way to payment.
        { companyId: company!.id, status: 'REJECTED', bills: [bill('2000-01-01', 40)] },
        { companyId: company!.id, status: 'PAYMENT_COMPLETED', approvedBills: [bill('2000-01-01', 40)] },
      ])
      .returning({ id: approvals.id })
      .then(async () =>
        db
          .insert(approvals)
          .values({
            companyId: company!.id,
            status: 'APPROVED',
            approvedAmountCents: 4_200,
            approvedBills: [bill('2999-01-01', 42)],
            nachaProcessingStatus: 'Vendor Due Co has no confirmed bank account',
            createdAt: new Date('2000-01-01T00:00:00Z'),
          })
          .returning({ id: approvals.id }),
      );
    // A slow answer is reused for a minute (none is slow here, but the test does not rely on it).
    forgetOverdueBills(t.app.db);
    const after = (await stats('moderator@example.com')).work!;
    expect({
      bills: after.overdue.bills - work.overdue.bills,
      approvals: after.overdue.approvals - work.overdue.approvals,
      amountCents: after.overdue.amountCents - work.overdue.amountCents,
    }).toEqual({ bills: 3, approvals: 2, amountCents: 1_800 });
    expect(after.stuckPayments.count - work.stuckPayments.count).toBe(1);
    expect(after.stuckPayments.approvals[0]).toMatchObject({
      id: stuck!.id,
      reason: 'Vendor Due Co has no confirmed bank account',
      amountCents: 4_200,
      vendorName: 'Due Co',
    });
  });

  // The three below write behind the live log's back (no event), to test the trigger-kept counts
  // themselves: they read the counts as the route does, without its per-version snapshot.
  it('follows approval status changes through the counts table', async () => {
    const read = async () => (await dashboardCounts(t.database.db)).pendingApprovals;
    const before = await read();
    const [one] = await t.database.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(eq(approvals.status, 'PENDING'))
      .limit(1);
    await t.database.db.update(approvals).set({ status: 'APPROVED' }).where(eq(approvals.id, one!.id));
    expect(await read()).toBe(before - 1);
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db.insert(approvals).values([{ companyId: company!.id }, { companyId: company!.id }]);
    expect(await read()).toBe(before + 1);
    await t.database.db.delete(approvals).where(eq(approvals.status, 'PENDING'));
    expect(await read()).toBe(0);
  });

  it('follows company inserts and deletes through the counts table', async () => {
    const read = async () => (await dashboardCounts(t.database.db)).totalCompanies;
    const exact = async () => (await t.database.db.select({ count }).from(companies))[0]!.count;
    const before = await read();
    expect(before).toBe(await exact());
    const added = await t.database.db
      .insert(companies)
      .values([{ name: 'Dashboard Count A' }, { name: 'Dashboard Count B', status: 'INACTIVE' }])
      .returning({ id: companies.id });
    expect(await read()).toBe(before + 2);
    await t.database.db.delete(companies).where(eq(companies.id, added[0]!.id));
    expect(await read()).toBe(before + 1);
    expect(await read()).toBe(await exact());
  });

  it("counts QuickBooks companies connected and needing attention, as the Companies list's filter finds them", async () => {
    const { tokens } = await t.login('admin@example.com');
    const stats = () => dashboardCounts(t.database.db);
    const listed = async (status: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/company/companies?qbConnectionStatus=${status}&limit=1`,
          token: tokens.accessToken,
        })
      ).json<{ meta: { pagination: { total: number } } }>().meta.pagination.total;
    const before = await stats();
    expect(before.qbConnected).toBe(await listed('connected'));
    expect(before.qbNeedAttention).toBe(await listed('error'));
    const [connected, broken] = await t.database.db
      .insert(companies)
      .values([
        { name: 'Dashboard QB Connected', qbConnectionStatus: 'connected', qbRealmId: '9130000000000001' },
        { name: 'Dashboard QB Broken', qbConnectionStatus: 'connected', qbRealmId: '9130000000000002' },
      ])
      .returning({ id: companies.id });
    // invalid_grant puts a connection in its error state: it moves from connected to attention.
    await t.database.db
      .update(companies)
      .set({ qbConnectionStatus: 'error' })
      .where(eq(companies.id, broken!.id));
    const after = await stats();
    expect(after.qbConnected).toBe(before.qbConnected + 1);
    expect(after.qbNeedAttention).toBe(before.qbNeedAttention + 1);
    expect(after.qbNeedAttention).toBe(await listed('error'));
    await t.database.db
      .update(companies)
      .set({ qbConnectionStatus: 'disconnected' })
      .where(eq(companies.id, connected!.id));
    expect((await stats()).qbConnected).toBe(before.qbConnected);
    expect(await listed('disconnected')).toBeGreaterThan(0);
  });
});

describe('GET /api/dashboard/charts', () => {
  const charts = async (email = 'guest@example.com') => {
    const { tokens } = await t.login(email);
    const response = await t.request({
      method: 'GET',
      url: '/api/dashboard/charts',
      token: tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: DashboardCharts }>().data;
  };
  const daysAgo = (days: number, hour = 12) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hour));
  };

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/dashboard/charts' })).statusCode).toBe(401);
  });

  it('lists 30 UTC days and 12 Monday weeks, oldest first, ending today, with zeros filled in', async () => {
    const data = await charts();
    expect(data.decidedPerDay).toHaveLength(CHART_DAYS);
    expect(data.decidedPerDay.at(-1)?.day).toBe(utcDay(new Date()));
    expect(data.decidedPerDay[0]?.day).toBe(utcDay(daysAgo(CHART_DAYS - 1)));
    expect(data.paidPerWeek).toHaveLength(CHART_WEEKS);
    expect(data.paidPerWeek.at(-1)?.weekStart).toBe(utcWeekStart(new Date()));
    for (const week of data.paidPerWeek) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('counts decisions by UTC day and outcome inside the window only, for any role', async () => {
    const before = await charts();
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db.insert(approvals).values([
      { companyId: company!.id, status: 'APPROVED', approvalDate: daysAgo(0, 0) },
      { companyId: company!.id, status: 'APPROVED', approvalDate: daysAgo(0, 23) },
      { companyId: company!.id, status: 'REJECTED', rejectionDate: daysAgo(3) },
      // The day before the window's first day: not counted.
      { companyId: company!.id, status: 'APPROVED', approvalDate: daysAgo(CHART_DAYS) },
    ]);
    const after = await charts('user@example.com');
    const change = after.decidedPerDay.map((day, index) => ({
      day: day.day,
      approved: day.approved - before.decidedPerDay[index]!.approved,
      rejected: day.rejected - before.decidedPerDay[index]!.rejected,
    }));
    expect(change.at(-1)).toEqual({ day: utcDay(daysAgo(0)), approved: 2, rejected: 0 });
    expect(change.at(-4)).toEqual({ day: utcDay(daysAgo(3)), approved: 0, rejected: 1 });
    expect(change.reduce((sum, day) => sum + day.approved + day.rejected, 0)).toBe(3);
  });

  it('sums the approved amounts of the payments completed each week, from their activity rows', async () => {
    const before = await charts();
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    const paid = await t.database.db
      .insert(approvals)
      .values([
        // Two bills paid by one approval are two payments.
        {
          companyId: company!.id,
          status: 'PAYMENT_COMPLETED',
          approvedAmountCents: 12_345,
          approvedBillIds: ['b-1', 'b-2'],
        },
        {
          companyId: company!.id,
          status: 'PAYMENT_COMPLETED',
          approvedAmountCents: 55,
          approvedBillIds: ['b-3'],
        },
        { companyId: company!.id, status: 'PAYMENT_COMPLETED', approvedAmountCents: 1_000_000 },
      ])
      .returning({ id: approvals.id });
    const completed = (id: string, createdAt: Date) => ({
      action: 'approval.payment_completed',
      entityType: 'approval',
      entityId: id,
      description: 'test payment',
      createdAt,
    });
    await t.database.db.insert(activity).values([
      completed(paid[0]!.id, new Date()),
      completed(paid[1]!.id, new Date()),
      // Thirteen weeks ago: outside the window.
      completed(paid[2]!.id, daysAgo(7 * CHART_WEEKS + 1)),
      // Another action on the same approval is not a payment.
      { ...completed(paid[2]!.id, new Date()), action: 'approval.bank_uploaded' },
    ]);
    const after = await charts();
    const thisWeek = after.paidPerWeek.at(-1)!;
    const weekBefore = before.paidPerWeek.at(-1)!;
    expect(thisWeek.amountCents - weekBefore.amountCents).toBe(12_400);
    expect(thisWeek.payments - weekBefore.payments).toBe(3);
    const total = (weeks: DashboardCharts['paidPerWeek']) =>
      weeks.reduce((sum, week) => sum + week.amountCents, 0);
    expect(total(after.paidPerWeek) - total(before.paidPerWeek)).toBe(12_400);
  });

  it('counts approvals created and sign-ins per UTC day', async () => {
    const before = await charts();
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db.insert(approvals).values([
      { companyId: company!.id, createdAt: daysAgo(2) },
      { companyId: company!.id, createdAt: daysAgo(2, 1) },
      { companyId: company!.id, createdAt: daysAgo(CHART_DAYS) },
    ]);
    await t.login('moderator@example.com');
    await t.login('moderator@example.com');
    await t.database.db.insert(activity).values([
      { action: 'auth.login', description: 'old sign-in', createdAt: daysAgo(CHART_DAYS, 23) },
      { action: 'auth.logout', description: 'not a sign-in', createdAt: new Date() },
    ]);
    // charts() signs in once more (the guest) before reading.
    const after = await charts();
    const createdChange = after.createdPerDay.map((day, i) => day.created - before.createdPerDay[i]!.created);
    expect(createdChange.at(-3)).toBe(2);
    expect(createdChange.reduce((a, b) => a + b, 0)).toBe(2);
    const signInChange = after.signInsPerDay.map((day, i) => day.signIns - before.signInsPerDay[i]!.signIns);
    expect(signInChange.at(-1)).toBe(3);
    expect(signInChange.reduce((a, b) => a + b, 0)).toBe(3);
    expect(after.createdPerDay.map((day) => day.day)).toEqual(after.decidedPerDay.map((day) => day.day));
    expect(after.signInsPerDay).toHaveLength(CHART_DAYS);
  });
});
