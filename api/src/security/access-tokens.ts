import { SignJWT } from 'jose';
import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { AMR, isRole, type AuthMethod, type Role } from 'shared-contracts';

const ISSUER = 'bill-approval-console/api';
const AUDIENCE = 'bill-approval-console';
/** Session ids are refresh-family UUIDs; anything else is not ours (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** Refresh-token family of the session, so "sign out other sessions" can spare this one. */
  sessionId: string;
  /** How the session signed in (`amr`, RFC 8176): the password, then a second factor's method. */
  amr: AuthMethod[];
  /**
   * When the person last gave a second factor (`auth_time`, epoch seconds: the second step of the
   * sign-in or a later step-up); null when the session never gave one.
   */
  authTime: number | null;
  /**
   * The person must add a second factor (`mfa_enrol`): from `by` (epoch seconds) the token opens
   * only what enrolling needs (http/enrolment-routes.ts), 403 MFA_ENROLMENT_REQUIRED elsewhere.
   * Decided when the token is issued, never per request (see EnrolmentDue). Null: nothing to add.
   */
  enrolment: TokenEnrolment | null;
}

/**
 * Why a person must enrol: `duty` (their role or a part in deciding payments, and no factor) or
 * `recovery` (the last proof they gave was a recovery code: their device is likely lost).
 */
export const ENROLMENT_REASONS = ['duty', 'recovery'] as const;
export type EnrolmentReason = (typeof ENROLMENT_REASONS)[number];
export interface TokenEnrolment {
  by: number;
  reason: EnrolmentReason;
}

function readEnrolment(value: unknown): TokenEnrolment | null | 'invalid' {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'invalid';
  const { by, reason } = value as Record<string, unknown>;
  if (typeof by !== 'number' || !Number.isSafeInteger(by) || by < 0) return 'invalid';
  if (!(ENROLMENT_REASONS as readonly unknown[]).includes(reason)) return 'invalid';
  return { by, reason: reason as EnrolmentReason };
}

const AUTH_METHODS = new Set<unknown>(Object.values(AMR));
const isAuthMethods = (value: unknown): value is AuthMethod[] =>
  Array.isArray(value) && value.length > 0 && value.length <= 4 && value.every((m) => AUTH_METHODS.has(m));

/** A verified token's claims, and when it expires (epoch milliseconds). */
export interface VerifiedClaims extends AccessClaims {
  expiresAt: number;
}

/**
 * The HMAC key imported into WebCrypto once per secret: jose imports a raw Uint8Array on every call,
 * which the auth check of every request paid for (a WebCrypto job of its own).
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * What is signed: without `amr` and `authTime`, the password alone and no second factor; without
 * `enrolment`, nothing to enrol.
 */
export type SignedClaims = Omit<AccessClaims, 'amr' | 'authTime' | 'enrolment'> &
  Partial<Pick<AccessClaims, 'amr' | 'authTime' | 'enrolment'>>;

/** Short-lived HS256 JWT: sub = user id, role, sid = session (refresh family), amr, auth_time, mfa_enrol. */
export async function signAccessToken(
  claims: SignedClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({
    role: claims.role,
    sid: claims.sessionId,
    amr: claims.amr ?? [AMR.password],
    ...(claims.authTime === null || claims.authTime === undefined ? {} : { auth_time: claims.authTime }),
    ...(claims.enrolment ? { mfa_enrol: { by: claims.enrolment.by, reason: claims.enrolment.reason } } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await hmacKey(secret));
}

type Json = Record<string, unknown>;

function decodeJsonPart(part: string): Json | null {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

/**
 * The claims of a valid token, or null when it is forged, expired or malformed.
 *
 * Checked here with node:crypto's HMAC, synchronously, rather than jose's jwtVerify, which goes
 * through WebCrypto: an asynchronous job on the thread pool for every signed-in request, a visible
 * share of the API's CPU under a list load. The checks are jose's for this token
 * shape: a compact JWS whose protected header says HS256 (and nothing critical), a signature in
 * canonical base64url that matches in constant time, then exp (required; expired at exp), nbf,
 * iat, issuer and audience. Tokens are still signed by jose (signAccessToken).
 */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifiedClaims | null> {
  try {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
    const signature = Buffer.from(signaturePart, 'base64url');
    if (
      signature.length !== expected.length ||
      signature.toString('base64url') !== signaturePart ||
      !timingSafeEqual(signature, expected)
    ) {
      return null;
    }
    const header = decodeJsonPart(headerPart);
    if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) {
      return null;
    }
    const payload = decodeJsonPart(payloadPart);
    if (!payload) return null;
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
    if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
    if (payload.iss !== ISSUER) return null;
    const audience = payload.aud;
    if (audience !== AUDIENCE && !(Array.isArray(audience) && audience.includes(AUDIENCE))) return null;
    const userId = Number(payload.sub);
    if (
      typeof payload.sub !== 'string' ||
      !Number.isSafeInteger(userId) ||
      userId < 1 ||
      !isRole(payload.role) ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid)
    ) {
      return null;
    }
    // A token signed before sessions said how they signed in counts as the password alone.
    const amr = payload.amr === undefined ? [AMR.password] : payload.amr;
    if (!isAuthMethods(amr)) return null;
    const authTime = payload.auth_time ?? null;
    if (
      authTime !== null &&
      (typeof authTime !== 'number' || !Number.isSafeInteger(authTime) || authTime < 0)
    )
      return null;
    const enrolment = readEnrolment(payload.mfa_enrol);
    if (enrolment === 'invalid') return null;
    return {
      userId,
      role: payload.role,
      sessionId: payload.sid,
      amr,
      authTime,
      enrolment,
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}
