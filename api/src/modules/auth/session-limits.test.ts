/**
 * How long a session lives and who can end it: 12 hours after sign-in for every role however often
 * it is refreshed, 30 minutes without a refresh, a list of one's sessions with "sign out other
 * sessions", and an ADMIN ending a person's sessions. Each test
 * makes the attack the limit stops. Time passes by moving the session's stored times back (the
 * database's clock is the one the limits are read by); the access tokens stay valid by their own
 * clock, so a refusal comes from the session, not from the token expiring.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  ERROR_CODES,
  SESSION_ERRORS,
  type AuditEntry,
  type AuthTokens,
  type LoginAnswer,
  type Role,
  type SessionList,
} from 'shared-contracts';
import { buildApp } from '../../app';
import { ConfigError } from '../../config';
import { activity, refreshTokens, users } from '../../db/schema';
import { hashOpaqueToken } from '../../security/opaque-tokens';
import {
  build,
  demoPasswordHash,
  errorOf,
  passSecondStepOf,
  testConfig,
  type TestContext,
} from '../../test/build';

let t: TestContext;
/** A second API "process" on the same database, with its own sign-in cache. */
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

const MINUTE = 60;
const HOUR = 3600;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let userCounter = 0;
/** A fresh active account (demo password), so tests do not sign each other out. */
async function freshUser(role: Role = 'USER'): Promise<{ id: number; email: string }> {
  userCounter += 1;
  const email = `limits-${userCounter}-${Date.now()}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({ email, passwordHash: await demoPasswordHash(), role })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** Signs in from a browser and address of its own (on `app`: the test's own by default). */
async function signIn(email: string, userAgent = CHROME_LINUX, remoteAddress = '10.20.0.1', app = t.app) {
  const response = await on(app, {
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Password123!' },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  // The demo ADMIN and MODERATOR have a second factor: their second step is passed as t.login does.
  const answer = response.json<{ data: LoginAnswer }>().data;
  return (await passSecondStepOf(app, email, answer, { ip: remoteAddress, userAgent })).tokens;
}

/** A request to `app` once it has heard of every change committed before (its cache's notifications). */
async function on(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  await app.dbListener.caughtUp();
  return app.inject({
    ...rest,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
}
const meStatus = async (app: FastifyInstance, accessToken: string) =>
  (await on(app, { method: 'GET', url: '/api/auth/me', token: accessToken })).statusCode;
const refreshOn = (app: FastifyInstance, refreshToken: string, userAgent = CHROME_LINUX, ip = '10.20.0.1') =>
  on(app, {
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
const tokensOf = (response: { json<T>(): T }) =>
  response.json<{ data: { tokens: AuthTokens } }>().data.tokens;
const sessionsOf = async (accessToken: string) => {
  const response = await t.request({ method: 'GET', url: '/api/auth/sessions', token: accessToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SessionList }>().data;
};

const familyOf = (refreshToken: string) =>
  sql`(select ${refreshTokens.familyId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${hashOpaqueToken(refreshToken)})`;

/** The session has been idle `seconds` longer: every stored time of its family moves back. */
const passTime = (refreshToken: string, seconds: number) => {
  const back = sql`make_interval(secs => ${seconds})`;
  return t.database.db
    .update(refreshTokens)
    .set({
      sessionStartedAt: sql`${refreshTokens.sessionStartedAt} - ${back}`,
      createdAt: sql`${refreshTokens.createdAt} - ${back}`,
      expiresAt: sql`${refreshTokens.expiresAt} - ${back}`,
      revokedAt: sql`${refreshTokens.revokedAt} - ${back}`,
    })
    .where(eq(refreshTokens.familyId, familyOf(refreshToken)));
};

/**
 * The session was signed in `seconds` earlier and refreshed all along (its last refresh just now):
 * only its sign-in time moves back, as for a person or a thief refreshing every few minutes.
 */
const ageSignIn = (refreshToken: string, seconds: number) =>
  t.database.db
    .update(refreshTokens)
    .set({ sessionStartedAt: sql`${refreshTokens.sessionStartedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.familyId, familyOf(refreshToken)));

const expectSessionExpired = (response: Awaited<ReturnType<typeof refreshOn>>) => {
  expect(response.statusCode, response.body).toBe(401);
  expect(errorOf(response)).toMatchObject({
    code: ERROR_CODES.sessionExpired,
    message: AUTH_ERRORS.sessionExpired,
  });
};

describe('settings', () => {
  it('defaults: 12 hours for every role, 30 minutes idle; each configurable', () => {
    expect(t.config.sessionMaxAge).toEqual({ default: 12 * HOUR, admin: 12 * HOUR });
    expect(t.config.sessionIdleTimeout).toBe(30 * MINUTE);
    const longer = testConfig({}, { SESSION_MAX_AGE: String(24 * HOUR), SESSION_IDLE_TIMEOUT: '3600' });
    // Raising everyone's limit leaves ADMIN's at 12 hours unless ADMIN_SESSION_MAX_AGE says otherwise.
    expect(longer.sessionMaxAge).toEqual({ default: 24 * HOUR, admin: 12 * HOUR });
    expect(longer.sessionIdleTimeout).toBe(HOUR);
    expect(
      testConfig({}, { SESSION_MAX_AGE: String(4 * HOUR), ADMIN_SESSION_MAX_AGE: String(HOUR) })
        .sessionMaxAge,
    ).toEqual({ default: 4 * HOUR, admin: HOUR });
    expect(() => testConfig({}, { SESSION_IDLE_TIMEOUT: 'half an hour' })).toThrow(
      /SESSION_IDLE_TIMEOUT must be a whole number/,
    );
    expect(() => testConfig({}, { ADMIN_SESSION_MAX_AGE: '10' })).toThrow(
      /ADMIN_SESSION_MAX_AGE must be at least/,
    );
  });

  it('refuses an access token that outlives the idle limit (an active console would be signed out as idle)', () => {
    expect(() => testConfig({}, { ACCESS_TOKEN_TTL: '1800' })).toThrow(ConfigError);
    expect(() => testConfig({}, { ACCESS_TOKEN_TTL: '3600', SESSION_IDLE_TIMEOUT: '1800' })).toThrow(
      /SESSION_IDLE_TIMEOUT \(1800\) must be longer than ACCESS_TOKEN_TTL \(3600\)/,
    );
    expect(testConfig({}, { ACCESS_TOKEN_TTL: '3600', SESSION_IDLE_TIMEOUT: '7200' }).accessTokenTtl).toBe(
      3600,
    );
  });
});

describe('a session ends 12 hours after sign-in, for every role, however often it is refreshed', () => {
  for (const role of ['GUEST', 'USER', 'MODERATOR', 'ADMIN'] as const) {
    it(`${role}: refreshed to 11 h 50 min it goes on; at 12 h 1 min its access and refresh tokens are refused`, async () => {
      const first = await signIn((await freshUser(role)).email);
      await ageSignIn(first.refreshToken, 11 * HOUR + 50 * MINUTE);
      const renewed = await refreshOn(t.app, first.refreshToken);
      expect(renewed.statusCode, renewed.body).toBe(200);
      const tokens = tokensOf(renewed);
      expect(await meStatus(t.app, tokens.accessToken)).toBe(200);
      // The refresh token it got ends with the session, not 30 minutes later.
      const [row] = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(tokens.refreshToken)));
      expect(row!.expiresAt.getTime() - row!.sessionStartedAt.getTime()).toBe(12 * HOUR * 1000);

      await ageSignIn(tokens.refreshToken, 11 * MINUTE);
      for (const app of [t.app, other]) {
        expect(await meStatus(app, tokens.accessToken)).toBe(401);
        expectSessionExpired(await refreshOn(app, tokens.refreshToken));
      }
    });
  }

  it('a shorter ADMIN limit follows the role: a USER promoted to ADMIN past it is signed out', async () => {
    const config = { ...t.config, sessionMaxAge: { default: 12 * HOUR, admin: HOUR } };
    const strict = await buildApp({ config, database: t.database, logger: false, serveFrontends: false });
    await strict.ready();
    try {
      const target = await freshUser();
      const tokens = await signIn(target.email);
      await ageSignIn(tokens.refreshToken, 2 * HOUR);
      expect(await meStatus(strict, tokens.accessToken)).toBe(200);
      await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, target.id));
      expect(await meStatus(strict, tokens.accessToken)).toBe(401);
      expectSessionExpired(await refreshOn(strict, tokens.refreshToken));
    } finally {
      await strict.close();
    }
  });
});

describe('a session not refreshed for 30 minutes ends', () => {
  it('refreshed after 29 minutes it goes on; idle 31 minutes, it is refused and its family revoked', async () => {
    const first = await signIn((await freshUser()).email);
    await passTime(first.refreshToken, 29 * MINUTE);
    const renewed = await refreshOn(other, first.refreshToken);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const tokens = tokensOf(renewed);

    await passTime(tokens.refreshToken, 31 * MINUTE);
    // The access token's own 15 minutes are not over by its clock: the session's idle end refuses it.
    for (const app of [t.app, other]) expect(await meStatus(app, tokens.accessToken)).toBe(401);
    expectSessionExpired(await refreshOn(t.app, tokens.refreshToken));
    const family = await t.database.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyOf(tokens.refreshToken)));
    expect(family.length).toBeGreaterThan(0);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
    // A copy of the token gets nothing later either.
    expect((await refreshOn(other, tokens.refreshToken)).statusCode).toBe(401);
  });

  it('holds for a token issued before the limit (30 days to run): the limit in force decides', async () => {
    const tokens = await signIn((await freshUser('MODERATOR')).email);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() + interval '30 days'` })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(tokens.refreshToken)));
    await passTime(tokens.refreshToken, 45 * MINUTE);
    expect(await meStatus(other, tokens.accessToken)).toBe(401);
    expectSessionExpired(await refreshOn(other, tokens.refreshToken));
  });

  it('sign-in, refresh and a repeated refresh within the grace window tell the console the idle limit', async () => {
    const tokens = await signIn((await freshUser()).email);
    expect(tokens.idleTimeoutSeconds).toBe(30 * MINUTE);
    const first = await refreshOn(t.app, tokens.refreshToken);
    expect(tokensOf(first).idleTimeoutSeconds).toBe(30 * MINUTE);
    // A second tab presenting the same token at once gets the same successor, and the limit with it.
    const again = await refreshOn(t.app, tokens.refreshToken);
    expect(again.statusCode, again.body).toBe(200);
    expect(tokensOf(again)).toMatchObject({
      refreshToken: tokensOf(first).refreshToken,
      idleTimeoutSeconds: 30 * MINUTE,
    });
  });

  it('SESSION_IDLE_TIMEOUT sets it: with 2 hours, 45 minutes idle is fine', async () => {
    const config = { ...t.config, sessionIdleTimeout: 2 * HOUR };
    const patient = await buildApp({ config, database: t.database, logger: false, serveFrontends: false });
    await patient.ready();
    try {
      // Signed in where the limit is 2 hours, so the refresh token is issued for 2 hours too.
      const tokens = await signIn((await freshUser()).email, CHROME_LINUX, '10.20.0.1', patient);
      // The console is told the limit, so an open tab signs itself out after the same time unused.
      expect(tokens.idleTimeoutSeconds).toBe(2 * HOUR);
      await passTime(tokens.refreshToken, 45 * MINUTE);
      expect(await meStatus(patient, tokens.accessToken)).toBe(200);
      const refreshed = await refreshOn(patient, tokens.refreshToken);
      expect(refreshed.statusCode).toBe(200);
      expect(tokensOf(refreshed).idleTimeoutSeconds).toBe(2 * HOUR);
    } finally {
      await patient.close();
    }
  });
});

describe('the signed-in person’s sessions (GET /api/auth/sessions)', () => {
  it('lists each live session with device, address, sign-in and last use, this one first and marked', async () => {
    const { email } = await freshUser();
    const laptop = await signIn(email, CHROME_LINUX, '10.20.1.1');
    const phone = await signIn(email, SAFARI_IPHONE, '10.20.1.2');
    const idle = await signIn(email, CHROME_LINUX, '10.20.1.3');
    await passTime(idle.refreshToken, 31 * MINUTE);
    // Someone else's session is never listed.
    await signIn((await freshUser()).email, CHROME_LINUX, '10.20.1.4');
    // The phone refreshes from another address: the list says where it was last used from.
    await passTime(phone.refreshToken, 5 * MINUTE);
    const phoneNow = tokensOf(await refreshOn(t.app, phone.refreshToken, SAFARI_IPHONE, '10.20.1.9'));

    const list = await sessionsOf(laptop.accessToken);
    expect(list.total).toBe(2);
    expect(list.sessions.map((session) => [session.device, session.ip, session.current])).toEqual([
      ['Chrome on Linux', '10.20.1.1', true],
      ['Safari on iOS', '10.20.1.9', false],
    ]);
    const [mine, theirs] = list.sessions;
    expect(Object.keys(mine!).sort()).toEqual(
      ['current', 'device', 'id', 'ip', 'lastUsedAt', 'signedInAt', 'userAgent'].sort(),
    );
    expect(mine!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(theirs!.userAgent).toBe(SAFARI_IPHONE);
    // Signed in before the refresh, last used at it.
    expect(Date.parse(theirs!.lastUsedAt) - Date.parse(theirs!.signedInAt)).toBeGreaterThanOrEqual(
      5 * MINUTE * 1000,
    );
    // From the phone, the phone is "this session".
    const fromPhone = await sessionsOf(phoneNow.accessToken);
    expect(fromPhone.sessions.map((session) => session.current)).toEqual([true, false]);
    expect(fromPhone.sessions[0]!.id).toBe(theirs!.id);
  });
});

describe('signing sessions out', () => {
  it('"Sign out other sessions" ends every other session at once, on every process; this one goes on', async () => {
    const { id, email } = await freshUser();
    const mine = await signIn(email, CHROME_LINUX);
    const stolen = await signIn(email, SAFARI_IPHONE, '192.0.2.66');
    const tablet = await signIn(email, CHROME_LINUX, '10.20.2.2');
    // Both processes have the stolen session in their sign-in cache.
    for (const app of [t.app, other]) expect(await meStatus(app, stolen.accessToken)).toBe(200);

    const out = await t.request({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      token: mine.accessToken,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<{ data: { ended: number } }>().data).toEqual({ ended: 2 });
    for (const app of [t.app, other]) {
      expect(await meStatus(app, stolen.accessToken)).toBe(401);
      expect(await meStatus(app, tablet.accessToken)).toBe(401);
      expect(await meStatus(app, mine.accessToken)).toBe(200);
    }
    expect((await refreshOn(other, stolen.refreshToken)).statusCode).toBe(401);
    expect((await refreshOn(other, mine.refreshToken)).statusCode).toBe(200);
    const recorded = await t.database.db
      .select({ userId: activity.userId, details: activity.details })
      .from(activity)
      .where(
        and(
          eq(activity.entityType, 'user'),
          eq(activity.entityId, String(id)),
          eq(activity.action, 'auth.sessions_end_others'),
        ),
      );
    expect(recorded).toEqual([
      { userId: id, details: { ended: 2, devices: ['Safari on iOS', 'Chrome on Linux'] } },
    ]);
  });

  it('"Sign out" ends one session of one’s own; someone else’s or an ended one is a 404 that ends nothing', async () => {
    const { email } = await freshUser();
    const mine = await signIn(email);
    const old = await signIn(email, SAFARI_IPHONE);
    const stranger = await signIn((await freshUser()).email);
    const [, oldSession] = (await sessionsOf(mine.accessToken)).sessions;
    const [strangerSession] = (await sessionsOf(stranger.accessToken)).sessions;

    const end = (id: string) =>
      t.request({ method: 'DELETE', url: `/api/auth/sessions/${id}`, token: mine.accessToken });
    expect((await end(strangerSession!.id)).statusCode).toBe(404);
    expect(errorOf(await end(strangerSession!.id)).message).toBe(SESSION_ERRORS.notFound);
    expect(await meStatus(other, stranger.accessToken)).toBe(200);

    expect((await end(oldSession!.id)).statusCode).toBe(200);
    expect(await meStatus(other, old.accessToken)).toBe(401);
    expect(await meStatus(other, mine.accessToken)).toBe(200);
    expect((await end(oldSession!.id)).statusCode).toBe(404);
    // Ids are the families' UUIDs: a row number (guessable, sequential) is not an id.
    for (const id of ['1', '42', 'not-a-session']) {
      const refused = await end(id);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toEqual({ id: SESSION_ERRORS.invalidId });
    }
  });
});

describe('an ADMIN ends a person’s sessions (POST /api/user/users/{id}/sessions/end)', () => {
  it('every session of the person stops at once, on every process, and the audit log says who did it', async () => {
    const target = await freshUser('MODERATOR');
    const sessions = [await signIn(target.email), await signIn(target.email, SAFARI_IPHONE)];
    for (const session of sessions) expect(await meStatus(other, session.accessToken)).toBe(200);
    const admin = await signIn('admin@example.com');

    const ended = await t.request({
      method: 'POST',
      url: `/api/user/users/${target.id}/sessions/end`,
      token: admin.accessToken,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<{ data: { ended: number } }>().data).toEqual({ ended: 2 });
    for (const session of sessions) {
      for (const app of [t.app, other]) expect(await meStatus(app, session.accessToken)).toBe(401);
      expect((await refreshOn(other, session.refreshToken)).statusCode).toBe(401);
    }
    const audit = await t.request({
      method: 'GET',
      url: `/api/audit?action=user.sessions_end&entityType=user&entityId=${target.id}`,
      token: admin.accessToken,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const [entry] = audit.json<{ data: AuditEntry[] }>().data;
    expect(entry).toMatchObject({
      action: 'user.sessions_end',
      entityType: 'user',
      entityId: String(target.id),
      details: { ended: 2, devices: ['Chrome on Linux', 'Safari on iOS'] },
    });
    expect(entry!.userId).toBe(
      (await t.request({ method: 'GET', url: '/api/auth/me', token: admin.accessToken })).json<{
        data: { id: number };
      }>().data.id,
    );
    // The person signs in again as usual.
    expect(await meStatus(other, (await signIn(target.email)).accessToken)).toBe(200);
  });

  it('only an ADMIN, never on themselves, and a missing user is a 404', async () => {
    const target = await freshUser();
    const victim = await signIn(target.email);
    const moderator = await signIn('moderator@example.com');
    const refused = await t.request({
      method: 'POST',
      url: `/api/user/users/${target.id}/sessions/end`,
      token: moderator.accessToken,
    });
    expect(refused.statusCode).toBe(403);
    expect(await meStatus(other, victim.accessToken)).toBe(200);

    const admin = await freshUser('ADMIN');
    const adminTokens = await signIn(admin.email);
    const self = await t.request({
      method: 'POST',
      url: `/api/user/users/${admin.id}/sessions/end`,
      token: adminTokens.accessToken,
    });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(SESSION_ERRORS.selfEnd);
    expect(await meStatus(other, adminTokens.accessToken)).toBe(200);
    const missing = await t.request({
      method: 'POST',
      url: '/api/user/users/999999/sessions/end',
      token: adminTokens.accessToken,
    });
    expect(missing.statusCode).toBe(404);
  });
});
