/**
 * Step-up: a signed-in person gives a second factor again before an action that needs a fresh
 * one (plugins/auth.ts › requireStepUp). Passing it records the factor on the session (a refresh
 * keeps it) and answers an access token whose auth_time is now; the refresh token stays.
 */
import {
  ERROR_CODES,
  FACTOR_KINDS,
  SECOND_FACTOR_ERRORS,
  type StepUpInput,
  type StepUpOptions,
  type StepUpResult,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import { HttpError, unauthorized } from '../../http/http-error';
import type { AuthContext } from '../../plugins/auth';
import { recordSessionFactor } from '../../sessions/sessions.repository';
import { accessTokenFor, factorOfToken } from '../auth/auth.service';
import { admitAttempt, forgiveAttempts, recordAttempt } from './attempts.service';
import { listFactors } from './factors.repository';
import { authenticationOptions, signedChallenge } from './passkeys.service';
import { insertChallenge, spendChallenge } from './pending.repository';
import type { TokenIssuing } from '../../ports/second-factor-enrolment';
import { verifyPresented, type Presented } from './verification.service';

const noFactor = () => new HttpError(403, ERROR_CODES.stepUpRequired, SECOND_FACTOR_ERRORS.noFactor);

/** POST /api/auth/step-up/options: the kinds the person can confirm with, and a passkey challenge. */
export async function stepUpOptions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  auth: AuthContext,
): Promise<StepUpOptions> {
  const factors = await listFactors(deps.db, auth.user.id);
  const methods = FACTOR_KINDS.filter((kind) => factors.some((factor) => factor.kind === kind));
  let passkey: Record<string, unknown> | null = null;
  if (methods.includes('passkey')) {
    const { options, challenge } = await authenticationOptions(deps, factors);
    await insertChallenge(deps.db, { userId: auth.user.id, purpose: 'step-up', challenge });
    passkey = options;
  }
  return { methods, passkey, minutes: deps.config.stepUpMinutes };
}

/** POST /api/auth/step-up: counted and locked as the second step is, recorded either way. */
export async function stepUp(
  deps: AppDeps & TokenIssuing,
  auth: AuthContext,
  input: StepUpInput,
): Promise<StepUpResult> {
  const { user } = auth;
  const factors = await listFactors(deps.db, user.id);
  if (factors.length === 0) throw noFactor();
  await admitAttempt(deps, user, input.method, 'step-up');
  let presented: Presented;
  if (input.method === 'passkey') {
    const challenge = signedChallenge(input.response);
    const live = challenge !== null && (await spendChallenge(deps.db, user.id, 'step-up', challenge));
    presented = { method: 'passkey', response: input.response, challenge: live ? challenge : null };
  } else {
    presented = input;
  }
  const verdict = await verifyPresented(deps, deps.db, user.id, factors, presented);
  if (!verdict.ok) {
    await recordAttempt(deps.db, user, input.method, 'step-up', 'failure');
    throw verdict.error;
  }
  await forgiveAttempts(deps.db, user.id);
  return deps.db.transaction(async (tx) => {
    const session = await recordSessionFactor(tx, user.id, auth.sessionId, verdict.amr);
    // The session ended meanwhile (signed out elsewhere): nothing to confirm.
    if (!session) throw unauthorized();
    await recordAttempt(tx, user, input.method, 'step-up', 'success');
    return { accessToken: await accessTokenFor(deps, tx, user, auth.sessionId, factorOfToken(session)) };
  });
}
