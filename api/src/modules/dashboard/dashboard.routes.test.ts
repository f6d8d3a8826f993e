import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from 'shared-contracts';
import { activity, apiKeys, approvals, companies, users } from '../../db/schema';
import { build, type TestContext } from '../../test/build';

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

  it('answers counts that match the database and the 5 newest activity items, for any role', async () => {
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
    // The guest's own sign-in just now is the newest item.
    expect(stats.recentActivity[0]).toMatchObject({ description: 'Gus Guest signed in' });
    const [newest] = await db
      .select({ id: activity.id })
      .from(activity)
      .orderBy(sql`${activity.createdAt} desc, ${activity.id} desc`)
      .limit(1);
    expect(stats.recentActivity[0]?.id).toBe(newest!.id);
    const times = stats.recentActivity.map((item) => Date.parse(item.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('follows approval status changes through the counts table', async () => {
    const { tokens } = await t.login('admin@example.com');
    const read = async () =>
      (await t.request({ method: 'GET', url: '/api/dashboard/stats', token: tokens.accessToken })).json<{
        data: DashboardStats;
      }>().data.pendingApprovals;
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
    const { tokens } = await t.login('admin@example.com');
    const read = async () =>
      (await t.request({ method: 'GET', url: '/api/dashboard/stats', token: tokens.accessToken })).json<{
        data: DashboardStats;
      }>().data.totalCompanies;
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
    const stats = async () =>
      (await t.request({ method: 'GET', url: '/api/dashboard/stats', token: tokens.accessToken })).json<{
        data: DashboardStats;
      }>().data;
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
