import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Each table's row count and a hash of its whole contents. */
export type DbSnapshot = Map<string, string>;

const rowsOf = async <T>(db: Db, query: string) =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

/** Every table of the public schema: a table added later is compared without anyone listing it. */
export async function publicTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  return rows.map((row) => row.name);
}

/**
 * Row count and md5 of every row's text (sorted, so physical order does not matter) per table.
 * Sequences are left out on purpose: PostgreSQL never rolls them back, so a refused insert may
 * burn an id without anything having been written.
 */
export async function snapshotTables(db: Db, tables: readonly string[]): Promise<DbSnapshot> {
  if (tables.length === 0) return new Map();
  const query = tables
    .map(
      (table) =>
        `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash from "${table}" t`,
    )
    .join(' union all ');
  const rows = await rowsOf<{ name: string; hash: string }>(db, query);
  return new Map(rows.map((row) => [row.name, row.hash]));
}

/** Tables whose count or contents differ between two snapshots. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

const TRACK = 'test_write_tracking';

/**
 * Snapshots of the whole public schema at the cost of the tables actually written: a row trigger
 * on every table counts writes (in its own schema, outside the snapshot), and a table's hash is
 * recomputed only when its count moved. Comparing two snapshots is then exactly comparing counts
 * and hashes of every table, without hashing every table around every request.
 */
export class WriteTracker {
  private readonly hashes: DbSnapshot = new Map();
  private readonly counts = new Map<string, number>();

  private constructor(
    private readonly db: Db,
    readonly tables: readonly string[],
  ) {}

  static async install(db: Db): Promise<WriteTracker> {
    const tables = await publicTables(db);
    const statements = [
      `create schema if not exists ${TRACK}`,
      `create table if not exists ${TRACK}.writes (name text primary key, n bigint not null)`,
      `create or replace function ${TRACK}.count_write() returns trigger language plpgsql as $$
       begin
         insert into ${TRACK}.writes (name, n) values (tg_table_name, 1)
           on conflict (name) do update set n = ${TRACK}.writes.n + 1;
         return null;
       end $$`,
      ...tables.flatMap((table) => [
        `create trigger ${TRACK}_rows after insert or update or delete on "${table}" for each row execute function ${TRACK}.count_write()`,
        `create trigger ${TRACK}_truncate after truncate on "${table}" for each statement execute function ${TRACK}.count_write()`,
      ]),
    ];
    for (const statement of statements) await db.execute(sql.raw(statement));
    const tracker = new WriteTracker(db, tables);
    await tracker.snapshot();
    return tracker;
  }

  private async writeCounts(): Promise<Map<string, number>> {
    const rows = await rowsOf<{ name: string; n: string }>(
      this.db,
      `select name, n::text as n from ${TRACK}.writes`,
    );
    return new Map(rows.map((row) => [row.name, Number(row.n)]));
  }

  /** The current snapshot of every table (hashing again only the tables written since the last one). */
  async snapshot(): Promise<DbSnapshot> {
    const counts = await this.writeCounts();
    const stale = this.tables.filter(
      (table) => !this.hashes.has(table) || (counts.get(table) ?? 0) !== (this.counts.get(table) ?? 0),
    );
    const fresh = await snapshotTables(this.db, stale);
    for (const [table, hash] of fresh) this.hashes.set(table, hash);
    for (const table of stale) this.counts.set(table, counts.get(table) ?? 0);
    return new Map(this.hashes);
  }

  /** A snapshot hashing every table (to check the tracked one against). */
  full(): Promise<DbSnapshot> {
    return snapshotTables(this.db, this.tables);
  }
}
