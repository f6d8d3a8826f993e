/**
 * Second factors in tests: enrolling an authenticator app through the API, signing in through the
 * second step, sessions with an aged factor, and reading tokens.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuthResult, FactorAdded, LoginAnswer, SecondStep, TotpEnrolment } from 'shared-contracts';
import { refreshTokens, secondFactors, users } from '../db/schema';
import { DEMO_TOTP_SECRET } from '../seed/demo-authenticator';
import { DEMO_PASSWORD } from '../seed/users';
import { encryptSecret } from '../security/token-cipher';
import { totpCode, totpStepAt } from '../modules/second-factors/totp';
import type { TestContext } from './build';

/** The claims of an access token (not verified: the API did that). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** The code an app shows `steps` steps after `at` (epoch ms). */
export const codeAt = (secret: string, at: number, steps = 0) => totpCode(secret, totpStepAt(at) + steps);

/**
 * Adds an authenticator app to `email`'s account through the API (signed in with the password
 * alone, before it has a factor), its code computed for `at`: the secret, codes and session.
 */
export async function enrolTotp(
  t: TestContext,
  email: string,
  at: number,
  password = DEMO_PASSWORD,
): Promise<{ secret: string; added: FactorAdded; accessToken: string; refreshToken: string }> {
  const { tokens } = await t.login(email, password);
  const started = await t.request({
    method: 'POST',
    url: '/api/user/security/totp',
    token: tokens.accessToken,
  });
  expect(started.statusCode, started.body).toBe(200);
  const enrolment = started.json<{ data: TotpEnrolment }>().data;
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/user/security/totp/confirm',
    token: tokens.accessToken,
    payload: { enrolmentId: enrolment.enrolmentId, code: codeAt(enrolment.secret, at), name: 'Phone' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const added = confirmed.json<{ data: FactorAdded }>().data;
  return {
    secret: enrolment.secret,
    added,
    accessToken: added.accessToken,
    refreshToken: tokens.refreshToken,
  };
}

/** POST /api/auth/login (the demo password unless given), from `remoteAddress`: its second step (asserted). */
export async function passwordStep(
  t: TestContext,
  email: string,
  remoteAddress = '127.0.0.1',
  password = DEMO_PASSWORD,
): Promise<SecondStep> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ data: LoginAnswer }>().data;
  if (!('secondStep' in answer)) throw new Error(`${email}: signed in without a second step`);
  return answer.secondStep;
}

/** POST /api/auth/second-step. */
export function secondStep(t: TestContext, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.request({ method: 'POST', url: '/api/auth/second-step', payload, remoteAddress });
}

/**
 * A new session whose last factor was given `minutesAgo` minutes ago: signed in (`signIn`, or
 * t.login of that e-mail, which passes the second step of an account with a factor), its factor
 * time moved back in the database, then refreshed so that its access token says so (auth_time).
 * Older than STEP_UP_MINUTES, it is asked for a step-up on the routes that need a fresh factor.
 */
export async function sessionWithFactorAge(
  t: TestContext,
  minutesAgo: number,
  signIn: string | (() => Promise<AuthResult['tokens']>),
): Promise<AuthResult['tokens']> {
  const tokens = typeof signIn === 'string' ? (await t.login(signIn)).tokens : await signIn();
  const sid = String(claimsOf(tokens.accessToken)['sid']);
  await t.database.db
    .update(refreshTokens)
    .set({ factorAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(refreshTokens.familyId, sid));
  const refreshed = await t.request({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken: tokens.refreshToken },
  });
  expect(refreshed.statusCode, refreshed.body).toBe(200);
  return refreshed.json<{ data: { tokens: AuthResult['tokens'] } }>().data.tokens;
}

/**
 * Takes the second factors (the demo authenticator) off these accounts, for tests about a person
 * who has none yet: enrolling the first one, its recovery codes, the methods it brings.
 */
export async function removeFactors(t: TestContext, ...emails: string[]): Promise<void> {
  const ids = t.database.db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  await t.database.db.delete(secondFactors).where(inArray(secondFactors.userId, ids));
}

/**
 * Gives an account a test made an authenticator app (the demo one's secret, encrypted as an
 * enrolment stores it) without going through enrolment, for tests whose person must pass a step-up
 * but whose point lies elsewhere: t.login then passes their second step, so their session is fresh.
 */
export async function giveAuthenticator(t: TestContext, userId: number): Promise<void> {
  await t.database.db.insert(secondFactors).values({
    userId,
    kind: 'totp',
    name: 'Test authenticator',
    totpSecret: encryptSecret(DEMO_TOTP_SECRET, t.config.mfaSecretKey),
  });
}

/** POST /api/auth/step-up with an authenticator code (asserted 200): the fresh access token. */
export async function stepUpWithCode(t: TestContext, token: string, code: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/step-up',
    token,
    payload: { method: 'totp', code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { accessToken: string } }>().data.accessToken;
}
