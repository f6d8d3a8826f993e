/**
 * `pnpm --filter api seed [--companies N]`: demo data into any database (DATABASE_URL or the
 * embedded one, which must not be open in a running API), and optionally N extra companies in
 * batches of 1000 for benchmarks. Demo data is only added to a database without users.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { countUsers } from '../modules/users/users.repository';
import { createPasswordHasher } from '../security/passwords';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { DEMO_PASSWORD, seedBulkCompanies, seedDemoData } from './seed';

const { values } = parseArgs({ options: { companies: { type: 'string' } }, allowPositionals: false });
const extraCompanies = values.companies === undefined ? 0 : Number(values.companies);
if (!Number.isSafeInteger(extraCompanies) || extraCompanies < 0) {
  console.error('--companies must be a whole number');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  if ((await countUsers(database.db)) === 0) {
    const started = Date.now();
    const passwordHash = await createPasswordHasher(config.passwordHashing).hash(DEMO_PASSWORD);
    const s = await seedDemoData(database.db, { passwordHash, qbTokenKey: config.qbTokenKey });
    console.info(
      `Seeded demo data in ${Date.now() - started} ms: ${s.users} users, ${s.companies} companies, ` +
        `${s.managers} managers, ${s.approvals} approvals, ${s.activity} activity rows, ${s.apiKeys} API keys.`,
    );
  } else {
    console.info('The database already has users: demo data not added.');
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
} finally {
  await database.close();
}
