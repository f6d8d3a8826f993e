/**
 * The password-guess throttle shared by sign-in and password change (SPEC §8's 429). Failures are
 * rows in login_attempts, so it holds across API processes. Three limits, each answering 429
 * with Retry-After:
 * - per e-mail and address pair (5 in 15 minutes): the guesser is stopped, the owner elsewhere is
 *   not — a stranger who knows an e-mail can no longer lock its owner out for 15 minutes;
 * - per address across e-mails (20): one client probing many accounts;
 * - per e-mail from every address, looser (beyond 10): a wait that doubles with each failure up to
 *   30 s after the last one, which slows a distributed guess to about two a minute while never
 *   blocking the owner for longer than that after an attacker's last try.
 */
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../http/http-error';
import { countRecentFailures, recordFailure } from './auth.repository';

/** Throws 429 (with Retry-After) when `email` may not be guessed from `ip` right now. */
export async function assertNotThrottled(
  db: Db,
  limits: LoginThrottleConfig,
  email: string,
  ip: string,
  message: string,
): Promise<void> {
  const windowStart = new Date(Date.now() - limits.windowSeconds * 1000);
  const f = await countRecentFailures(db, email, ip, windowStart);
  const waits: number[] = [];
  // The window slides: a blocked pair or address is free again when its oldest failure ages out.
  if (f.byPair >= limits.maxPerPair && f.pairOldest !== null)
    waits.push(f.pairOldest + limits.windowSeconds - f.now);
  if (f.byIp >= limits.maxPerIp && f.ipOldest !== null) waits.push(f.ipOldest + limits.windowSeconds - f.now);
  if (f.byEmail >= limits.maxPerEmail && f.emailLatest !== null) {
    const backoff = Math.min(2 ** (f.byEmail - limits.maxPerEmail), limits.maxBackoffSeconds);
    waits.push(f.emailLatest + backoff - f.now);
  }
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw tooManyRequests(message, wait);
}

/** Counts a wrong password for the pair (and forgets failures older than the window). */
export function recordWrongPassword(
  db: Db,
  limits: LoginThrottleConfig,
  email: string,
  ip: string,
): Promise<void> {
  return recordFailure(db, email, ip, new Date(Date.now() - limits.windowSeconds * 1000));
}
