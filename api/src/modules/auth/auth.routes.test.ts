import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  LOGIN_ERRORS,
  PASSWORD_RULES,
  SERVER_ERRORS,
  type AuthResult,
  type User,
} from 'shared-contracts';
import { refreshTokens, users } from '../../db/schema';
import { DEMO_ACCOUNTS } from '../../seed/users';
import { signAccessToken } from '../../security/access-tokens';
import { hashOpaqueToken } from '../../security/opaque-tokens';
import { build, errorOf, NEW_PASSWORD, type TestContext } from '../../test/build';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

// Each test signs in from its own address so the per-IP throttle of one test cannot leak into another.
let ipCounter = 0;
const nextIp = () => `10.1.0.${(ipCounter += 1)}`;

const login = (payload: unknown, remoteAddress = nextIp()) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });

const countUsers = async () => {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
  return row?.n ?? 0;
};

describe('POST /api/auth/login', () => {
  it('answers the user and both tokens in the envelope', async () => {
    // The demo GUEST has no second factor (the other demo accounts answer a second step first).
    const response = await login({ email: 'Guest@Example.com ', password: 'Password123!' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: true; data: AuthResult }>();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      email: 'guest@example.com',
      role: 'GUEST',
      isActive: true,
      firstName: 'Gus',
      lastName: 'Guest',
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.tokens.accessToken.split('.')).toHaveLength(3);
    expect(body.data.tokens.refreshToken.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(body.data.user.lastLoginAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Signing in is not an edit of the account.
    expect(Date.parse(body.data.user.updatedAt)).toBeLessThan(Date.now() - 86_400_000);
  });

  it('answers 401 with the exact sign-in text for a wrong password and for an unknown e-mail', async () => {
    const wrong = await login({ email: 'user@example.com', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'Password123!' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({
        message: LOGIN_ERRORS.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('refuses an inactive user with 403, but only after a correct password', async () => {
    const right = await login({ email: 'inactive@example.com', password: 'Password123!' });
    expect(right.statusCode).toBe(403);
    expect(errorOf(right).message).toBe(AUTH_ERRORS.accountDisabled);
    const wrong = await login({ email: 'inactive@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers 429 after 5 failures for one e-mail from one address, even with the right password, and a success clears the count', async () => {
    // A generated account, so the demo accounts used by other tests stay unblocked.
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.isActive, true), gt(users.id, DEMO_ACCOUNTS.length)))
      .limit(1);
    const email = row!.email;
    const ip = nextIp();
    for (let i = 0; i < 4; i += 1)
      expect((await login({ email, password: `wrong-${i}-pass` }, ip)).statusCode).toBe(401);
    // A success before the limit resets the count.
    expect((await login({ email, password: 'Password123!' }, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await login({ email, password: `wrong-${i}-pass` }, ip)).statusCode).toBe(401);
    const blocked = await login({ email, password: 'Password123!' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ message: LOGIN_ERRORS.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
  });

  it('answers 429 after 20 failures from one address across e-mails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i += 1) {
      expect((await login({ email: `probe${i}@example.com`, password: 'whatever1' }, ip)).statusCode).toBe(
        401,
      );
    }
    expect((await login({ email: 'user@example.com', password: 'Password123!' }, ip)).statusCode).toBe(429);
    expect((await login({ email: 'user@example.com', password: 'Password123!' })).statusCode).toBe(200);
  });

  it('rejects malformed JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ message: SERVER_ERRORS.malformedJson, code: 'MALFORMED_JSON' });
  });

  it.each([
    ['missing email', { password: 'Password123!' }, { email: 'Please enter a valid email address' }],
    [
      'bad email',
      { email: 'not-an-email', password: 'Password123!' },
      { email: 'Please enter a valid email address' },
    ],
    [
      'short password',
      { email: 'admin@example.com', password: '12345' },
      { password: 'Password must be at least 6 characters' },
    ],
    [
      'over-long email',
      { email: `${'a'.repeat(250)}@example.com`, password: 'Password123!' },
      { email: 'Please enter a valid email address' },
    ],
    [
      'over-long password',
      { email: 'admin@example.com', password: 'p'.repeat(129) },
      { password: 'Password must be at most 128 characters' },
    ],
    [
      'wrong types',
      { email: 42, password: true },
      { email: 'Please enter a valid email address', password: 'Password must be at least 6 characters' },
    ],
  ])('answers 400 naming the field for %s', async (_label, payload, fields) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual(fields);
    for (const [field, message] of Object.entries(fields))
      expect(error.message).toContain(`${field}: ${message}`);
  });

  it('answers 400 when the body is not a JSON object', async () => {
    for (const payload of [undefined, [1, 2]]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: payload as object | undefined,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        message: 'The request body must be a JSON object',
        code: 'VALIDATION_ERROR',
      });
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await login({ email: 'admin@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ message: SERVER_ERRORS.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const { tokens } = await t.login('user@example.com');
    const response = await t.request({ method: 'GET', url: '/api/auth/me', token: tokens.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: User }>().data).toMatchObject({ email: 'user@example.com', role: 'USER' });
  });

  it('answers 401 UNAUTHORIZED without, with a forged, or with an expired token', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const claims = { userId: admin!.id, role: admin!.role, sessionId: crypto.randomUUID() };
    const forged = await signAccessToken(
      claims,
      new TextEncoder().encode('another-secret-another-secret-another-secret'),
      900,
    );
    const expired = await signAccessToken(claims, t.config.jwtSecret, -60);
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${expired}` },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic YWRtaW46cGFzcw==' },
    ];
    for (const headers of cases) {
      const response = await t.request({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ message: AUTH_ERRORS.unauthenticated, code: 'UNAUTHORIZED' });
    }
  });

  it('answers 401 once the user is deactivated, even with a valid token', async () => {
    const { tokens, user } = await t.login('guest@example.com');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    try {
      const response = await t.request({ method: 'GET', url: '/api/auth/me', token: tokens.accessToken });
      expect(response.statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    }
  });
});

describe('POST /api/auth/refresh', () => {
  const refresh = (refreshToken: unknown) =>
    t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } as object });

  it('rotates: new tokens, the old refresh token is spent, and reusing it revokes the family', async () => {
    const first = (await t.login('user@example.com')).tokens;
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ data: { tokens: AuthResult['tokens'] } }>().data.tokens;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: second.accessToken });
    expect(me.statusCode).toBe(200);

    // Beyond the grace window for concurrent tabs (sessions.test.ts), a second use is reuse.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(first.refreshToken)));
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse)).toEqual({ message: AUTH_ERRORS.refreshFailed, code: 'REFRESH_FAILED' });
    // The whole family is gone, including the token that was legitimately issued.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('answers 401 for unknown and expired tokens and for an inactive user', async () => {
    expect((await refresh('definitely-not-a-token')).statusCode).toBe(401);

    const expired = (await t.login('user@example.com')).tokens.refreshToken;
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(expired)));
    const expiredResponse = await refresh(expired);
    expect(expiredResponse.statusCode).toBe(401);
    // An expired token is a session that ended (idle, or at its limit): the sign-in page says so.
    expect(errorOf(expiredResponse)).toEqual({
      message: AUTH_ERRORS.sessionExpired,
      code: 'SESSION_EXPIRED',
    });

    const { tokens, user } = await t.login('guest@example.com');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    try {
      expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
    }
  });

  it('answers 400 without a refresh token', async () => {
    const response = await refresh(undefined);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ refreshToken: 'refreshToken is required' });
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session of the given refresh token', async () => {
    const { tokens } = await t.login('user@example.com');
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: tokens.refreshToken },
      token: tokens.accessToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('accepts an empty JSON body and no token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });
  });

  it('answers 400 for a refresh token of the wrong type', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 5 },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toHaveProperty('refreshToken');
  });
});

describe('POST /api/auth/register', () => {
  const register = (token: string | undefined, payload: unknown) =>
    t.request({ method: 'POST', url: '/api/auth/register', payload: payload as object, token });
  const newUser = (email: string, role = 'USER') => ({
    email,
    password: NEW_PASSWORD,
    firstName: 'New',
    lastName: 'Person',
    role,
    isActive: true,
  });

  let adminToken: string;
  let moderatorToken: string;
  let userToken: string;
  beforeAll(async () => {
    adminToken = (await t.login('admin@example.com')).tokens.accessToken;
    moderatorToken = (await t.login('moderator@example.com')).tokens.accessToken;
    userToken = (await t.login('user@example.com')).tokens.accessToken;
  });

  it('requires a signed-in MODERATOR or ADMIN', async () => {
    expect((await register(undefined, newUser('anon@example.com'))).statusCode).toBe(401);
    const asUser = await register(userToken, newUser('by-user@example.com'));
    expect(asUser.statusCode).toBe(403);
    expect(errorOf(asUser)).toEqual({ message: AUTH_ERRORS.forbidden, code: 'FORBIDDEN' });
  });

  it('lets a MODERATOR create a USER, answering its id and no tokens', async () => {
    const response = await register(moderatorToken, newUser('Created.By.Mod@Example.com'));
    expect(response.statusCode).toBe(201);
    const { data } = response.json<{ data: { id: number; user: User; tokens?: unknown } }>();
    expect(data.id).toBe(data.user.id);
    expect(data.user).toMatchObject({
      email: 'created.by.mod@example.com',
      role: 'USER',
      firstName: 'New',
      isActive: true,
    });
    expect(data).not.toHaveProperty('tokens');
    // The new account can sign in.
    expect((await t.login('created.by.mod@example.com', NEW_PASSWORD)).user.id).toBe(data.id);
  });

  it('keeps MODERATOR and ADMIN accounts to admins', async () => {
    for (const role of ['ADMIN', 'MODERATOR']) {
      const response = await register(
        moderatorToken,
        newUser(`mod-made-${role.toLowerCase()}@example.com`, role),
      );
      expect(response.statusCode).toBe(403);
    }
    const byAdmin = await register(adminToken, newUser('new-moderator@example.com', 'MODERATOR'));
    expect(byAdmin.statusCode).toBe(201);
  });

  it('answers 409 on the email field for an existing address, whatever its case', async () => {
    const response = await register(adminToken, newUser('USER@example.com'));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      message: AUTH_ERRORS.emailTaken,
      code: 'CONFLICT',
      fields: { email: AUTH_ERRORS.emailTaken },
    });
  });

  it('refuses weak passwords on the password field, saying why, and writes nothing', async () => {
    const before = await countUsers();
    const person = { email: 'ada.lovelace@example.com', firstName: 'Grace', lastName: 'Hopper' };
    const tooEasy = new RegExp(`^${PASSWORD_RULES.tooEasy}: \\S`);
    const cases: Array<[string, string | RegExp]> = [
      ['aaaaaaaa', PASSWORD_RULES.tooShort],
      ['password', PASSWORD_RULES.tooShort],
      ['        ', PASSWORD_RULES.tooShort],
      ['12345678', PASSWORD_RULES.tooShort],
      ['ada.lovelace@example.com', PASSWORD_RULES.containsEmail],
      ['Lovelace-Quartz-Meadow-73', PASSWORD_RULES.containsEmail],
      ['Quartz-HOPPER-Meadow-73', PASSWORD_RULES.containsName],
      // Twelve characters, and among the most common passwords.
      ['password1234', tooEasy],
      ['Password123!', tooEasy],
    ];
    for (const [password, message] of cases) {
      const response = await register(adminToken, { ...person, password });
      expect(response.statusCode, password).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields ?? {}), password).toEqual(['password']);
      expect(error.fields?.password, password).toMatch(message);
    }
    expect(await countUsers()).toBe(before);
    const strong = await register(adminToken, { ...person, password: NEW_PASSWORD });
    expect(strong.statusCode, strong.body).toBe(201);
    expect((await t.login(person.email, NEW_PASSWORD)).user.email).toBe(person.email);
  });

  it('keeps existing passwords signing in, the demo accounts’ weak one included', async () => {
    for (const who of ['admin', 'moderator', 'user', 'guest']) {
      expect((await t.login(`${who}@example.com`, 'Password123!')).user.email).toBe(`${who}@example.com`);
    }
  });

  it('answers 400 for a bad body and writes nothing', async () => {
    const before = await countUsers();
    const response = await register(adminToken, {
      email: 'half@example.com',
      password: 'short',
      role: 'OWNER',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      password: 'Password must be at least 12 characters',
      role: 'role must be one of ADMIN, MODERATOR, USER, GUEST',
    });
    expect(await countUsers()).toBe(before);
  });
});
