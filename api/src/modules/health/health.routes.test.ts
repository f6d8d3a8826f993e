import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemHealth } from 'shared-contracts';
import { createFirstAdmin } from '../../seed/users';
import { build, demoPasswordHash, type TestContext } from '../../test/build';

let t: TestContext;
beforeAll(async () => {
  t = await build({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('GET /api/health is public', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('GET /api/health/detailed needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health/detailed' })).statusCode).toBe(401);
  });

  it('GET /api/health/detailed answers the SystemHealth shape', async () => {
    // An empty database has no demo accounts: create one to sign in with.
    await createFirstAdmin(t.database.db, 'root@example.com', await demoPasswordHash());
    const { tokens } = await t.login('root@example.com');

    const response = await t.request({
      method: 'GET',
      url: '/api/health/detailed',
      token: tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
    const health = response.json<{ data: SystemHealth }>().data;
    expect(health.status).toBe('healthy');
    expect(health.version).toBe('0.1.0');
    expect(Number.isInteger(health.uptime)).toBe(true);
    expect(health.database.status).toBe('healthy');
    expect(health.database.responseTime).toBeGreaterThanOrEqual(0);
    expect(health.api).toEqual({ status: 'healthy', responseTime: expect.any(Number) });
    for (const usage of [health.memory, health.disk]) {
      expect(usage.total).toBeGreaterThan(0);
      expect(usage.used).toBeGreaterThan(0);
      expect(usage.used).toBeLessThanOrEqual(usage.total);
      expect(usage.percentage).toBeGreaterThan(0);
      expect(usage.percentage).toBeLessThanOrEqual(100);
    }
  });

  it('reports degraded when the database does not answer', async () => {
    const { tokens } = await t.login('root@example.com');
    const ping = t.database.ping;
    // authenticate reads the user before the handler runs; only the health ping fails.
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const response = await t.request({
        method: 'GET',
        url: '/api/health/detailed',
        token: tokens.accessToken,
      });
      const health = response.json<{ data: SystemHealth }>().data;
      expect(health.status).toBe('degraded');
      expect(health.database.status).toBe('down');
    } finally {
      t.database.ping = ping;
    }
  });

  it('reports degraded when a trivial query takes longer than a second', async () => {
    const { tokens } = await t.login('root@example.com');
    // Hold the database for 1.5 s the way a long transaction or a busy pool does (the embedded
    // engine runs one transaction at a time; on PostgreSQL every pooled connection is taken), from
    // the moment the health check pings it (sign-in checks read the database before that).
    let hold: Promise<unknown> | undefined;
    const holdDatabase = () =>
      new Promise<void>((held) => {
        const wait = () => new Promise((done) => setTimeout(done, 1_500));
        if (t.database.kind === 'pglite') {
          hold = t.database.client.transaction(async () => {
            held();
            await wait();
          });
        } else {
          const pool = t.database.pool;
          hold = Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect())).then(
            async (clients) => {
              held();
              await wait();
              for (const client of clients) client.release();
            },
          );
        }
      });
    const ping = t.database.ping;
    t.database.ping = async () => {
      await holdDatabase();
      await ping();
    };
    try {
      const response = await t.request({
        method: 'GET',
        url: '/api/health/detailed',
        token: tokens.accessToken,
      });
      const health = response.json<{ data: SystemHealth }>().data;
      expect(health.database.status).toBe('degraded');
      expect(health.database.responseTime).toBeGreaterThanOrEqual(1_000);
      expect(health.status).toBe('degraded');
    } finally {
      t.database.ping = ping;
      await hold;
    }
  });
});
