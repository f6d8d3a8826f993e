import { ConfigError, type AppConfig } from '../config';
import { passwordProblem } from '../security/password-policy';
import { createPasswordHasher } from '../security/passwords';
import type { DatabaseHandle } from '../db/client';
import { countUsers } from '../modules/users/users.service';
import { seedDemoData, type SeedSummary } from './demo';
import { analyze } from './random';
import { createFirstAdmin, DEMO_PASSWORD } from './users';

export type PrepareOutcome =
  | { kind: 'seeded-demo'; summary: SeedSummary }
  | { kind: 'created-admin'; email: string }
  | { kind: 'no-users' }
  | { kind: 'existing' };

/**
 * Start-up data rules: an empty embedded database (a local try-out) gets the demo data; an empty
 * PostgreSQL database (a deployment) gets only its first admin from ADMIN_EMAIL / ADMIN_PASSWORD,
 * never demo accounts with a published password.
 */
export async function prepareData(database: DatabaseHandle, config: AppConfig): Promise<PrepareOutcome> {
  if ((await countUsers(database.db)) > 0) {
    // PGlite has no autovacuum: refresh planner statistics once per start instead (PostgreSQL
    // keeps its own up to date).
    if (database.kind === 'pglite') await analyze(database.db);
    return { kind: 'existing' };
  }
  const hasher = createPasswordHasher(config.passwordHashing);
  if (!config.databaseUrl) {
    const passwordHash = await hasher.hash(DEMO_PASSWORD);
    const summary = await seedDemoData(database.db, {
      passwordHash,
      qbTokenKey: config.qbTokenKey,
      bankAccountKey: config.bankAccountKey,
      mfaSecretKey: config.mfaSecretKey,
    });
    return { kind: 'seeded-demo', summary };
  }
  if (config.adminEmail && config.adminPassword) {
    const problem = await passwordProblem(config.adminPassword, { email: config.adminEmail });
    if (problem) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
    await createFirstAdmin(database.db, config.adminEmail, await hasher.hash(config.adminPassword));
    return { kind: 'created-admin', email: config.adminEmail };
  }
  return { kind: 'no-users' };
}
