import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** mulberry32: tiny, fast and good enough for demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (probability: number) => next() < probability;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, uuid };
}
export type Random = ReturnType<typeof createRandom>;

/** What the demo data set is drawn from: one random stream and one `now`, used in a fixed order. */
export interface SeedContext {
  random: Random;
  now: Date;
  /** `now` minus `ms`. */
  ago: (ms: number) => Date;
}

export function fullName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** Inserts rows in chunks: one statement per chunk keeps parameters under PostgreSQL's limit. */
export async function insertChunked<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * Planner statistics after a bulk load: without them PostgreSQL guesses row counts and may sort a
 * whole table instead of walking the index that matches a list's filter and order. (PGlite runs no
 * autovacuum, so nothing else would ever collect them.)
 */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}

/**
 * `count` generated rows in batches of 1000 (benchmarks), row `n` numbered on from the rows the
 * table already holds, then fresh planner statistics.
 */
export async function insertGenerated<T>(
  db: Db,
  table: PgTable,
  count: number,
  makeRow: (n: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
  onProgress?: (done: number) => void,
): Promise<void> {
  const [existing] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(table);
  const offset = existing?.count ?? 0;
  for (let done = 0; done < count;) {
    const batch = Math.min(1000, count - done);
    const rows: T[] = [];
    for (let i = 0; i < batch; i += 1) rows.push(makeRow(offset + done + i + 1));
    await insert(rows);
    done += batch;
    onProgress?.(done);
  }
  await analyze(db);
}
