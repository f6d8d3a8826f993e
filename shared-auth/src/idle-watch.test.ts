import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TEXT } from 'shared-contracts';
import { api } from './api';
import { renewAccessToken, setNavigator } from './http';
import { LAST_ACTIVITY_KEY, watchIdle, type IdleWarning } from './idle-watch';
import { getSessionUser, setSessionUser } from './session-store';
import { tokenStorage } from './token-storage';
import { fail, installFakeApi, ok, resetAll, TEST_USER, type RecordedCall } from './testing/fake-api';

const LIST = '/api/company/companies';
const MINUTE = 60_000;

let stop: (() => void) | null = null;
let warnings: Array<IdleWarning | null> = [];
let refreshes = 0;

function signedIn(idleTimeoutSeconds?: number) {
  tokenStorage.setTokens({ accessToken: 'access-0', refreshToken: 'refresh-0', idleTimeoutSeconds });
  setSessionUser({ ...TEST_USER });
}

/** The API: access tokens last 15 minutes; each refresh answers the next pair. */
function fakeApi() {
  refreshes = 0;
  const issuedAt = new Map([['access-0', Date.now()]]);
  const fresh = (call: RecordedCall) => {
    const issued = issuedAt.get(call.headers.get('Authorization')?.slice('Bearer '.length) ?? '');
    return issued !== undefined && Date.now() - issued < 15 * MINUTE;
  };
  return installFakeApi({
    [`GET ${LIST}`]: (call) => (fresh(call) ? ok([]) : fail(401, 'Token expired', 'UNAUTHORIZED')),
    'POST /api/auth/refresh': () => {
      refreshes += 1;
      issuedAt.set(`access-${refreshes}`, Date.now());
      return ok({
        tokens: { accessToken: `access-${refreshes}`, refreshToken: `refresh-${refreshes}` },
      });
    },
    'POST /api/auth/logout': () => ok(null),
  });
}

function start() {
  warnings = [];
  stop = watchIdle((warning) => warnings.push(warning));
}

const press = () => window.dispatchEvent(new Event('pointerdown'));
const latestWarning = () => warnings.at(-1) ?? null;

beforeEach(() => {
  resetAll();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('idle watch: an unused console signs itself out', () => {
  it('makes no refresh after the idle limit without activity: the session ends and sign-in says why', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    await vi.advanceTimersByTimeAsync(30 * MINUTE);

    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED', IDLE_TEXT.signedOut(30));
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
    // Signed out on the server too, with the refresh token the tab held.
    expect(callsTo('POST', '/api/auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-0' });
    expect(IDLE_TEXT.signedOut(30)).toBe('You were signed out after 30 minutes without activity.');
  });

  it('refuses a refresh asked for after the limit even when the timer has not run (a sleeping laptop)', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    // The clock moves on without the timers firing, as in a suspended tab.
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    await expect(api.get(LIST)).rejects.toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });

    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED', IDLE_TEXT.signedOut(30));
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('gives the live stream no fresh token after the limit either', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    vi.setSystemTime(Date.now() + 30 * MINUTE);
    // What the stream does on a 401 when it reconnects.
    await expect(renewAccessToken('access-0', false)).rejects.toMatchObject({
      message: IDLE_TEXT.signedOut(30),
    });

    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED', IDLE_TEXT.signedOut(30));
  });

  it('keeps refreshing while someone uses the page', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    for (let minute = 0; minute < 90; minute += 10) {
      await vi.advanceTimersByTimeAsync(10 * MINUTE);
      press();
      // Every other time the access token has expired: the request's 401 is followed by a refresh.
      // ky waits on a timer before its retry with the new token: let it run.
      const answer = api.get(LIST);
      await vi.advanceTimersByTimeAsync(10);
      await expect(answer).resolves.toEqual([]);
    }

    expect(navigate).not.toHaveBeenCalled();
    expect(callsTo('POST', '/api/auth/refresh').length).toBeGreaterThan(0);
    expect(tokenStorage.getRefreshToken()).toMatch(/^refresh-/);
    expect(warnings).toEqual([]);
  });

  it('counts activity in another tab of the console', async () => {
    signedIn(30 * 60);
    fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    for (let minute = 0; minute < 60; minute += 5) {
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
      // Another tab writes its last use; this one is never touched.
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    }

    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStorage.getRefreshToken()).not.toBeNull();
  });

  it('warns a minute before the limit; another tab’s use ends the warning with one refresh', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    start();

    await vi.advanceTimersByTimeAsync(29 * MINUTE - 1000);
    expect(warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(latestWarning()?.signOutAt).toBe(Date.now() + MINUTE);

    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    await vi.advanceTimersByTimeAsync(0);

    expect(latestWarning()).toBeNull();
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('Stay signed in keeps the session with one refresh', async () => {
    signedIn(30 * 60);
    const { callsTo } = fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();

    await vi.advanceTimersByTimeAsync(29 * MINUTE + 30_000);
    latestWarning()?.staySignedIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(latestWarning()).toBeNull();
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStorage.getAccessToken()).toBe('access-1');
  });

  it('takes the limit from the server, 30 minutes when it gave none', async () => {
    signedIn(120);
    fakeApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    start();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(latestWarning()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED', IDLE_TEXT.signedOut(2));

    stop?.();
    resetAll();
    signedIn();
    fakeApi();
    const again = vi.fn();
    setNavigator(again);
    start();
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(again).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(again).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED', IDLE_TEXT.signedOut(30));
  });

  it('writes the last activity at most every few seconds', async () => {
    signedIn(30 * 60);
    fakeApi();
    start();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    for (let i = 0; i < 20; i += 1) {
      press();
      await vi.advanceTimersByTimeAsync(200);
    }
    const writes = setItem.mock.calls.filter(([key]) => key === LAST_ACTIVITY_KEY);
    expect(writes.length).toBeLessThanOrEqual(1);
  });
});
