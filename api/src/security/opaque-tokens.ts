import { createHash, randomBytes } from 'node:crypto';

/** A random 32-byte token (refresh tokens, API keys); only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex: enough for high-entropy tokens, and lets the database look them up by index. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
