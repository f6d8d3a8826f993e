/**
 * One measured QuickBooks import, in this process as the API would run it: a fresh database
 * (embedded, or DATABASE_URL), one company connected to the given realm through the real OAuth
 * flow, then a full sync. Prints one JSON line: wall time, requests made, bills imported, bills per
 * second, and this process's peak memory (RSS and JS heap, sampled every 20 ms) before and during;
 * run with --expose-gc, also the largest JS heap left after a full collection after each page.
 *
 *   tsx lab/bench/qb-import.ts --api-url http://127.0.0.1:PORT --realm REALM_ID --redirect-uri URI
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import { companies } from '../../src/db/schema';
import { runCompanySync } from '../../src/flows/quickbooks-import';
import type { QbSyncDeps } from '../../src/modules/quickbooks/qb-sync.service';
import {
  buildAuthorizeUrl,
  exchangeAuthorizationCode,
} from '../../src/modules/quickbooks/client/oauth-client';
import { encryptSecret } from '../../src/security/token-cipher';
import { consent } from '../../src/test/qbo-emulator';
import { eq } from 'drizzle-orm';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) throw new Error(`--${name} is required`);
  return process.argv[index + 1]!;
};
const apiUrl = argument('api-url');
const realmId = argument('realm');
const redirectUri = argument('redirect-uri');

const dataDir = mkdtempSync(path.join(tmpdir(), 'qb-import-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'off' });
config.quickBooks = {
  ...config.quickBooks,
  clientId: 'bench-client',
  clientSecret: 'bench-secret',
  redirectUri,
  authorizeUrl: `${apiUrl}/connect/oauth2`,
  tokenUrl: `${apiUrl}/oauth2/v1/tokens/bearer`,
  revokeUrl: `${apiUrl}/oauth2/v1/tokens/revoke`,
  apiUrl,
};
const database = await openDatabase(config, config.databaseSession);
try {
  await migrateDatabase(database);
  const app = await buildApp({
    config,
    database,
    // Errors only, to stderr: stdout carries the one JSON line the benchmark reads, and a sync that
    // fails says why there (the outcome holds only the console's text for it).
    logger: { level: 'error', stream: process.stderr },
    serveFrontends: false,
    approvalSweep: false,
  });
  await app.ready();
  const [company] = await database.db
    .insert(companies)
    .values({ name: `Import bench ${randomBytes(3).toString('hex')}` })
    .returning();
  const state = randomBytes(16).toString('base64url');
  const callback = await consent(buildAuthorizeUrl(config.quickBooks, state), realmId);
  const tokens = await exchangeAuthorizationCode(config.quickBooks, callback.code, state);
  await database.db
    .update(companies)
    .set({
      qbRealmId: realmId,
      qbConnectionStatus: 'connected',
      qbAccessTokenEnc: encryptSecret(tokens.accessToken, config.qbTokenKey),
      qbRefreshTokenEnc: encryptSecret(tokens.refreshToken, config.qbTokenKey),
      qbTokenExpiresAt: new Date(Date.now() + tokens.expiresIn * 1000),
    })
    .where(eq(companies.id, company!.id));

  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  // The JS heap still in use after a full collection, after each page written (with --expose-gc):
  // what the import holds on to, without the garbage a lazy collector leaves in the sampled peak.
  // Flat from a small realm to a large one means nothing accumulates per bill.
  let peakLiveHeap = 0;
  const started = performance.now();
  const outcome = await runCompanySync(app as QbSyncDeps, company!.id, {
    onPageWritten: () => {
      if (!global.gc) return;
      global.gc();
      peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed);
    },
  });
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({
      status: outcome.status,
      error: outcome.error,
      engine: database.kind,
      bills: outcome.billsImported,
      approvals: outcome.approvalsCreated,
      requests: outcome.requests,
      wallMs: Math.round(wallMs),
      billsPerSecond: Math.round((outcome.billsImported / wallMs) * 1000),
      rssBeforeMb: mb(before.rss),
      peakRssMb: mb(peakRss),
      heapBeforeMb: mb(before.heapUsed),
      peakHeapMb: mb(peakHeap),
      liveHeapAfterGcMb: global.gc ? mb(peakLiveHeap) : null,
    })}\n`,
  );
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
