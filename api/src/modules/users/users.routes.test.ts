import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, PASSWORD_RULES, type Pagination, type User } from 'shared-contracts';
import { activity, approvals, companies, loginAttempts, refreshTokens, users } from '../../db/schema';
import { build, errorOf, NEW_PASSWORD, type TestContext } from '../../test/build';

let t: TestContext;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.close();
});

const changePassword = (token: string | undefined, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/user/password', payload: payload as object, token });

describe('PUT /api/user/password', () => {
  it('needs a signed-in user', async () => {
    const response = await changePassword(undefined, {
      currentPassword: 'Password123!',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 on currentPassword when it is wrong, and changes nothing', async () => {
    const { tokens } = await t.login('user@example.com');
    const response = await changePassword(tokens.accessToken, {
      currentPassword: 'WrongPass1!',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_ERROR',
      message: `currentPassword: ${AUTH_ERRORS.currentPasswordWrong}`,
      fields: { currentPassword: AUTH_ERRORS.currentPasswordWrong },
    });
    await t.login('user@example.com');
  });

  it('validates the new password', async () => {
    const { tokens } = await t.login('user@example.com');
    const short = await changePassword(tokens.accessToken, {
      currentPassword: 'Password123!',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ newPassword: 'Password must be at least 12 characters' });
    const same = await changePassword(tokens.accessToken, {
      currentPassword: 'Password123!',
      newPassword: 'Password123!',
    });
    expect(errorOf(same).fields).toEqual({
      newPassword: 'The new password must differ from the current one',
    });
  });

  it('refuses a weak new password, saying why, before looking at the current one', async () => {
    const { tokens } = await t.login('guest@example.com');
    const cases: Array<[string, string | RegExp]> = [
      ['aaaaaaaa', PASSWORD_RULES.tooShort],
      ['        ', PASSWORD_RULES.tooShort],
      ['guest@example.com', PASSWORD_RULES.containsEmail],
      ['My-Guest-Quartz-Meadow-9', PASSWORD_RULES.containsEmail],
      ['qwertyuiop12', new RegExp(`^${PASSWORD_RULES.tooEasy}: \\S`)],
    ];
    for (const [newPassword, message] of cases) {
      for (const currentPassword of ['Password123!', 'Not-The-Current-1']) {
        const response = await changePassword(tokens.accessToken, { currentPassword, newPassword });
        expect(response.statusCode, newPassword).toBe(400);
        expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['newPassword']);
        expect(errorOf(response).fields?.newPassword, newPassword).toMatch(message);
      }
    }
    // Named in the profile: the person's own names are refused too.
    const named = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      token: tokens.accessToken,
      payload: { firstName: 'Gustavo', lastName: 'Fring' },
    });
    expect(named.statusCode).toBe(200);
    const withName = await changePassword(tokens.accessToken, {
      currentPassword: 'Password123!',
      newPassword: 'Quartz-gustavo-Meadow-73',
    });
    expect(errorOf(withName).fields).toEqual({ newPassword: PASSWORD_RULES.containsName });
    // Nothing changed: the old password still signs in.
    await t.login('guest@example.com');
  });

  /** A fresh account (its own throttle record), signed in: its access token. */
  async function freshAccount(email: string): Promise<string> {
    const admin = (await t.login('admin@example.com')).tokens.accessToken;
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: { email, password: NEW_PASSWORD, firstName: 'Flo', lastName: 'Oder', role: 'GUEST' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (await t.login(email, NEW_PASSWORD)).tokens.accessToken;
  }

  it('a throttled person is answered 429 before any strength estimate', async () => {
    const token = await freshAccount('throttled.guesser@example.com');
    // Five wrong current passwords: the throttle's limit for one e-mail from one address.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await changePassword(token, {
        currentPassword: `Wrong-${attempt}-Pass!`,
        newPassword: 'Gx7#pLq2!vRz',
      });
      expect(wrong.statusCode).toBe(400);
    }
    // A weak new password now: were it estimated first, the answer would be 400 'too easy'.
    const throttled = await changePassword(token, {
      currentPassword: NEW_PASSWORD,
      newPassword: 'qwertyuiop12',
    });
    expect(throttled.statusCode).toBe(429);
    expect(errorOf(throttled).message).toBe(AUTH_ERRORS.tooManyPasswordAttempts);
  });

  it('one person floods long passwords: one is estimated at a time, the rest refused at once; others are served', async () => {
    const token = await freshAccount('flooding.guest@example.com');
    const admin = (await t.login('admin@example.com')).tokens.accessToken;
    const long = 'Quartz-Lantern-Meadow-73-'.repeat(6).slice(0, 128);
    const flood = Array.from({ length: 4 }, () =>
      changePassword(token, { currentPassword: 'Not-The-Current-1', newPassword: long }),
    );
    const register = t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: admin,
      payload: {
        email: 'served.meanwhile@example.com',
        password: NEW_PASSWORD,
        firstName: 'Sam',
        lastName: 'Served',
        role: 'USER',
      },
    });
    const answers = await Promise.all(flood);
    expect((await register).statusCode).toBe(201);
    const refused = answers.filter(
      (answer) => answer.statusCode === 429 && errorOf(answer).message === PASSWORD_RULES.checkRunning,
    );
    // The first reached the estimator (and then failed on the current password); the others came
    // while it ran.
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(
      answers.length - refused.length,
    );
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // A refused check costs no guess: the throttle counted only the ones that were checked. (Read
    // from the table, not by trying once more: on a slow machine one estimate of a long password
    // can spend the person's estimator credit, a different limit that answers 429 too.)
    const guesses = await t.database.db
      .select({ id: loginAttempts.id })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, 'flooding.guest@example.com'));
    expect(guesses).toHaveLength(answers.length - refused.length);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const other = await t.login('moderator@example.com');
    const current = await t.login('moderator@example.com');
    const response = await changePassword(current.tokens.accessToken, {
      currentPassword: 'Password123!',
      newPassword: 'Brand-New-Pass1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });

    const oldPassword = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'moderator@example.com', password: 'Password123!' },
    });
    expect(oldPassword.statusCode).toBe(401);
    await t.login('moderator@example.com', 'Brand-New-Pass1');

    const refresh = (refreshToken: string) =>
      t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    expect((await refresh(other.tokens.refreshToken)).statusCode).toBe(401);
    expect((await refresh(current.tokens.refreshToken)).statusCode).toBe(200);

    const [moderator] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'moderator@example.com'));
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(activity)
      .where(and(eq(activity.userId, moderator!.id), eq(activity.action, 'user.password_change')));
    expect(row?.n).toBe(1);
    const live = await t.database.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, moderator!.id), isNull(refreshTokens.revokedAt)));
    // This session (rotated once) and the sign-in with the new password.
    expect(new Set(live.map((r) => r.familyId)).size).toBe(2);
  });
});

describe('GET /api/user/users', () => {
  const listUsers = async (query: string, email = 'guest@example.com') => {
    const { tokens } = await t.login(email);
    return t.request({ method: 'GET', url: `/api/user/users?${query}`, token: tokens.accessToken });
  };
  type Page = { data: User[]; meta: { pagination: Pagination } };

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user/users' })).statusCode).toBe(401);
  });

  it('pages users newest first, without password hashes', async () => {
    const response = await listUsers('limit=5');
    expect(response.statusCode).toBe(200);
    const body = response.json<Page>();
    const [total] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    expect(body.meta.pagination).toEqual({
      total: total!.n,
      page: 1,
      limit: 5,
      totalPages: Math.ceil(total!.n / 5),
    });
    expect(body.data).toHaveLength(5);
    expect(JSON.stringify(body.data)).not.toContain('passwordHash');
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      email: expect.any(String),
      role: expect.any(String),
      isActive: expect.any(Boolean),
    });
    const times = body.data.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters the assignee picker: role list, active only, limit 100', async () => {
    const response = await listUsers('role=ADMIN,MODERATOR,USER&isActive=true&limit=100');
    const body = response.json<Page>();
    expect(body.data.length).toBe(body.meta.pagination.total);
    expect(body.data.every((u) => ['ADMIN', 'MODERATOR', 'USER'].includes(u.role) && u.isActive)).toBe(true);
    const guests = (await listUsers('role=GUEST')).json<Page>();
    expect(guests.data.every((u) => u.role === 'GUEST')).toBe(true);
    expect(guests.meta.pagination.total).toBeGreaterThan(0);
  });

  it('searches e-mail and names, sorts by name, and validates the query', async () => {
    const found = (await listUsers('search=MODERATOR')).json<Page>();
    expect(found.data.map((u) => u.email)).toContain('moderator@example.com');
    const sorted = (await listUsers('sortBy=lastName&sortOrder=asc&limit=100')).json<Page>();
    const names = sorted.data.map((u) => u.lastName?.toLowerCase() ?? null);
    const present = names.filter((n): n is string => n !== null);
    expect(present).toEqual([...present].sort());
    const bad = await listUsers('limit=101&role=ROOT&isActive=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['isActive', 'limit', 'role']);
  });
});

describe('a user whose two names are as long as allowed (255 each)', () => {
  it('signs in, edits the profile, changes the password and approves: every write keeps its history', async () => {
    const long = { firstName: 'ß'.repeat(255), lastName: 'Ω'.repeat(255) };
    const { tokens, user } = await t.login('user@example.com');
    // These writes copy "first last" (511 characters) into activity and approvals; the copies
    // were 255 long, so each answered 500 (found by the fuzz suite).
    const profile = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      token: tokens.accessToken,
      payload: long,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const again = await t.login('user@example.com');
    const [pending] = await t.database.db
      .select({ id: approvals.id })
      .from(approvals)
      // Under the default approval policy a USER approves only for companies whose approver they
      // are (the demo data makes them one), and one step decides only bills below $10,000.
      .innerJoin(companies, eq(companies.id, approvals.companyId))
      .where(
        and(
          eq(approvals.status, 'PENDING'),
          ne(approvals.createdById, user.id),
          eq(companies.approverId, user.id),
          eq(approvals.stepCount, 1),
        ),
      )
      .limit(1);
    const approve = await t.request({
      method: 'PUT',
      url: `/api/bill-approval/approvals/${pending!.id}/approve`,
      token: again.tokens.accessToken,
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const change = await changePassword(again.tokens.accessToken, {
      currentPassword: 'Password123!',
      newPassword: 'Long-Names-Pass1',
    });
    expect(change.statusCode, change.body).toBe(200);
    const [approved] = await t.database.db.select().from(approvals).where(eq(approvals.id, pending!.id));
    expect(approved!.approvedBy).toBe(`${long.firstName} ${long.lastName}`);
    const rows = await t.database.db
      .select({ userName: activity.userName })
      .from(activity)
      .where(and(eq(activity.userId, user.id), eq(activity.action, 'user.password_change')));
    expect(rows.map((row) => row.userName)).toEqual([`${long.firstName} ${long.lastName}`]);
  });
});
