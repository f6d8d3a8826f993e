import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../src/test/build';
import { registerBenchRoutes } from './bench-routes';

// Built in the hook (its longer timeout): opening and migrating a database is slow on a busy machine.
let off: TestContext;
let on: TestContext;
beforeAll(async () => {
  [off, on] = await Promise.all([
    build({ seed: false }),
    // As the lab's server adds them: after the product's app is built, before it is ready.
    build({ seed: false, beforeReady: registerBenchRoutes }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

describe("the lab's bench routes", () => {
  it("are absent from the product's app", async () => {
    const t = off;
    for (const [method, url] of [
      ['GET', '/api/bench/ceiling'],
      ['GET', '/api/bench/memory'],
      ['POST', '/api/bench/memory/reset-peak'],
      ['POST', '/api/bench/profile/start'],
      ['POST', '/api/bench/profile/stop'],
      ['GET', '/api/bench/counters'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode, url).toBe(404);
    }
  });

  it('answer a constant body and the process memory', async () => {
    const t = on;
    const ceiling = await t.request({ method: 'GET', url: '/api/bench/ceiling' });
    expect(ceiling.statusCode).toBe(200);
    expect(ceiling.json()).toEqual({ success: true, data: { ok: true } });
    // Straight from Fastify: not compressed even when the client accepts it.
    const gzip = await t.request({
      method: 'GET',
      url: '/api/bench/ceiling',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBeUndefined();

    const memory = (await t.request({ method: 'GET', url: '/api/bench/memory' })).json<{
      rss: number;
      peakRss: number | null;
    }>();
    expect(memory.rss).toBeGreaterThan(10 * 1024 * 1024);
    if (process.platform === 'linux') {
      expect(memory.peakRss).toBeGreaterThanOrEqual(memory.rss * 0.5);
      const reset = await t.request({ method: 'POST', url: '/api/bench/memory/reset-peak' });
      expect(reset.json()).toEqual({ reset: true });
      const after = (await t.request({ method: 'GET', url: '/api/bench/memory' })).json<{
        rss: number;
        peakRss: number;
      }>();
      // Right after a reset the peak is about the current size again.
      expect(after.peakRss).toBeLessThanOrEqual(Math.max(memory.peakRss!, after.rss * 1.5));
    }
  });

  it('profile the process between start and stop', async () => {
    const t = on;
    expect((await t.request({ method: 'POST', url: '/api/bench/profile/stop' })).statusCode).toBe(409);
    const start = await t.request({ method: 'POST', url: '/api/bench/profile/start?intervalUs=100' });
    expect(start.json()).toEqual({ started: true });
    expect((await t.request({ method: 'POST', url: '/api/bench/profile/start' })).statusCode).toBe(409);
    for (let i = 0; i < 20; i += 1) await t.request({ method: 'GET', url: '/api/bench/ceiling' });
    const stop = await t.request({ method: 'POST', url: '/api/bench/profile/stop' });
    expect(stop.statusCode).toBe(200);
    const profile = stop.json<{ nodes: unknown[]; samples: number[]; startTime: number; endTime: number }>();
    expect(profile.nodes.length).toBeGreaterThan(1);
    expect(profile.endTime).toBeGreaterThan(profile.startTime);
  });

  it('count answered requests by the client kind the bench names', async () => {
    const t = on;
    type Buckets = Record<string, { requests: number; dbRequests: number; queries: number }>;
    const read = async () =>
      (await t.request({ method: 'GET', url: '/api/bench/counters' })).json<{ buckets: Buckets }>().buckets;
    const before = (await read())['client prober']?.requests ?? 0;
    for (let i = 0; i < 3; i += 1) {
      await t.request({ method: 'GET', url: '/api/health', headers: { 'x-bench-client': 'prober' } });
    }
    const after = await read();
    expect(after['client prober']?.requests).toBe(before + 3);
    expect(after['route GET /api/health']?.requests).toBeGreaterThanOrEqual(3);
    // Its own readings are not counted.
    expect(Object.keys(after).some((key) => key.includes('/api/bench/'))).toBe(false);
  });
});
