/**
 * One database handle for both engines. Repositories are written once against `Db` (Drizzle's
 * PgDatabase base), which the PGlite and node-postgres drivers both satisfy: same schema, same
 * migrations, same queries.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseSessionLimits } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** What repositories take: the database itself or a transaction (a transaction is a PgDatabase). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface DatabaseBase {
  db: Db;
  /** Cheap round trip used by health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * A handle on a connection of its own, for a reader that must never queue behind the pool's
   * requests (the live console's event log): on PostgreSQL one more connection with the same
   * session limits, closed by its own close(); the embedded database has a single connection, so
   * it is the same database, and closing it closes nothing.
   */
  ownConnection(): DatabaseHandle;
}
export interface PgliteDatabaseHandle extends DatabaseBase {
  kind: 'pglite';
  client: PGlite;
  driver: PgliteDatabase<Schema>;
}
export interface PostgresDatabaseHandle extends DatabaseBase {
  kind: 'postgres';
  pool: pg.Pool;
  driver: NodePgDatabase<Schema>;
}
export type DatabaseHandle = PgliteDatabaseHandle | PostgresDatabaseHandle;

/**
 * Embedded PostgreSQL (WASM) persisted in `dataDir`, or in memory when `dataDir` is omitted. An
 * in-memory instance may start from a data folder's tarball (`loadDataDir`, as `dumpDataDir`
 * writes it): how test files get a migrated, seeded database without migrating again.
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabaseHandle> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    // pg_trgm must be loaded here as well as created by the migration.
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const driver = drizzlePglite({ client, schema });
  const handle: PgliteDatabaseHandle = {
    kind: 'pglite',
    client,
    driver,
    db: driver as Db,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      releaseLock();
    },
    ownConnection: () => ({ ...handle, close: async () => {} }),
  };
  return handle;
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite is single-process: a second process opening the same folder (say `pnpm seed` while the
 * API runs) would see a stale copy and corrupt it on write. A pid file makes that an error.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'api.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by process ${owner} (is the API running?). ` +
            'Stop it first, or use DATABASE_URL.',
        );
      }
      // Left behind by a process that died: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A comment that keeps a statement unnamed (planned for its values on every execution): for the few
 * whose best plan depends on values PostgreSQL cannot estimate generically, where a kept generic
 * plan would be far slower than planning again (the queue of a person named on few approvals).
 */
export const PLAN_PER_EXECUTION = '/* plan per execution */';

/** Most distinct statements one connection keeps prepared; further ones run unnamed. */
export const PREPARED_STATEMENTS_PER_CONNECTION = 500;

/**
 * A pg client that prepares every parameterised query once per connection (a name derived from
 * its text) instead of sending it unnamed, so PostgreSQL parses and plans it once rather than on
 * every request: for a list page's five-way join, planning costs 1.6 ms against 0.2 ms of
 * execution (EXPLAIN at 10,000 companies). After five executions PostgreSQL may keep a generic
 * plan when it costs no more than the custom ones (plan_cache_mode auto). Drizzle's queries
 * without parameters (a list's first page with its LIMIT in the text, db/prepared.ts) are prepared
 * too; a text with a semicolon and no parameters keeps the simple protocol (it may hold several
 * statements: migrations, which the extended protocol refuses), as does a bare query(text); streams
 * (COPY, cursors) pass through; past PREPARED_STATEMENTS_PER_CONNECTION distinct texts a
 * connection runs the rest unnamed, so the server's memory per connection stays bounded. A text
 * holding PLAN_PER_EXECUTION runs unnamed.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's query() is overloaded; this override only rewrites the config object and passes the rest on.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof config.submit !== 'function' &&
      typeof config.text === 'string' &&
      config.name === undefined &&
      !config.text.includes(PLAN_PER_EXECUTION) &&
      Array.isArray(values) &&
      (values.length > 0 || !config.text.includes(';'))
    ) {
      const name = `s_${createHash('sha1').update(config.text).digest('base64url')}`;
      if (this.prepared.has(name) || this.prepared.size < PREPARED_STATEMENTS_PER_CONNECTION) {
        this.prepared.add(name);
        return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}

/**
 * A real PostgreSQL server through a pool of `max` connections. `limits` (the API's own pool) are
 * sent as session settings when each connection opens: a statement running away, or a transaction
 * left open by a stuck request, ends on the server instead of holding locks and a connection.
 * Migrations lift them for their own session (db/migrate.ts); seeds and benchmarks pass none.
 */
export function openPostgres(
  connectionString: string,
  max = 10,
  limits?: DatabaseSessionLimits,
): PostgresDatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: PreparingClient,
    ...(limits?.statementTimeoutMs ? { statement_timeout: limits.statementTimeoutMs } : {}),
    ...(limits?.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs }
      : {}),
    // No JIT compilation in the API's sessions: its statements read a page or a few rows, and
    // PostgreSQL compiles whenever a plan's estimate passes jit_above_cost — a misestimated sub-select
    // (the chain's count of a role's holders) spent 137 ms compiling to run 20 ms, on every execution.
    ...(limits ? { options: '-c jit=off' } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a checked-out one: when PostgreSQL restarts, a client held by a transaction between two
  // queries gets "terminating connection due to administrator command" as an 'error' event, which
  // with no listener ends the process (found by `pnpm test:soak`). The transaction's next query then
  // fails (503 via isDatabaseUnavailable) and the pool discards the client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const driver = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    pool,
    driver,
    db: driver as Db,
    ping: async () => {
      await driver.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    ownConnection: () => openPostgres(connectionString, 1, limits),
  };
}

/** Connections of the API's pool on PostgreSQL. */
export const API_POOL_SIZE = 10;

/**
 * DATABASE_URL set → PostgreSQL; otherwise PGlite under DATA_DIR/pglite.
 * `limits`: the API's session limits (main.ts); the command-line tools pass none.
 */
export async function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string },
  limits?: DatabaseSessionLimits,
): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, API_POOL_SIZE, limits)
    : openPglite(join(options.dataDir, 'pglite'));
}
