/**
 * Every test file starts from a copy of the run's template (test/templates.ts) unless it asks for
 * another seed: a copy must be what migrating and seeding a database there and then gives, on each
 * engine (PGlite's data-folder tarball, PostgreSQL's CREATE DATABASE … TEMPLATE). Rows are compared
 * by count and primary keys: the seed's dates follow the clock, and password hashes and encrypted
 * account numbers are salted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { companies } from '../db/schema';
import { build, type BuildOptions, type TestContext } from './build';
import { publicTables } from './db-snapshot';

const rowsOf = async <T>(db: Db, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** What the migrations made, outside PostgreSQL's own catalogs. */
async function schemaOf(db: Db): Promise<Record<string, unknown[]>> {
  const own = `not in ('pg_catalog', 'information_schema')`;
  return {
    columns: await rowsOf(
      db,
      `select table_schema, table_name, column_name, data_type, is_nullable, column_default
       from information_schema.columns where table_schema ${own} order by 1, 2, 3`,
    ),
    indexes: await rowsOf(
      db,
      `select schemaname, indexname, indexdef from pg_indexes where schemaname ${own} order by 1, 2`,
    ),
    constraints: await rowsOf(
      db,
      `select n.nspname, c.conname, c.conrelid::regclass::text as relation, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname ${own} order by 1, 2, 3`,
    ),
    triggers: await rowsOf(
      db,
      `select tgrelid::regclass::text as relation, tgname, pg_get_triggerdef(oid) as definition
       from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await rowsOf(
      db,
      `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, md5(p.prosrc) as source
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${own} order by 1, 2, 3`,
    ),
    enums: await rowsOf(
      db,
      `select t.typname, e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid order by 1, e.enumsortorder`,
    ),
    views: await rowsOf(
      db,
      `select schemaname, viewname, definition from pg_views where schemaname ${own} order by 1, 2`,
    ),
    extensions: await rowsOf(db, `select extname, extversion from pg_extension order by 1`),
  };
}

/** Each table's row count and primary keys, and where every sequence stands. */
async function contentsOf(
  db: Db,
): Promise<{ tables: Record<string, string>; sequences: unknown[]; migrations: unknown[] }> {
  const keys = new Map(
    (
      await rowsOf<{ relation: string; key: string }>(
        db,
        `select c.relname as relation, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as key
         from pg_index i join pg_class c on c.oid = i.indrelid
         join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
         where i.indisprimary and c.relnamespace = 'public'::regnamespace group by c.relname`,
      )
    ).map((row) => [row.relation, row.key]),
  );
  const tables: Record<string, string> = {};
  for (const table of await publicTables(db)) {
    const key = keys.get(table);
    const hash = key ? `md5(string_agg(row(${key})::text, ',' order by row(${key})::text))` : `''`;
    const [row] = await rowsOf<{ rows: string }>(
      db,
      `select count(*)::text || ':' || coalesce(${hash}, '') as rows from "${table}"`,
    );
    tables[table] = row!.rows;
  }
  const sequences = await rowsOf(
    db,
    `select schemaname, sequencename, last_value::text from pg_sequences order by 1, 2`,
  );
  const migrations = await rowsOf(
    db,
    `select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
  return { tables, sequences, migrations };
}

const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.each([
  ['seeded', {}],
  ['migrated but empty', { seed: false }],
] satisfies [string, BuildOptions][])('a %s database copied from the template', (_, options) => {
  let fresh: TestContext;
  let copy: TestContext;
  beforeAll(async () => {
    fresh = await build({ ...options, fresh: true });
    copy = await build(options);
  });
  afterAll(async () => {
    await copy?.close();
    await fresh?.close();
  });

  it('has every migration applied, through the engine’s own migrator', async () => {
    const [row] = await rowsOf<{ n: number }>(
      fresh.database.db,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(row!.n).toBe(JOURNAL.entries.length);
  });

  it('has the schema of a fresh migration', async () => {
    expect(await schemaOf(copy.database.db)).toEqual(await schemaOf(fresh.database.db));
  });

  it('has the rows, keys and sequences of a fresh seed', async () => {
    const expected = await contentsOf(fresh.database.db);
    const seeded = !('seed' in options);
    expect(expected.tables.approvals).toMatch(seeded ? /^[1-9]\d*:/ : /^0:/);
    expect(await contentsOf(copy.database.db)).toEqual(expected);
  });
});

describe('copies of the template', () => {
  it('are independent of each other and leave the template as it was', async () => {
    const renamed = 'Written In One Copy Only';
    const named = async (t: TestContext) =>
      (await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, renamed)))
        .length;
    const [first, second] = [await build(), await build()];
    try {
      await first.database.db.execute(
        sql`update companies set name = ${renamed} where id = (select min(id) from companies)`,
      );
      expect(await named(first)).toBe(1);
      expect(await named(second)).toBe(0);
      const third = await build();
      try {
        expect(await named(third)).toBe(0);
      } finally {
        await third.close();
      }
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
