import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERRORS, ERROR_CODES, STORAGE_KEYS } from 'shared-contracts';
import { api } from './api';
import { login } from './auth-actions';
import { configureHttp, http, setNavigator } from './http';
import { getSessionUser, setSessionUser } from './session-store';
import { tokenStorage } from './token-storage';
import {
  deferred,
  fail,
  installFakeApi,
  ok,
  resetAll,
  TEST_USER,
  type RecordedCall,
  rejection,
} from './testing/fake-api';

const LIST = '/api/company/companies';

function signedIn(accessToken = 'access-1', refreshToken = 'refresh-1') {
  tokenStorage.setTokens({ accessToken, refreshToken });
  setSessionUser({ ...TEST_USER });
}

/** The list answers only to the bearer `access-2`, as after a refresh. */
function listNeedsFreshToken(call: RecordedCall) {
  return call.headers.get('Authorization') === 'Bearer access-2'
    ? ok([{ id: 1 }])
    : fail(401, 'Token expired', 'UNAUTHORIZED');
}

beforeEach(resetAll);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http: what every call carries', () => {
  it('sends the bearer, cookies, the environment header and goes to the configured base', async () => {
    configureHttp({ baseUrl: 'http://api.test:9000', environment: 'staging' });
    signedIn();
    const { calls } = installFakeApi({ [`GET ${LIST}`]: () => ok([]) });

    await api.get(LIST);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url.origin).toBe('http://api.test:9000');
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('X-Environment')).toBe('staging');
    expect(call?.credentials).toBe('include');
  });

  it('defaults to this origin and the production marker, and sends no bearer when signed out', async () => {
    const { calls } = installFakeApi({ [`GET ${LIST}`]: () => ok([]) });

    await api.get(LIST);

    expect(calls[0]?.url.origin).toBe(window.location.origin);
    expect(calls[0]?.headers.get('X-Environment')).toBe('production');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('keeps a base address path when joining', async () => {
    configureHttp({ baseUrl: 'http://api.test/backend/' });
    const { calls } = installFakeApi({ [`GET /backend${LIST}`]: () => ok([]) });
    await api.get(LIST);
    expect(calls[0]?.url.href).toBe(`http://api.test/backend${LIST}`);
  });

  it('does not retry a failed call by itself', async () => {
    const { calls } = installFakeApi({ [`GET ${LIST}`]: () => fail(503, 'Down for maintenance') });
    const error = await rejection(api.get(LIST));
    expect(error.status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});

describe('http: refresh once on 401', () => {
  it('refreshes once and repeats the original request with the new bearer', async () => {
    signedIn();
    const { calls, callsTo } = installFakeApi({
      [`GET ${LIST}`]: listNeedsFreshToken,
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }),
    });

    await expect(api.get(LIST)).resolves.toEqual([{ id: 1 }]);

    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(callsTo('POST', '/api/auth/refresh')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(calls.map((c) => `${c.method} ${c.path} ${c.headers.get('Authorization')}`)).toEqual([
      `GET ${LIST} Bearer access-1`,
      'POST /api/auth/refresh Bearer access-1',
      `GET ${LIST} Bearer access-2`,
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('repeats a POST with its body and keeps the environment header', async () => {
    configureHttp({ baseUrl: window.location.origin, environment: 'qa' });
    signedIn();
    const { callsTo } = installFakeApi({
      [`POST ${LIST}`]: (call) =>
        call.headers.get('Authorization') === 'Bearer access-2' ? ok({ id: 7 }) : fail(401, 'Token expired'),
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }),
    });

    await expect(api.post(LIST, { name: 'Acme' })).resolves.toEqual({ id: 7 });

    const posts = callsTo('POST', LIST);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({ name: 'Acme' });
    expect(posts[1]?.headers.get('X-Environment')).toBe('qa');
  });

  it('makes exactly one refresh call for five concurrent 401s and repeats all five', async () => {
    signedIn();
    const refreshGate = deferred();
    const { callsTo } = installFakeApi({
      [`GET ${LIST}`]: listNeedsFreshToken,
      'POST /api/auth/refresh': async () => {
        await refreshGate.promise;
        return ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
      },
    });

    const pending = Array.from({ length: 5 }, (_, i) => api.get(LIST, { searchParams: { page: i + 1 } }));
    await vi.waitFor(() => expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1));
    refreshGate.resolve();
    const results = await Promise.all(pending);

    expect(results).toEqual(Array.from({ length: 5 }, () => [{ id: 1 }]));
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    const repeated = callsTo('GET', LIST).filter((c) => c.headers.get('Authorization') === 'Bearer access-2');
    expect(repeated.map((c) => c.url.searchParams.get('page')).sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('uses a token refreshed meanwhile instead of refreshing again', async () => {
    signedIn();
    const { callsTo } = installFakeApi({
      [`GET ${LIST}`]: listNeedsFreshToken,
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }),
    });
    await api.get(LIST);
    // A request that left with the old token and comes back 401 after the refresh finished.
    await expect(
      http.get(LIST, { headers: { Authorization: 'Bearer access-1' } }).json(),
    ).resolves.toMatchObject({
      success: true,
    });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh fails: clears tokens and session, goes to /login once, and the call fails', async () => {
    signedIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    const { callsTo } = installFakeApi({
      [`GET ${LIST}`]: () => fail(401, 'Token expired'),
      'POST /api/auth/refresh': () => fail(401, 'Invalid refresh token', 'REFRESH_FAILED'),
    });

    const errors = await Promise.all(Array.from({ length: 3 }, () => rejection(api.get(LIST))));

    for (const error of errors) expect(error.message).toBe(AUTH_ERRORS.refreshFailed);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session) ?? 'null')).toEqual({
      user: null,
      isAuthenticated: false,
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_ENDED');
  });

  it('when the session reached its time limit: ends it, goes to /login saying so, and the call fails with that message', async () => {
    signedIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    installFakeApi({
      [`GET ${LIST}`]: () => fail(401, 'Authentication required. Please sign in again.'),
      'POST /api/auth/refresh': () => fail(401, AUTH_ERRORS.sessionExpired, ERROR_CODES.sessionExpired),
    });
    const error = await rejection(api.get(LIST));
    expect(error).toMatchObject({
      message: AUTH_ERRORS.sessionExpired,
      code: 'SESSION_EXPIRED',
      status: 401,
    });
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_EXPIRED');
  });

  it('treats a refresh answer without success as a failure', async () => {
    signedIn();
    setNavigator(vi.fn());
    installFakeApi({
      [`GET ${LIST}`]: () => fail(401, 'Token expired'),
      'POST /api/auth/refresh': () => ok(null),
    });
    const error = await rejection(api.get(LIST));
    expect(error.message).toBe(AUTH_ERRORS.refreshFailed);
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('keeps the session when the refresh gets no answer or a 5xx, and refreshes again once the API is back', async () => {
    signedIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    let refreshAnswer: () => Response = () => {
      throw new TypeError('Failed to fetch');
    };
    const { callsTo } = installFakeApi({
      [`GET ${LIST}`]: listNeedsFreshToken,
      'POST /api/auth/refresh': () => refreshAnswer(),
    });

    const offline = await rejection(api.get(LIST));
    expect(offline.status).toBe(0);
    expect(offline.message).toBe(
      'Unable to connect to the server. Please check your internet connection and try again.',
    );

    refreshAnswer = () => fail(503, 'The service is temporarily unavailable. Please try again in a moment.');
    const unavailable = await rejection(api.get(LIST));
    expect(unavailable.status).toBe(503);
    expect(unavailable.message).toBe('The service is temporarily unavailable. Please try again in a moment.');

    // Through both outages: still signed in, tokens kept, never sent to /login.
    expect(tokenStorage.getRefreshToken()).toBe('refresh-1');
    expect(getSessionUser()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();

    refreshAnswer = () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
    await expect(api.get(LIST)).resolves.toEqual([{ id: 1 }]);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(3);
  });

  it('does not navigate when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    signedIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    installFakeApi({
      [`GET ${LIST}`]: () => fail(401, 'Token expired'),
      'POST /api/auth/refresh': () => fail(401, 'Invalid refresh token'),
    });

    await rejection(api.get(LIST));

    expect(navigate).not.toHaveBeenCalled();
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('fails with "No refresh token available" when none is stored, without calling refresh', async () => {
    tokenStorage.setTokens({ accessToken: 'access-1', refreshToken: 'x' });
    window.localStorage.removeItem(STORAGE_KEYS.refreshToken);
    const navigate = vi.fn();
    setNavigator(navigate);
    const { callsTo } = installFakeApi({ [`GET ${LIST}`]: () => fail(401, 'Token expired') });

    const error = await rejection(api.get(LIST));

    expect(error.message).toBe(AUTH_ERRORS.noRefreshToken);
    expect(error.status).toBe(401);
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', 'SESSION_ENDED');
  });

  it("never refreshes on the login call's 401", async () => {
    signedIn('old-access', 'old-refresh');
    const navigate = vi.fn();
    setNavigator(navigate);
    const { callsTo } = installFakeApi({
      'POST /api/auth/login': () => fail(401, 'Invalid email or password', 'INVALID_CREDENTIALS'),
    });

    const error = await rejection(login('admin@example.com', 'wrong-password'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid email or password');
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the repeated request is refused too', async () => {
    signedIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    const { callsTo } = installFakeApi({
      [`GET ${LIST}`]: () => fail(401, 'Still not allowed', 'UNAUTHORIZED'),
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } }),
    });

    const error = await rejection(api.get(LIST));

    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Still not allowed' });
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(callsTo('GET', LIST)).toHaveLength(2);
    expect(navigate).not.toHaveBeenCalled();
  });
});
