/**
 * vitest globalSetup of each engine project: the migrated and the seeded database, made once per run
 * for every test file to copy (test/databases.ts), and removed when the run ends.
 * - PGlite: two data-folder tarballs in a temporary folder of this run.
 * - PostgreSQL: two databases named after this run (machine, process id and random suffix), so
 *   that runs sharing a server never meet; nobody stays connected to them, as `CREATE DATABASE …
 *   TEMPLATE` refuses a template with sessions open (ALLOW_CONNECTIONS false keeps it that way).
 * Before making its own, a run removes what runs of this machine that were killed left behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { SMALL_COUNTS } from '../seed/demo';
import { demoPasswordHash, testConfig } from './build';
import {
  databaseUrl,
  dropPostgresDatabase,
  HOST_TAG,
  migrateAndSeed,
  ownerTag,
  postgresAdminUrl,
  withAdminClient,
  type EngineTemplates,
  type SeedSecrets,
} from './databases';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const secrets: RunSecrets = {
    passwordHash: await demoPasswordHash(),
    bankAccountKey: testConfig().bankAccountKey,
    mfaSecretKey: testConfig().mfaSecretKey,
    now: new Date(),
  };
  if (engine === 'pglite') await removeDeadFolders();
  else await removeDeadDatabases();
  const made = engine === 'pglite' ? await pgliteTemplates(secrets) : await postgresTemplates(secrets);
  project.provide('apiTestTemplates', made.templates);
  return made.remove;
}

const FOLDER_PREFIX = 'api-test-templates-';

/** Whether process `pid` of this machine is gone. */
function dead(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Whether `name` holds the owner tag (test/databases.ts) of a process of this machine that is gone. */
function deadOwner(name: string): boolean {
  const match = new RegExp(`_${HOST_TAG}_(\\d+)_`).exec(name);
  return !!match && dead(Number(match[1]));
}

/** Template folders of this machine's runs that were killed before their teardown. */
async function removeDeadFolders(): Promise<void> {
  const names = (await readdir(tmpdir())).filter((name) => name.startsWith(FOLDER_PREFIX));
  for (const name of names) {
    if (deadOwner(`_${name.slice(FOLDER_PREFIX.length)}`))
      await rm(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/** Templates and test databases of this machine's runs that were killed before their teardown. */
async function removeDeadDatabases(): Promise<void> {
  const adminUrl = postgresAdminUrl();
  const names = await withAdminClient(adminUrl, async (client) =>
    (
      await client.query<{ name: string }>(
        `select datname as name from pg_database where datname like 'api\\_template\\_%' or datname like 'api\\_test\\_%'`,
      )
    ).rows.map((row) => row.name),
  );
  for (const name of names.filter(deadOwner)) await dropPostgresDatabase(adminUrl, name);
}

/** One clock for the whole run's seeds: a test that seeds its own database dates it alike. */
type RunSecrets = SeedSecrets & { now: Date };

interface Made {
  templates: EngineTemplates;
  remove(): Promise<void>;
}

async function pgliteTemplates(secrets: RunSecrets): Promise<Made> {
  const folder = await mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${ownerTag()}_`));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const database = await openPglite();
    try {
      const dump = async (name: string) => {
        // A checkpoint first: the copy then starts from a clean state, with nothing to replay
        // (replay would, for one, move sequences on by the values PostgreSQL logs ahead).
        await database.client.exec('CHECKPOINT');
        const path = join(folder, `${name}.tar`);
        await writeFile(path, Buffer.from(await (await database.client.dumpDataDir('none')).arrayBuffer()));
        return path;
      };
      await migrateAndSeed(database, false, secrets);
      const empty = await dump('empty');
      await migrateAndSeed(database, SMALL_COUNTS, secrets);
      const seeded = await dump('seeded');
      return { templates: { engine: 'pglite', empty, seeded, seededAt: secrets.now.toISOString() }, remove };
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

async function postgresTemplates(secrets: RunSecrets): Promise<Made> {
  const adminUrl = postgresAdminUrl();
  const run = `api_template_${ownerTag()}_${randomBytes(4).toString('hex')}`;
  const empty = `${run}_empty`;
  const seeded = `${run}_seeded`;
  const remove = async () => {
    for (const name of [seeded, empty]) await dropPostgresDatabase(adminUrl, name);
  };
  const fill = async (name: string, counts: typeof SMALL_COUNTS | false) => {
    const database = openPostgres(databaseUrl(adminUrl, name), 2);
    try {
      await migrateAndSeed(database, counts, secrets);
    } finally {
      await database.close();
    }
  };
  try {
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${empty}"`));
    await fill(empty, false);
    await withAdminClient(adminUrl, (client) =>
      client.query(`CREATE DATABASE "${seeded}" TEMPLATE "${empty}"`),
    );
    await fill(seeded, SMALL_COUNTS);
    await withAdminClient(adminUrl, async (client) => {
      for (const name of [empty, seeded])
        await client.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    });
    return {
      templates: { engine: 'postgres', empty, seeded, seededAt: secrets.now.toISOString() },
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
