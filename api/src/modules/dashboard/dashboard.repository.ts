import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import {
  activity,
  apiKeys,
  approvalStatusCounts,
  approvals,
  bankFileEntries,
  bankReturnFiles,
  companyCounts,
  userCounts,
} from '../../db/schema';

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
  /** Approvals returned in full, and in part, by a return file applied this month (UTC). */
  returnedThisMonth: number;
  partlyReturnedThisMonth: number;
}

/**
 * The dashboard's headline counts (and its QuickBooks line) in one statement (one round trip instead of four), each
 * from the same source as the functions above: the trigger-kept totals and the live API keys.
 */
export async function dashboardCounts(db: Db): Promise<DashboardCounts> {
  const query = preparedQuery(db, 'dashboard:counts', () => {
    const scalar = (subquery: { getSQL(): unknown }) => sql<number>`(${subquery})`.mapWith(Number);
    const returnedThisMonthIn = (status: 'PAYMENT_RETURNED' | 'PAYMENT_PARTLY_RETURNED') =>
      db
        .select({ n: sql`count(distinct ${bankFileEntries.approvalId})` })
        .from(bankReturnFiles)
        .innerJoin(bankFileEntries, eq(bankFileEntries.returnFileId, bankReturnFiles.id))
        .innerJoin(approvals, eq(approvals.id, bankFileEntries.approvalId))
        .where(
          and(
            gte(
              bankReturnFiles.createdAt,
              sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`,
            ),
            eq(approvals.status, status),
          ),
        );
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
        // Approvals returned by a return file applied this calendar month (UTC): the day the
        // console learned of it, which the bank's own return date may not be yet. In full and in
        // part apart, as the approvals list filters by one status and each figure opens its list.
        returnedThisMonth: scalar(returnedThisMonthIn('PAYMENT_RETURNED')),
        partlyReturnedThisMonth: scalar(returnedThisMonthIn('PAYMENT_PARTLY_RETURNED')),
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
    returnedThisMonth: row?.returnedThisMonth ?? 0,
    partlyReturnedThisMonth: row?.partlyReturnedThisMonth ?? 0,
  };
}

/**
 * Approvals decided per UTC day since `from`, by outcome. Each half is one range read of a partial
 * index on its decision time (migration 0030: only decided rows are in it), so the cost follows the
 * decisions of the window, not the table's history: with 1,000,000 approvals EXPLAIN shows a Bitmap
 * Index Scan on approvals_approval_date_idx (`Index Cond: approval_date >= …`) under a HashAggregate
 * (docs/performance.md).
 */
export async function decidedPerDay(
  db: Db,
  from: Date,
): Promise<{ day: string; approved: number; rejected: number }[]> {
  const approvedDay = sql<string>`to_char(${approvals.approvalDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rejectedDay = sql<string>`to_char(${approvals.rejectionDate} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [approvedRows, rejectedRows] = await Promise.all([
    db
      .select({ day: approvedDay, n: count })
      .from(approvals)
      .where(gte(approvals.approvalDate, from))
      .groupBy(approvedDay),
    db
      .select({ day: rejectedDay, n: count })
      .from(approvals)
      .where(gte(approvals.rejectionDate, from))
      .groupBy(rejectedDay),
  ]);
  const days = new Map<string, { day: string; approved: number; rejected: number }>();
  const dayRow = (day: string) => {
    const row = days.get(day) ?? { day, approved: 0, rejected: 0 };
    days.set(day, row);
    return row;
  };
  for (const row of approvedRows) dayRow(row.day).approved = row.n;
  for (const row of rejectedRows) dayRow(row.day).rejected = row.n;
  return [...days.values()];
}

/**
 * The amount paid per week (Monday, UTC) since `from`: the approvals marked PAYMENT_COMPLETED, found
 * by their 'approval.payment_completed' activity rows (the time of that change is only kept there).
 * Payments are counted by bill (each approved bill is one credit to its vendor), not by approval.
 * A range of activity_action_created_at_idx (action, created_at; migration 0029) and one primary-key
 * lookup per payment: EXPLAIN shows a Nested Loop of a Bitmap Index Scan on that index (`Index Cond:
 * action = … AND created_at >= …`) and an Index Scan on approvals_pkey.
 */
export async function paidPerWeek(
  db: Db,
  from: Date,
): Promise<{ weekStart: string; amountCents: number; payments: number }[]> {
  const week = sql<string>`to_char(date_trunc('week', ${activity.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  return db
    .select({
      weekStart: week,
      amountCents: sql<number>`coalesce(sum(${approvals.approvedAmountCents}), 0)`.mapWith(Number),
      payments: sql<number>`coalesce(sum(cardinality(${approvals.approvedBillIds})), 0)`.mapWith(Number),
    })
    .from(activity)
    .innerJoin(approvals, sql`${approvals.id} = ${activity.entityId}::uuid`)
    .where(
      and(
        eq(activity.action, 'approval.payment_completed'),
        eq(activity.entityType, 'approval'),
        gte(activity.createdAt, from),
      ),
    )
    .groupBy(week);
}

/**
 * Rows per UTC day since `from` of a table's timestamp column, one range read of an index that
 * starts with that column (or with an equality column first): the window's rows, not the table's.
 */
async function perDay(
  db: Db,
  table: typeof approvals | typeof activity,
  column: typeof approvals.createdAt | typeof activity.createdAt,
  where: SQL | undefined,
): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db.select({ day, n: count }).from(table).where(where).groupBy(day);
}

/**
 * Approvals created per UTC day since `from`: a range of approvals_created_at_id_idx (EXPLAIN: Bitmap
 * Index Scan, `Index Cond: created_at >= …`), the window's rows only.
 */
export function createdPerDay(db: Db, from: Date): Promise<{ day: string; n: number }[]> {
  return perDay(db, approvals, approvals.createdAt, gte(approvals.createdAt, from));
}

/**
 * Successful sign-ins per UTC day since `from`: the 'auth.login' rows of the activity log, a range of
 * activity_action_created_at_idx (action, created_at; migration 0029) or, where sign-ins are most of
 * the window's rows as in the demo data, of activity_created_at_idx. The kept user_login_days
 * counts each user once on the day of their last sign-in, which is not this.
 */
export function signInsPerDay(db: Db, from: Date): Promise<{ day: string; n: number }[]> {
  return perDay(
    db,
    activity,
    activity.createdAt,
    and(eq(activity.action, 'auth.login'), gte(activity.createdAt, from)),
  );
}
