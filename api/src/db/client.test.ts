import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../test/build';
import {
  openPostgres,
  PLAN_PER_EXECUTION,
  PREPARED_STATEMENTS_PER_CONNECTION,
  type PostgresDatabaseHandle,
} from './client';
import { literalCount } from './prepared';
import { companies } from './schema';

// The PostgreSQL pool prepares each parameterised statement once per connection (PreparingClient).
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('statements on PostgreSQL', () => {
  let t: TestContext;
  let one: PostgresDatabaseHandle;

  beforeAll(async () => {
    t = await build({ seed: false });
    if (t.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // One connection, so that pg_prepared_statements (per session) shows what the pool's queries did.
    one = openPostgres(String(t.database.pool.options.connectionString), 1);
  });
  afterAll(async () => {
    await one?.close();
    await t?.close();
  });

  const number = async (query: SQL) => (await one.driver.execute<{ n: number }>(query)).rows[0]?.n;
  const prepared = async () =>
    (
      await one.pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements order by prepare_time',
      )
    ).rows;

  it('leaves a statement marked PLAN_PER_EXECUTION unnamed, planned for its values each time', async () => {
    const before = (await prepared()).length;
    for (const n of [1, 2]) {
      expect(await number(sql`select ${sql.raw(PLAN_PER_EXECUTION)} ${n}::int + 1 as n`)).toBe(n + 1);
    }
    expect(await prepared()).toHaveLength(before);
  });

  it('prepares a parameterised query once and reuses it, with the right answers', async () => {
    const before = (await prepared()).length;
    for (const id of [1, 2, 3]) {
      const rows = await one.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
      expect(rows).toEqual([]);
    }
    const after = await prepared();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.name).toMatch(/^s_[\w-]{27}$/);
    expect(after.at(-1)?.statement).toContain('from "companies" where "companies"."id" = $1');
    // Same text, different values: the statement is reused, the answer follows the values.
    expect([
      await number(sql`select ${41}::int + 1 as n`),
      await number(sql`select ${9}::int + 1 as n`),
    ]).toEqual([42, 10]);
    expect(await prepared()).toHaveLength(before + 2);
  });

  it('leaves texts of several statements on the simple protocol', async () => {
    const before = (await prepared()).length;
    await one.pool.query(
      'create temporary table probe (n int); insert into probe values (1); drop table probe',
    );
    await one.driver.execute(sql.raw('select 1; select 2'));
    expect(await prepared()).toHaveLength(before);
  });

  it('prepares a query of one statement without parameters once (a first page with its LIMIT in the text)', async () => {
    const before = (await prepared()).length;
    for (let i = 0; i < 3; i += 1) {
      await one.db.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(literalCount(10));
    }
    const after = await prepared();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.statement).toMatch(/order by "companies"."id" limit 10$/);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_PER_CONNECTION} statements per connection and still answers past that`, async () => {
    const texts = PREPARED_STATEMENTS_PER_CONNECTION + 5;
    for (let i = 0; i < texts; i += 1) {
      expect(await number(sql`select ${i}::int as n, ${sql.raw(String(i))} as k`)).toBe(i);
    }
    expect(await prepared()).toHaveLength(PREPARED_STATEMENTS_PER_CONNECTION);
  });
});
