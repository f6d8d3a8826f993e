import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/build';
import {
  QbApiError,
  qbGet,
  RealmLimiter,
  retryAfterSeconds,
  type QbRequestContext,
} from './accounting-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('RealmLimiter', () => {
  it('keeps at most `concurrent` requests of a realm in flight and `perMinute` in a rolling minute', async () => {
    vi.useFakeTimers();
    const limiter = new RealmLimiter({ perMinute: 3, perSecond: 100, concurrent: 2 });
    const budget = limiter.budget('123');
    const granted: number[] = [];
    const take = (n: number) => void budget.acquire().then(() => granted.push(n));
    take(1);
    take(2);
    take(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([1, 2]); // the third waits for a slot
    budget.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([1, 2, 3]);
    budget.release();
    budget.release();
    take(4); // a fourth in the same minute waits until the first leaves the window
    await vi.advanceTimersByTimeAsync(59_000);
    expect(granted).toEqual([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(granted).toEqual([1, 2, 3, 4]);
    // Another realm has its own budget.
    void limiter
      .budget('456')
      .acquire()
      .then(() => granted.push(5));
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends nothing for the realm while it is paused by a 429', async () => {
    vi.useFakeTimers();
    const budget = new RealmLimiter({ perMinute: 100, perSecond: 10, concurrent: 10 }).budget('1');
    budget.pausedUntil = Date.now() + 5_000;
    let sent = false;
    void budget.acquire().then(() => {
      sent = true;
    });
    await vi.advanceTimersByTimeAsync(4_900);
    expect(sent).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toBe(true);
  });
});

describe('the per-second budget', () => {
  it('counts a request from when it is sent until a second after its answer came back', async () => {
    vi.useFakeTimers();
    const budget = new RealmLimiter({ perMinute: 100, perSecond: 2, concurrent: 10 }).budget('1');
    const granted: number[] = [];
    const take = (n: number) => void budget.acquire().then(() => granted.push(n));
    take(1);
    take(2);
    take(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([1, 2]); // two in flight fill the second
    await vi.advanceTimersByTimeAsync(700);
    budget.release(); // the first answer comes back 700 ms after it was sent
    await vi.advanceTimersByTimeAsync(999);
    expect(granted).toEqual([1, 2]); // a second after the answer, not after the sending
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toEqual([1, 2, 3]);
  });
});

describe('qbGet against the emulator', () => {
  let emulator: QboEmulator;
  let accessToken = '';
  const realmId = '9341453050071001';
  const config = testConfig();
  beforeAll(async () => {
    emulator = await startQboEmulator({
      clientId: 'limits',
      clientSecret: 'limits-secret',
      redirectUris: [],
    });
    // A refresh token the emulator never issued is adopted, for the realm it first reads.
    const answer = await fetch(emulator.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('limits:limits-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'limits-test' }).toString(),
    });
    accessToken = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await emulator.close();
  });
  const context = (limiter: RealmLimiter): QbRequestContext => ({
    config: { ...config.quickBooks, apiUrl: emulator.baseUrl, timeoutMs: 5_000 },
    // One attempt: a 429 would be an error here, not a retry.
    sync: { ...config.qbSync, maxAttempts: 1 },
    limiter,
    realmId,
    accessToken,
  });

  it('keeps within the rolling second QuickBooks counts in: nothing refused, however the answers take', async () => {
    emulator.limits = { perMinute: 500, perSecond: 3 };
    const limiter = new RealmLimiter({ perMinute: 400, perSecond: 3, concurrent: 4 });
    const before = emulator.traffic(realmId);
    await Promise.all(Array.from({ length: 7 }, () => qbGet(context(limiter), 'vendor/1')));
    const after = emulator.traffic(realmId);
    expect(after.requests - before.requests).toBe(7);
    expect(after.throttled).toBe(before.throttled);
    expect(after.peakPerSecond).toBeLessThanOrEqual(3);
  });

  it("carries the answer's intuit_tid in a failure", async () => {
    emulator.limits = { perMinute: 500, perSecond: 10 };
    emulator.failNext(realmId, 1, 503);
    const failure = await qbGet(context(new RealmLimiter(config.qbSync)), 'vendor/1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(QbApiError);
    const { kind, status, intuitTid, message } = failure as QbApiError;
    expect([kind, status]).toEqual(['server_error', 503]);
    expect(intuitTid).toMatch(/^\S{16,}$/);
    expect(message).toContain(`intuit_tid ${intuitTid}`);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date, and waits a minute when QuickBooks says nothing', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(null)).toBe(60);
    expect(retryAfterSeconds('soon')).toBe(60);
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds(inTen)).toBeGreaterThanOrEqual(9);
  });
});
