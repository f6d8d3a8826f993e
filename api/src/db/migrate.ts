import { join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { API_ROOT } from '../config';
import type { DatabaseHandle } from './client';

/** Versioned SQL, written by hand: drizzle/README.md says how, and why the journal's `when` must increase. */
export const MIGRATIONS_FOLDER = join(API_ROOT, 'drizzle');

/** Arbitrary constant: the advisory lock that serialises migrations across API processes. */
const MIGRATION_LOCK_ID = 727_274_001;

/** Applies pending migrations with Drizzle's migrator for the engine in use. */
export async function migrateDatabase(database: DatabaseHandle): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.driver, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several API processes may start together against one server: only one migrates at a time,
  // the others then find nothing pending.
  const client = await database.pool.connect();
  try {
    // The API's pool limits statements and idle transactions (openPostgres); an index built over
    // a large table, or the wait for another process's migration, may rightly take longer.
    await client.query('set statement_timeout = 0');
    await client.query('set idle_in_transaction_session_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    // Back to the pool's own limits for whoever uses this connection next.
    await client.query('reset statement_timeout; reset idle_in_transaction_session_timeout').catch(() => {});
    client.release();
  }
}
