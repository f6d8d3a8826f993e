import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_FACTOR_ERRORS,
  type FactorAdded,
  type SecondStepResult,
  type StepUpOptions,
  type WebAuthnOptions,
} from 'shared-contracts';
import { secondFactors, users } from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import { claimsOf, passwordStep, secondStep, removeFactors } from '../../test/second-factors';
import { SoftwareAuthenticator } from '../../test/software-authenticator';

/**
 * Passkeys end to end with a software authenticator (test/software-authenticator.ts): registration
 * with attestation 'none', the second step of sign-in and a step-up, user verification, the RP ID
 * and origin, single-use challenges and the signature counter.
 */
let t: TestContext;

beforeAll(async () => {
  t = await build();
  // These tests start from people without a factor: the demo accounts without the demo authenticator.
  await removeFactors(t, 'admin@example.com', 'moderator@example.com', 'user@example.com');
});
afterAll(async () => {
  await t?.close();
});

const authenticatorFor = (multiDevice = false) =>
  new SoftwareAuthenticator({
    rpId: t.config.webAuthn.rpId,
    origin: t.config.webAuthn.origins[0]!,
    multiDevice,
  });

async function registrationOptions(token: string): Promise<Record<string, unknown>> {
  const answer = await t.request({ method: 'POST', url: '/api/user/security/passkeys/options', token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: WebAuthnOptions }>().data.options;
}

function register(token: string, response: unknown, name = 'Laptop') {
  return t.request({
    method: 'POST',
    url: '/api/user/security/passkeys',
    token,
    payload: { name, response },
  });
}

/** Signs in with the password and registers a passkey for the account: the authenticator. */
async function enrolPasskey(email: string, multiDevice = false) {
  const { tokens } = await t.login(email);
  const authenticator = authenticatorFor(multiDevice);
  const options = await registrationOptions(tokens.accessToken);
  const answer = await register(tokens.accessToken, authenticator.register(options));
  expect(answer.statusCode, answer.body).toBe(200);
  return { authenticator, added: answer.json<{ data: FactorAdded }>().data, tokens };
}

async function ticketOptions(ticket: string): Promise<Record<string, unknown>> {
  const answer = await t.request({
    method: 'POST',
    url: '/api/auth/second-step/passkey-options',
    payload: { ticket },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: WebAuthnOptions }>().data.options;
}

describe('registering a passkey', () => {
  it('asks for user verification on this RP; stores it, answers recovery codes and a token naming it', async () => {
    const { tokens } = await t.login('user@example.com');
    const options = await registrationOptions(tokens.accessToken);
    expect(options).toMatchObject({
      rp: { id: t.config.webAuthn.rpId },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'required' },
    });
    const authenticator = authenticatorFor();
    const answer = await register(tokens.accessToken, authenticator.register(options));
    expect(answer.statusCode, answer.body).toBe(200);
    const added = answer.json<{ data: FactorAdded }>().data;
    expect(added.factor).toMatchObject({ kind: 'passkey', name: 'Laptop', lastUsedAt: null });
    expect(added.recoveryCodes).toHaveLength(10);
    // Bound to this device: a hardware key.
    expect(claimsOf(added.accessToken)).toMatchObject({ amr: ['pwd', 'hwk'] });
    const [row] = await t.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.credentialId, authenticator.id));
    expect(row).toMatchObject({ kind: 'passkey', deviceType: 'singleDevice', signCount: 0 });

    // The same challenge twice: refused (each is answered once).
    const again = await register(tokens.accessToken, authenticatorFor().register(options), 'Second');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(SECOND_FACTOR_ERRORS.enrolmentExpired);
  });

  it('refuses another origin, and a challenge nobody issued', async () => {
    const { tokens } = await t.login('guest@example.com');
    const options = await registrationOptions(tokens.accessToken);
    const phished = await register(
      tokens.accessToken,
      authenticatorFor().register(options, { origin: 'https://console.example.net' }),
    );
    expect(phished.statusCode).toBe(400);
    expect(errorOf(phished).message).toBe(SECOND_FACTOR_ERRORS.passkeyFailed);
    const invented = await register(tokens.accessToken, authenticatorFor().register({ challenge: 'bm9wZQ' }));
    expect(invented.statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  let authenticator: SoftwareAuthenticator;
  const email = 'moderator@example.com';

  beforeAll(async () => {
    ({ authenticator } = await enrolPasskey(email, true));
  });

  it('passes the second step with amr swk for a synced passkey', async () => {
    const step = await passwordStep(t, email);
    expect(step.methods).toEqual(['passkey', 'recovery']);
    const options = await ticketOptions(step.ticket);
    expect(options).toMatchObject({
      rpId: t.config.webAuthn.rpId,
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id }],
    });
    const passed = await secondStep(t, {
      method: 'passkey',
      ticket: step.ticket,
      response: authenticator.assert(options),
    });
    expect(passed.statusCode, passed.body).toBe(200);
    const result = passed.json<{ data: SecondStepResult }>().data;
    expect(claimsOf(result.tokens.accessToken)).toMatchObject({ amr: ['pwd', 'swk'] });
    expect(result.mustEnrol).toBe(false);
  });

  it('refuses a challenge answered twice, and an answer to another sign-in’s challenge', async () => {
    const step = await passwordStep(t, email);
    const options = await ticketOptions(step.ticket);
    // Wrong first (another origin): the challenge is gone with it.
    const wrong = await secondStep(t, {
      method: 'passkey',
      ticket: step.ticket,
      response: authenticator.assert(options, { origin: 'https://elsewhere.example' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ response: SECOND_FACTOR_ERRORS.passkeyFailed });
    const retried = await secondStep(t, {
      method: 'passkey',
      ticket: step.ticket,
      response: authenticator.assert(options),
    });
    expect(retried.statusCode).toBe(400);

    const other = await passwordStep(t, email);
    await ticketOptions(other.ticket);
    const crossed = await secondStep(t, {
      method: 'passkey',
      ticket: other.ticket,
      response: authenticator.assert(options),
    });
    expect(crossed.statusCode).toBe(400);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const [stored] = await t.database.db
      .select({ signCount: secondFactors.signCount })
      .from(secondFactors)
      .where(eq(secondFactors.credentialId, authenticator.id));
    const seen = stored!.signCount;
    const step = await passwordStep(t, email);
    const cloned = await secondStep(t, {
      method: 'passkey',
      ticket: step.ticket,
      response: authenticator.assert(await ticketOptions(step.ticket), { counter: seen }),
    });
    expect(cloned.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ signCount: secondFactors.signCount })
      .from(secondFactors)
      .where(eq(secondFactors.credentialId, authenticator.id));
    expect(row?.signCount).toBe(seen);
    const grown = await secondStep(t, {
      method: 'passkey',
      ticket: step.ticket,
      response: authenticator.assert(await ticketOptions(step.ticket), { counter: seen + 5 }),
    });
    expect(grown.statusCode, grown.body).toBe(200);
  });

  it('a step-up with the passkey gives a fresh auth_time; its challenge works once', async () => {
    const { tokens } = await t.login(email);
    const asked = await t.request({
      method: 'POST',
      url: '/api/auth/step-up/options',
      token: tokens.accessToken,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const options = asked.json<{ data: StepUpOptions }>().data;
    expect(options).toMatchObject({ methods: ['passkey'], minutes: t.config.stepUpMinutes });
    const before = Math.floor(Date.now() / 1000);
    const stepUp = (response: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/auth/step-up',
        token: tokens.accessToken,
        payload: { method: 'passkey', response },
      });
    const passed = await stepUp(authenticator.assert(options.passkey ?? {}));
    expect(passed.statusCode, passed.body).toBe(200);
    const claims = claimsOf(passed.json<{ data: { accessToken: string } }>().data.accessToken);
    expect(claims['auth_time']).toBeGreaterThanOrEqual(before);
    const replayed = await stepUp(authenticator.assert(options.passkey ?? {}));
    expect(replayed.statusCode).toBe(400);
    expect(errorOf(replayed).message).toBe(SECOND_FACTOR_ERRORS.passkeyFailed);
  });
});

describe('a passkey without user verification', () => {
  it('is refused at registration', async () => {
    const { tokens } = await t.login('admin@example.com');
    const options = await registrationOptions(tokens.accessToken);
    const response = authenticatorFor().register(options);
    // Clear the UV flag (byte 32 of the authenticator data inside the attestation object).
    const attestation = Buffer.from(response.response.attestationObject, 'base64url');
    const flagsAt = attestation.indexOf(Buffer.from('authData')) + 'authData'.length + 2 + 32;
    attestation[flagsAt] = (attestation[flagsAt] ?? 0) & ~0x04;
    response.response.attestationObject = attestation.toString('base64url');
    const refused = await register(tokens.accessToken, response);
    expect(refused.statusCode).toBe(400);
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@example.com'));
    const rows = await t.database.db
      .select()
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, admin!.id), eq(secondFactors.kind, 'passkey')));
    expect(rows).toEqual([]);
  });
});
