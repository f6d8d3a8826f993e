/**
 * Every attempt at a second factor, right or wrong, goes into the audit log with its method; wrong
 * ones count against the account, and 5 in a row lock its second factors for 15 minutes (per
 * account, not per address: spreading guesses over addresses gains nothing).
 */
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  personName,
  type SecondStepMethod,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { tooManyRequests } from '../../http/http-error';
import { recordActivity } from '../activity/activity.service';
import { clearFailures, takeAttempt } from './pending.repository';

/** Where a factor is asked for: the second step of a sign-in, or a step-up before an action. */
export type FactorContext = 'sign-in' | 'step-up';
export type AttemptOutcome = 'success' | 'failure' | 'locked';

const METHOD_WORDS: Record<SecondStepMethod, string> = {
  totp: 'an authenticator code',
  passkey: 'a passkey',
  recovery: 'a recovery code',
};
const OUTCOME_WORDS: Record<AttemptOutcome, string> = {
  success: 'passed a second-factor check',
  failure: 'failed a second-factor check',
  locked: 'was refused a second-factor check (locked)',
};

/** The audit row of one attempt: action `auth.second_factor`, details { method, outcome, context }. */
export async function recordAttempt(
  db: Db,
  user: UserRow,
  method: SecondStepMethod,
  context: FactorContext,
  outcome: AttemptOutcome,
): Promise<void> {
  await recordActivity(db, user, 'user', user.id, {
    action: 'auth.second_factor',
    description: `${personName(user)} ${OUTCOME_WORDS[outcome]} with ${METHOD_WORDS[method]} (${context})`,
    details: { method, outcome, context },
  });
}

/**
 * Counts this attempt before it is checked, in its own transaction (committed, so concurrent
 * attempts see it); 429 with Retry-After, recorded, while the account is locked.
 */
export async function admitAttempt(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  method: SecondStepMethod,
  context: FactorContext,
): Promise<void> {
  const refused = await deps.db.transaction((tx) =>
    takeAttempt(tx, user.id, SECOND_FACTOR_MAX_FAILURES, SECOND_FACTOR_LOCK_MINUTES * 60),
  );
  if (!refused) return;
  await recordAttempt(deps.db, user, method, context, 'locked');
  throw tooManyRequests(SECOND_FACTOR_ERRORS.locked, refused.lockedFor);
}

/** A right factor: the attempts counted so far are forgiven. */
export const forgiveAttempts = clearFailures;
