import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  SECOND_FACTOR_ERRORS,
  type AuthResult,
  type RecoveryCodes,
  type SecurityOverview,
} from 'shared-contracts';
import { approvalPolicies, companies, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/users';
import { build, errorOf, type TestContext } from '../../test/build';
import {
  claimsOf,
  codeAt,
  enrolTotp,
  passwordStep,
  secondStep,
  sessionWithFactorAge,
  removeFactors,
} from '../../test/second-factors';

/**
 * The Security page's routes: who must have a factor, step-up before removing one or making new
 * recovery codes (403 STEP_UP_REQUIRED, then 200 after POST /api/auth/step-up), and removing a
 * factor signing the person's other sessions out.
 */
let t: TestContext;
let clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
const STEP = 30_000;

beforeAll(async () => {
  t = await build({ app: { now: () => new Date(clock) } });
  // These tests start from people without a factor: the demo accounts without the demo authenticator.
  await removeFactors(t, 'admin@example.com', 'moderator@example.com', 'user@example.com');
});
afterAll(async () => {
  await t?.close();
});

const overview = async (token: string) => {
  const answer = await t.request({ method: 'GET', url: '/api/user/security', token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: SecurityOverview }>().data;
};

describe('GET /api/user/security', () => {
  it('ADMIN and MODERATOR must have a factor; a USER only when they decide payments', async () => {
    const { admin, moderator, user, guest } = await t.demoTokens('admin', 'moderator', 'user', 'guest');
    // Seeded as an account that existed when second factors came: a week from the seed's clock.
    const seeded = await overview(admin);
    expect(seeded).toMatchObject({ factors: [], recoveryCodesLeft: 0, required: true });
    expect(Date.parse(seeded.graceUntil ?? '') - Date.now()).toBeGreaterThan(6 * 86_400_000);
    // Without it, MFA_GRACE_DAYS (7 in tests) counts from the account's creation, long past: none.
    await t.database.db
      .update(users)
      .set({ mfaGraceUntil: null })
      .where(eq(users.email, 'admin@example.com'));
    expect((await overview(admin)).graceUntil).toBeNull();
    // Accounts that existed when second factors came were given a week by the migration.
    const week = new Date(Date.now() + 7 * 86_400_000);
    await t.database.db
      .update(users)
      .set({ mfaGraceUntil: week })
      .where(eq(users.email, 'admin@example.com'));
    expect((await overview(admin)).graceUntil).toBe(week.toISOString());
    expect((await overview(moderator)).required).toBe(true);
    expect(await overview(guest)).toMatchObject({ required: false, graceUntil: null });

    // A USER who approves for a company must have one.
    const [person] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'user@example.com'));
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db
      .update(companies)
      .set({ approverId: person!.id })
      .where(eq(companies.id, company!.id));
    expect((await overview(user)).required).toBe(true);

    // Named in a step of a company's policy in force, or someone's out-of-office delegate.
    const [guestRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'guest@example.com'));
    const guestId = guestRow!.id;
    const naming = {
      rules: [
        {
          conditions: {},
          steps: [{ mode: 'ANY' as const, approvers: [{ kind: 'user' as const, userId: guestId }] }],
        },
      ],
    };
    await t.database.db
      .insert(approvalPolicies)
      .values({ companyId: company!.id, version: 900, definition: naming });
    expect((await overview(guest)).required).toBe(true);
    // A newer version that no longer names them: not any more.
    await t.database.db.insert(approvalPolicies).values({
      companyId: company!.id,
      version: 901,
      definition: { rules: [{ conditions: {}, steps: [] }] },
    });
    expect((await overview(guest)).required).toBe(false);
    await t.database.db
      .update(users)
      .set({ delegateId: guestId })
      .where(eq(users.email, 'admin@example.com'));
    expect((await overview(guest)).required).toBe(true);
    await t.database.db.update(users).set({ delegateId: null }).where(eq(users.email, 'admin@example.com'));
  });
});

describe('step-up', () => {
  const email = 'guest@example.com';
  let secret: string;

  beforeAll(async () => {
    ({ secret } = await enrolTotp(t, email, clock));
    clock += 5 * STEP;
  });

  /** Signs in through the second step with the app's code, then makes the session's last factor `minutesAgo` old. */
  const sessionAged = (minutesAgo: number) =>
    sessionWithFactorAge(t, minutesAgo, async () => {
      clock += 2 * STEP;
      const { ticket } = await passwordStep(t, email);
      const passed = await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock) });
      expect(passed.statusCode, passed.body).toBe(200);
      return passed.json<{ data: AuthResult }>().data.tokens;
    });

  it('a factor older than STEP_UP_MINUTES: 403 STEP_UP_REQUIRED, then 200 after POST /api/auth/step-up', async () => {
    const tokens = await sessionAged(t.config.stepUpMinutes + 1);
    const regenerate = (token: string) =>
      t.request({ method: 'POST', url: '/api/user/security/recovery-codes', token });
    const refused = await regenerate(tokens.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.stepUpRequired,
    });

    clock += 2 * STEP;
    const wrong = await t.request({
      method: 'POST',
      url: '/api/auth/step-up',
      token: tokens.accessToken,
      payload: { method: 'totp', code: codeAt(secret, clock, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    const stepped = await t.request({
      method: 'POST',
      url: '/api/auth/step-up',
      token: tokens.accessToken,
      payload: { method: 'totp', code: codeAt(secret, clock) },
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const { accessToken } = stepped.json<{ data: { accessToken: string } }>().data;
    expect(Number(claimsOf(accessToken)['auth_time'])).toBeGreaterThan(Date.now() / 1000 - 60);

    const made = await regenerate(accessToken);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json<{ data: RecoveryCodes }>().data.recoveryCodes).toHaveLength(10);

    // The session keeps its new factor time through a refresh.
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    const again = refreshed.json<{ data: { tokens: AuthResult['tokens'] } }>().data.tokens.accessToken;
    expect(claimsOf(again)['auth_time']).toBe(claimsOf(accessToken)['auth_time']);
  });

  it('a session that signed in with the password alone has no auth_time: 403 until it steps up', async () => {
    const { tokens } = await t.login('user@example.com');
    const refused = await t.request({
      method: 'POST',
      url: '/api/user/security/recovery-codes',
      token: tokens.accessToken,
    });
    expect(refused.statusCode).toBe(403);
    // And without any factor, the message says to add one.
    expect(errorOf(refused)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.noFactor,
    });
  });

  it('removing a factor needs a fresh one, and signs every other session out', async () => {
    const other = await sessionAged(0);
    const stale = await sessionAged(t.config.stepUpMinutes + 1);
    const current = await sessionAged(0);
    const { factors } = await overview(current.accessToken);
    const factorId = factors[0]!.id;
    const remove = (token: string) =>
      t.request({ method: 'DELETE', url: `/api/user/security/factors/${factorId}`, token });

    expect((await remove(stale.accessToken)).statusCode).toBe(403);
    const missing = await t.request({
      method: 'DELETE',
      url: '/api/user/security/factors/999999',
      token: current.accessToken,
    });
    expect(missing.statusCode).toBe(404);

    const removed = await remove(current.accessToken);
    expect(removed.statusCode, removed.body).toBe(200);
    const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });
    expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await me(stale.accessToken)).statusCode).toBe(401);
    expect((await me(current.accessToken)).statusCode).toBe(200);
    // The last factor went, and its recovery codes with it: the password alone signs in again.
    expect(await overview(current.accessToken)).toMatchObject({ factors: [], recoveryCodesLeft: 0 });
    const plain = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(plain.json<{ data: AuthResult }>().data.tokens).toBeDefined();
  });
});
