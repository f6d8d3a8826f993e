import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANIES, INTUIT_LIMITS, startQboEmulator, type QboEmulator } from './index';
import { CLIENT, connectTo, read, REDIRECT } from './test-support';

let emulator: QboEmulator;
let token = '';
let other = '';
const REALM = DEFAULT_COMPANIES[0]!.realmId;
const OTHER = DEFAULT_COMPANIES[1]!.realmId;

beforeAll(async () => {
  emulator = await startQboEmulator({ ...CLIENT, redirectUris: [REDIRECT], latencyMs: 50 });
  token = await connectTo(emulator, REALM);
  other = await connectTo(emulator, OTHER);
});
afterAll(async () => {
  await emulator.close();
});
afterEach(() => {
  vi.useRealTimers();
  emulator.limits = { ...INTUIT_LIMITS };
});

/** The emulator's clock stands still at `at` (epoch ms) until moved; the network runs as usual. */
function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}
const vendor = (realm = REALM, bearer = token) => read(emulator, `${realm}/vendor/1`, bearer);
const statuses = async (count: number) => {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await vendor()).status);
  return seen;
};

describe("Intuit's throttles, per realm", () => {
  it('are 500 requests a minute and 10 a second by default, with nothing about requests in flight', () => {
    expect(INTUIT_LIMITS).toEqual({ perMinute: 500, perSecond: 10 });
    expect(emulator.limits).toEqual(INTUIT_LIMITS);
  });

  it('answers the request past a rolling minute 429 with ThrottleExceeded and Retry-After until the oldest leaves', async () => {
    const start = Math.ceil(Date.now() / 1000) * 1000 + 120_000;
    clockAt(start);
    emulator.limits = { perMinute: 5, perSecond: 100 };
    const before = emulator.traffic(REALM).throttled;
    expect(await statuses(6)).toEqual([200, 200, 200, 200, 200, 429]);
    vi.setSystemTime(start + 20_500);
    const refused = await vendor();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({
      Fault: {
        Error: [
          {
            Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
            Detail: expect.any(String),
            code: '3001',
          },
        ],
        type: 'SERVICE',
      },
      time: expect.any(String),
    });
    // Another realm has its own minute.
    expect((await vendor(OTHER, other)).status).toBe(200);
    vi.setSystemTime(start + 59_999);
    expect((await vendor()).status).toBe(429);
    vi.setSystemTime(start + 60_000);
    expect((await vendor()).status).toBe(200);
    expect(emulator.traffic(REALM).throttled - before).toBe(3);
  });

  it('answers the request past a rolling second 429 with Retry-After 1, a second after the first, not at the next whole second', async () => {
    const start = Math.ceil(Date.now() / 1000) * 1000 + 240_500;
    clockAt(start);
    emulator.limits = { perMinute: 500, perSecond: 3 };
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    vi.setSystemTime(start + 600); // past a whole second, inside the rolling one
    const refused = await vendor();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '1']);
    vi.setSystemTime(start + 999);
    expect((await vendor()).status).toBe(429);
    vi.setSystemTime(start + 1000);
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    expect(emulator.traffic(REALM).peakPerSecond).toBeGreaterThanOrEqual(6);
  });

  it('lets through any number of requests in flight within the second, and no more than the second allows', async () => {
    clockAt(Math.ceil(Date.now() / 1000) * 1000 + 360_000);
    const burst = async (count: number) =>
      (await Promise.all(Array.from({ length: count }, () => vendor()))).map((answer) => answer.status);
    emulator.limits = { perMinute: 500, perSecond: 20 };
    expect(await burst(12)).toEqual(Array<number>(12).fill(200));
    vi.setSystemTime(Date.now() + 1000);
    emulator.limits = { perMinute: 500, perSecond: 10 };
    const answers = await burst(12);
    expect(answers.filter((status) => status === 200)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(2);
  });
});
