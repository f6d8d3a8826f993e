import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { apiKeys, approvalStatusCounts, companyCounts, userCounts } from '../../db/schema';

const count = sql<number>`count(*)`.mapWith(Number);

/** From the trigger-kept company_counts (one row per status and QuickBooks state), not a scan of companies. */
export async function countCompanies(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${companyCounts.count}), 0)`.mapWith(Number) })
    .from(companyCounts);
  return row?.count ?? 0;
}

/** From the trigger-kept user_counts (at most 4 active rows), not a scan of users. */
export async function countActiveUsers(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${userCounts.count}), 0)`.mapWith(Number) })
    .from(userCounts)
    .where(eq(userCounts.isActive, true));
  return row?.count ?? 0;
}

/** From the trigger-maintained totals, not a scan of approvals. */
export async function countPendingApprovals(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: approvalStatusCounts.count })
    .from(approvalStatusCounts)
    .where(eq(approvalStatusCounts.status, 'PENDING'));
  return row?.count ?? 0;
}

export async function countLiveApiKeys(db: Db): Promise<number> {
  const [row] = await db.select({ count }).from(apiKeys).where(isNull(apiKeys.revokedAt));
  return row?.count ?? 0;
}

export interface DashboardCounts {
  totalCompanies: number;
  activeUsers: number;
  pendingApprovals: number;
  totalApiKeys: number;
  qbConnected: number;
  qbNeedAttention: number;
}

/**
 * The dashboard's headline counts (and its QuickBooks line) in one statement (one round trip instead of four), each
 * from the same source as the functions above: the trigger-kept totals and the live API keys.
 */
export async function dashboardCounts(db: Db): Promise<DashboardCounts> {
  const query = preparedQuery(db, 'dashboard:counts', () => {
    const scalar = (subquery: { getSQL(): unknown }) => sql<number>`(${subquery})`.mapWith(Number);
    return db
      .select({
        totalCompanies: scalar(
          db.select({ n: sql`coalesce(sum(${companyCounts.count}), 0)` }).from(companyCounts),
        ),
        activeUsers: scalar(
          db
            .select({ n: sql`coalesce(sum(${userCounts.count}), 0)` })
            .from(userCounts)
            .where(eq(userCounts.isActive, true)),
        ),
        pendingApprovals: scalar(
          db
            .select({ n: sql`coalesce(sum(${approvalStatusCounts.count}), 0)` })
            .from(approvalStatusCounts)
            .where(eq(approvalStatusCounts.status, 'PENDING')),
        ),
        totalApiKeys: scalar(db.select({ n: count }).from(apiKeys).where(isNull(apiKeys.revokedAt))),
        // The QuickBooks line: the same trigger-kept counts the Companies list's filter counts with.
        qbConnected: scalar(
          db
            .select({ n: sql`coalesce(sum(${companyCounts.count}), 0)` })
            .from(companyCounts)
            .where(eq(companyCounts.qbStatus, 'connected')),
        ),
        qbNeedAttention: scalar(
          db
            .select({ n: sql`coalesce(sum(${companyCounts.count}), 0)` })
            .from(companyCounts)
            .where(eq(companyCounts.qbStatus, 'error')),
        ),
      })
      .from(sql`(select 1) as one`);
  });
  const [row] = await query.execute();
  return {
    totalCompanies: row?.totalCompanies ?? 0,
    activeUsers: row?.activeUsers ?? 0,
    pendingApprovals: row?.pendingApprovals ?? 0,
    totalApiKeys: row?.totalApiKeys ?? 0,
    qbConnected: row?.qbConnected ?? 0,
    qbNeedAttention: row?.qbNeedAttention ?? 0,
  };
}
