/** `pnpm --filter api migrate`: applies pending migrations to the configured database. */
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
try {
  await migrateDatabase(database);
  console.info(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
