/**
 * Authenticator-app codes (TOTP, RFC 6238) as every app reads them: SHA-1, 6 digits, 30-second
 * steps. The secret is 20 random bytes, shown in base32 and as an otpauth:// URI (the QR code).
 */
import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from 'shared-contracts';

/** A code of the step before and after the current one is accepted too: a clock off by up to 30 s. */
export const TOTP_WINDOW = 1;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret, base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/… for the QR code: the product as issuer, the person's e-mail as label. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/** The 30-second step at `atMs` (epoch milliseconds). */
export const totpStepAt = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/** The code of `step` (what an app shows during it). */
export function totpCode(secret: string, step: number): string {
  return totpOf(secret).generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
}

/**
 * The step whose code `code` is, among the current step and TOTP_WINDOW either side of it, or
 * null. Every candidate is compared, in constant time, whatever matched before: the answer's
 * timing says nothing about which digits were right.
 */
export function matchTotpStep(secret: string, code: string, atMs: number): number | null {
  const current = totpStepAt(atMs);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  if (given.length !== TOTP_DIGITS) return null;
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    const expected = Buffer.from(totpCode(secret, step));
    if (timingSafeEqual(expected, given) && matched === null) matched = step;
  }
  return matched;
}
