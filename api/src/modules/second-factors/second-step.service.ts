/**
 * The second step of sign-in. A right password of someone with a second factor answers a ticket
 * (opaque, hashed at rest, single-use, 5 minutes) and no session; the session starts when the
 * ticket comes back with a factor: an authenticator code, a passkey, or a recovery code (after
 * which the person is told to enrol a new factor).
 */
import {
  AMR,
  ERROR_CODES,
  FACTOR_KINDS,
  SECOND_FACTOR_ERRORS,
  type AuthMethod,
  type SecondStep,
  type SecondStepInput,
  type SecondStepMethod,
  type SecondStepResult,
  type WebAuthnOptions,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { SecondFactorRow, UserRow } from '../../db/schema';
import { HttpError, validationError } from '../../http/http-error';
import { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens';
import { startSession, type SessionClient } from '../auth/auth.service';
import { findUserById } from '../users/users.service';
import { admitAttempt, forgiveAttempts, recordAttempt } from './attempts.service';
import { countUnusedRecoveryCodes, listFactors } from './factors.repository';
import { authenticationOptions } from './passkeys.service';
import {
  findLiveTicket,
  insertTicket,
  setTicketChallenge,
  spendTicket,
  takeTicketChallenge,
} from './pending.repository';
import type { TokenIssuing } from '../../ports/second-factor-enrolment';
import { verifyPresented, type Presented } from './verification.service';

const ticketExpired = () => new HttpError(401, ERROR_CODES.unauthorized, SECOND_FACTOR_ERRORS.ticketExpired);

/** The methods the person can pass the second step with: their factors' kinds, and recovery codes left. */
async function methodsOf(db: Db, userId: number, factors: SecondFactorRow[]): Promise<SecondStepMethod[]> {
  const kinds = FACTOR_KINDS.filter((kind) => factors.some((factor) => factor.kind === kind));
  return (await countUnusedRecoveryCodes(db, userId)) > 0 ? [...kinds, 'recovery'] : kinds;
}

/**
 * After the password (inside the sign-in's transaction): the second step of someone with a
 * factor, or null for someone without one (who is signed in at once).
 */
export async function secondStepFor(
  _deps: Pick<AppDeps, 'config'>,
  tx: Db,
  user: UserRow,
): Promise<SecondStep | null> {
  const factors = await listFactors(tx, user.id);
  if (factors.length === 0) return null;
  const ticket = newOpaqueToken();
  const expiresAt = await insertTicket(tx, user.id, hashOpaqueToken(ticket));
  return { ticket, methods: await methodsOf(tx, user.id, factors), expiresAt: expiresAt.toISOString() };
}

/** The live ticket's person, or 401 (spent, expired, never issued, or the account is gone or off). */
async function ticketHolder(deps: Pick<AppDeps, 'db'>, ticket: string) {
  const row = await findLiveTicket(deps.db, hashOpaqueToken(ticket));
  if (!row) throw ticketExpired();
  const user = await findUserById(deps.db, row.userId);
  if (!user?.isActive) throw ticketExpired();
  return { row, user };
}

/** POST /api/auth/second-step/passkey-options: a challenge for this sign-in's passkey (a new one replaces the last). */
export async function passkeyOptionsForTicket(
  deps: Pick<AppDeps, 'db' | 'config'>,
  ticket: string,
): Promise<WebAuthnOptions> {
  const { row, user } = await ticketHolder(deps, ticket);
  const factors = await listFactors(deps.db, user.id);
  if (!factors.some((factor) => factor.kind === 'passkey')) {
    throw validationError({ ticket: SECOND_FACTOR_ERRORS.passkeyFailed }, SECOND_FACTOR_ERRORS.passkeyFailed);
  }
  const { options, challenge } = await authenticationOptions(deps, factors);
  if (!(await setTicketChallenge(deps.db, row.id, challenge))) throw ticketExpired();
  return { options };
}

/**
 * POST /api/auth/second-step: the factor is counted against the account before it is checked
 * (429 while locked), checked, recorded in the audit log either way, and when right the session
 * starts (finishSecondStep). A wrong factor leaves the ticket for another try; a passkey's
 * challenge is gone once answered, right or wrong.
 */
export async function passSecondStep(
  deps: AppDeps & TokenIssuing,
  input: SecondStepInput,
  client: SessionClient,
): Promise<SecondStepResult> {
  const { row, user } = await ticketHolder(deps, input.ticket);
  await admitAttempt(deps, user, input.method, 'sign-in');
  const presented: Presented =
    input.method === 'passkey'
      ? { method: 'passkey', response: input.response, challenge: await takeTicketChallenge(deps.db, row.id) }
      : input;
  const factors = await listFactors(deps.db, user.id);
  const verdict = await verifyPresented(deps, deps.db, user.id, factors, presented);
  if (!verdict.ok) {
    await recordAttempt(deps.db, user, input.method, 'sign-in', 'failure');
    throw verdict.error;
  }
  await forgiveAttempts(deps.db, user.id);
  return finishSecondStep(deps, input.ticket, { method: input.method, amr: verdict.amr }, client);
}

/** How the second step was passed. */
export interface SecondStepProof {
  method: SecondStepMethod;
  /** The method the session gains (RFC 8176): 'otp', 'hwk' or 'swk'. */
  amr: AuthMethod;
}

/**
 * Ends a second step whose factor was verified: the ticket is spent (401 when it already was, or
 * expired meanwhile), the attempt recorded, and the session starts with `amr` ['pwd', method] and
 * its factor time now. `mustEnrol` after a recovery code: the person adds a new factor first.
 * Exported for the test helper's sign-in, which has no authenticator to hold.
 */
export async function finishSecondStep(
  deps: Pick<AppDeps, 'db' | 'config'> & TokenIssuing,
  ticket: string,
  proof: SecondStepProof,
  client: SessionClient,
): Promise<SecondStepResult> {
  return deps.db.transaction(async (tx) => {
    const userId = await spendTicket(tx, hashOpaqueToken(ticket));
    const user = userId === null ? undefined : await findUserById(tx, userId);
    if (!user?.isActive) throw ticketExpired();
    await recordAttempt(tx, user, proof.method, 'sign-in', 'success');
    const result = await startSession(deps, tx, user, client, {
      amr: [AMR.password, proof.amr],
      factorAt: new Date(),
    });
    return { ...result, mustEnrol: proof.method === 'recovery' };
  });
}
