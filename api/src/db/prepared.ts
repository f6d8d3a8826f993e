import { sql } from 'drizzle-orm';
import type { Db } from './client';

interface Preparable<T> {
  prepare(name: string): T;
}

const caches = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle and `shape` (whatever decides its SQL text: which filters
 * are present, the sort), then executed with `sql.placeholder` values. Drizzle builds a query's SQL
 * from its object tree on every call, a large part of a list page's CPU in the API's profiles; a
 * prepared query keeps the text and only fills in the values. Unnamed:
 * PreparingClient (db/client.ts) names and prepares it per connection, within its bound.
 *
 * Only for a handful of hot reads with a bounded number of shapes. A transaction is a Db of its
 * own, so queries built for it are dropped with it.
 */
export function preparedQuery<T>(db: Db, shape: string, build: () => Preparable<T>): T {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let query = cache.get(shape) as T | undefined;
  if (query === undefined) {
    // Drizzle's own unnamed path (what `await query` does): no statement name of ours.
    query = build().prepare(undefined as unknown as string);
    cache.set(shape, query);
  }
  return query;
}

/**
 * A whole number written into the SQL text instead of sent as a parameter, for LIMIT and OFFSET
 * 0 of list pages (validated page sizes: a handful of distinct texts). With `LIMIT $1` PostgreSQL's
 * generic plan must guess the limit (a tenth of the table), costs far more than the custom plan
 * and is never kept, so every execution of a prepared page query was planned again (the company
 * list's five-way join took longer to plan than to run); with `LIMIT 10` the generic plan is the
 * custom one and the statement is planned once per connection.
 */
export function literalCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  // Drizzle writes an SQL chunk given to limit()/offset() as it is (its types only say number).
  return sql.raw(String(n)) as unknown as number;
}

/**
 * The rows and total of a list page read in one statement whose every row carries the filter's
 * total. A page with no row has nothing to carry it: on page 1 that means nothing matches; past the
 * end, the total is counted on its own.
 * @example return pageAndTotal(found, query.page, toCompany, async () => (await totalQuery)[0]?.n ?? 0);
 */
export async function pageAndTotal<Row extends { total: number }, Out>(
  found: readonly Row[],
  page: number,
  toRow: (row: Row) => Out,
  countAlone: () => Promise<number>,
): Promise<{ rows: Out[]; total: number }> {
  const first = found[0];
  if (first) return { rows: found.map(toRow), total: first.total };
  if (page === 1) return { rows: [], total: 0 };
  return { rows: [], total: await countAlone() };
}
