/**
 * Session defects found by a probe of the landed API: revoked sessions must stop working at once,
 * concurrent refreshes (two tabs) must not sign the user out, and the sign-in and password-change
 * throttles must not let a stranger lock an account nor leave a password oracle open.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, LOGIN_ERRORS, type AuthTokens, type Role } from 'shared-contracts';
import { buildApp } from '../../app';
import { loginAttempts, refreshTokens, users } from '../../db/schema';
import { hashOpaqueToken } from '../../security/opaque-tokens';
import { build, demoPasswordHash, errorOf, NEW_PASSWORD, type TestContext } from '../../test/build';

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

/**
 * A request to the other API process once it has heard of every change committed before (its
 * sign-in cache learns of changes by the database's notifications, within a second;
 * sessions/auth-cache.test.ts holds that bound without waiting like this).
 */
async function injectOther(options: InjectOptions) {
  await other.dbListener.caughtUp();
  return other.inject(options);
}

/** A fresh active account (demo password), so tests do not throttle or sign out each other. */
async function freshUser(role: Role = 'USER'): Promise<{ id: number; email: string }> {
  userCounter += 1;
  const email = `session-${userCounter}-${Date.now()}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ email, passwordHash: await demoPasswordHash(), role })
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
    // On the other API process too, and the other session cannot refresh its way back in.
    const elsewhereOnOther = await injectOther({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${elsewhere.accessToken}` },
    });
    expect(elsewhereOnOther.statusCode).toBe(401);
    expect((await refreshOn(other, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refreshOn(other, mine.refreshToken)).statusCode).toBe(200);
  });
});

describe('a stolen refresh token', () => {
  it('used after its owner rotated it (beyond the grace window) ends the whole family, and only that family', async () => {
    const { email } = await freshUser();
    const stolen = (await t.login(email)).tokens;
    const laptop = (await t.login(email)).tokens;
    // The owner keeps refreshing: two rotations, each beyond the grace window of the one before.
    const second = tokensOf(await refreshOn(t.app, stolen.refreshToken));
    await ageRotation(stolen.refreshToken, t.config.refreshGraceSeconds + 1);
    const third = tokensOf(await refreshOn(other, second.refreshToken));
    await ageRotation(second.refreshToken, t.config.refreshGraceSeconds + 1);
    expect((await me(third.accessToken)).statusCode).toBe(200);

    // The thief presents the copy, on either process: refused, and given nothing.
    const theft = await refreshOn(other, stolen.refreshToken);
    expect(theft.statusCode).toBe(401);
    expect(errorOf(theft).code).toBe('REFRESH_FAILED');
    expect(theft.body).not.toContain('accessToken');
    // Every token of that sign-in is dead, the owner's newest included, on both processes…
    expect((await refreshOn(t.app, third.refreshToken)).statusCode).toBe(401);
    expect((await me(third.accessToken)).statusCode).toBe(401);
    expect(
      (
        await injectOther({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${third.accessToken}` },
        })
      ).statusCode,
    ).toBe(401);
    // …but the owner's other sign-in (another family) goes on.
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
    expect((await refreshOn(other, laptop.refreshToken)).statusCode).toBe(200);
  });
});

describe('a deactivated, deleted or demoted user is refused on the next request', () => {
  const asAdmin = async () => (await t.login('admin@example.com')).tokens.accessToken;
  const onOther = (accessToken: string, method: 'GET' | 'PUT', url: string) =>
    injectOther({ method, url, headers: { authorization: `Bearer ${accessToken}` } });
  /** Two sessions of the user; the checks below run on the other API process. */
  async function signedInTwice(email: string) {
    return [(await t.login(email)).tokens, (await t.login(email)).tokens] as const;
  }

  it('deactivated: both sessions refused at once, access and refresh, on the other process too', async () => {
    const user = await freshUser();
    const sessions = await signedInTwice(user.email);
    const off = await t.request({
      method: 'PUT',
      url: `/api/user/users/${user.id}/deactivate`,
      token: await asAdmin(),
    });
    expect(off.statusCode).toBe(200);
    for (const session of sessions) {
      expect((await onOther(session.accessToken, 'GET', '/api/auth/me')).statusCode).toBe(401);
      expect((await refreshOn(other, session.refreshToken)).statusCode).toBe(401);
    }
  });

  it('deleted: both sessions refused at once, access and refresh, on the other process too', async () => {
    const user = await freshUser();
    const sessions = await signedInTwice(user.email);
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/user/users/${user.id}`,
      token: await asAdmin(),
    });
    expect(gone.statusCode).toBe(200);
    for (const session of sessions) {
      expect((await onOther(session.accessToken, 'GET', '/api/user/profile')).statusCode).toBe(401);
      expect((await refreshOn(other, session.refreshToken)).statusCode).toBe(401);
    }
  });

  it('an ADMIN demoted to USER (role route or edit form) cannot use an admin route with the old token', async () => {
    for (const how of ['role', 'form'] as const) {
      const user = await freshUser();
      await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
      const [session] = await signedInTwice(user.email);
      // An ADMIN route that asks for no second factor (the role route does), on nobody.
      const adminRoute = `/api/user/users/${user.id + 100_000}`;
      // Still an ADMIN: the admin route lets them through (404: no such user).
      expect(
        (
          await injectOther({
            method: 'DELETE',
            url: adminRoute,
            headers: { authorization: `Bearer ${session.accessToken}` },
          })
        ).statusCode,
      ).toBe(404);
      const demote =
        how === 'role'
          ? await t.request({
              method: 'PUT',
              url: `/api/user/users/${user.id}/role`,
              token: await asAdmin(),
              payload: { role: 'USER' },
            })
          : await t.request({
              method: 'PUT',
              url: `/api/user/users/${user.id}`,
              token: await asAdmin(),
              payload: { email: user.email, role: 'USER', isActive: true },
            });
      expect(demote.statusCode, demote.body).toBe(200);
      const after = await injectOther({
        method: 'DELETE',
        url: adminRoute,
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      // A demotion ends the sessions (401); a refusal for the role (403) would do too; never through.
      expect(after.statusCode, `${how}: ${after.body}`).toBe(401);
      expect((await refreshOn(other, session.refreshToken)).statusCode).toBe(401);
    }
  });

  it('the role is read from the database on every request, not from the token', async () => {
    // A role changed without ending the sessions (by hand, or a path that forgot to): the old
    // token's ADMIN claim buys nothing on the next request.
    const user = await freshUser();
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
    const { accessToken } = (await t.login(user.email)).tokens;
    await t.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, user.id));
    const adminRoute = await injectOther({
      method: 'DELETE',
      url: `/api/user/users/${user.id + 100_000}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(adminRoute.statusCode).toBe(403);
    expect(errorOf(adminRoute).code).toBe('FORBIDDEN');
    const self = await onOther(accessToken, 'GET', '/api/auth/me');
    expect(self.json<{ data: { role: string } }>().data.role).toBe('USER');
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

  it('a burst of twenty wrong guesses at once, over two API instances, gets no more password checks than the limit', async () => {
    const { email } = await freshUser();
    const attacker = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: `wrong-${i}-password` },
          remoteAddress: attacker,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // 401: the password was checked; 429: refused before any check. (Was 20 checks: every guess
    // passed the count before any was recorded.)
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      t.config.loginThrottle.maxPerPair,
    );
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await login(email, 'Password123!', attacker)).statusCode).toBe(429);
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
      expect((await change(tokens.accessToken, `wrong-${i}-password`, NEW_PASSWORD, ip)).statusCode).toBe(
        400,
      );
    const blocked = await change(tokens.accessToken, 'Password123!', NEW_PASSWORD, ip);
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
        change(tokens.accessToken, 'Password123!', `${NEW_PASSWORD}-${i}`, nextIp()),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect([400, 409, 429]).toContain(response.statusCode);
      expect(errorOf(response).message).toMatch(/password/i);
    }
    const winner = codes.indexOf(200);
    expect((await login(email, `${NEW_PASSWORD}-${winner}`, nextIp())).statusCode).toBe(200);
  });
});
