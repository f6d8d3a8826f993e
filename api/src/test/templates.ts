/**
 * vitest globalSetup of each engine project: the migrated and the seeded database, made once per run
 * for every test file to copy (test/databases.ts), and removed when the run ends.
 * - PGlite: two data-folder tarballs in a temporary folder of this run.
 * - PostgreSQL: two databases named after this run (process id and random suffix), so that runs
 *   sharing a server never meet; nobody stays connected to them, as `CREATE DATABASE … TEMPLATE`
 *   refuses a template with sessions open (ALLOW_CONNECTIONS false keeps it that way).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { SMALL_COUNTS } from '../seed/demo';
import { demoPasswordHash, testConfig } from './build';
import {
  databaseUrl,
  dropPostgresDatabase,
  migrateAndSeed,
  postgresAdminUrl,
  withAdminClient,
  type EngineTemplates,
  type SeedSecrets,
} from './databases';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const secrets: SeedSecrets = {
    passwordHash: await demoPasswordHash(),
    bankAccountKey: testConfig().bankAccountKey,
  };
  const made = engine === 'pglite' ? await pgliteTemplates(secrets) : await postgresTemplates(secrets);
  project.provide('apiTestTemplates', made.templates);
  return made.remove;
}

interface Made {
  templates: EngineTemplates;
  remove(): Promise<void>;
}

async function pgliteTemplates(secrets: SeedSecrets): Promise<Made> {
  const folder = await mkdtemp(join(tmpdir(), 'api-test-templates-'));
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
      return { templates: { engine: 'pglite', empty, seeded }, remove };
    } finally {
      await database.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
}

async function postgresTemplates(secrets: SeedSecrets): Promise<Made> {
  const adminUrl = postgresAdminUrl();
  const run = `api_template_${process.pid}_${randomBytes(4).toString('hex')}`;
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
    return { templates: { engine: 'postgres', empty, seeded }, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
