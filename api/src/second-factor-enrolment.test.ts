import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  SECOND_FACTOR_ERRORS,
  type AuthResult,
  type FactorAdded,
  type Role,
  type SecondStepResult,
  type TotpEnrolment,
} from 'shared-contracts';
import { companies as companyRows, secondFactors, users } from './db/schema';
import { ACCESS_TABLE, type RouteKey } from './http/access-table';
import { ENROLMENT_ROUTES } from './http/enrolment-routes';
import { routeAccess } from './plugins/auth';
import { signAccessToken } from './security/access-tokens';
import { build, errorOf, NEW_PASSWORD, type TestContext } from './test/build';
import { claimsOf, codeAt, enrolTotp, passwordStep, secondStep } from './test/second-factors';

/**
 * Enrolment enforcement: a person who must have a second factor and has none, once their grace is
 * over, is refused every signed-in route (403 MFA_ENROLMENT_REQUIRED) but the few enrolling needs
 * (ENROLMENT_ROUTES) — by the API itself, so a script or a stolen password without a factor reaches
 * nothing the console would have hidden. The routes walked are the app's own route table, so a new
 * route is refused unless someone names it in ENROLMENT_ROUTES. MFA_GRACE_DAYS is 0 here, as for
 * accounts made from now on in production (the other suites run with 7).
 */

let t: TestContext;
/** Every /api route of the app ("METHOD /url", HEAD twins left out), and whether it needs a sign-in. */
const routes = new Map<string, { signedIn: boolean }>();
/** The route (its declared URL) the last request reached, so a mistyped URL cannot pass. */
let reached: string | undefined;
let adminToken: string;
let sequence = 0;

beforeAll(async () => {
  t = await build({
    config: { mfaGraceDays: 0 },
    beforeReady(app) {
      app.addHook('onRequest', async (request) => {
        reached = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
      });
    },
    app: {
      onRoute(route) {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
          routes.set(`${method} ${route.url}`, { signedIn: routeAccess(route.onRequest).signedIn });
        }
      },
    },
  });
  adminToken = (await t.login('admin@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
});

/** A new account of `role` (made now: with MFA_GRACE_DAYS 0 it has no grace) and its e-mail. */
async function newAccount(role: Role, context: TestContext = t, token = adminToken): Promise<string> {
  sequence += 1;
  const email = `enrolment-${role.toLowerCase()}-${sequence}@example.com`;
  const response = await context.request({
    method: 'POST',
    url: '/api/auth/register',
    token,
    payload: { email, password: NEW_PASSWORD, firstName: 'Enrolment', lastName: `Person${sequence}`, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  return email;
}

const signIn = (email: string, context: TestContext = t) => context.login(email, NEW_PASSWORD);

async function refreshed(refreshToken: string, context: TestContext = t): Promise<AuthResult['tokens']> {
  const response = await context.request({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refreshToken },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { tokens: AuthResult['tokens'] } }>().data.tokens;
}

const companies = (token: string, context: TestContext = t) =>
  context.request({ method: 'GET', url: '/api/company/companies', token });

/** The answer is the enrolment refusal, with the message for `reason`. */
function expectEnrolmentRefusal(response: LightMyRequestResponse, reason: 'duty' | 'recovery' = 'duty') {
  expect(response.statusCode, response.body).toBe(403);
  expect(errorOf(response)).toMatchObject({
    code: ERROR_CODES.mfaEnrolmentRequired,
    message:
      reason === 'duty' ? SECOND_FACTOR_ERRORS.enrolmentRequired : SECOND_FACTOR_ERRORS.enrolAfterRecovery,
  });
}

/** Adds an authenticator app with `token` (the Security page's two calls): the answer. */
async function addAuthenticator(token: string): Promise<FactorAdded> {
  const started = await t.request({ method: 'POST', url: '/api/user/security/totp', token });
  expect(started.statusCode, started.body).toBe(200);
  const { enrolmentId, secret } = started.json<{ data: TotpEnrolment }>().data;
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/user/security/totp/confirm',
    token,
    payload: { enrolmentId, code: codeAt(secret, Date.now()), name: 'New phone' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json<{ data: FactorAdded }>().data;
}

/** A request that reaches `route` with any token: params filled in; the refusal comes before the body is read. */
function callOf(route: string): { method: InjectOptions['method']; url: string } {
  const space = route.indexOf(' ');
  const path = route
    .slice(space + 1)
    .replace(/:[A-Za-z]+/g, '1')
    .replace('*', 'x');
  return { method: route.slice(0, space) as InjectOptions['method'], url: path };
}

/** One request per allowed route that a person enrolling would send, valid enough to get past the gate. */
const ALLOWED_CALLS: Record<string, Omit<InjectOptions, 'method'> & { url: string }> = {
  'GET /api/auth/me': { url: '/api/auth/me' },
  'GET /api/auth/sessions': { url: '/api/auth/sessions' },
  'DELETE /api/auth/sessions/:id': { url: '/api/auth/sessions/00000000-0000-4000-8000-000000000000' },
  'POST /api/auth/sessions/sign-out-others': { url: '/api/auth/sessions/sign-out-others' },
  'GET /api/user/security': { url: '/api/user/security' },
  'POST /api/user/security/totp': { url: '/api/user/security/totp' },
  'POST /api/user/security/totp/confirm': { url: '/api/user/security/totp/confirm', payload: {} },
  'POST /api/user/security/passkeys/options': { url: '/api/user/security/passkeys/options' },
  'POST /api/user/security/passkeys': { url: '/api/user/security/passkeys', payload: {} },
};

describe('Enrolment enforcement on every route', () => {
  it('names only signed-in routes of the app as open while enrolling', () => {
    // A route walk that found nothing would pass everything below.
    expect(routes.size).toBe(Object.keys(ACCESS_TABLE).length);
    for (const route of ENROLMENT_ROUTES) {
      expect(routes.get(route), route).toEqual({ signedIn: true });
      expect(ALLOWED_CALLS[route], `${route} has no call below`).toBeDefined();
    }
  });

  it('the API description names the refusal on the routes that give it, and not on enrolment’s', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/openapi.json' });
    const paths = answer.json<{
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    }>().paths;
    const refusal = (path: string, method: string) =>
      paths[path]?.[method]?.responses['403']?.description ?? '';
    expect(refusal('/api/company/companies', 'get')).toContain(ERROR_CODES.mfaEnrolmentRequired);
    expect(refusal('/api/company/companies', 'post')).toMatch(/FORBIDDEN.*MFA_ENROLMENT_REQUIRED/);
    expect(refusal('/api/auth/me', 'get')).not.toContain(ERROR_CODES.mfaEnrolmentRequired);
    expect(refusal('/api/user/security/totp', 'post')).not.toContain(ERROR_CODES.mfaEnrolmentRequired);
  });

  it('a MODERATOR with no factor and no grace left is refused every other signed-in route', async () => {
    const email = await newAccount('MODERATOR');
    const { tokens } = await signIn(email);
    expect(claimsOf(tokens.accessToken)['mfa_enrol']).toMatchObject({ reason: 'duty' });

    const unexpected: string[] = [];
    let refused = 0;
    for (const [route, { signedIn }] of routes) {
      // Public routes read no access token (sign-in, its second step, refresh, sign-out, docs, webhooks).
      if (!signedIn) continue;
      const allowed = ENROLMENT_ROUTES.has(route as RouteKey);
      const call = allowed ? { ...ALLOWED_CALLS[route]!, method: callOf(route).method } : callOf(route);
      reached = undefined;
      const response = await t.request({ ...call, token: tokens.accessToken });
      if (reached !== route) unexpected.push(`${route}: the request reached ${reached}`);
      const code = response.statusCode === 403 ? errorOf(response).code : undefined;
      if (allowed) {
        if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500)
          unexpected.push(
            `${route} (open while enrolling): ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
      } else if (code !== ERROR_CODES.mfaEnrolmentRequired) {
        unexpected.push(
          `${route}: expected 403 MFA_ENROLMENT_REQUIRED, got ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      } else {
        refused += 1;
      }
    }
    expect(unexpected).toEqual([]);
    const signedInRoutes = [...routes.values()].filter((route) => route.signedIn).length;
    expect(refused).toBe(signedInRoutes - ENROLMENT_ROUTES.size);
    expect(refused).toBeGreaterThan(50);
    // The message says why, for the console and for a script alike.
    expectEnrolmentRefusal(await companies(tokens.accessToken));

    // A refresh decides again, and still refuses.
    const again = await refreshed(tokens.refreshToken);
    expectEnrolmentRefusal(await companies(again.accessToken));
  });

  it('within the grace nothing is refused; from its end (even within a token’s life) all but enrolment is', async () => {
    const email = await newAccount('MODERATOR');
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000);
    await t.database.db.update(users).set({ mfaGraceUntil: inTwoDays }).where(eq(users.email, email));
    const { tokens, user } = await signIn(email);
    expect(claimsOf(tokens.accessToken)['mfa_enrol']).toEqual({
      by: Math.floor(inTwoDays.getTime() / 1000),
      reason: 'duty',
    });
    expect((await companies(tokens.accessToken)).statusCode).toBe(200);

    // The same session's token once the claimed time has passed (signed as the API signs; a holder
    // cannot move the time: the signature covers it).
    const claims = claimsOf(tokens.accessToken);
    const expired = await signAccessToken(
      {
        userId: user.id,
        role: user.role,
        sessionId: String(claims['sid']),
        enrolment: { by: Math.floor(Date.now() / 1000) - 1, reason: 'duty' },
      },
      t.config.jwtSecret,
      60,
    );
    expectEnrolmentRefusal(await companies(expired));

    // The grace ends (or an ADMIN shortens it): the next refresh carries it.
    await t.database.db
      .update(users)
      .set({ mfaGraceUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.email, email));
    expectEnrolmentRefusal(await companies((await refreshed(tokens.refreshToken)).accessToken));
  });

  it('MFA_GRACE_DAYS counts from the account’s creation for accounts made from now on', async () => {
    const week = await build({ config: { mfaGraceDays: 7 } });
    try {
      const admin = (await week.login('admin@example.com')).tokens.accessToken;
      const email = await newAccount('MODERATOR', week, admin);
      const { tokens } = await signIn(email, week);
      expect((await companies(tokens.accessToken, week)).statusCode).toBe(200);
      await week.database.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(users.email, email));
      expectEnrolmentRefusal(await companies((await refreshed(tokens.refreshToken, week)).accessToken, week));
    } finally {
      await week.close();
    }
  });

  it('adding a factor lifts it at once (a new token); losing every factor brings it back', async () => {
    const email = await newAccount('ADMIN');
    const { tokens } = await signIn(email);
    expectEnrolmentRefusal(await companies(tokens.accessToken));

    const added = await addAuthenticator(tokens.accessToken);
    expect(added.recoveryCodes).toHaveLength(10);
    expect(claimsOf(added.accessToken)['mfa_enrol']).toBeUndefined();
    expect((await companies(added.accessToken)).statusCode).toBe(200);
    // The session's refresh carries it on.
    expect((await companies((await refreshed(tokens.refreshToken)).accessToken)).statusCode).toBe(200);

    // Its factors gone (as an ADMIN's reset of them leaves it): the next sign-in or refresh refuses again.
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.database.db.delete(secondFactors).where(eq(secondFactors.userId, row!.id));
    expectEnrolmentRefusal(await companies((await signIn(email)).tokens.accessToken));
  });

  it('a recovery-code sign-in (lost device) must enrol a new factor before anything else, whatever the role', async () => {
    // A USER who decides nothing, who chose to add a factor.
    const email = await newAccount('USER');
    const { added } = await enrolTotp(t, email, Date.now(), NEW_PASSWORD);
    const [recoveryCode] = added.recoveryCodes ?? [];

    const step = await passwordStep(t, email, '127.0.0.1', NEW_PASSWORD);
    const answer = await secondStep(t, { ticket: step.ticket, method: 'recovery', code: recoveryCode });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{ data: SecondStepResult }>().data;
    expect(result.mustEnrol).toBe(true);
    expect(claimsOf(result.tokens.accessToken)['mfa_enrol']).toMatchObject({ reason: 'recovery' });
    expectEnrolmentRefusal(await companies(result.tokens.accessToken), 'recovery');
    expect(
      (await t.request({ method: 'GET', url: '/api/user/security', token: result.tokens.accessToken }))
        .statusCode,
    ).toBe(200);
    // A refresh does not shake it off: the recovery code is still the last proof given.
    const again = await refreshed(result.tokens.refreshToken);
    expectEnrolmentRefusal(await companies(again.accessToken), 'recovery');

    // A new factor lifts it, for this session's later tokens too.
    const enrolled = await addAuthenticator(again.accessToken);
    expect((await companies(enrolled.accessToken)).statusCode).toBe(200);
    expect((await companies((await refreshed(again.refreshToken)).accessToken)).statusCode).toBe(200);
  });

  it('a USER or GUEST who decides nothing is never made to enrol, and may', async () => {
    for (const role of ['USER', 'GUEST'] as const) {
      const email = await newAccount(role);
      const { tokens } = await signIn(email);
      expect(claimsOf(tokens.accessToken)['mfa_enrol']).toBeUndefined();
      expect((await companies(tokens.accessToken)).statusCode).toBe(200);
      const security = await t.request({
        method: 'GET',
        url: '/api/user/security',
        token: tokens.accessToken,
      });
      expect(security.json<{ data: { required: boolean } }>().data.required).toBe(false);
      const added = await addAuthenticator(tokens.accessToken);
      expect((await companies(added.accessToken)).statusCode).toBe(200);
    }
  });

  it('a USER who becomes a company’s approver must enrol from their next token', async () => {
    const email = await newAccount('USER');
    const { tokens, user } = await signIn(email);
    expect((await companies(tokens.accessToken)).statusCode).toBe(200);
    const [company] = await t.database.db.select({ id: companyRows.id }).from(companyRows).limit(1);
    await t.database.db
      .update(companyRows)
      .set({ approverId: user.id })
      .where(eq(companyRows.id, company!.id));
    expectEnrolmentRefusal(await companies((await refreshed(tokens.refreshToken)).accessToken));
  });
});
