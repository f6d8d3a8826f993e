import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Manager, ManagerListQuery, ManagerSortField } from 'shared-contracts';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { managers, users } from '../../db/schema';

const linkedUser = alias(users, 'linked_user');

function selectManagers(db: Db) {
  return db
    .select({
      manager: managers,
      user: {
        id: linkedUser.id,
        email: linkedUser.email,
        firstName: linkedUser.firstName,
        lastName: linkedUser.lastName,
        role: linkedUser.role,
      },
    })
    .from(managers)
    .leftJoin(linkedUser, eq(managers.userId, linkedUser.id));
}

type SelectedManager = Awaited<ReturnType<ReturnType<typeof selectManagers>['execute']>>[number];

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
    user: row.user?.id != null ? row.user : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** SPEC §5 order: text through lower(), status in enum (= alphabetical) order. */
const MANAGER_SORT: Record<ManagerSortField, PgColumn | SQL> = {
  firstName: sql`lower(${managers.firstName})`,
  lastName: sql`lower(${managers.lastName})`,
  email: managers.email,
  phone: managers.phone,
  title: sql`lower(${managers.title})`,
  status: managers.status,
  createdAt: managers.createdAt,
  updatedAt: managers.updatedAt,
};

/** A page of managers with their linked user, filtered, sorted and counted in SQL. */
export async function listManagers(
  db: Db,
  query: ManagerListQuery,
): Promise<{ rows: Manager[]; total: number }> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = pattern
    ? or(
        ilike(managers.firstName, pattern),
        ilike(managers.lastName, pattern),
        ilike(managers.email, pattern),
      )
    : undefined;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    selectManagers(db)
      .where(and(where))
      .orderBy(direction(MANAGER_SORT[query.sortBy]), direction(managers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(managers).where(where),
  ]);
  return { rows: rows.map(toManager), total: counted?.n ?? 0 };
}
