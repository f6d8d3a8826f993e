/**
 * Session defects found by a probe of the landed API: revoked sessions must stop working at once,
 * concurrent refreshes (two tabs) must not sign the user out, and the sign-in and password-change
 * throttles must not let a stranger lock an account nor leave a password oracle open.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, LOGIN_ERRORS, type AuthTokens } from 'shared-contracts';
import { buildApp } from '../../app';
import { loginAttempts, refreshTokens, users } from '../../db/schema';
import { hashOpaqueToken } from '../../security/opaque-tokens';
import { build, demoPasswordHash, errorOf, type TestContext } from '../../test/build';

let t: TestContext;
/** A second API "process" on the same database: nothing may live in one process's memory. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await build();
  other = await buildApp({ config: t.config, database: t.database, logger: false, serveFrontends: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

let ipCounter = 0;
const nextIp = () => `10.9.0.${(ipCounter += 1)}`;
let userCounter = 0;

/** A fresh active account (demo password), so tests do not throttle or sign out each other. */
async function freshUser(): Promise<{ id: number; email: string }> {
  userCounter += 1;
  const email = `session-${userCounter}-${Date.now()}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ email, passwordHash: await demoPasswordHash(), role: 'USER' })
    .returning({ id: users.id, email: users.email });
  return row!;
}

const me = (accessToken: string) => t.request({ method: 'GET', url: '/api/auth/me', token: accessToken });
const refreshOn = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const tokensOf = (response: { json<T>(): T }) =>
  response.json<{ data: { tokens: AuthTokens } }>().data.tokens;
const login = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
/** Moves a rotated token's rotation time into the past (beyond the grace window). */
const ageRotation = (refreshToken: string, seconds: number) =>
  t.database.db
    .update(refreshTokens)
    .set({ revokedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));

describe('a revoked session stops working at once', () => {
  it('after logout, the access token is refused', async () => {
    const { tokens } = await t.login((await freshUser()).email);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const after = await me(tokens.accessToken);
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).code).toBe('UNAUTHORIZED');
  });

  it('after reuse of a rotated token revokes the family, every access token of it is refused', async () => {
    const { tokens: first } = await t.login((await freshUser()).email);
    const second = tokensOf(await refreshOn(t.app, first.refreshToken));
    expect((await me(second.accessToken)).statusCode).toBe(200);
    await ageRotation(first.refreshToken, 60);
    expect((await refreshOn(t.app, first.refreshToken)).statusCode).toBe(401);
    expect((await me(first.accessToken)).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
  });

  it('after a password change, the other sessions are refused and this one keeps working', async () => {
    const { email } = await freshUser();
    const mine = (await t.login(email)).tokens;
    const elsewhere = (await t.login(email)).tokens;
    const change = await t.request({
      method: 'PUT',
      url: '/api/user/password',
      token: mine.accessToken,
      payload: { currentPassword: 'Password123!', newPassword: 'Another-Passw0rd' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(mine.accessToken)).statusCode).toBe(200);
    expect((await me(elsewhere.accessToken)).statusCode).toBe(401);
  });
});

describe('concurrent refreshes with one token (two tabs)', () => {
  it('all answer 200 with the same successor, on two API processes, and it stays valid', async () => {
    const { tokens } = await t.login((await freshUser()).email);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refreshOn(i % 2 ? other : t.app, tokens.refreshToken)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const successors = new Set(responses.map((response) => tokensOf(response).refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect(successor).not.toBe(tokens.refreshToken);
    for (const response of responses) expect((await me(tokensOf(response).accessToken)).statusCode).toBe(200);
    // The successor is a normal, live token: it rotates once more.
    const next = await refreshOn(t.app, successor!);
    expect(next.statusCode).toBe(200);
    expect((await me(tokensOf(next).accessToken)).statusCode).toBe(200);
  });

  it('reuse after the grace window still revokes the family', async () => {
    const { tokens } = await t.login((await freshUser()).email);
    const second = tokensOf(await refreshOn(t.app, tokens.refreshToken));
    await ageRotation(tokens.refreshToken, t.config.refreshGraceSeconds + 1);
    const reuse = await refreshOn(other, tokens.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse).message).toBe(AUTH_ERRORS.refreshFailed);
    expect((await refreshOn(t.app, second.refreshToken)).statusCode).toBe(401);
  });

  it('within the grace window, a token of a family revoked by logout is still refused', async () => {
    const { tokens } = await t.login((await freshUser()).email);
    const second = tokensOf(await refreshOn(t.app, tokens.refreshToken));
    await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: second.refreshToken },
    });
    expect((await refreshOn(t.app, tokens.refreshToken)).statusCode).toBe(401);
  });
});

describe('sign-in throttle', () => {
  it('five failures from one address block that address (with Retry-After), not the owner elsewhere', async () => {
    const { email } = await freshUser();
    const attacker = nextIp();
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, `wrong-${i}-password`, attacker)).statusCode).toBe(401);
    const blocked = await login(email, 'Password123!', attacker);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ message: LOGIN_ERRORS.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.loginThrottle.windowSeconds);
    // The owner, from their own address, signs in.
    expect((await login(email, 'Password123!', nextIp())).statusCode).toBe(200);
  });

  it('failures from many addresses for one e-mail meet a short per-e-mail backoff, never a long lockout', async () => {
    const { email } = await freshUser();
    const { maxPerEmail } = t.config.loginThrottle;
    for (let i = 0; i < maxPerEmail; i += 1)
      expect((await login(email, `wrong-${i}-password`, nextIp())).statusCode).toBe(401);
    const backoff = await login(email, 'Password123!', nextIp());
    expect(backoff.statusCode).toBe(429);
    const retryAfter = Number(backoff.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.loginThrottle.maxBackoffSeconds);
    // Once the backoff has passed, the owner gets in.
    await t.database.db
      .update(loginAttempts)
      .set({ createdAt: sql`${loginAttempts.createdAt} - make_interval(secs => ${retryAfter + 1})` })
      .where(eq(loginAttempts.email, email));
    expect((await login(email, 'Password123!', nextIp())).statusCode).toBe(200);
  });

  it('twenty failures from one address across e-mails block that address, with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < t.config.loginThrottle.maxPerIp; i += 1)
      expect((await login(`probe${i}@example.com`, 'whatever1', ip)).statusCode).toBe(401);
    const blocked = await login('user@example.com', 'Password123!', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PUT /api/user/password', () => {
  const change = (
    accessToken: string,
    currentPassword: string,
    newPassword: string,
    remoteAddress = '10.9.9.9',
  ) =>
    t.request({
      method: 'PUT',
      url: '/api/user/password',
      token: accessToken,
      remoteAddress,
      payload: { currentPassword, newPassword },
    });

  it('throttles wrong current passwords like sign-in (429 + Retry-After), then even the right one waits', async () => {
    const { email } = await freshUser();
    const { tokens } = await t.login(email);
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1)
      expect((await change(tokens.accessToken, `wrong-${i}-password`, 'New-Passw0rd!', ip)).statusCode).toBe(
        400,
      );
    const blocked = await change(tokens.accessToken, 'Password123!', 'New-Passw0rd!', ip);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('TOO_MANY_REQUESTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing changed: the old password still signs in.
    expect((await login(email, 'Password123!', nextIp())).statusCode).toBe(200);
  });

  it('twenty concurrent changes with the same current password: exactly one succeeds', async () => {
    const { email } = await freshUser();
    const { tokens } = await t.login(email);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        change(tokens.accessToken, 'Password123!', `New-Passw0rd-${i}`, nextIp()),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect([400, 409, 429]).toContain(response.statusCode);
      expect(errorOf(response).message).toMatch(/password/i);
    }
    const winner = codes.indexOf(200);
    expect((await login(email, `New-Passw0rd-${winner}`, nextIp())).statusCode).toBe(200);
  });
});
