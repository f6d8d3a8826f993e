/**
 * The API as a process: reads the configuration, opens and migrates the database, seeds an empty
 * embedded one, then serves the API (and the built console) on PORT until SIGINT or SIGTERM.
 * main.ts runs it as it is; the lab's entry (api/lab/server.ts) adds its measuring routes first.
 * QuickBooks is whatever the QB_* variables say: in the demo, the launcher (tools/build/start.mjs)
 * starts the QuickBooks Online emulator and sets them.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DEMO_TOTP_EMAILS } from './seed/demo-authenticator';
import { prepareData } from './seed/prepare';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/users';

/** Connections the kernel may queue before the server accepts them (capped by net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

export interface ServeOptions {
  /** Adds routes to the app before it listens; the product adds none. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

async function serve(options: ServeOptions): Promise<void> {
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

  const app = await buildApp({ config, database });
  await options.extend?.(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      // PGlite must be closed cleanly to keep its data folder consistent.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // The queue of connections not yet accepted. Node's default (511) overflowed when a thousand
  // open consoles re-read at once after their idle keep-alive connections had closed: the kernel
  // dropped the overflow, and each dropped client waited out TCP's retries (1, 3, 7, 15 s…) before
  // its request even arrived. The kernel caps it at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.host);
  const shownHost = loopback || ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.info(`\n  ${config.productName} console: http://${shownHost}:${port}/`);
  if (loopback) console.info('  Reachable from this machine only; set HOST=0.0.0.0 to serve other machines.');
  if (!config.databaseUrl) {
    const emails = DEMO_ACCOUNTS.filter((account) => account.isActive).map((account) => account.email);
    console.info(`  Demo sign-in: ${emails.join(', ')} — password ${DEMO_PASSWORD}`);
    console.info(
      `  Then, all but the guest, the authenticator code: pnpm demo-code ${DEMO_TOTP_EMAILS[0]}\n`,
    );
  }
}

/** Serves until stopped; a start that fails prints why and ends the process with 1. */
export function runServer(options: ServeOptions = {}): void {
  serve(options).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseInUseError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
