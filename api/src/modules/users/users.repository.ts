import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  Role,
  UserActivityStats,
  UserListQuery,
  UserOverviewStats,
  UserSortField,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount, pageAndTotal } from '../../db/prepared';
import { likePattern } from '../../db/like';
import {
  activity,
  approvals,
  companies,
  managers,
  userCounts,
  userCreatedMonths,
  userLoginDays,
  users,
  userSearchText,
  userSortName,
  type CompanyRow,
  type ManagerRow,
  type UserRow,
} from '../../db/schema';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  role: Role;
  /** Who registered it (null: seed data or the first admin). */
  createdById?: number | null;
  mayDecidePayments?: boolean;
  isActive: boolean;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** `email` must already be lower-cased (the shared schemas do it). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/**
 * Sets a new hash only if the stored one is still `expected` (compare-and-set: the row lock of
 * the UPDATE serialises concurrent changes). False when another change got there first.
 */
export async function replacePasswordHash(
  db: Db,
  id: number,
  expected: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, expected)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Stamps a successful sign-in and returns the fresh row. */
export async function touchLastLogin(db: Db, id: number): Promise<UserRow> {
  const [row] = await db
    .update(users)
    // A sign-in is not an edit: keep updated_at ("Last Updated" in the user list) as it was.
    .set({ lastLoginAt: sql`now()`, updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during sign-in`);
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(users);
  return row?.count ?? 0;
}

export async function findUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

/**
 * The lists' order: text through lower() (e-mails are stored lower-case), false before true, NULLs
 * last ascending and first descending (PostgreSQL's default). Each key has an index ending in id.
 */
const USER_SORT: Record<Exclude<UserSortField, 'role'>, PgColumn | SQL> = {
  name: userSortName(users),
  email: users.email,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
};

function userOrder(query: UserListQuery): SQL[] {
  // The enum is declared ADMIN, MODERATOR, USER, GUEST (highest first), so ascending by level
  // (GUEST first) is the enum descending; users_role_id_idx serves both directions.
  if (query.sortBy === 'role') {
    return query.sortOrder === 'asc' ? [desc(users.role), desc(users.id)] : [asc(users.role), asc(users.id)];
  }
  const direction = query.sortOrder === 'asc' ? asc : desc;
  // E-mails are unique: no tiebreaker, so the unique index alone serves the sort.
  if (query.sortBy === 'email') return [direction(users.email)];
  return [direction(USER_SORT[query.sortBy]), direction(users.id)];
}

function userWhere(query: Pick<UserListQuery, 'search' | 'role' | 'isActive'>): SQL | undefined {
  return and(
    query.search ? sql`${userSearchText(users)} like lower(${likePattern(query.search)})` : undefined,
    query.role ? inArray(users.role, query.role) : undefined,
    query.isActive === undefined ? undefined : eq(users.isActive, query.isActive),
  );
}

type UserFilter = Pick<UserListQuery, 'search' | 'role' | 'isActive'>;

/** What the kept user_counts (at most 8 rows) hold for the role / status filters of a list. */
function keptUserCount(db: Db, filter: Pick<UserFilter, 'role' | 'isActive'>) {
  return db
    .select({ n: sql<number>`coalesce(sum(${userCounts.count}), 0)`.mapWith(Number) })
    .from(userCounts)
    .where(
      and(
        filter.role ? inArray(userCounts.role, filter.role) : undefined,
        filter.isActive === undefined ? undefined : eq(userCounts.isActive, filter.isActive),
      ),
    );
}

/**
 * The list's total as one query: from the kept counts without a search (the list's common views
 * never COUNT(*) the table), else an exact COUNT over the search's WHERE (the screen shows it exactly).
 */
function userTotalQuery(db: Db, query: UserFilter) {
  return query.search
    ? db.select({ n: count() }).from(users).where(userWhere(query))
    : keptUserCount(db, query);
}

/**
 * Users matching the role / status filters without a search, from the trigger-kept user_counts
 * (at most 8 rows), so the list's common views never COUNT(*) the table.
 */
export async function countUsersByFilter(
  db: Db,
  filter: { role?: Role[] | undefined; isActive?: boolean | undefined },
): Promise<number> {
  const [row] = await keptUserCount(db, filter);
  return row?.n ?? 0;
}

/** The exact COUNT(*) the trigger-kept totals must equal (tests compare the two). */
export async function countUsersExactly(db: Db, query: UserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(userWhere(query));
  return row?.n ?? 0;
}

/**
 * A page of users, filtered, sorted and paged in SQL (id breaks ties so pages are stable), and the
 * total of the same filter in the same statement: one round trip and one snapshot, the count an
 * uncorrelated subquery PostgreSQL runs once. Only a page past the end (no row to carry the total)
 * asks for the total on its own.
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const found = await db
    .select({
      user: getTableColumns(users),
      total: sql<number>`(${userTotalQuery(db, query)})`.mapWith(Number),
    })
    .from(users)
    .where(userWhere(query))
    .orderBy(...userOrder(query))
    .limit(literalCount(query.limit))
    // LIMIT and a first page's OFFSET 0 in the SQL text: one plan kept per statement (literalCount).
    .offset(query.page === 1 ? literalCount(0) : (query.page - 1) * query.limit);
  return pageAndTotal(
    found,
    query.page,
    (row) => row.user,
    async () => (await userTotalQuery(db, query))[0]?.n ?? 0,
  );
}

/** Locks and returns the user row for a change (two admins editing one user wait for each other). */
export async function findUserForUpdate(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Locks every active ADMIN row and returns their ids. Taken before removing an admin (demote,
 * deactivate, delete), so two admins removing each other at once cannot both succeed and leave
 * nobody able to administer the console.
 */
export async function lockActiveAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

export type UserChanges = Partial<
  Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'role' | 'isActive' | 'mayDecidePayments'>
>;

export async function updateUser(db: Db, id: number, changes: UserChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

export async function deleteUserRow(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

// ---- statistics --------------------------------------------------------------------------------

/**
 * The overview block of /users, from kept counts only (nothing here grows with the users table):
 * totals per (role, is_active) from user_counts, "new this month" as the current row of user_created_months,
 * and the active users who signed in during the last 30 days as the whole days of that window in
 * user_login_days plus its first, partial day counted in users_recent_login_idx (at most one day
 * of sign-ins). Months and days are UTC, like the stored timestamps.
 */
export async function overviewStats(db: Db): Promise<UserOverviewStats> {
  const windowStart = sql`(now() - interval '30 days')`;
  const windowStartDay = sql`((${windowStart} at time zone 'UTC')::date)`;
  const [byCounts, [recent]] = await Promise.all([
    db
      .select({ role: userCounts.role, isActive: userCounts.isActive, count: userCounts.count })
      .from(userCounts),
    db
      .select({
        // >= rather than =: a creation date ahead of the clock counts as this month's, as before.
        newThisMonth: sql<number>`coalesce((select sum(${userCreatedMonths.count}) from ${userCreatedMonths}
            where ${userCreatedMonths.month} >= date_trunc('month', now() at time zone 'UTC')::date), 0)`.mapWith(
          Number,
        ),
        recentlyActive: sql<number>`coalesce((select sum(${userLoginDays.count}) from ${userLoginDays}
            where ${userLoginDays.day} > ${windowStartDay}), 0)
          + (select count(*) from ${users} where ${users.isActive}
            and ${users.lastLoginAt} >= ${windowStart}
            and ${users.lastLoginAt} < ((${windowStartDay} + 1)::timestamp at time zone 'UTC'))`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`),
  ]);
  const usersByRole: Record<Role, number> = { ADMIN: 0, MODERATOR: 0, USER: 0, GUEST: 0 };
  let totalUsers = 0;
  let activeUsers = 0;
  for (const row of byCounts) {
    usersByRole[row.role] += row.count;
    totalUsers += row.count;
    if (row.isActive) activeUsers += row.count;
  }
  const recentlyActiveUsers = recent?.recentlyActive ?? 0;
  return {
    totalUsers,
    activeUsers,
    newUsersThisMonth: recent?.newThisMonth ?? 0,
    recentlyActiveUsers,
    activityRate: activeUsers === 0 ? 0 : Math.round((recentlyActiveUsers / activeUsers) * 1000) / 10,
    usersByRole,
  };
}

/**
 * Per-user activity from real rows: sign-ins, companies they staff or manage, approvals they created.
 * The count, the last sign-in and its details come from the same sign-in rows, so they cannot
 * disagree. An account whose last sign-in date was set without a row (imported, or the bulk seed)
 * answers that date with a count of 0 and no details: its sign-ins were not recorded here.
 */
export async function userStatistics(db: Db, user: UserRow): Promise<UserActivityStats> {
  const id = user.id;
  const [[logins], [lastLogin], [companiesRow], [approvalsRow]] = await Promise.all([
    db
      .select({ n: count() })
      .from(activity)
      .where(and(eq(activity.userId, id), eq(activity.action, 'auth.login'))),
    db
      .select({ createdAt: activity.createdAt, details: activity.details })
      .from(activity)
      .where(and(eq(activity.userId, id), eq(activity.action, 'auth.login')))
      .orderBy(desc(activity.createdAt))
      .limit(1),
    db
      .select({ n: count() })
      .from(companies)
      .where(
        or(
          eq(companies.processorId, id),
          eq(companies.approverId, id),
          eq(companies.accountantId, id),
          inArray(
            companies.managerId,
            db.select({ id: managers.id }).from(managers).where(eq(managers.userId, id)),
          ),
        ),
      ),
    db.select({ n: count() }).from(approvals).where(eq(approvals.createdById, id)),
  ]);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    userId: id,
    totalLogins: logins?.n ?? 0,
    lastLogin: lastLogin?.createdAt.toISOString() ?? user.lastLoginAt?.toISOString() ?? null,
    lastLoginDetails: lastLogin
      ? {
          timestamp: lastLogin.createdAt.toISOString(),
          ip: text(lastLogin.details?.ip),
          userAgent: text(lastLogin.details?.userAgent),
        }
      : null,
    companiesManaged: companiesRow?.n ?? 0,
    approvalsCreated: approvalsRow?.n ?? 0,
  };
}

// ---- what a user delete clears -------------------------------------------------------------------

export const ASSIGNEE_FIELDS = ['processorId', 'approverId', 'accountantId'] as const;
export type AssigneeField = (typeof ASSIGNEE_FIELDS)[number];
type AssignedCompany = Pick<CompanyRow, 'id' | 'name' | AssigneeField>;

/** Companies where the user is processor, approver or accountant, locked for the delete. */
export async function companiesAssignedTo(db: Db, userId: number): Promise<AssignedCompany[]> {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      processorId: companies.processorId,
      approverId: companies.approverId,
      accountantId: companies.accountantId,
    })
    .from(companies)
    .where(
      or(
        eq(companies.processorId, userId),
        eq(companies.approverId, userId),
        eq(companies.accountantId, userId),
      ),
    )
    .orderBy(companies.id)
    .for('update');
}

/** Clears `field` on every company where it is `userId`. */
export async function clearAssignment(db: Db, field: AssigneeField, userId: number): Promise<void> {
  await db
    .update(companies)
    .set({ [field]: null })
    .where(eq(companies[field], userId));
}

/** Managers linked to the user, locked for the delete. */
export async function managersLinkedTo(db: Db, userId: number): Promise<ManagerRow[]> {
  return db.select().from(managers).where(eq(managers.userId, userId)).orderBy(managers.id).for('update');
}

export async function unlinkManagersOf(db: Db, userId: number): Promise<void> {
  await db.update(managers).set({ userId: null }).where(eq(managers.userId, userId));
}
