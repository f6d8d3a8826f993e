import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ERROR_CODES, SERVER_ERRORS } from 'shared-contracts';
import { buildApp } from '../app';
import { build, errorOf, testConfig, type TestContext } from '../test/build';
import { openPostgres } from './client';
import { isDatabaseUnavailable } from './errors';

// Port 1 on localhost: nothing listens there, so every connection attempt is refused at once,
// as it is while PostgreSQL restarts.
const DEAD_URL = 'postgres://postgres@127.0.0.1:1/unreachable';

describe('a database that cannot be reached', () => {
  it('is recognised from the errors node-postgres really raises', async () => {
    const pool = new pg.Pool({ connectionString: DEAD_URL, max: 1 });
    const error: unknown = await pool.query('select 1').catch((caught: unknown) => caught);
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // A wrong query is not an outage.
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('admin'), { code: '57P01' }))).toBe(true);
  });

  it('is answered with a clean 503 envelope and Retry-After, and the liveness probe still answers', async () => {
    const database = openPostgres(DEAD_URL, 2);
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      serveFrontends: false,
      approvalSweep: false,
    });
    app.get('/api/test/export-unavailable', async (_request, reply) => {
      // As the approvals export does: its file headers are set before the database is read.
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment');
      await database.ping();
      return reply.send('never');
    });
    await app.ready();
    try {
      const exported = await app.inject({ method: 'GET', url: '/api/test/export-unavailable' });
      expect(exported.statusCode).toBe(503);
      expect(exported.headers['content-type']).toMatch(/^application\/json/);
      expect(exported.headers['content-disposition']).toBeUndefined();
      expect(errorOf(exported).code).toBe(ERROR_CODES.unavailable);

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: 'Password123!' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('2');
      const error = errorOf(login);
      expect(error).toEqual({ code: ERROR_CODES.unavailable, message: SERVER_ERRORS.unavailable });
      expect(login.body).not.toMatch(/select|ECONNREFUSED|at .*\.ts/i);

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// Only a real server can drop connections: its pool must replace them without a restart of the API.
describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('connections PostgreSQL drops', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a connection terminated while a transaction holds it does not end the process', async () => {
    if (t.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const client = await t.database.pool.connect();
    await client.query('begin');
    const ended = new Promise((resolve) => client.once('end', resolve));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Without a listener on the checked-out client, this 'error' event is thrown and the process dies.
      await admin.query('select pg_terminate_backend($1)', [
        (client as unknown as { processID: number }).processID,
      ]);
    } finally {
      await admin.end();
    }
    await ended;
    const error: unknown = await client.query('select 1').catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    client.release(true);
    const { tokens } = await t.login('admin@example.com');
    const response = await t.request({
      method: 'GET',
      url: '/api/company/companies',
      token: tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
  });

  it('are replaced by the pool: the next request is answered normally', async () => {
    const { tokens } = await t.login('admin@example.com');
    const read = () => t.request({ method: 'GET', url: '/api/company/companies', token: tokens.accessToken });
    expect((await read()).statusCode).toBe(200);
    if (t.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      // As a PostgreSQL restart does: every connection of the API's database is terminated.
      const database = (await t.database.pool.query<{ db: string }>('select current_database() as db'))
        .rows[0]!.db;
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await read()).statusCode);
    // Dropped idle connections leave the pool; at worst one request meets a dead one and gets a 503.
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.at(-1)).toBe(200);
  });
});
