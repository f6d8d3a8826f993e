/** `pnpm --filter api migrate`: applies pending migrations to the configured database. */
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  console.info(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
