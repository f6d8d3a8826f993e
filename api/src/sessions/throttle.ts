/**
 * The password-guess throttle shared by sign-in and password change: too many wrong
 * passwords answer 429 'Too many login attempts'. Failures are
 * rows in login_attempts, so it holds across API processes. Three limits, each answering 429
 * with Retry-After:
 * - per e-mail and address pair (5 in 15 minutes): the guesser is stopped, the owner elsewhere is
 *   not — a stranger who knows an e-mail can no longer lock its owner out for 15 minutes;
 * - per address across e-mails (20): one client probing many accounts;
 * - per e-mail from every address, looser (beyond 10): a wait that doubles with each failure up to
 *   30 s after the last one, which slows a distributed guess to about two a minute while never
 *   blocking the owner for longer than that after an attacker's last try.
 */
import type { LoginThrottleConfig } from '../config';
import type { Db } from '../db/client';
import { tooManyRequests } from '../http/http-error';
import { countRecentFailures, deleteAttempt, lockGuessKeys, recordFailure } from './sessions.repository';

/** A counted guess: it stays a failure unless `forgiveGuess` removes it (the password was right). */
export interface Guess {
  attemptId: number;
}

/**
 * Takes a guess at `email` from `ip`, or throws 429 (with Retry-After). Checking the limits and
 * counting the guess are one step under locks held by every API process, and the guess counts
 * BEFORE the password is checked: a burst of concurrent guesses (one client, or many requests
 * spread over several API processes) cannot all pass the check before any of them is recorded.
 */
export async function takeGuess(
  db: Db,
  limits: LoginThrottleConfig,
  email: string,
  ip: string,
  message: string,
): Promise<Guess> {
  const windowStart = new Date(Date.now() - limits.windowSeconds * 1000);
  return db.transaction(async (tx) => {
    await lockGuessKeys(tx, email, ip);
    const f = await countRecentFailures(tx, email, ip, windowStart);
    const waits: number[] = [];
    // The window slides: a blocked pair or address is free again when its oldest failure ages out.
    if (f.byPair >= limits.maxPerPair && f.pairOldest !== null)
      waits.push(f.pairOldest + limits.windowSeconds - f.now);
    if (f.byIp >= limits.maxPerIp && f.ipOldest !== null)
      waits.push(f.ipOldest + limits.windowSeconds - f.now);
    if (f.byEmail >= limits.maxPerEmail && f.emailLatest !== null) {
      const backoff = Math.min(2 ** (f.byEmail - limits.maxPerEmail), limits.maxBackoffSeconds);
      waits.push(f.emailLatest + backoff - f.now);
    }
    const wait = Math.max(0, ...waits);
    if (wait > 0) throw tooManyRequests(message, wait);
    return { attemptId: await recordFailure(tx, email, ip, windowStart) };
  });
}

/** The password was right after all (or the guess was refused for another reason): it does not count. */
export function forgiveGuess(db: Db, guess: Guess): Promise<void> {
  return deleteAttempt(db, guess.attemptId);
}
