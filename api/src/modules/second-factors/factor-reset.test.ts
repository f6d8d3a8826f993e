import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  FACTOR_RESET_ERRORS,
  SECOND_FACTOR_ERRORS,
  USER_ERRORS,
  type AuditEntry,
  type FactorResetDone,
  type FactorResetState,
  type LoginAnswer,
  type Role,
} from 'shared-contracts';
import { refreshTokens, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/users';
import { build, demoPasswordHash, errorOf, type TestContext } from '../../test/build';
import { claimsOf, enrolTotp } from '../../test/second-factors';

/**
 * Resetting another person's second factors takes two ADMINs. The attacks it stops: one insider
 * (an ADMIN, or whoever holds one ADMIN's session) stripping a colleague's factors alone and
 * signing in as them with a password they know; doing it through a second account they
 * registered; resetting their own factors (a stolen password and session would then shed the
 * factor that guards them); a MODERATOR doing it; and doing it without a fresh factor. Every
 * account here is made by the test, so none depends on what the seed gives the demo accounts.
 */
let t: TestContext;
const GRACE = new Date(Date.now() + 30 * 86_400_000);
let serial = 0;

interface Person {
  id: number;
  email: string;
  name: string;
  /** An access token whose second factor is fresh (or a password-only one, without a factor). */
  token: string;
  refreshToken: string;
}

/**
 * A new account (a month's grace, so a missing factor stops nothing here), signed in: with an
 * authenticator app added through the API (10 recovery codes with it) unless `factor` is false.
 */
async function person(
  firstName: string,
  lastName: string,
  role: Role,
  options: { factor?: boolean; createdById?: number } = {},
): Promise<Person> {
  serial += 1;
  const email = `reset.${firstName.toLowerCase()}.${serial}@example.com`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await demoPasswordHash(),
      firstName,
      lastName,
      role,
      isActive: true,
      createdById: options.createdById ?? null,
      mfaGraceUntil: GRACE,
    })
    .returning({ id: users.id });
  const id = row!.id;
  const name = `${firstName} ${lastName}`;
  if (options.factor === false) {
    const { tokens } = await t.login(email);
    return { id, email, name, token: tokens.accessToken, refreshToken: tokens.refreshToken };
  }
  const enrolled = await enrolTotp(t, email, Date.now());
  return { id, email, name, token: enrolled.accessToken, refreshToken: enrolled.refreshToken };
}

const path = (id: number | string, action = '') => `/api/user/users/${id}/factor-reset${action}`;

async function stateOf(id: number, token: string): Promise<FactorResetState> {
  const answer = await t.request({ method: 'GET', url: path(id), token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: FactorResetState }>().data;
}

const ask = (id: number | string, token: string) => t.request({ method: 'POST', url: path(id), token });
const confirm = (id: number | string, token: string, requestId: unknown) =>
  t.request({ method: 'PUT', url: path(id, '/confirm'), token, payload: { requestId } });
const cancel = (id: number | string, token: string, requestId: unknown) =>
  t.request({ method: 'PUT', url: path(id, '/cancel'), token, payload: { requestId } });

/** Asks (as `asker`) and answers the request's id. */
async function asked(target: Person, asker: Person): Promise<number> {
  const answer = await ask(target.id, asker.token);
  expect(answer.statusCode, answer.body).toBe(200);
  const pending = answer.json<{ data: FactorResetState }>().data.pending;
  expect(pending?.requestedBy).toEqual({ id: asker.id, name: asker.name });
  return pending!.id;
}

const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token });

async function auditRows(action: string, target: Person, token: string): Promise<AuditEntry[]> {
  const answer = await t.request({
    method: 'GET',
    url: '/api/audit',
    token,
    query: { action, entityType: 'user', entityId: String(target.id) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: AuditEntry[] }>().data;
}

let asker: Person;
let confirmer: Person;
let linked: Person;

beforeAll(async () => {
  t = await build();
  asker = await person('Ava', 'Asker', 'ADMIN');
  confirmer = await person('Cole', 'Confirmer', 'ADMIN');
  // One person with the asker: an ADMIN account the asker registered.
  linked = await person('Lin', 'Linked', 'ADMIN', { createdById: asker.id });
});
afterAll(async () => {
  await t?.close();
});

describe('a reset of another person’s second factors', () => {
  it('needs a second ADMIN: then the factors and codes go, the person is signed out everywhere, and the audit log names both ADMINs with their times', async () => {
    const target = await person('Tess', 'Target', 'USER');
    const otherSession = (await t.login(target.email)).tokens;
    expect(await stateOf(target.id, asker.token)).toEqual({
      userId: target.id,
      factors: 1,
      byKind: { totp: 1, passkey: 0 },
      recoveryCodesLeft: 10,
      pending: null,
    });

    const requestId = await asked(target, asker);
    // Asking alone changes nothing for the person.
    expect((await me(target.token)).statusCode).toBe(200);
    const waiting = await stateOf(target.id, confirmer.token);
    expect(waiting).toMatchObject({ factors: 1, recoveryCodesLeft: 10 });
    expect(waiting.pending).toMatchObject({ id: requestId, requestedBy: { id: asker.id, name: asker.name } });

    const done = await confirm(target.id, confirmer.token, requestId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: FactorResetDone }>().data).toEqual({
      factorsRemoved: 1,
      recoveryCodesRemoved: 10,
      sessionsEnded: 2,
    });

    // Every session of the person is over: their access tokens and refresh tokens are refused.
    for (const token of [target.token, otherSession.accessToken])
      expect((await me(token)).statusCode).toBe(401);
    for (const refreshToken of [target.refreshToken, otherSession.refreshToken]) {
      const refreshed = await t.request({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect(await stateOf(target.id, asker.token)).toMatchObject({
      factors: 0,
      byKind: { totp: 0, passkey: 0 },
      recoveryCodesLeft: 0,
      pending: null,
    });
    // The password alone signs them in now: no second step is left to pass.
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json<{ data: LoginAnswer }>().data).not.toHaveProperty('secondStep');

    const [request] = await auditRows('user.second_factor_reset_request', target, confirmer.token);
    expect(request).toMatchObject({ userId: asker.id, userName: asker.name });
    const [row, ...more] = await auditRows('user.second_factor_reset', target, confirmer.token);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      userId: confirmer.id,
      userName: confirmer.name,
      details: {
        requestId,
        requestedById: asker.id,
        requestedBy: asker.name,
        requestedAt: waiting.pending!.requestedAt,
        confirmedById: confirmer.id,
        confirmedBy: confirmer.name,
        factorsRemoved: [{ kind: 'totp', name: 'Phone' }],
        recoveryCodesRemoved: 10,
        sessionsEnded: 2,
      },
    });
    const details = row!.details as { requestedAt: string; confirmedAt: string };
    expect(Date.parse(details.confirmedAt)).toBeGreaterThanOrEqual(Date.parse(details.requestedAt));
    expect(row!.description).toContain(`${confirmer.name} confirmed the reset`);
    expect(row!.description).toContain(`asked for by ${asker.name}`);
  });

  it('is never confirmed by the ADMIN who asked, nor by an account they registered; any ADMIN may cancel it', async () => {
    const target = await person('Tom', 'Kept', 'USER');
    const requestId = await asked(target, asker);

    const own = await confirm(target.id, asker.token, requestId);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(FACTOR_RESET_ERRORS.sameAdminConfirms);
    const viaLinked = await confirm(target.id, linked.token, requestId);
    expect(viaLinked.statusCode).toBe(403);
    expect(errorOf(viaLinked).message).toBe(FACTOR_RESET_ERRORS.linkedToAsker(asker.name));
    expect(await stateOf(target.id, confirmer.token)).toMatchObject({
      factors: 1,
      pending: { id: requestId },
    });
    expect((await me(target.token)).statusCode).toBe(200);

    const cancelled = await cancel(target.id, confirmer.token, requestId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: FactorResetState }>().data).toMatchObject({ factors: 1, pending: null });
    const [row] = await auditRows('user.second_factor_reset_cancel', target, asker.token);
    expect(row).toMatchObject({
      userName: confirmer.name,
      details: { before: { requestId, requestedBy: asker.name }, cancelledBy: confirmer.name },
    });
    // Nothing is left to confirm.
    const late = await confirm(target.id, confirmer.token, requestId);
    expect(late.statusCode).toBe(404);
    expect(errorOf(late).message).toBe(FACTOR_RESET_ERRORS.noResetPending);

    // The asker may cancel their own request too.
    const again = await asked(target, asker);
    expect((await cancel(target.id, asker.token, again)).statusCode).toBe(200);
  });

  it('is never asked for or confirmed by the person whose factors they are, an ADMIN included', async () => {
    const self = await person('Sam', 'Self', 'ADMIN');
    const ownAsk = await ask(self.id, self.token);
    expect(ownAsk.statusCode).toBe(403);
    expect(errorOf(ownAsk).message).toBe(FACTOR_RESET_ERRORS.ownReset);
    expect((await stateOf(self.id, asker.token)).pending).toBeNull();

    const requestId = await asked(self, asker);
    const ownConfirm = await confirm(self.id, self.token, requestId);
    expect(ownConfirm.statusCode).toBe(403);
    expect(errorOf(ownConfirm).message).toBe(FACTOR_RESET_ERRORS.ownReset);
    expect(await stateOf(self.id, confirmer.token)).toMatchObject({ factors: 1, pending: { id: requestId } });
    // Keeping one's own factors takes nothing from anyone: the person may cancel it.
    expect((await cancel(self.id, self.token, requestId)).statusCode).toBe(200);
  });

  it('is refused to a MODERATOR and a USER by the role gate (403), fresh factor or not', async () => {
    const target = await person('Mia', 'Minded', 'USER');
    const requestId = await asked(target, asker);
    for (const role of ['MODERATOR', 'USER'] as const) {
      const below = await person('Low', role.toLowerCase(), role);
      const answers = [
        await t.request({ method: 'GET', url: path(target.id), token: below.token }),
        await ask(target.id, below.token),
        await confirm(target.id, below.token, requestId),
        await cancel(target.id, below.token, requestId),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${role}: ${answer.body}`).toBe(403);
        expect(errorOf(answer).code).toBe(ERROR_CODES.forbidden);
      }
    }
    expect(await stateOf(target.id, confirmer.token)).toMatchObject({
      factors: 1,
      pending: { id: requestId },
    });
    expect((await cancel(target.id, confirmer.token, requestId)).statusCode).toBe(200);
  });

  it('needs a fresh second factor of the ADMIN who asks and the one who confirms (403 STEP_UP_REQUIRED)', async () => {
    const target = await person('Fay', 'Fresh', 'USER');
    // An ADMIN without a factor has nothing to step up with.
    const bare = await person('Ned', 'Nofactor', 'ADMIN', { factor: false });
    const noFactor = await ask(target.id, bare.token);
    expect(noFactor.statusCode).toBe(403);
    expect(errorOf(noFactor)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.noFactor,
    });

    // An ADMIN whose factor was given longer ago than STEP_UP_MINUTES.
    const { tokens } = await t.login(confirmer.email);
    await t.database.db
      .update(refreshTokens)
      .set({ factorAt: sql`now() - make_interval(mins => ${t.config.stepUpMinutes + 1})` })
      .where(eq(refreshTokens.familyId, String(claimsOf(tokens.accessToken)['sid'])));
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const stale = refreshed.json<{ data: { tokens: { accessToken: string } } }>().data.tokens.accessToken;
    const staleAsk = await ask(target.id, stale);
    expect(staleAsk.statusCode).toBe(403);
    expect(errorOf(staleAsk)).toMatchObject({
      code: ERROR_CODES.stepUpRequired,
      message: SECOND_FACTOR_ERRORS.stepUpRequired,
    });

    const requestId = await asked(target, asker);
    for (const token of [bare.token, stale]) {
      const answer = await confirm(target.id, token, requestId);
      expect(answer.statusCode).toBe(403);
      expect(errorOf(answer).code).toBe(ERROR_CODES.stepUpRequired);
    }
    expect((await stateOf(target.id, asker.token)).factors).toBe(1);
    expect((await cancel(target.id, asker.token, requestId)).statusCode).toBe(200);
  });

  it('is refused for a person with nothing to reset (409), an unknown person (404) and a malformed id or body (400)', async () => {
    const bare = await person('Nia', 'Nothing', 'USER', { factor: false });
    const nothing = await ask(bare.id, asker.token);
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).message).toBe(FACTOR_RESET_ERRORS.noFactors);

    for (const id of [999_999, 99_999_999_999]) {
      for (const answer of [
        await t.request({ method: 'GET', url: path(id), token: asker.token }),
        await ask(id, asker.token),
        await confirm(id, confirmer.token, 1),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(errorOf(answer).message).toBe(USER_ERRORS.notFound);
      }
    }
    for (const id of ['abc', '0', '-3', '1.5']) {
      const answer = await ask(id, asker.token);
      expect(answer.statusCode, `${id}: ${answer.body}`).toBe(400);
      expect(errorOf(answer).code).toBe(ERROR_CODES.validation);
    }

    const target = await person('Rob', 'Repeat', 'USER');
    const requestId = await asked(target, asker);
    const twice = await ask(target.id, confirmer.token);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(FACTOR_RESET_ERRORS.alreadyPending);
    for (const requestIdSent of [undefined, 'x', 0, 1.5]) {
      const answer = await confirm(target.id, confirmer.token, requestIdSent);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(errorOf(answer).fields?.['requestId']).toBe(FACTOR_RESET_ERRORS.requestId);
    }
    // A confirmation names the request its ADMIN reviewed: not one cancelled and asked again since.
    const reviewed = await confirm(target.id, confirmer.token, requestId + 1000);
    expect(reviewed.statusCode).toBe(409);
    expect(errorOf(reviewed).message).toBe(FACTOR_RESET_ERRORS.replaced);
    expect((await stateOf(target.id, asker.token)).factors).toBe(1);
    expect((await cancel(target.id, asker.token, requestId)).statusCode).toBe(200);
  });

  it('is confirmed once when two ADMINs confirm it at the same moment (one audit row, the other 404)', async () => {
    const target = await person('Cy', 'Concurrent', 'USER');
    const third = await person('Tia', 'Third', 'ADMIN');
    const requestId = await asked(target, asker);
    const answers = await Promise.all([
      confirm(target.id, confirmer.token, requestId),
      confirm(target.id, third.token, requestId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await auditRows('user.second_factor_reset', target, asker.token)).toHaveLength(1);
  });

  it('is not confirmed once the ADMIN who asked is no longer an active ADMIN (409)', async () => {
    const target = await person('Dan', 'Doubt', 'USER');
    const demoted = await person('Dee', 'Demoted', 'ADMIN');
    const requestId = await asked(target, demoted);
    await t.database.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, demoted.id));
    const answer = await confirm(target.id, confirmer.token, requestId);
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).message).toBe(FACTOR_RESET_ERRORS.askerNoLongerAdmin);
    expect(await stateOf(target.id, asker.token)).toMatchObject({ factors: 1, pending: { id: requestId } });
  });
});
