/**
 * `pnpm --filter api start`: reads the configuration, opens and migrates the database, seeds an
 * empty embedded one, then serves the API (and the built console) on PORT.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { prepareData } from './seed/prepare';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/users';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';

async function main(): Promise<void> {
  const config = loadConfig();
  const engine = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.info(`Opening ${engine}…`);
  const database = await openDatabase(config, config.databaseSession);
  await migrateDatabase(database);
  const outcome = await prepareData(database, config);
  if (outcome.kind === 'seeded-demo') {
    const s = outcome.summary;
    console.info(
      `Seeded demo data: ${s.users} users, ${s.companies} companies, ${s.managers} managers, ${s.approvals} approvals.`,
    );
  } else if (outcome.kind === 'created-admin') {
    console.info(`Created the first administrator ${outcome.email}.`);
  } else if (outcome.kind === 'no-users') {
    console.warn('The database has no users: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `pnpm seed`.');
  }

  // The demo (embedded database, no QB_TOKEN_URL) talks to a local QuickBooks Online emulator
  // instead of Intuit: the same protocol, reached through the same configuration, so connecting,
  // refreshing and disconnecting all work without an Intuit account.
  let emulator: QboEmulator | undefined;
  if (!config.databaseUrl && !config.quickBooks.tokenUrl) {
    const clientId = config.quickBooks.clientId ?? 'demo-client';
    const clientSecret = config.quickBooks.clientSecret ?? randomBytes(24).toString('base64url');
    const callbackHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const redirectUri =
      config.quickBooks.redirectUri ?? `http://${callbackHost}:${config.port}/companies/quickbooks/callback`;
    // The emulator posts its change notifications to this API, signed as Intuit signs them.
    const webhookVerifierToken =
      config.quickBooks.webhookVerifierToken ?? randomBytes(24).toString('base64url');
    emulator = await startQboEmulator({
      clientId,
      clientSecret,
      webhook: {
        url: `http://${callbackHost}:${config.port}/api/quickbooks/webhooks`,
        verifierToken: webhookVerifierToken,
      },
    });
    config.quickBooks = {
      ...config.quickBooks,
      webhookVerifierToken,
      clientId,
      clientSecret,
      redirectUri,
      authorizeUrl: emulator.authorizeUrl,
      tokenUrl: emulator.tokenUrl,
      revokeUrl: emulator.revokeUrl,
      apiUrl: emulator.baseUrl,
    };
    console.info(
      `QuickBooks: demo mode, talking to the local QuickBooks Online emulator at ${emulator.baseUrl}`,
    );
  }

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await emulator?.close();
    } finally {
      // PGlite must be closed cleanly to keep its data folder consistent.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  const shownHost = loopback || ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.info(`\n  ${config.productName} console: http://${shownHost}:${port}/`);
  if (loopback) console.info('  Reachable from this machine only; set HOST=0.0.0.0 to serve other machines.');
  if (!config.databaseUrl) {
    const emails = DEMO_ACCOUNTS.filter((account) => account.isActive).map((account) => account.email);
    console.info(`  Demo sign-in: ${emails.join(', ')} — password ${DEMO_PASSWORD}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
