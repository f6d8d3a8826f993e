import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from 'shared-contracts';
import { initializeSession, login, logout, refreshUser } from './auth-actions';
import { setNavigator } from './http';
import { getSessionUser, isLoadingAtom, sessionAtom, sessionStore, setSessionUser } from './session-store';
import { tokenStorage } from './token-storage';
import { deferred, fail, installFakeApi, ok, resetAll, TEST_USER } from './testing/fake-api';

const session = () => ({ ...sessionStore.get(sessionAtom), isLoading: sessionStore.get(isLoadingAtom) });
const persisted = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session) ?? 'null') as unknown;

beforeEach(resetAll);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('initializeSession', () => {
  it('is loading until the check settles', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    const answer = deferred<Response>();
    installFakeApi({ 'GET /api/auth/me': () => answer.promise });
    const done = initializeSession();
    expect(session().isLoading).toBe(true);
    answer.resolve(ok(TEST_USER));
    await done;
    expect(session().isLoading).toBe(false);
  });

  it('without a stored token: anonymous, and no call is made', async () => {
    const { fetchMock } = installFakeApi({});
    await initializeSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session()).toEqual({ user: null, isAuthenticated: false, isLoading: false });
  });

  it('without a token, forgets a user left in auth-storage', async () => {
    setSessionUser({ ...TEST_USER });
    installFakeApi({});
    await initializeSession();
    expect(session().isAuthenticated).toBe(false);
    expect(persisted()).toEqual({ user: null, isAuthenticated: false });
  });

  it('with a token and a working /me: authenticated, persisted under auth-storage', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { calls } = installFakeApi({ 'GET /api/auth/me': () => ok(TEST_USER) });
    await initializeSession();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer a');
    expect(session()).toEqual({ user: TEST_USER, isAuthenticated: true, isLoading: false });
    expect(getSessionUser()).toEqual(TEST_USER);
    expect(persisted()).toEqual({ user: TEST_USER, isAuthenticated: true });
  });

  it('when /me answers 401 (and the refresh is refused): anonymous, tokens cleared, no navigation', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    const navigate = vi.fn();
    setNavigator(navigate);
    installFakeApi({
      'GET /api/auth/me': () => fail(401, 'Token expired', 'UNAUTHORIZED'),
      'POST /api/auth/refresh': () => fail(401, 'Invalid refresh token', 'REFRESH_FAILED'),
    });
    await initializeSession();
    expect(session()).toEqual({ user: null, isAuthenticated: false, isLoading: false });
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    // RequireAuth sends the visitor to /login and remembers where they were going.
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when /me answers 401 but the refresh works: authenticated with the new tokens', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFakeApi({
      'GET /api/auth/me': (call) =>
        call.headers.get('Authorization') === 'Bearer a2' ? ok(TEST_USER) : fail(401, 'Expired'),
      'POST /api/auth/refresh': () => ok({ tokens: { accessToken: 'a2', refreshToken: 'r2' } }),
    });
    await initializeSession();
    expect(session().isAuthenticated).toBe(true);
    expect(tokenStorage.getAccessToken()).toBe('a2');
  });

  it('when the server cannot be reached: anonymous but the tokens are kept', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    await initializeSession();
    expect(session()).toEqual({ user: null, isAuthenticated: false, isLoading: false });
    expect(tokenStorage.getAccessToken()).toBe('a');
  });

  it('runs once even when host and a remote both call it', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    const { callsTo } = installFakeApi({ 'GET /api/auth/me': () => ok(TEST_USER) });
    const first = initializeSession();
    const second = initializeSession();
    expect(second).toBe(first);
    await Promise.all([first, second, initializeSession()]);
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(1);
  });

  it('does not undo a sign-in that finished while /me was pending', async () => {
    tokenStorage.setTokens({ accessToken: 'stale', refreshToken: 'r' });
    const meAnswer = deferred<Response>();
    installFakeApi({
      'GET /api/auth/me': () => meAnswer.promise,
      'POST /api/auth/login': () =>
        ok({ user: TEST_USER, tokens: { accessToken: 'a2', refreshToken: 'r2' } }),
    });
    const starting = initializeSession();
    await login('admin@example.com', 'Password123!');
    meAnswer.resolve(
      new Response(JSON.stringify({ success: false, error: { message: 'x', code: 'X' } }), { status: 500 }),
    );
    await starting;
    expect(session()).toEqual({ user: TEST_USER, isAuthenticated: true, isLoading: false });
    expect(tokenStorage.getAccessToken()).toBe('a2');
  });
});

describe('login', () => {
  it('stores both tokens and the user', async () => {
    const { calls } = installFakeApi({
      'POST /api/auth/login': () => ok({ user: TEST_USER, tokens: { accessToken: 'a', refreshToken: 'r' } }),
    });
    await expect(login('admin@example.com', 'Password123!')).resolves.toEqual(TEST_USER);
    expect(calls[0]?.body).toEqual({ email: 'admin@example.com', password: 'Password123!' });
    expect(window.localStorage.getItem('auth_token')).toBe('a');
    expect(window.localStorage.getItem('refresh_token')).toBe('r');
    expect(session()).toEqual({ user: TEST_USER, isAuthenticated: true, isLoading: false });
  });

  it('throws ApiError with the status on failure and stores nothing', async () => {
    installFakeApi({
      'POST /api/auth/login': () => fail(429, 'Too many login attempts', 'TOO_MANY_REQUESTS'),
    });
    await expect(login('admin@example.com', 'x')).rejects.toMatchObject({ name: 'ApiError', status: 429 });
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(session().isAuthenticated).toBe(false);
  });
});

describe('logout', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    setSessionUser({ ...TEST_USER });
  });

  it('sends the refresh token, then clears tokens and user', async () => {
    const { callsTo } = installFakeApi({ 'POST /api/auth/logout': () => ok(null) });
    await logout();
    expect(callsTo('POST', '/api/auth/logout')[0]?.body).toEqual({ refreshToken: 'r' });
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(session()).toEqual({ user: null, isAuthenticated: false, isLoading: false });
  });

  it('clears tokens and user even when the call fails', async () => {
    installFakeApi({ 'POST /api/auth/logout': () => fail(500, 'Server error') });
    await expect(logout()).resolves.toBeUndefined();
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
  });

  it('clears tokens and user even when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    await logout();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(persisted()).toEqual({ user: null, isAuthenticated: false });
  });
});

describe('refreshUser', () => {
  it('replaces the session user with the server copy', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    setSessionUser({ ...TEST_USER });
    installFakeApi({ 'GET /api/auth/me': () => ok({ ...TEST_USER, firstName: 'Grace' }) });
    await refreshUser();
    expect(getSessionUser()?.firstName).toBe('Grace');
  });
});
