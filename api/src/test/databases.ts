/**
 * The databases tests run on. Migrating (about 40 migrations) and seeding a database costs seconds
 * per test file on PGlite and about one on PostgreSQL, so each run does it once per engine
 * (test/templates.ts, vitest's globalSetup) and every test file starts from a copy:
 * - PGlite: a tarball of the data folder (`dumpDataDir`), loaded into a new in-memory instance;
 * - PostgreSQL: a database created with `CREATE DATABASE … TEMPLATE`, dropped on close.
 * A test that asks for another seed, or runs outside such a run, migrates and seeds its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import pg from 'pg';
import type { DatabaseSessionLimits } from '../config';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData, type SeedCounts } from '../seed/demo';

export type Engine = 'pglite' | 'postgres';

/** The two starting points of a run on one engine: migrated, and migrated and seeded (SMALL_COUNTS). */
export interface EngineTemplates {
  engine: Engine;
  /** PGlite: the path of a data-folder tarball. PostgreSQL: a database name. */
  empty: string;
  seeded: string;
  /**
   * The clock the seed ran with (ISO). The demo data is dated back from it, and day-bucketed
   * tables (sign-ins per day) follow, so a database seeded later in the run uses the same clock.
   */
  seededAt: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by test/templates.ts for the project's engine. */
    apiTestTemplates: EngineTemplates;
  }
}

/** What a seeded database is filled with besides its counts. */
export interface SeedSecrets {
  /** argon2id hash of the demo password. */
  passwordHash: string;
  bankAccountKey: Buffer;
  /** Key the demo authenticator's secret is encrypted with (the app's config.mfaSecretKey). */
  mfaSecretKey: Buffer;
  /** The seed's clock; now when not given. */
  now?: Date;
}

/** The engine of the vitest project running (TEST_DB_ENGINE), PGlite when none says so. */
export function testEngine(): Engine {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** Migrations, then the demo data set of `counts` when given. */
export async function migrateAndSeed(
  database: DatabaseHandle,
  counts: SeedCounts | false,
  secrets: SeedSecrets,
): Promise<void> {
  await migrateDatabase(database);
  if (!counts) return;
  await seedDemoData(database.db, {
    passwordHash: secrets.passwordHash,
    qbTokenKey: Buffer.alloc(32),
    bankAccountKey: secrets.bankAccountKey,
    mfaSecretKey: secrets.mfaSecretKey,
    counts,
    now: secrets.now,
  });
}

/** This machine in the names of the databases and folders tests make (a hash of its host name). */
export const HOST_TAG = createHash('sha1').update(hostname()).digest('hex').slice(0, 6);

/**
 * What the names of this process's databases and folders start with: the machine and the process,
 * so that a later run can tell what a killed run left behind (vitest skips its teardown on SIGINT
 * and SIGTERM) and remove it (test/templates.ts).
 */
export function ownerTag(): string {
  return `${HOST_TAG}_${process.pid}`;
}

export interface TestDatabase {
  database: DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * An empty database of the engine: in-memory PGlite, or a uniquely named database on the
 * TEST_DATABASE_URL server (from `template` when given), dropped by `dispose`.
 */
export async function openTestDatabase(
  engine: Engine,
  limits: DatabaseSessionLimits,
  template?: string,
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = template
      ? await openPglite(undefined, { loadDataDir: new Blob([await readFile(template)]) })
      : await openPglite();
    return { database, dispose: () => database.close() };
  }
  const adminUrl = postgresAdminUrl();
  const name = `api_test_${ownerTag()}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  const database = openPostgres(databaseUrl(adminUrl, name), 5, limits);
  return {
    database,
    async dispose() {
      await database.close();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
}

export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  return url;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
