import { SignJWT, jwtVerify } from 'jose';
import { webcrypto } from 'node:crypto';
import { isRole, type Role } from 'shared-contracts';

const ISSUER = 'bill-approval-console/api';
const AUDIENCE = 'bill-approval-console';
/** Session ids are refresh-family UUIDs; anything else is not ours (and must not reach SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  role: Role;
  /** Refresh-token family of the session, so "sign out other sessions" can spare this one. */
  sessionId: string;
}

/**
 * The HMAC key imported into WebCrypto once per secret: jose imports a raw Uint8Array on every call,
 * which the auth check of every request paid for (a WebCrypto job of its own, issue 11's profile).
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

/** Short-lived HS256 JWT: sub = user id, role, sid = session (refresh family). */
export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await hmacKey(secret));
}

/** The claims of a valid token, or null when it is forged, expired or malformed. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const userId = Number(payload.sub);
    if (
      !Number.isSafeInteger(userId) ||
      userId < 1 ||
      !isRole(payload.role) ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid)
    ) {
      return null;
    }
    return { userId, role: payload.role, sessionId: payload.sid };
  } catch {
    return null;
  }
}
