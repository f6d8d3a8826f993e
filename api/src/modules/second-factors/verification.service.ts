/**
 * Checking a factor the person presents, the same way for the second step of sign-in and for a
 * step-up: an authenticator's code (a step never accepted twice), a passkey's assertion, or (at
 * sign-in only) a recovery code. Answers what the session then says of itself (`amr`).
 */
import { AMR, SECOND_FACTOR_ERRORS, type AuthMethod } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { SecondFactorRow } from '../../db/schema';
import { validationError, type HttpError } from '../../http/http-error';
import { decryptSecret } from '../../security/token-cipher';
import { claimTotpStep } from './factors.repository';
import { amrOfPasskey, verifyAssertion, type WebAuthnResponse } from './passkeys.service';
import { useRecoveryCode } from './recovery-codes.service';
import { matchTotpStep } from './totp';

/** A factor presented: its proof, and for a passkey the challenge it had to sign (null: none left). */
export type Presented =
  | { method: 'totp'; code: string }
  | { method: 'recovery'; code: string }
  | { method: 'passkey'; response: WebAuthnResponse; challenge: string | null };

/** Right: the method the session gains. Wrong: the 400 to answer. */
export type Verdict = { ok: true; amr: AuthMethod } | { ok: false; error: HttpError };

const wrong = (field: string, message: string): Verdict => ({
  ok: false,
  error: validationError({ [field]: message }, message),
});

/** The clock of the codes: the app's (tests set it), else the system's. */
const nowMs = (deps: Pick<AppDeps, 'now'>) => (deps.now?.() ?? new Date()).getTime();

export async function verifyPresented(
  deps: Pick<AppDeps, 'config' | 'passwords' | 'now'>,
  db: Db,
  userId: number,
  factors: SecondFactorRow[],
  presented: Presented,
): Promise<Verdict> {
  switch (presented.method) {
    case 'totp':
      return verifyTotp(deps, db, factors, presented.code);
    case 'recovery':
      return (await useRecoveryCode(deps, db, userId, presented.code))
        ? { ok: true, amr: AMR.otp }
        : wrong('code', SECOND_FACTOR_ERRORS.wrongRecoveryCode);
    case 'passkey': {
      if (!presented.challenge) return wrong('response', SECOND_FACTOR_ERRORS.passkeyFailed);
      const factor = await verifyAssertion(deps, db, factors, presented.response, presented.challenge);
      return factor
        ? { ok: true, amr: amrOfPasskey(factor.deviceType) }
        : wrong('response', SECOND_FACTOR_ERRORS.passkeyFailed);
    }
  }
}

/**
 * The code against each of the person's authenticators; the one it belongs to then records its
 * step, which no later attempt with a code of that step (or an earlier one) passes.
 */
async function verifyTotp(
  deps: Pick<AppDeps, 'config' | 'now'>,
  db: Db,
  factors: SecondFactorRow[],
  code: string,
): Promise<Verdict> {
  const at = nowMs(deps);
  for (const factor of factors) {
    if (factor.kind !== 'totp' || !factor.totpSecret) continue;
    const secret = decryptSecret(factor.totpSecret, deps.config.mfaSecretKey);
    if (!secret) continue;
    const step = matchTotpStep(secret, code, at);
    if (step === null) continue;
    return (await claimTotpStep(db, factor.id, step))
      ? { ok: true, amr: AMR.otp }
      : wrong('code', SECOND_FACTOR_ERRORS.codeUsed);
  }
  return wrong('code', SECOND_FACTOR_ERRORS.wrongCode);
}
