import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Manager, ManagerListQuery, ManagerSortField } from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount, pageAndTotal } from '../../db/prepared';
import { likePattern } from '../../db/like';
import {
  approvals,
  managerCounts,
  managers,
  managerSearchText,
  users,
  type ManagerRow,
} from '../../db/schema';

// ---- reading managers with their linked user -------------------------------------------------

const linkedUser = alias(users, 'linked_user');

function selectManagers<Extra extends Record<string, SQL>>(db: Db, extra?: Extra) {
  return db
    .select({
      ...(extra ?? ({} as Extra)),
      manager: managers,
      user: {
        id: linkedUser.id,
        email: linkedUser.email,
        firstName: linkedUser.firstName,
        lastName: linkedUser.lastName,
        role: linkedUser.role,
        isActive: linkedUser.isActive,
      },
    })
    .from(managers)
    .leftJoin(linkedUser, eq(managers.userId, linkedUser.id));
}

type SelectedManager = Awaited<
  ReturnType<ReturnType<typeof selectManagers<Record<never, SQL>>>['execute']>
>[number];

function toManager(row: SelectedManager): Manager {
  const m = row.manager;
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    email: m.email,
    phone: m.phone,
    title: m.title,
    status: m.status,
    isActive: m.isActive,
    userId: m.userId,
    // A left join that found nobody gives every column null.
    user: row.user?.id != null ? (row.user as Manager['user']) : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The API view of one manager, with the linked user. */
export async function findManager(db: Db, id: number): Promise<Manager | undefined> {
  const [row] = await selectManagers(db).where(eq(managers.id, id)).limit(1);
  return row ? toManager(row) : undefined;
}

/**
 * The stored row. `lock` takes a row lock (SELECT … FOR UPDATE) so a read-check-write inside a
 * transaction is not raced by another change of the same manager.
 */
export async function findManagerRow(db: Db, id: number, lock = false): Promise<ManagerRow | undefined> {
  const query = db.select().from(managers).where(eq(managers.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The manager a user account is linked to (at most one: unique index), other than `exceptId`. */
export async function findManagerOfUser(
  db: Db,
  userId: number,
  exceptId?: number,
): Promise<ManagerRow | undefined> {
  const [row] = await db
    .select()
    .from(managers)
    .where(and(eq(managers.userId, userId), exceptId === undefined ? undefined : ne(managers.id, exceptId)))
    .limit(1);
  return row;
}

// ---- list and search -------------------------------------------------------------------------

/**
 * The lists' order in SQL: text case-insensitively through lower() (as the indexes of migration
 * 0008), status in enum order (alphabetical), dates as dates; PostgreSQL's NULL placement is the
 * spec's (last ascending, first descending). Each key is a list so names sort first, then last.
 */
const SORT_EXPRESSIONS: Record<ManagerSortField, Array<PgColumn | SQL>> = {
  name: [sql`lower(${managers.firstName})`, sql`lower(${managers.lastName})`],
  firstName: [sql`lower(${managers.firstName})`, sql`lower(${managers.lastName})`],
  lastName: [sql`lower(${managers.lastName})`, sql`lower(${managers.firstName})`],
  email: [managers.email],
  title: [sql`lower(${managers.title})`],
  status: [managers.status],
  createdAt: [managers.createdAt],
  updatedAt: [managers.updatedAt],
};

/** Case-insensitive '%text%' on full name, e-mail and title: the trigram index's expression. */
function searchCondition(text: string): SQL {
  return sql`${managerSearchText(managers)} like lower(${likePattern(text)})`;
}

type ListFilter = Pick<ManagerListQuery, 'search' | 'status' | 'linked'>;

function listConditions(query: ListFilter) {
  return and(
    query.search ? searchCondition(query.search) : undefined,
    query.status ? eq(managers.status, query.status) : undefined,
    query.linked === 'yes'
      ? isNotNull(managers.userId)
      : query.linked === 'no'
        ? isNull(managers.userId)
        : undefined,
  );
}

/**
 * One page of the manager list, filtered, sorted and paged in SQL over the whole table, with the
 * total of the same filter (from manager_counts without a search, else a COUNT over the WHERE) in
 * the same statement: one round trip and one snapshot, the count an uncorrelated subquery
 * PostgreSQL runs once. Only a page past the end (no row to carry the total) asks for it on its own.
 */
export async function listManagers(
  db: Db,
  query: ManagerListQuery,
): Promise<{ rows: Manager[]; total: number }> {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const order = [
    ...SORT_EXPRESSIONS[query.sortBy].map((expression) => direction(expression)),
    direction(managers.id),
  ];
  // The page's ids first, in index order on managers alone; the user join then touches those rows only.
  const pageIds = db
    .select({ id: managers.id })
    .from(managers)
    .where(listConditions(query))
    .orderBy(...order)
    .limit(literalCount(query.limit))
    // LIMIT and a first page's OFFSET 0 in the SQL text: one plan kept per statement (literalCount).
    .offset(query.page === 1 ? literalCount(0) : (query.page - 1) * query.limit);
  const found = await selectManagers(db, {
    total: sql<number>`(${managerTotalQuery(db, query)})`.mapWith(Number),
  })
    .where(inArray(managers.id, pageIds))
    .orderBy(...order);
  return pageAndTotal(
    found,
    query.page,
    toManager,
    async () => (await managerTotalQuery(db, query))[0]?.n ?? 0,
  );
}

/** The list's total as one query: the kept manager_counts without a search, else an exact COUNT. */
function managerTotalQuery(db: Db, query: ListFilter) {
  if (query.search) return db.select({ n: count() }).from(managers).where(listConditions(query));
  return db
    .select({ n: sql<number>`coalesce(sum(${managerCounts.count}), 0)`.mapWith(Number) })
    .from(managerCounts)
    .where(
      and(
        query.status ? eq(managerCounts.status, query.status) : undefined,
        query.linked ? eq(managerCounts.linked, query.linked === 'yes') : undefined,
      ),
    );
}

/** Exact COUNT(*) of a filter, bypassing manager_counts (tests compare the two). */
export async function countManagersExactly(db: Db, query: ListFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(managers).where(listConditions(query));
  return row?.n ?? 0;
}

/** Up to `limit` matches of `text`; names starting with it first, then by name. */
export async function searchManagers(db: Db, text: string, limit: number): Promise<Manager[]> {
  const prefix = `${likePattern(text, false).toLowerCase()}%`;
  const rows = await selectManagers(db)
    .where(searchCondition(text))
    .orderBy(
      desc(sql`lower(${managers.firstName} || ' ' || ${managers.lastName}) like ${prefix}`),
      asc(sql`lower(${managers.firstName})`),
      asc(sql`lower(${managers.lastName})`),
      asc(managers.id),
    )
    .limit(limit);
  return rows.map(toManager);
}

// ---- writes -----------------------------------------------------------------------------------

export type ManagerValues = Partial<
  Pick<
    typeof managers.$inferInsert,
    'firstName' | 'lastName' | 'email' | 'phone' | 'title' | 'status' | 'isActive' | 'userId'
  >
>;

export async function insertManager(
  db: Db,
  values: ManagerValues & Pick<ManagerRow, 'firstName' | 'lastName' | 'email'>,
): Promise<ManagerRow> {
  const [row] = await db.insert(managers).values(values).returning();
  if (!row) throw new Error('insert into managers returned no row');
  return row;
}

/** Updates and returns the row; undefined when it does not exist (anymore). */
export async function updateManager(
  db: Db,
  id: number,
  values: ManagerValues,
): Promise<ManagerRow | undefined> {
  const [row] = await db.update(managers).set(values).where(eq(managers.id, id)).returning();
  return row;
}

export async function deleteManager(db: Db, id: number): Promise<ManagerRow | undefined> {
  const [row] = await db.delete(managers).where(eq(managers.id, id)).returning();
  return row;
}

/** Approvals that name the manager: they keep their copied name and e-mail when it is deleted. */
export async function countApprovalsOfManager(db: Db, managerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(approvals).where(eq(approvals.managerId, managerId));
  return row?.n ?? 0;
}
