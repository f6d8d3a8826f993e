import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A random 32-byte token (refresh tokens, API keys); only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: enough for high-entropy tokens, and lets the database look them up by index. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that replaces `token` on rotation: HMAC-SHA256 under the server's key. Only
 * the server can compute it (the key never leaves it), it is as unguessable as a random token,
 * and every API process sharing JWT_SECRET derives the same one, so a concurrent second use of a
 * just-rotated token can be answered the same successor without storing it.
 */
export function successorToken(token: string, key: Uint8Array): string {
  return createHmac('sha256', key).update('refresh-successor\0').update(token).digest('base64url');
}
