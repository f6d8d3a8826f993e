/**
 * The sign-in throttle across real API processes: two servers started from
 * src/main.ts as `pnpm --filter api dev` would (through tsx), on one PostgreSQL database, with
 * failed sign-ins spread over both — one after another and all at once. PGlite is embedded and
 * single-process, so this runs in the postgres project only, i.e. when TEST_DATABASE_URL is set.
 *
 * The servers listen on port 0 (the kernel picks a free one; each prints its URL) and trust
 * X-Forwarded-For (TRUST_PROXY=true, as behind a load balancer), so each case can sign in from
 * addresses of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ERRORS } from 'shared-contracts';
import { API_ROOT } from '../../config';
import { openPostgres, type PostgresDatabaseHandle } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/users';
import { demoPasswordHash, testConfig } from '../../test/build';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ON_POSTGRES = process.env.TEST_DB_ENGINE === 'postgres' && !!ADMIN_URL;
const WHY_SKIPPED = !ADMIN_URL
  ? 'skipped: TEST_DATABASE_URL is not set (PGlite is single-process)'
  : 'skipped here: runs in the postgres project';
if (!ON_POSTGRES && !ADMIN_URL) console.info(`throttle across API processes ${WHY_SKIPPED}`);

const limits = testConfig().loginThrottle;
const PROCESSES = 2;

interface Server {
  child: ChildProcess;
  url: string;
}

let servers: Server[] = [];
let database: PostgresDatabaseHandle | undefined;
let databaseName = '';

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Starts `src/main.ts` and resolves with its URL once it listens (it prints it). */
function startServer(databaseUrl: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'throttle-test-secret-shared-by-every-process-0123',
    QB_TOKEN_KEY: '00'.repeat(32),
    BANK_ACCOUNT_KEY: '11'.repeat(32),
    DATA_DIR: tmpdir(),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_ROOT, env });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API process did not start within 90 s:\n${output}`));
    }, 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const port = /console: http:\/\/localhost:(\d+)\//.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited with ${code}:\n${output}`));
    });
  });
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

beforeAll(async () => {
  if (!ON_POSTGRES || !ADMIN_URL) return;
  databaseName = `throttle_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  database = openPostgres(url.toString(), 2);
  await migrateDatabase(database);
  servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(url.toString())));
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.close();
  if (databaseName)
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
}, 60_000);

let accountCounter = 0;
/** A fresh active account with the demo password. */
async function account(): Promise<string> {
  accountCounter += 1;
  const email = `throttle-${accountCounter}-${Date.now()}@example.com`;
  await database!.db.insert(users).values({ email, passwordHash: await demoPasswordHash(), role: 'USER' });
  return email;
}

let addressCounter = 0;
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

async function login(server: Server, email: string, password: string, address: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { error?: { message: string; code: string } };
  return { status: response.status, retryAfter: Number(response.headers.get('retry-after')), body };
}

const serverFor = (i: number) => servers[i % servers.length]!;

const TITLE = ON_POSTGRES
  ? `sign-in throttle across ${PROCESSES} API processes on one database`
  : `sign-in throttle across API processes (${WHY_SKIPPED})`;

describe.skipIf(!ON_POSTGRES)(TITLE, () => {
  it('five wrong passwords from one address, alternating processes, block that address on every process', async () => {
    const email = await account();
    const attacker = nextAddress();
    for (let i = 0; i < limits.maxPerPair; i += 1) {
      expect((await login(serverFor(i), email, `wrong-${i}-password`, attacker)).status).toBe(401);
    }
    for (const server of servers) {
      const blocked = await login(server, email, DEMO_PASSWORD, attacker);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toEqual({
        message: LOGIN_ERRORS.tooManyAttempts,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(blocked.retryAfter).toBeGreaterThan(0);
    }
    // The owner, from their own address, signs in on either process.
    expect((await login(serverFor(1), email, DEMO_PASSWORD, nextAddress())).status).toBe(200);
  });

  it('a burst of guesses at once on both processes gets no more password checks than the limit', async () => {
    const email = await account();
    const attacker = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(serverFor(i), email, `wrong-${i}-password`, attacker)),
    );
    const statuses = answers.map((answer) => answer.status);
    // 401 = the password was checked (a guess); 429 = refused before any check.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(limits.maxPerPair);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    for (const server of servers)
      expect((await login(server, email, DEMO_PASSWORD, attacker)).status).toBe(429);
  });

  it('failures for one e-mail from many addresses over both processes meet the per-e-mail backoff', async () => {
    const email = await account();
    for (let i = 0; i < limits.maxPerEmail; i += 1) {
      expect((await login(serverFor(i), email, `wrong-${i}-password`, nextAddress())).status).toBe(401);
    }
    for (const server of servers) {
      const backoff = await login(server, email, DEMO_PASSWORD, nextAddress());
      expect(backoff.status).toBe(429);
      expect(backoff.retryAfter).toBeGreaterThan(0);
      expect(backoff.retryAfter).toBeLessThanOrEqual(limits.maxBackoffSeconds);
    }
  });

  it('twenty failures from one address across e-mails, over both processes, block that address on each', async () => {
    const prober = nextAddress();
    for (let i = 0; i < limits.maxPerIp; i += 1) {
      expect(
        (await login(serverFor(i), `probe-${i}-${Date.now()}@example.com`, 'whatever1', prober)).status,
      ).toBe(401);
    }
    const email = await account();
    for (const server of servers)
      expect((await login(server, email, DEMO_PASSWORD, prober)).status).toBe(429);
  });
});
