import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-tokens';

const secret = new TextEncoder().encode('access-token-test-secret-access-token-test-secret');
const claims = { userId: 7, role: 'MODERATOR' as const, sessionId: '0b7f7d1e-4a53-4c41-9d8f-3f1e2b8c9a10' };
const now = () => Math.floor(Date.now() / 1000);

/** A token with the given header and claims, signed with `key` (the test's own jose call). */
function sign(payload: Record<string, unknown>, header: Record<string, unknown> = {}, key = secret) {
  return new SignJWT({ role: claims.role, sid: claims.sessionId, ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header } as { alg: string })
    .sign(key);
}
const valid = {
  sub: String(claims.userId),
  iss: 'bill-approval-console/api',
  aud: 'bill-approval-console',
  iat: now(),
  exp: now() + 60,
};

const base = { ...valid, role: claims.role, sid: claims.sessionId };
/** HS256 by hand, for headers jose refuses to write. */
function handSign(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('access tokens', () => {
  it('verify what signAccessToken signs', async () => {
    const token = await signAccessToken(claims, secret, 60);
    const passwordOnly = { amr: ['pwd'], authTime: null, enrolment: null };
    expect(await verifyAccessToken(token, secret)).toEqual({
      ...claims,
      ...passwordOnly,
      expiresAt: expect.any(Number),
    });
    // Signed before tokens said how the session signed in: the password alone.
    expect(await verifyAccessToken(await sign(valid), secret)).toEqual({
      ...claims,
      ...passwordOnly,
      expiresAt: expect.any(Number),
    });
  });

  it('carry amr and auth_time (epoch seconds of the last second factor)', async () => {
    const authTime = now() - 30;
    const token = await signAccessToken({ ...claims, amr: ['pwd', 'otp'], authTime }, secret, 60);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ amr: ['pwd', 'otp'], auth_time: authTime });
    expect(await verifyAccessToken(token, secret)).toMatchObject({ amr: ['pwd', 'otp'], authTime });
    // Methods nobody issues, or an auth_time that is no time, make the token invalid.
    for (const bad of [
      { amr: ['pwd', 'sms'] },
      { amr: [] },
      { amr: 'pwd' },
      { auth_time: '1' },
      { auth_time: 1.5 },
    ])
      expect(await verifyAccessToken(await sign({ ...valid, ...bad }), secret)).toBeNull();
  });

  it('carry mfa_enrol (from when only enrolment is open, and why); a malformed one is no token', async () => {
    const enrolment = { by: now() + 3600, reason: 'duty' as const };
    const token = await signAccessToken({ ...claims, enrolment }, secret, 60);
    expect(await verifyAccessToken(token, secret)).toMatchObject({ enrolment });
    // A holder who edits the claim away or forward breaks the signature (tested below); a token
    // whose claim is no enrolment at all is refused rather than read as "nothing to enrol".
    for (const bad of [
      { mfa_enrol: now() },
      { mfa_enrol: null },
      { mfa_enrol: { by: now() } },
      { mfa_enrol: { by: String(now()), reason: 'duty' } },
      { mfa_enrol: { by: -1, reason: 'duty' } },
      { mfa_enrol: { by: now(), reason: 'later' } },
    ])
      expect(
        await verifyAccessToken(await sign({ ...valid, ...bad }), secret),
        JSON.stringify(bad),
      ).toBeNull();
  });

  it('refuse another secret, a changed payload or signature, and malformed text', async () => {
    const token = await signAccessToken(claims, secret, 60);
    const other = new TextEncoder().encode('another-secret-another-secret-another-secret!!');
    expect(await verifyAccessToken(token, other)).toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'ADMIN' }),
    ).toString('base64url');
    expect(await verifyAccessToken(`${header}.${admin}.${signature}`, secret)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret)).toBeNull();
    // Not canonical base64url (padding, standard alphabet) though it decodes to the same bytes.
    expect(await verifyAccessToken(`${header}.${payload}.${signature}=`, secret)).toBeNull();
    for (const text of ['', 'a.b', 'a.b.c', `${header}.${payload}`, `${token}.x`]) {
      expect(await verifyAccessToken(text, secret)).toBeNull();
    }
  });

  it('refuse other algorithms, critical headers and unsigned tokens', async () => {
    expect(await verifyAccessToken(await sign(valid, { alg: 'HS512' }), secret)).toBeNull();
    const critical = handSign({ alg: 'HS256', typ: 'JWT', crit: ['x-ext'], 'x-ext': 1 }, base);
    expect(await verifyAccessToken(critical, secret)).toBeNull();
    expect(await verifyAccessToken(handSign({ alg: 'HS256', typ: 'JWT' }, base), secret)).toEqual({
      ...claims,
      amr: ['pwd'],
      authTime: null,
      enrolment: null,
      expiresAt: expect.any(Number),
    });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...valid, role: 'ADMIN', sid: claims.sessionId })).toString(
      'base64url',
    );
    expect(await verifyAccessToken(`${none}.${body}.`, secret)).toBeNull();
  });

  it('refuse expired, not yet valid, foreign and incomplete tokens', async () => {
    const cases: Record<string, unknown>[] = [
      { ...valid, exp: now() - 1 },
      { ...valid, exp: now() },
      { ...valid, exp: undefined },
      { ...valid, exp: String(now() + 60) },
      { ...valid, nbf: now() + 60 },
      { ...valid, iat: 'yesterday' },
      { ...valid, iss: 'someone-else' },
      { ...valid, aud: 'another-app' },
      { ...valid, sub: undefined },
      { ...valid, sub: '0' },
      { ...valid, sub: 'abc' },
      { ...valid, role: 'ROOT' },
      { ...valid, sid: 'not-a-uuid' },
    ];
    for (const payload of cases) {
      const clean = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined));
      expect(await verifyAccessToken(await sign(clean), secret), JSON.stringify(payload)).toBeNull();
    }
    expect(
      await verifyAccessToken(await sign({ ...valid, aud: ['x', 'bill-approval-console'] }), secret),
    ).toEqual({ ...claims, amr: ['pwd'], authTime: null, enrolment: null, expiresAt: expect.any(Number) });
  });
});
