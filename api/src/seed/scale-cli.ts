/**
 * `pnpm bench -- --scale` part: makes sure the database of SCALE_DATABASE_URL holds the scale data
 * set (scale.ts). A database whose marker records the same sizes is reused as it is; any other
 * (missing, interrupted, other sizes) is dropped and created again on the same server, migrated,
 * given the demo data and then the generated rows. Only ever point it at a database of its own.
 * Options: --approvals N --companies N --users N --managers N (default SCALE_SIZES).
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../config';
import { createPasswordHasher } from '../security/passwords';
import { openPostgres, type Db } from '../db/client';
import * as schema from '../db/schema';
import { migrateDatabase } from '../db/migrate';
import { seedDemoData } from './demo';
import { markerMatches, readScaleMarker, SCALE_SIZES, seedScale, type ScaleSizes } from './scale';
import { DEMO_PASSWORD } from './users';

const { values } = parseArgs({
  options: {
    approvals: { type: 'string' },
    companies: { type: 'string' },
    users: { type: 'string' },
    managers: { type: 'string' },
  },
  allowPositionals: false,
});
const sizes: ScaleSizes = { ...SCALE_SIZES };
for (const key of Object.keys(sizes) as Array<keyof ScaleSizes>) {
  const text = values[key];
  if (text === undefined) continue;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.error(`--${key} must be a positive whole number`);
    process.exit(1);
  }
  sizes[key] = n;
}

const target = process.env.SCALE_DATABASE_URL;
if (!target || !/^postgres(ql)?:\/\//.test(target)) {
  console.error('SCALE_DATABASE_URL must be the postgres:// URL of the (own) database to seed');
  process.exit(1);
}
const url = new URL(target);
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error(`The scale database name "${name}" must be a plain lower-case identifier`);
  process.exit(1);
}

// Reuse when the marker says so.
const server = new URL(target);
server.pathname = '/postgres';
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
try {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount) {
    const probe = openPostgres(target, 1);
    const marker = await readScaleMarker(probe.db).finally(() => probe.close());
    if (marker && markerMatches(marker, sizes)) {
      console.info(
        `Reusing the scale database "${name}" seeded ${marker.seededAt}: ${marker.approvals} approvals, ` +
          `${marker.companies} companies, ${marker.users} users, ${marker.managers} managers.`,
      );
      process.exit(0);
    }
    console.info(`The database "${name}" is not a finished scale seed of these sizes: creating it again.`);
    await admin.query(`drop database "${name}" with (force)`);
  }
  await admin.query(`create database "${name}"`);
} finally {
  await admin.end();
}

const started = Date.now();
console.info(
  `Seeding "${name}": ${sizes.approvals} approvals, ${sizes.companies} companies, ${sizes.users} users, ${sizes.managers} managers…`,
);
const config = loadConfig();
const database = openPostgres(target, 2);
// Sessions of their own for the work that runs side by side (approval chunks, index builds): one
// per core, at least two (PostgreSQL does the work; this process only waits).
const sessionClients = Array.from(
  { length: Math.min(4, Math.max(2, availableParallelism())) },
  () => new pg.Client({ connectionString: target }),
);
try {
  await Promise.all(sessionClients.map((client) => client.connect()));
  const sessions = sessionClients.map((client) => drizzle({ client, schema }) as unknown as Db);
  await migrateDatabase(database);
  const passwordHash = await createPasswordHasher(config.passwordHashing).hash(DEMO_PASSWORD);
  const at = Date.now();
  await seedDemoData(database.db, {
    passwordHash,
    qbTokenKey: config.qbTokenKey,
    bankAccountKey: config.bankAccountKey,
    mfaSecretKey: config.mfaSecretKey,
  });
  console.info(`  demo data (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  await seedScale(database.db, {
    sizes,
    passwordHash,
    qbTokenKey: config.qbTokenKey,
    bankAccountKey: config.bankAccountKey,
    log: (line) => console.info(line),
    sessions,
  });
} finally {
  await Promise.all(sessionClients.map((client) => client.end()));
  await database.close();
}
console.info(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
