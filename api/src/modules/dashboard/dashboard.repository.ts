import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, approvalStatusCounts, companyCounts } from '../../db/schema';
import { countUsersByFilter } from '../users/users.repository';

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
  return countUsersByFilter(db, { isActive: true });
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
