import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Role, UserListQuery, UserSortField } from 'shared-contracts';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { users, type UserRow } from '../../db/schema';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  role: Role;
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

/** SPEC §5 order: text through lower(), role alphabetically (as the console's comparator), false before true. */
const USER_SORT: Record<UserSortField, PgColumn | SQL> = {
  email: users.email,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  role: sql`${users.role}::text`,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
};

/** A page of users, filtered, sorted and counted in SQL (id breaks ties so pages are stable). */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = and(
    pattern
      ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
      : undefined,
    query.role ? inArray(users.role, query.role) : undefined,
    query.isActive === undefined ? undefined : eq(users.isActive, query.isActive),
  );
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(USER_SORT[query.sortBy]), direction(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
