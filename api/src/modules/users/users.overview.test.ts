// The overview statistics' kept counts (migration 0016): user_created_months and user_login_days
// must always equal what counting the users table gives, through every kind of change, and the
// 30-day window built from them must count exactly the active users who signed in during it.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { overviewStats, touchLastLogin } from './users.repository';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  (await db().execute(query)) as unknown as { rows: T[] };

/** The overview's two figures counted from the users table itself. */
async function exactFigures() {
  const { rows } = await rowsOf<{ month: string; recent: string }>(sql`
    select
      count(*) filter (where created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as month,
      count(*) filter (where is_active and last_login_at >= now() - interval '30 days') as recent
    from users`);
  return { newUsersThisMonth: Number(rows[0]!.month), recentlyActiveUsers: Number(rows[0]!.recent) };
}

/** The kept tables (zero rows left out) against GROUP BY over users. */
async function expectKeptCountsExact() {
  const kept = await rowsOf<{ k: string; n: string }>(sql`
    select 'm' || month::text as k, count::text as n from user_created_months where count <> 0
    union all
    select 'd' || day::text, count::text from user_login_days where count <> 0
    order by 1`);
  const exact = await rowsOf<{ k: string; n: string }>(sql`
    select 'm' || date_trunc('month', created_at at time zone 'UTC')::date::text as k, count(*)::text as n
    from users group by 1
    union all
    select 'd' || (last_login_at at time zone 'UTC')::date::text, count(*)::text
    from users where is_active and last_login_at is not null group by 1
    order by 1`);
  expect(kept.rows).toEqual(exact.rows);
}

async function insertUser(
  tag: string,
  createdAt: ReturnType<typeof sql>,
  lastLogin: ReturnType<typeof sql>,
  active = true,
) {
  const { rows } = await rowsOf<{ id: number }>(sql`
    insert into users (email, password_hash, role, is_active, created_at, updated_at, last_login_at)
    values (${`${tag}@overview.test`}, 'x', 'USER', ${active}, ${createdAt}, ${createdAt}, ${lastLogin})
    returning id`);
  return rows[0]!.id;
}

describe('overview statistics from kept counts', () => {
  it('count the month and the 30-day window exactly, at their edges', async () => {
    await expectKeptCountsExact();
    const monthStart = sql`(date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;
    const windowStart = sql`(now() - interval '30 days')`;
    const ids = {
      monthStart: await insertUser('month-start', monthStart, sql`null`),
      lastMonth: await insertUser('last-month', sql`${monthStart} - interval '1 second'`, sql`null`),
      justInside: await insertUser('inside', sql`now()`, sql`${windowStart} + interval '2 minutes'`),
      justOutside: await insertUser('outside', sql`now()`, sql`${windowStart} - interval '2 minutes'`),
      // The window's first day: its part inside the window is counted from the index.
      firstDayLate: await insertUser(
        'first-day-late',
        sql`now()`,
        sql`greatest(${windowStart} + interval '1 minute', ((${windowStart} at time zone 'UTC')::date + 1)::timestamp at time zone 'UTC' - interval '1 second')`,
      ),
      firstDayEarly: await insertUser(
        'first-day-early',
        sql`now()`,
        sql`((${windowStart} at time zone 'UTC')::date)::timestamp at time zone 'UTC'`,
      ),
      midWindow: await insertUser('mid', sql`now() - interval '40 days'`, sql`now() - interval '15 days'`),
      today: await insertUser('today', sql`now()`, sql`now()`),
      inactiveRecent: await insertUser('inactive', sql`now()`, sql`now() - interval '1 day'`, false),
    };
    await expectKeptCountsExact();
    const before = await overviewStats(db());
    expect(before).toMatchObject(await exactFigures());

    // Sign-ins, a deactivation, a reactivation, a moved creation date and deletes.
    await touchLastLogin(db(), ids.justOutside);
    await touchLastLogin(db(), ids.today);
    await db().execute(sql`update ${users} set is_active = false where id = ${ids.midWindow}`);
    await db().execute(sql`update ${users} set is_active = true where id = ${ids.inactiveRecent}`);
    await db().execute(
      sql`update ${users} set created_at = now() - interval '400 days' where id = ${ids.monthStart}`,
    );
    await db().execute(sql`delete from ${users} where id in (${ids.justInside}, ${ids.lastMonth})`);
    await expectKeptCountsExact();
    const after = await overviewStats(db());
    expect(after).toMatchObject(await exactFigures());
    // +1 signed in again, -1 deactivated, +1 reactivated, -1 deleted.
    expect(after.recentlyActiveUsers).toBe(before.recentlyActiveUsers + 1 - 1 + 1 - 1);
    // -1 moved to an earlier month, -1 deleted (the other deleted one was created last month).
    expect(after.newUsersThisMonth).toBe(before.newUsersThisMonth - 2);
    expect(before.recentlyActiveUsers).toBeGreaterThan(0);
  });

  it('stay exact through any sequence of changes, bulk ones included', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        n: fc.integer({ min: 1, max: 4 }),
        createdDaysAgo: fc.integer({ min: 0, max: 70 }),
        loginHoursAgo: fc.option(fc.integer({ min: 0, max: 24 * 45 })),
        active: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('login' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('toggle' as const), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('move' as const),
        pick: fc.nat(),
        days: fc.integer({ min: -40, max: 40 }),
      }),
      fc.record({
        kind: fc.constant('bulkDeactivate' as const),
        hoursAgo: fc.integer({ min: 0, max: 24 * 45 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          const { rows } = await rowsOf<{ id: number }>(
            sql`select id from users where email like '%@prop.test' order by id`,
          );
          const target = (pick: number) => rows[pick % Math.max(rows.length, 1)]?.id ?? -1;
          if (o.kind === 'insert') {
            const values = Array.from({ length: o.n }, () => {
              serial += 1;
              return sql`(${`p${serial}@prop.test`}, 'x', 'USER', ${o.active},
                now() - make_interval(days => ${o.createdDaysAgo}), now(),
                ${o.loginHoursAgo === null ? sql`null` : sql`now() - make_interval(hours => ${o.loginHoursAgo})`})`;
            });
            await db().execute(
              sql`insert into users (email, password_hash, role, is_active, created_at, updated_at, last_login_at) values ${sql.join(values, sql`, `)}`,
            );
          } else if (o.kind === 'login') {
            if (rows.length > 0) await touchLastLogin(db(), target(o.pick));
          } else if (o.kind === 'toggle') {
            await db().execute(sql`update users set is_active = not is_active where id = ${target(o.pick)}`);
          } else if (o.kind === 'move') {
            await db().execute(
              sql`update users set created_at = created_at + make_interval(days => ${o.days}) where id = ${target(o.pick)}`,
            );
          } else if (o.kind === 'bulkDeactivate') {
            await db().execute(
              sql`update users set is_active = false where email like '%@prop.test' and last_login_at < now() - make_interval(hours => ${o.hoursAgo})`,
            );
          } else {
            await db().execute(sql`delete from users where id = ${target(o.pick)}`);
          }
        }
        await expectKeptCountsExact();
        expect(await overviewStats(db())).toMatchObject(await exactFigures());
      }),
      { numRuns: 30 },
    );
  });
});
