/**
 * `pnpm --filter api seed [--companies N] [--users N]`: demo data into any database (DATABASE_URL or the
 * embedded one, which must not be open in a running API), and optionally N extra companies in
 * batches of 1000 for benchmarks, and N extra users likewise. Demo data is added once: not when the demo accounts exist.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createPasswordHasher } from '../security/passwords';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedBulkCompanies } from './companies';
import { seedDemoData } from './demo';
import { DEMO_PASSWORD, hasDemoAccounts, seedBulkUsers } from './users';

const { values } = parseArgs({
  options: { companies: { type: 'string' }, users: { type: 'string' } },
  allowPositionals: false,
});
const extraUsers = values.users === undefined ? 0 : Number(values.users);
if (!Number.isSafeInteger(extraUsers) || extraUsers < 0) {
  console.error('--users must be a whole number');
  process.exit(1);
}
const extraCompanies = values.companies === undefined ? 0 : Number(values.companies);
if (!Number.isSafeInteger(extraCompanies) || extraCompanies < 0) {
  console.error('--companies must be a whole number');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
try {
  await migrateDatabase(database);
  if (!(await hasDemoAccounts(database.db))) {
    const started = Date.now();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(DEMO_PASSWORD);
    const s = await seedDemoData(database.db, {
      passwordHash,
      qbTokenKey: config.qbTokenKey,
      bankAccountKey: config.bankAccountKey,
      mfaSecretKey: config.mfaSecretKey,
    });
    console.info(
      `Seeded demo data in ${Date.now() - started} ms: ${s.users} users, ${s.companies} companies, ` +
        `${s.managers} managers, ${s.approvals} approvals, ${s.activity} activity rows, ${s.apiKeys} API keys, ${s.bankFiles} bank files.`,
    );
  } else {
    console.info('The demo accounts already exist: demo data not added again.');
  }
  if (extraCompanies > 0) {
    const started = Date.now();
    await seedBulkCompanies(database.db, extraCompanies, {
      qbTokenKey: config.qbTokenKey,
      onProgress: (done) => {
        if (done % 10_000 === 0 || done === extraCompanies)
          console.info(`  ${done} / ${extraCompanies} companies`);
      },
    });
    console.info(`Added ${extraCompanies} companies in ${Date.now() - started} ms.`);
  }
  if (extraUsers > 0) {
    const started = Date.now();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(DEMO_PASSWORD);
    await seedBulkUsers(database.db, extraUsers, {
      passwordHash,
      onProgress: (done) => {
        if (done % 10_000 === 0 || done === extraUsers) console.info(`  ${done} / ${extraUsers} users`);
      },
    });
    console.info(`Added ${extraUsers} users in ${Date.now() - started} ms.`);
  }
} finally {
  await database.close();
}
