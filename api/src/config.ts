/**
 * Configuration from the environment, parsed and validated once at start-up, so a bad
 * setting stops the server before it serves anything instead of failing some request later.
 * Relative paths are resolved against the repository root, not the working directory, because
 * `pnpm --filter api …` runs in api/ while people think of `./data` as the repo's data folder.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  APPROVAL_SEARCH_COUNT_CAP,
  DEFAULT_POLICY_ADMIN_STEP_FROM,
  WAITING_COUNT_CAP,
  PASSWORD_MAX,
  USER_PASSWORD_MIN,
  VALIDATION,
  emailSchema,
} from 'shared-contracts';
import type { QbSyncConfig, QuickBooksConfig } from './quickbooks-config';
import { ConfigError, intFromEnv } from './env-values';
import { SessionEnvSchema, sessionConfigFrom, type SessionConfig } from './session-config';
import {
  SecondFactorEnvSchema,
  secondFactorConfigFrom,
  type SecondFactorConfig,
} from './second-factor-config';

export { ConfigError };
export type { LoginThrottleConfig } from './session-config';

export {
  INTUIT_AUTHORIZE_URL,
  INTUIT_REVOKE_URL,
  INTUIT_SANDBOX_API_URL,
  INTUIT_TOKEN_URL,
  type QbSyncConfig,
  type QuickBooksConfig,
} from './quickbooks-config';

/** /work/main: this file lives in api/src. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const API_ROOT = join(REPO_ROOT, 'api');

/** argon2id cost; lighter values are for tests only. */
export interface PasswordHashingOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Session lifetimes and the sign-in throttle are read by session-config.ts, second factors by second-factor-config.ts. */
export interface AppConfig extends SessionConfig, SecondFactorConfig {
  port: number;
  host: string;
  /** postgres://… → PostgreSQL pool; undefined → embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: Uint8Array;
  productName: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Root under which host/dist and remote-<name>/dist are looked for. */
  staticRoot: string;
  /**
   * The remotes file (REMOTES_FILE): which release of each section the console loads, read on every
   * request. Outside any build output, so a build never overwrites it; `pnpm release` switches its
   * lines. When it does not exist, each section is loaded from its own build (remote-<name>/dist).
   */
  remotesFile: string;
  /** Where `pnpm release` keeps each section's releases (RELEASES_DIR), served under /releases/. */
  releasesDir: string;
  /**
   * A file of further remote origins, one per line (REMOTE_ORIGINS_FILE; `pnpm release --origin`
   * adds to it): read again when it changes, so publishing to a new origin needs no restart.
   */
  remoteOriginsFile: string;
  /** Origins allowed to call the API with credentials (CORS_ORIGINS; none by default). */
  corsOrigins: string[];
  /** Other origins serving remotes (REMOTE_ORIGINS): allowed by the Content-Security-Policy. */
  remoteOrigins: string[];
  /** 32-byte key for QuickBooks token encryption (AES-256-GCM). */
  qbTokenKey: Buffer;
  /** 32-byte key for vendor and settlement bank account numbers at rest (AES-256-GCM). */
  bankAccountKey: Buffer;
  quickBooks: QuickBooksConfig;
  trustProxy: boolean;
  logLevel: string;
  passwordHashing: PasswordHashingOptions;
  /** New-password checks (changes, account creations) one person may start a minute (PASSWORD_CHECKS_PER_MINUTE). */
  passwordChecksPerMinute: number;
  /** Version answered by /api/health/detailed. */
  version: string;
  /** A PENDING approval older than this many days becomes EXPIRED (APPROVAL_EXPIRY_DAYS). */
  approvalExpiryDays: number;
  /**
   * From this total (whole dollars, POLICY_ADMIN_STEP_FROM) every rule of an approval policy must
   * have a step only an ADMIN can approve: a policy without one is refused when saved or confirmed.
   */
  policyAdminStepFrom: number;
  /** Largest return file an ADMIN may upload, in bytes (RETURN_FILE_MAX_BYTES; 413 above it). */
  returnFileMaxBytes: number;
  /**
   * The demo's bank simulator (BANK_SIMULATOR=on; off by default): an ADMIN may have the bank
   * return bills of a bank file, applied as an uploaded return file is. Never on with a real bank.
   */
  bankSimulator: boolean;
  /** How often the expiry sweep runs after the one at start (ms; hourly). */
  approvalSweepIntervalMs: number;
  /** The approvals list counts a search's matches up to this many (APPROVAL_SEARCH_COUNT_CAP; tests lower it). */
  approvalSearchCountCap: number;
  /** 'Waiting for me' and its badge count up to this many (WAITING_COUNT_CAP; tests lower it). */
  waitingCountCap: number;
  /** How long a client may take over its requests and how long a connection may sit idle. */
  http: HttpTimeouts;
  /** Limits PostgreSQL applies to the API's own sessions (not to migrations, seeds or benchmarks). */
  databaseSession: DatabaseSessionLimits;
  /** Approval exports (CSV/JSON downloads), which a slow or stalled reader must not hold open. */
  approvalExport: ApprovalExportLimits;
  /** The live console's event stream (GET /api/events). */
  liveEvents: LiveEventLimits;
  /** Background jobs and the QuickBooks import. */
  qbSync: QbSyncConfig;
}

/** Milliseconds and counts of the event stream. */
export interface LiveEventLimits {
  /** A comment line this often, so proxies and the idle timeout never close a quiet stream. */
  heartbeatMs: number;
  /** How often each stream's session and user are checked (sign-out, revocation, deactivation). */
  sessionCheckMs: number;
  /** A stream ends after this long; the client reconnects with Last-Event-ID and its current token. */
  maxStreamMs: number;
  /** Events kept in the log; a client further behind is told to revalidate everything. */
  logSize: number;
  /** Each process reads the log this often even without a wake-up (a lost NOTIFY only delays). */
  safetyPollMs: number;
  /** Bytes a stream may have unsent; a client that cannot keep up is disconnected. */
  maxBufferedBytes: number;
  /** Streams one account may hold open in this process at once (LIVE_MAX_STREAMS_PER_ACCOUNT); more is 429. */
  maxStreamsPerAccount: number;
  /** Events a reconnecting stream is replayed at most; further behind, it is told to resync. */
  maxReplayEvents: number;
  /** Replays one account may ask for in a minute; past them a reconnection gets a resync instead. */
  replaysPerMinute: number;
  /** The `retry:` the stream tells clients: how long to wait before reconnecting. */
  retryMs: number;
}

/** Milliseconds; every one at most a minute, so a client sending a byte now and then cannot hold a socket. */
export interface HttpTimeouts {
  /** Whole request, headers and body (Node's requestTimeout and headersTimeout): 408 after it. */
  requestMs: number;
  /** A socket with no traffic either way is closed (Fastify's connectionTimeout). */
  idleMs: number;
  /** An idle keep-alive connection between two requests is closed. */
  keepAliveMs: number;
}

/** PostgreSQL settings of each API session, in milliseconds; 0 turns one off. */
export interface DatabaseSessionLimits {
  /** statement_timeout: one statement running longer is cancelled. */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout: a session idle inside a transaction this long is ended. */
  idleInTransactionTimeoutMs: number;
}

export interface ApprovalExportLimits {
  /** A reply whose buffered bytes have not drained to the client for this long is ended. */
  stallTimeoutMs: number;
  /** Exports one user may run at once, of any kind (ExportSlots); one more is answered 429 with Retry-After. */
  perUser: number;
}

const EnvSchema = v.object({
  ...SessionEnvSchema.entries,
  ...SecondFactorEnvSchema.entries,
  PORT: v.optional(intFromEnv('PORT', 0, 65535), '8080'),
  // Loopback unless HOST says otherwise: the demo seeds accounts whose password is printed.
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must start with postgres:// or postgresql://'),
    ),
  ),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'JWT_SECRET must be at least 32 characters'))),
  PRODUCT_NAME: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100)), 'Agent API'),
  ADMIN_EMAIL: v.optional(emailSchema(`ADMIN_EMAIL: ${VALIDATION.email}`)),
  ADMIN_PASSWORD: v.optional(
    v.pipe(
      v.string(),
      v.minLength(USER_PASSWORD_MIN, `ADMIN_PASSWORD: ${VALIDATION.userPassword}`),
      v.maxLength(PASSWORD_MAX),
    ),
  ),
  STATIC_ROOT: v.optional(v.pipe(v.string(), v.nonEmpty())),
  REMOTES_FILE: v.optional(v.pipe(v.string(), v.nonEmpty())),
  RELEASES_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  REMOTE_ORIGINS_FILE: v.optional(v.pipe(v.string(), v.nonEmpty())),
  CORS_ORIGINS: v.optional(v.string()),
  REMOTE_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*https?:\/\/[^\s,/]+\s*(,\s*https?:\/\/[^\s,/]+\s*)*$/,
        'REMOTE_ORIGINS must be comma-separated origins like https://cdn.example.com',
      ),
    ),
  ),
  QB_TOKEN_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'QB_TOKEN_KEY must be 64 hex characters (32 bytes)')),
  ),
  BANK_ACCOUNT_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'BANK_ACCOUNT_KEY must be 64 hex characters (32 bytes)')),
  ),
  QB_TOKEN_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'QB_TOKEN_URL must be an http:// or https:// URL')),
  ),
  QB_AUTHORIZE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'QB_AUTHORIZE_URL must be an http:// or https:// URL')),
  ),
  QB_REVOKE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'QB_REVOKE_URL must be an http:// or https:// URL')),
  ),
  QB_API_URL: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'QB_API_URL must be an http:// or https:// URL')),
  ),
  QB_REDIRECT_URI: v.optional(
    v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'QB_REDIRECT_URI must be an http:// or https:// URL')),
  ),
  QB_CLIENT_ID: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(512))),
  QB_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(512))),
  QB_TIMEOUT_MS: v.optional(intFromEnv('QB_TIMEOUT_MS', 50, 120_000), '10000'),
  QB_WEBHOOK_VERIFIER_TOKEN: v.optional(v.pipe(v.string(), v.trim(), v.minLength(16), v.maxLength(512))),
  QB_SYNC_INTERVAL_MINUTES: v.optional(intFromEnv('QB_SYNC_INTERVAL_MINUTES', 1, 10_080), '60'),
  JOBS: v.optional(v.picklist(['on', 'off'], 'JOBS must be on or off'), 'on'),
  TRUST_PROXY: v.optional(
    v.picklist(['true', 'false', '1', '0'], 'TRUST_PROXY must be true or false'),
    'false',
  ),
  APPROVAL_EXPIRY_DAYS: v.optional(intFromEnv('APPROVAL_EXPIRY_DAYS', 1, 3650), '30'),
  POLICY_ADMIN_STEP_FROM: v.optional(
    intFromEnv('POLICY_ADMIN_STEP_FROM', 0, 999_999_999),
    String(DEFAULT_POLICY_ADMIN_STEP_FROM),
  ),
  // A return file is 94 bytes and a line ending per record: 1 MiB holds about 11,000 records.
  RETURN_FILE_MAX_BYTES: v.optional(intFromEnv('RETURN_FILE_MAX_BYTES', 1000, 50_000_000), '1048576'),
  BANK_SIMULATOR: v.optional(v.picklist(['on', 'off'], 'BANK_SIMULATOR must be on or off'), 'off'),
  HTTP_REQUEST_TIMEOUT_MS: v.optional(intFromEnv('HTTP_REQUEST_TIMEOUT_MS', 1000, 60_000), '30000'),
  HTTP_IDLE_TIMEOUT_MS: v.optional(intFromEnv('HTTP_IDLE_TIMEOUT_MS', 1000, 60_000), '60000'),
  LIVE_MAX_STREAMS_PER_ACCOUNT: v.optional(intFromEnv('LIVE_MAX_STREAMS_PER_ACCOUNT', 1, 1000), '10'),
  PASSWORD_CHECKS_PER_MINUTE: v.optional(intFromEnv('PASSWORD_CHECKS_PER_MINUTE', 1, 100_000), '20'),
  // An open console reads again after every change it is told of: after a quiet minute its idle
  // connection is still there, so a thousand consoles' first re-reads need no thousand new
  // connections at once (accepted one per turn of the event loop, ahead of people opening a page).
  HTTP_KEEP_ALIVE_TIMEOUT_MS: v.optional(intFromEnv('HTTP_KEEP_ALIVE_TIMEOUT_MS', 1000, 60_000), '60000'),
  DB_STATEMENT_TIMEOUT_MS: v.optional(intFromEnv('DB_STATEMENT_TIMEOUT_MS', 0, 3_600_000), '30000'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: v.optional(
    intFromEnv('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 0, 3_600_000),
    '15000',
  ),
  EXPORT_STALL_TIMEOUT_MS: v.optional(intFromEnv('EXPORT_STALL_TIMEOUT_MS', 1000, 600_000), '30000'),
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL is not a pino level',
    ),
    'info',
  ),
});

/** Production cost (OWASP's argon2id baseline: 19 MiB, 2 passes). */
export const DEFAULT_PASSWORD_HASHING: PasswordHashingOptions = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Reads and validates the environment. Secrets not given are generated once and kept in
 * DATA_DIR (mode 0600) so sessions and encrypted tokens survive restarts of the embedded demo;
 * several API processes behind a load balancer must share JWT_SECRET, QB_TOKEN_KEY,
 * BANK_ACCOUNT_KEY and MFA_SECRET_KEY instead.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.entries)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = v.safeParse(EnvSchema, present);
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.output;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if ((e.QB_CLIENT_ID === undefined) !== (e.QB_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration:\n  QB_CLIENT_ID and QB_CLIENT_SECRET must be set together');
  }
  const dataDir = fromRepoRoot(e.DATA_DIR);
  const staticRoot = fromRepoRoot(e.STATIC_ROOT ?? '.');
  const releasesDir = e.RELEASES_DIR ? fromRepoRoot(e.RELEASES_DIR) : join(staticRoot, 'releases');
  const jwtSecret =
    e.JWT_SECRET ?? persistentSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  const qbKeyHex =
    e.QB_TOKEN_KEY ?? persistentSecret(dataDir, 'qb-token-key', () => randomBytes(32).toString('hex'));
  const bankKeyHex =
    e.BANK_ACCOUNT_KEY ??
    persistentSecret(dataDir, 'bank-account-key', () => randomBytes(32).toString('hex'));
  const mfaKeyHex =
    e.MFA_SECRET_KEY ?? persistentSecret(dataDir, 'mfa-secret-key', () => randomBytes(32).toString('hex'));
  const corsOrigins = e.CORS_ORIGINS
    ? e.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : // Production serves the console from its own origin: no cross-origin caller unless listed
      // (`pnpm dev` lists its dev servers itself).
      [];

  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    ...sessionConfigFrom(e),
    ...secondFactorConfigFrom(e, { host: e.HOST, port: e.PORT, corsOrigins }, mfaKeyHex),
    productName: e.PRODUCT_NAME,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    staticRoot,
    remotesFile: e.REMOTES_FILE ? fromRepoRoot(e.REMOTES_FILE) : join(releasesDir, 'remotes.json'),
    releasesDir,
    remoteOriginsFile: e.REMOTE_ORIGINS_FILE
      ? fromRepoRoot(e.REMOTE_ORIGINS_FILE)
      : join(releasesDir, 'remote-origins.txt'),
    corsOrigins,
    remoteOrigins: e.REMOTE_ORIGINS ? e.REMOTE_ORIGINS.split(',').map((origin) => origin.trim()) : [],
    qbTokenKey: Buffer.from(qbKeyHex, 'hex'),
    bankAccountKey: Buffer.from(bankKeyHex, 'hex'),
    quickBooks: {
      tokenUrl: e.QB_TOKEN_URL,
      clientId: e.QB_CLIENT_ID,
      clientSecret: e.QB_CLIENT_SECRET,
      timeoutMs: e.QB_TIMEOUT_MS,
      authorizeUrl: e.QB_AUTHORIZE_URL,
      revokeUrl: e.QB_REVOKE_URL,
      apiUrl: e.QB_API_URL,
      redirectUri: e.QB_REDIRECT_URI,
      webhookVerifierToken: e.QB_WEBHOOK_VERIFIER_TOKEN,
    },
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL,
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    passwordChecksPerMinute: e.PASSWORD_CHECKS_PER_MINUTE,
    version: readApiVersion(),
    approvalExpiryDays: e.APPROVAL_EXPIRY_DAYS,
    policyAdminStepFrom: e.POLICY_ADMIN_STEP_FROM,
    returnFileMaxBytes: e.RETURN_FILE_MAX_BYTES,
    bankSimulator: e.BANK_SIMULATOR === 'on',
    approvalSweepIntervalMs: 3_600_000,
    approvalSearchCountCap: APPROVAL_SEARCH_COUNT_CAP,
    waitingCountCap: WAITING_COUNT_CAP,
    http: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleMs: e.HTTP_IDLE_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    databaseSession: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    approvalExport: { stallTimeoutMs: e.EXPORT_STALL_TIMEOUT_MS, perUser: 2 },
    qbSync: {
      jobs: e.JOBS === 'on',
      intervalMinutes: e.QB_SYNC_INTERVAL_MINUTES,
      pageSize: 1000,
      perMinute: 400,
      perSecond: 8,
      concurrent: 4,
      maxAttempts: 5,
      backoffMs: 1000,
      maxRetryAfterSeconds: 120,
      leaseSeconds: 120,
    },
    liveEvents: {
      // Within the idle timeout, which would otherwise close a quiet stream's socket.
      heartbeatMs: Math.min(20_000, Math.floor(e.HTTP_IDLE_TIMEOUT_MS / 2)),
      sessionCheckMs: 500,
      maxStreamMs: 15 * 60_000,
      logSize: 10_000,
      safetyPollMs: 2_000,
      maxBufferedBytes: 256 * 1024,
      maxStreamsPerAccount: e.LIVE_MAX_STREAMS_PER_ACCOUNT,
      maxReplayEvents: 500,
      replaysPerMinute: 20,
      retryMs: 3_000,
    },
  };
}

function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

function persistentSecret(dataDir: string, fileName: string, generate: () => string): string {
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  // 'wx' fails if another process created the file meanwhile; then use theirs.
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}

function readApiVersion(): string {
  const pkg = JSON.parse(readFileSync(join(API_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
