/**
 * The API's vitest projects, one per database engine, for api/vitest.config.ts (`pnpm --filter api
 * test`) and the workspace's vitest.config.ts (`pnpm test:unit`, every package in one process).
 *
 * Which files run on which engine:
 * - without TEST_DATABASE_URL, every file on PGlite (the only engine there is);
 * - with it (`pnpm test` in CI), every file on both engines: a copy of a template database per file
 *   (test/templates.ts) makes the second engine cost about two minutes of a run, not the twenty
 *   it cost when every file migrated its own;
 * - with it and TEST_QUICK=1 (a quicker loop while working): every file on PostgreSQL, the engine
 *   deployments use, and on PGlite only the files of BOTH_ENGINES below, those whose code differs
 *   between the engines.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The test files that run on both engines even in a quick run (TEST_QUICK=1), each with the
 * engine-specific code it covers: code that branches on `database.kind`, or that leans on what only one engine has (a
 * server with many connections: LISTEN, COPY, pools, advisory locks between sessions; or PGlite's one
 * connection and its own notification and query paths). A new file of that kind belongs here.
 */
export const BOTH_ENGINES: Readonly<Record<string, string>> = {
  'src/test/build.test.ts':
    "migrations through each engine's migrator (advisory-locked on PostgreSQL), and the template every other file starts from (a PGlite data folder, a PostgreSQL TEMPLATE database) equal to a fresh migration and seed",
  'src/modules/approvals/approvals.export.test.ts':
    'the export streams: COPY … TO STDOUT and a cursor on PostgreSQL, keyset batches on PGlite',
  'src/modules/approvals/approvals.export-stall.test.ts':
    'a stalled export reader holds no PostgreSQL session (COPY, transaction) and, on PGlite, not the one connection everyone shares',
  'src/seed/prepare.test.ts':
    'start-up data rules; ANALYZE on every start on PGlite only (it has no autovacuum)',
  'src/jobs/queue.test.ts':
    "pg-boss through the pool with its set-up under an advisory lock on PostgreSQL, through PGlite's multi-statement exec on PGlite",
  'src/modules/quickbooks/qb-bill-payments.test.ts':
    'the QuickBooks payment job run by pg-boss (jobs on) on each engine',
  'src/modules/quickbooks/qb-sync.test.ts':
    "QuickBooks sync by two API processes at once: their leases and imports run side by side on the pool's connections on PostgreSQL, one after another on PGlite's one connection",
  'src/modules/live/live.routes.test.ts':
    "the process's LISTEN connection (node-postgres client, listening again after a drop) against PGlite's listen(), and events between two API processes",
  'src/sessions/auth-cache.test.ts':
    'the sign-in cache dropped by NOTIFY from another API process (its own pool and LISTEN connection on PostgreSQL)',
  'src/modules/health/health.routes.test.ts':
    "the detailed health check while the database is held: PGlite's one connection inside a transaction, every connection of the PostgreSQL pool taken",
  'src/fuzz.test.ts':
    "every route with generated input: on PGlite a query issued outside a route's open transaction waits for its one connection forever, which PostgreSQL's pool hides",
};

/** Anything but '', '0' and 'false'. */
function flag(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export type Engine = 'pglite' | 'postgres';

// The lab's own tests (api/lab) run with the API's: they use its test helpers and databases.
const ALL_FILES = ['src/**/*.test.ts', 'lab/**/*.test.ts'];
const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// A file renamed or removed would otherwise leave the list, and its engine, without a word.
const missing = Object.keys(BOTH_ENGINES).filter((file) => !existsSync(`${API_ROOT}${file}`));
if (missing.length > 0) throw new Error(`BOTH_ENGINES names missing test files: ${missing.join(', ')}`);

/**
 * The engine projects. `root`: the API folder seen from the config that uses them (omitted: the
 * config's own folder). Test settings of the API live here, so both configs run its tests alike.
 */
export function apiTestProjects(
  root?: string,
  env: NodeJS.ProcessEnv = process.env,
): TestProjectInlineConfiguration[] {
  const postgres = !!env.TEST_DATABASE_URL;
  const quick = flag(env.TEST_QUICK);
  const include: Record<Engine, string[]> = {
    pglite: postgres && quick ? Object.keys(BOTH_ENGINES) : ALL_FILES,
    postgres: ALL_FILES,
  };
  const engines: Engine[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
  return engines.map((engine) => ({
    ...(root ? { root } : {}),
    test: {
      name: engine,
      include: include[engine],
      env: { TEST_DB_ENGINE: engine },
      // A worker imports the API once, not once per file: every file builds its own app and database
      // from the template, and the per-file import (about a second of the app's modules) was a third
      // of the API's test time. TEST_ISOLATE=1 brings the per-file module graph back, to find a file
      // that leaks state into the next.
      isolate: flag(env.TEST_ISOLATE),
      // A timeout only catches a test that hangs: no test asserts on time. On a 2-core machine that
      // shares its cores with a build, a heavy test (an export beyond one cursor batch, a large
      // QuickBooks import) takes several times its quiet duration, and must not fail for it.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // The migrated and the seeded database, made once per engine and run (test/templates.ts).
      globalSetup: [fileURLToPath(new URL('./templates.ts', import.meta.url))],
    },
  }));
}
