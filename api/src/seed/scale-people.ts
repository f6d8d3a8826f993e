/** The scale seed's users and managers, generated inside PostgreSQL. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { FIRST_NAMES, LAST_NAMES, MANAGER_TITLES } from './data';
import { buildIndexes, countOf, secondaryIndexes } from './scale-load';

/**
 * Users as the seed's bulk generator makes them (seedBulkUsers: the name lists, every role, one in
 * eight inactive, created over three years, 40% signed in during the last 60 days), in one INSERT …
 * SELECT inside PostgreSQL, with the table's secondary indexes (a trigram GIN among them) dropped
 * for the load and built again after it instead of updated row by row.
 */
export async function insertUsers(
  db: Db,
  sessions: Db[],
  count: number,
  passwordHash: string,
  now: Date,
  step: (label: string, work: () => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const indexes = await secondaryIndexes(db, 'users');
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  const offset = await countOf(db, 'users');
  const roles = ['USER', 'USER', 'USER', 'USER', 'USER', 'USER', 'GUEST', 'GUEST', 'MODERATOR', 'ADMIN'];
  await db.execute(sql`select setseed(0.07)`);
  await db.execute(sql`
    with base as (
      select g,
        (${JSON.stringify(FIRST_NAMES)}::jsonb ->> floor(random() * ${FIRST_NAMES.length})::int) as first_name,
        (${JSON.stringify(LAST_NAMES)}::jsonb ->> floor(random() * ${LAST_NAMES.length})::int) as last_name,
        random() as r_first, random() as r_last, random() as r_active, random() as r_login,
        (${JSON.stringify(roles)}::jsonb ->> floor(random() * ${roles.length})::int) as role,
        ${now.toISOString()}::timestamptz - floor(random() * 1096) * interval '1 day'
          - floor(random() * 24) * interval '1 hour' as created_at,
        ${now.toISOString()}::timestamptz - (1 + floor(random() * 1440)) * interval '1 hour' as login_at
      from generate_series(${offset + 1}::int, ${offset + count}::int) as g
    )
    insert into users (email, password_hash, first_name, last_name, role, is_active, created_at, updated_at, last_login_at)
    select lower(first_name || '.' || last_name || '.' || g || '@bulk.example.com'), ${passwordHash},
      case when r_first >= 0.05 then first_name end,
      case when r_last >= 0.05 then last_name end,
      role::user_role, r_active >= 0.125, created_at, created_at,
      case when r_login < 0.4 then login_at end
    from base
    order by g`);
  await buildIndexes(sessions, indexes, step);
  await db.execute(sql`analyze users`);
}

/** Managers from the name lists; every fourth one linked to a distinct active staff account. */
export async function insertManagers(db: Db, count: number, now: Date): Promise<void> {
  await db.execute(sql`select setseed(0.11)`);
  await db.execute(sql`
    with linkable as (
      select u.id, row_number() over (order by u.id) as rn
      from users u
      where u.is_active and u.role <> 'GUEST'
        and not exists (select 1 from managers m where m.user_id = u.id)
    ), base as (
      select g,
        (${JSON.stringify(FIRST_NAMES)}::jsonb ->> floor(random() * ${FIRST_NAMES.length})::int) as first_name,
        (${JSON.stringify(LAST_NAMES)}::jsonb ->> floor(random() * ${LAST_NAMES.length})::int) as last_name,
        (${JSON.stringify(MANAGER_TITLES)}::jsonb ->> floor(random() * ${MANAGER_TITLES.length})::int) as title,
        random() as r,
        ${now.toISOString()}::timestamptz - random() * interval '1095 days' as created_at
      from generate_series(1, ${count}) as g
    )
    insert into managers (first_name, last_name, email, phone, title, status, is_active, user_id, created_at, updated_at)
    select b.first_name, b.last_name,
      lower(b.first_name || '.' || b.last_name || '.' || b.g || '@managers.example.com'),
      case when b.r < 0.8 then '(555) ' || (200 + b.g % 800) || '-' || lpad((b.g * 37 % 10000)::text, 4, '0') end,
      case when b.r < 0.9 then b.title end,
      (case when b.r < 0.8 then 'ACTIVE' when b.r < 0.93 then 'INACTIVE' else 'SUSPENDED' end)::manager_status,
      b.r < 0.8,
      l.id,
      b.created_at, b.created_at
    from base b left join linkable l on b.g % 4 = 0 and l.rn = b.g / 4
  `);
}
