/**
 * A Drizzle database on DATABASE_URL (PostgreSQL) that records every statement it sends with its
 * parameters: the bench scripts run the repository's own functions and then examine exactly what
 * went to the server (explain-waiting.ts, pgbench-waiting.ts).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';

export interface Captured {
  query: string;
  params: unknown[];
}

/** `purpose` completes the error when DATABASE_URL is unset ("… the PostgreSQL database to …"). */
export function capturingDb(purpose: string): { url: string; pool: pg.Pool; db: Db; captured: Captured[] } {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`DATABASE_URL must name the PostgreSQL database to ${purpose}`);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Captured[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Db;
  return { url, pool, db, captured };
}
