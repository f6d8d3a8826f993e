/**
 * A burst of reads by id through the API's QuickBooks client, all asked at once, as a page of
 * changes read bill by bill would: the realm's limiter (the configured qbSync budget) decides
 * when each goes out. Connects to the realm through the real OAuth flow first. Prints one JSON
 * line: reads asked, reads that failed, and wall time. Whether QuickBooks refused any (and how
 * many arrived in any one second) the emulator counts.
 *
 *   tsx lab/bench/qb-burst.ts --api-url http://127.0.0.1:PORT --realm REALM_ID --redirect-uri URI --reads N
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { qbGet, RealmLimiter } from '../../src/modules/quickbooks/client/accounting-client';
import {
  buildAuthorizeUrl,
  exchangeAuthorizationCode,
} from '../../src/modules/quickbooks/client/oauth-client';
import { consent } from '../../src/test/qbo-emulator';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) throw new Error(`--${name} is required`);
  return process.argv[index + 1]!;
};
const apiUrl = argument('api-url');
const realmId = argument('realm');
const reads = Number(argument('reads'));

const dataDir = mkdtempSync(path.join(tmpdir(), 'qb-burst-bench-'));
try {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOBS: 'off' });
  const quickBooks = {
    ...config.quickBooks,
    clientId: 'bench-client',
    clientSecret: 'bench-secret',
    redirectUri: argument('redirect-uri'),
    authorizeUrl: `${apiUrl}/connect/oauth2`,
    tokenUrl: `${apiUrl}/oauth2/v1/tokens/bearer`,
    revokeUrl: `${apiUrl}/oauth2/v1/tokens/revoke`,
    apiUrl,
  };
  const state = randomBytes(16).toString('base64url');
  const callback = await consent(buildAuthorizeUrl(quickBooks, state), realmId);
  const { accessToken } = await exchangeAuthorizationCode(quickBooks, callback.code, state);
  const context = {
    config: quickBooks,
    sync: config.qbSync,
    limiter: new RealmLimiter(config.qbSync),
    realmId,
    accessToken,
  };
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: reads }, (_, index) => qbGet(context, `bill/${1000 + (index % 100)}`)),
  );
  const wallMs = performance.now() - started;
  process.stdout.write(
    `${JSON.stringify({
      reads,
      failed: outcomes.filter((outcome) => outcome.status === 'rejected').length,
      wallMs: Math.round(wallMs),
      budget: { perSecond: config.qbSync.perSecond, perMinute: config.qbSync.perMinute },
    })}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
