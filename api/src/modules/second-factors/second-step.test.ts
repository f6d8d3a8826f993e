import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_FACTOR_ERRORS,
  type AuthResult,
  type SecondStepResult,
  type SecurityOverview,
} from 'shared-contracts';
import { activity, secondFactors, secondStepTickets, users } from '../../db/schema';
import { build, errorOf, NEW_PASSWORD, type TestContext } from '../../test/build';
import {
  claimsOf,
  codeAt,
  enrolTotp,
  passwordStep,
  secondStep,
  removeFactors,
} from '../../test/second-factors';

/**
 * The second step of sign-in with an authenticator app and recovery codes, on a clock the test
 * sets (the codes follow the app's clock): the window, replay, single-use tickets, the per-account
 * lock, and what the tokens then say.
 */
let t: TestContext;
/** Mid-step, so no code computed for it crosses a step boundary. */
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

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

async function secondFactorRows(email: string) {
  return t.database.db
    .select({ details: activity.details })
    .from(activity)
    .where(and(eq(activity.userId, await userIdOf(email)), eq(activity.action, 'auth.second_factor')));
}

describe('sign-in with an authenticator app', () => {
  const email = 'user@example.com';
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    const enrolled = await enrolTotp(t, email, clock);
    secret = enrolled.secret;
    recoveryCodes = enrolled.added.recoveryCodes ?? [];
    // Later steps than the one the enrolment's code used.
    clock += 10 * STEP;
  });

  it('the first factor comes with 10 recovery codes, and the session that added it names it', async () => {
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(new Set(recoveryCodes.map((code) => code.slice(0, 5))).size).toBe(10);
  });

  it('a right password answers a second step and no session', async () => {
    const step = await passwordStep(t, email);
    expect(step.methods).toEqual(['totp', 'recovery']);
    expect(Date.parse(step.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(step.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    expect(step).not.toHaveProperty('tokens');
  });

  it('accepts the codes of the step before, the current one and the one after; not two away', async () => {
    for (const steps of [-2, 2]) {
      const { ticket } = await passwordStep(t, email);
      const refused = await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock, steps) });
      expect(refused.statusCode, `${steps} steps`).toBe(400);
      expect(errorOf(refused).fields).toEqual({ code: SECOND_FACTOR_ERRORS.wrongCode });
    }
    for (const steps of [-1, 0, 1]) {
      const { ticket } = await passwordStep(t, email);
      const passed = await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock, steps) });
      expect(passed.statusCode, `${steps} steps: ${passed.body}`).toBe(200);
      const result = passed.json<{ data: SecondStepResult }>().data;
      expect(result.mustEnrol).toBe(false);
      expect(claimsOf(result.tokens.accessToken)).toMatchObject({ amr: ['pwd', 'otp'] });
    }
  });

  it('never accepts a code of a step already used (nor an earlier one), even on a new ticket', async () => {
    clock += 5 * STEP;
    const first = await passwordStep(t, email);
    const code = codeAt(secret, clock);
    expect((await secondStep(t, { method: 'totp', ticket: first.ticket, code })).statusCode).toBe(200);
    const again = await passwordStep(t, email);
    for (const replay of [code, codeAt(secret, clock, -1)]) {
      const refused = await secondStep(t, { method: 'totp', ticket: again.ticket, code: replay });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields?.['code']).toBe(SECOND_FACTOR_ERRORS.codeUsed);
    }
    // Two requests with one fresh code at once: exactly one passes.
    clock += 5 * STEP;
    const [a, b] = [await passwordStep(t, email), await passwordStep(t, email)];
    const fresh = codeAt(secret, clock);
    const answers = await Promise.all([
      secondStep(t, { method: 'totp', ticket: a.ticket, code: fresh }),
      secondStep(t, { method: 'totp', ticket: b.ticket, code: fresh }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('a ticket is spent by its sign-in, and is refused after 5 minutes', async () => {
    clock += 5 * STEP;
    const { ticket } = await passwordStep(t, email);
    expect((await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock) })).statusCode).toBe(
      200,
    );
    clock += 5 * STEP;
    const reused = await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock) });
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused).message).toBe(SECOND_FACTOR_ERRORS.ticketExpired);

    const late = await passwordStep(t, email);
    await t.database.db
      .update(secondStepTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(secondStepTickets.userId, await userIdOf(email)));
    const expired = await secondStep(t, { method: 'totp', ticket: late.ticket, code: codeAt(secret, clock) });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toBe(SECOND_FACTOR_ERRORS.ticketExpired);
    const unknown = await secondStep(t, { method: 'totp', ticket: 'not-a-ticket', code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });

  it('each recovery code signs in once, and then the person is told to enrol a new factor', async () => {
    const [code, other] = recoveryCodes as [string, string];
    const { ticket } = await passwordStep(t, email);
    const passed = await secondStep(t, { method: 'recovery', ticket, code: code.toLowerCase() });
    expect(passed.statusCode, passed.body).toBe(200);
    const result = passed.json<{ data: SecondStepResult }>().data;
    expect(result.mustEnrol).toBe(true);
    expect(claimsOf(result.tokens.accessToken)).toMatchObject({ amr: ['pwd', 'otp'] });

    const again = await passwordStep(t, email);
    const reused = await secondStep(t, { method: 'recovery', ticket: again.ticket, code });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).fields).toEqual({ code: SECOND_FACTOR_ERRORS.wrongRecoveryCode });
    const made = `${code.slice(0, 5)}-${other.slice(6)}`;
    expect((await secondStep(t, { method: 'recovery', ticket: again.ticket, code: made })).statusCode).toBe(
      400,
    );
    expect((await secondStep(t, { method: 'recovery', ticket: again.ticket, code: other })).statusCode).toBe(
      200,
    );
  });

  it('after a recovery code the Security overview asks for a new factor, until one of theirs is used again', async () => {
    const security = async (token: string) => {
      const answer = await t.request({ method: 'GET', url: '/api/user/security', token });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: SecurityOverview }>().data;
    };
    // The factor was added and last used before this recovery code (the test's clock runs ahead of
    // the database's, which stamps the code's use).
    await t.database.db
      .update(secondFactors)
      .set({ createdAt: sql`now() - interval '1 hour'`, lastUsedAt: sql`now() - interval '1 hour'` })
      .where(eq(secondFactors.userId, await userIdOf(email)));
    const { ticket } = await passwordStep(t, email);
    const recovered = await secondStep(t, { method: 'recovery', ticket, code: recoveryCodes[2] ?? '' });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const afterRecovery = recovered.json<{ data: SecondStepResult }>().data.tokens.accessToken;
    expect((await security(afterRecovery)).enrolAfterRecovery).toBe(true);

    // The authenticator app again (the device was found): nothing more to add.
    clock += 5 * STEP;
    const next = await passwordStep(t, email);
    const passed = await secondStep(t, { method: 'totp', ticket: next.ticket, code: codeAt(secret, clock) });
    expect(passed.statusCode, passed.body).toBe(200);
    const token = passed.json<{ data: SecondStepResult }>().data.tokens.accessToken;
    expect((await security(token)).enrolAfterRecovery).toBe(false);
  });

  it('records every attempt, right or wrong, with its method in the audit log', async () => {
    const rows = (await secondFactorRows(email)).map((row) => row.details);
    expect(rows).toContainEqual({ method: 'totp', outcome: 'success', context: 'sign-in' });
    expect(rows).toContainEqual({ method: 'totp', outcome: 'failure', context: 'sign-in' });
    expect(rows).toContainEqual({ method: 'recovery', outcome: 'success', context: 'sign-in' });
    expect(rows).toContainEqual({ method: 'recovery', outcome: 'failure', context: 'sign-in' });
  });
});

describe('the access token says how the session signed in', () => {
  it('amr and auth_time after the second step, the same after a refresh; the password alone has no auth_time', async () => {
    const plain = await t.login('guest@example.com');
    expect(claimsOf(plain.tokens.accessToken)).toMatchObject({ amr: ['pwd'] });
    expect(claimsOf(plain.tokens.accessToken)).not.toHaveProperty('auth_time');

    const email = 'moderator@example.com';
    const { secret } = await enrolTotp(t, email, clock);
    clock += 3 * STEP;
    const before = Math.floor(Date.now() / 1000);
    const { ticket } = await passwordStep(t, email);
    const passed = await secondStep(t, { method: 'totp', ticket, code: codeAt(secret, clock) });
    const { tokens } = passed.json<{ data: AuthResult }>().data;
    const claims = claimsOf(tokens.accessToken);
    expect(claims['amr']).toEqual(['pwd', 'otp']);
    expect(claims['auth_time']).toBeGreaterThanOrEqual(before);
    expect(claims['auth_time']).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const again = claimsOf(
      refreshed.json<{ data: { tokens: { accessToken: string } } }>().data.tokens.accessToken,
    );
    expect(again).toMatchObject({ amr: ['pwd', 'otp'], auth_time: claims['auth_time'] });
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token: tokens.accessToken });
    expect(me.statusCode).toBe(200);
  });
});

describe('5 wrong codes lock the second step of that account for 15 minutes', () => {
  it('from any address, the right code included; another account is not locked', async () => {
    const email = 'admin@example.com';
    const { secret } = await enrolTotp(t, email, clock);
    const otherEmail = 'locked-neighbour@example.com';
    clock += 3 * STEP;
    const wrong = codeAt(secret, clock, 5);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const { ticket } = await passwordStep(t, email, '10.0.0.1');
      const answer = await secondStep(t, { method: 'totp', ticket, code: wrong }, '10.0.0.1');
      expect(answer.statusCode, `attempt ${attempt}`).toBe(400);
    }
    for (const [address, code] of [
      ['10.0.0.1', wrong],
      ['10.0.0.2', codeAt(secret, clock)],
    ] as const) {
      const { ticket } = await passwordStep(t, email, address);
      const locked = await secondStep(t, { method: 'totp', ticket, code }, address);
      expect(locked.statusCode, address).toBe(429);
      expect(errorOf(locked).message).toBe(SECOND_FACTOR_ERRORS.locked);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    const rows = (await secondFactorRows(email)).map((row) => row.details);
    expect(rows).toContainEqual({ method: 'totp', outcome: 'locked', context: 'sign-in' });

    // Another account with a factor is not locked by it.
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: (await t.login('moderator@example.com')).tokens.accessToken,
      payload: {
        email: otherEmail,
        password: NEW_PASSWORD,
        firstName: 'Lena',
        lastName: 'Nachbar',
        role: 'USER',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const other = (await enrolTotp(t, otherEmail, clock, NEW_PASSWORD)).secret;
    clock += 3 * STEP;
    const { ticket } = await passwordStep(t, otherEmail, '10.0.0.1', NEW_PASSWORD);
    const answer = await secondStep(t, { method: 'totp', ticket, code: codeAt(other, clock) }, '10.0.0.1');
    expect(answer.statusCode, answer.body).toBe(200);

    // 15 minutes later the owner signs in again.
    await t.database.db.execute(
      sql`update second_factor_failures set last_failure_at = now() - interval '15 minutes 1 second'`,
    );
    const later = await passwordStep(t, email, '10.0.0.2');
    const passed = await secondStep(
      t,
      { method: 'totp', ticket: later.ticket, code: codeAt(secret, clock) },
      '10.0.0.2',
    );
    expect(passed.statusCode, passed.body).toBe(200);
  });
});
