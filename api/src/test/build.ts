/**
 * The one test helper (fastify/demo style): a fresh, migrated and lightly seeded database per
 * call, and the app built on it for `inject`. PGlite in memory by default; PostgreSQL when the
 * vitest project says so (TEST_DB_ENGINE=postgres), in a uniquely named database created on
 * TEST_DATABASE_URL and dropped on close. Migrated and seeded once per run and engine, copied per
 * call (test/databases.ts); another seed is migrated and seeded in place.
 */
import { tmpdir } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthResult, LoginAnswer } from 'shared-contracts';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openPostgres, type DatabaseHandle } from '../db/client';
import { SMALL_COUNTS, type SeedCounts } from '../seed/demo';
import { DEMO_PASSWORD } from '../seed/users';
import { createPasswordHasher } from '../security/passwords';
import { listFactors } from '../modules/second-factors/factors.repository';
import { amrOfPasskey } from '../modules/second-factors/passkeys.service';
import { finishSecondStep } from '../modules/second-factors/second-step.service';
import type { SessionClient } from '../modules/auth/auth.service';
import { findUserByEmail } from '../modules/users/users.service';
import { migrateAndSeed, openTestDatabase, testEngine, type EngineTemplates } from './databases';

/**
 * A password the new-password rules accept (12+ characters, no name or e-mail, strong), for the
 * accounts tests create; the demo accounts keep DEMO_PASSWORD, which those rules would refuse.
 */
export const NEW_PASSWORD = 'Quartz-Lantern-Meadow-73';

/** The verifier token of QuickBooks webhooks in tests (what Intuit's app settings would show). */
export const TEST_WEBHOOK_VERIFIER_TOKEN = 'test-webhook-verifier-token';

/** Cheap argon2id so a suite signs in dozens of times in well under a second. */
const TEST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  const config = loadConfig({
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    QB_TOKEN_KEY: '00'.repeat(32),
    BANK_ACCOUNT_KEY: '11'.repeat(32),
    MFA_SECRET_KEY: '22'.repeat(32),
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'silent',
    QB_WEBHOOK_VERIFIER_TOKEN: TEST_WEBHOOK_VERIFIER_TOKEN,
    // Suites make accounts and give them a part in deciding payments (approvers, policy steps,
    // delegates) without adding a second factor; with no grace every such account would be refused
    // all but enrolment. The enforcement's own tests set 0 (second-factor-enrolment.test.ts).
    MFA_GRACE_DAYS: '7',
    ...env,
  });
  return {
    ...config,
    passwordHashing: TEST_HASHING,
    // Suites create dozens of accounts a minute as one ADMIN; the limit itself has its own tests.
    passwordChecksPerMinute: 100_000,
    // Route-walking tests (access matrix, fuzz) call the event stream like any GET: it must end.
    liveEvents: { ...config.liveEvents, maxStreamMs: 200 },
    // The job queue polls the database: only the tests about it start it.
    qbSync: { ...config.qbSync, jobs: false },
    ...overrides,
  };
}

let demoHash: Promise<string> | undefined;
/** The demo password hashed once per worker with the test cost. */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= createPasswordHasher(TEST_HASHING).hash(DEMO_PASSWORD);
  return demoHash;
}

export interface BuildOptions {
  /** Seed sizes; `false` for an empty (migrated) database. Default SMALL_COUNTS. */
  seed?: SeedCounts | false;
  config?: Partial<AppConfig>;
  app?: Partial<Omit<BuildAppOptions, 'config' | 'database'>>;
  /** Called before `ready()`, e.g. to add a route that exercises a plugin. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Migrate and seed here instead of copying the run's template (to compare the two). */
  fresh?: boolean;
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** `inject` with an optional bearer token and JSON payload. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Signs in (default password: the demo one) and returns the envelope's data. A person with a
   * second factor passes the second step through the service function its route calls once the
   * factor is verified (finishSecondStep), with their first factor's method: the tests that are
   * about second factors present real ones.
   */
  login(email: string, password?: string): Promise<AuthResult>;
  /** Signs in as `<role>@example.com` for each role asked (the demo accounts): their access tokens. */
  demoTokens<R extends DemoRole>(...roles: R[]): Promise<Record<R, string>>;
  close(): Promise<void>;
}

/** The demo accounts, one per role: `<role>@example.com` with the demo password. */
export type DemoRole = 'admin' | 'moderator' | 'user' | 'guest';

export async function build(options: BuildOptions = {}): Promise<TestContext> {
  const config = testConfig(options.config);
  const seed = options.seed ?? SMALL_COUNTS;
  const templates = runTemplates();
  const template = options.fresh ? undefined : templateFor(templates, seed, config);
  const { database, dispose } = await openTestDatabase(testEngine(), config.databaseSession, template);
  if (!template) {
    await migrateAndSeed(database, seed, {
      passwordHash: await demoPasswordHash(),
      bankAccountKey: config.bankAccountKey,
      mfaSecretKey: config.mfaSecretKey,
      // The run's seed clock: the same rows as the template's copy, whatever the hour.
      now: templates ? new Date(templates.seededAt) : undefined,
    });
  }
  const app = await buildApp({ config, database, logger: false, serveFrontends: false, ...options.app });
  await options.beforeReady?.(app);
  await app.ready();

  // A test may have changed rows directly just before: the API process has heard of it (as it
  // would within a second in production) before the request goes in.
  const request: TestContext['request'] = async ({ token, headers, ...rest }) => {
    await app.dbListener.caughtUp();
    return app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  };

  const context: TestContext = {
    app,
    database,
    config,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const response = await request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
      return passSecondStepOf(app, email, response.json<{ data: LoginAnswer }>().data);
    },
    async demoTokens(...roles) {
      const tokens = {} as Record<(typeof roles)[number], string>;
      for (const role of roles)
        tokens[role] = (await context.login(`${role}@example.com`)).tokens.accessToken;
      return tokens;
    },
    async close() {
      await app.close();
      await dispose();
    },
  };
  return context;
}

/**
 * A sign-in's answer as a session: signed in already, or the second step passed through the
 * service function its route calls once the factor is verified (finishSecondStep), with the
 * person's first factor's method (t.login's way; the tests about second factors present real ones).
 */
export async function passSecondStepOf(
  app: FastifyInstance,
  email: string,
  answer: LoginAnswer,
  client: SessionClient = { ip: '127.0.0.1' },
): Promise<AuthResult> {
  if (!('secondStep' in answer)) return answer;
  const user = await findUserByEmail(app.db, email.trim().toLowerCase());
  const [factor] = user ? await listFactors(app.db, user.id) : [];
  if (!factor) throw new Error(`login ${email}: a second step without a factor`);
  return finishSecondStep(
    app,
    answer.secondStep.ticket,
    { method: factor.kind, amr: factor.kind === 'totp' ? 'otp' : amrOfPasskey(factor.deviceType) },
    client,
  );
}

/** The templates of this run's engine (test/templates.ts); none outside such a run. */
function runTemplates(): EngineTemplates | undefined {
  try {
    const templates = inject('apiTestTemplates');
    return templates?.engine === testEngine() ? templates : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The run's template holding what `seed` asks for (test/templates.ts), or undefined when there is
 * none: another seed, a bank account or MFA key other than the ones the template was seeded with,
 * or no globalSetup (a file run by another runner).
 */
function templateFor(
  templates: EngineTemplates | undefined,
  seed: SeedCounts | false,
  config: AppConfig,
): string | undefined {
  if (!templates) return undefined;
  if (seed === false) return templates.empty;
  const keys = testConfig();
  const sameSeed =
    isDeepStrictEqual(seed, SMALL_COUNTS) &&
    config.bankAccountKey.equals(keys.bankAccountKey) &&
    config.mfaSecretKey.equals(keys.mfaSecretKey);
  return sameSeed ? templates.seeded : undefined;
}

/** The `error` of a failure envelope. */
export function errorOf(response: LightMyRequestResponse): {
  message: string;
  code: string;
  fields?: Record<string, string>;
} {
  const body = response.json<{
    success: boolean;
    error: { message: string; code: string; fields?: Record<string, string> };
  }>();
  if (body.success !== false) throw new Error(`expected a failure envelope, got ${response.body}`);
  return body.error;
}

/**
 * Another API process on the test's database: its own pool (on PostgreSQL), its own LISTEN
 * connection and caches, as a second process behind a load balancer has. On the embedded database
 * it shares the one PGlite instance (which has a single connection anyway).
 */
export async function secondProcess(
  t: TestContext,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database: DatabaseHandle =
    t.database.kind === 'postgres'
      ? openPostgres(String(t.database.pool.options.connectionString), 3, t.config.databaseSession)
      : t.database;
  const app = await buildApp({
    config: t.config,
    database,
    logger: false,
    serveFrontends: false,
    approvalSweep: false,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}
