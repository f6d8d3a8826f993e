/**
 * The signed-in person's second factors (their Security page): the overview, adding an
 * authenticator app (a secret confirmed by its first code) or a passkey, removing one, and new
 * recovery codes. The first factor comes with 10 recovery codes; adding one answers an access token
 * naming it; removing one (after a step-up) signs every other session of the person out.
 */
import {
  AMR,
  SECOND_FACTOR_ERRORS,
  personName,
  type Factor,
  type FactorAdded,
  type PasskeyRegisterInput,
  type RecoveryCodes,
  type SecurityOverview,
  type TotpConfirmInput,
  type TotpEnrolment,
  type WebAuthnOptions,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { SecondFactorRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound, unauthorized, validationError } from '../../http/http-error';
import type { AuthContext } from '../../plugins/auth';
import type { SecondFactorDuty } from '../../ports/second-factor-duty';
import type { TokenIssuing } from '../../ports/second-factor-enrolment';
import { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens';
import { decryptSecret, encryptSecret } from '../../security/token-cipher';
import { recordSessionFactor, revokeSessions, sessionLimitsOf } from '../../sessions/sessions.repository';
import { recordActivity } from '../activity/activity.service';
import { accessTokenFor, factorOfToken } from '../auth/auth.service';
import { graceEnd, recoveredWithoutFactor } from './enrolment.service';
import {
  countFactors,
  countUnusedRecoveryCodes,
  deleteFactor,
  deleteRecoveryCodes,
  insertFactor,
  listFactors,
} from './factors.repository';
import { amrOfPasskey, registrationOptions, signedChallenge, verifyRegistration } from './passkeys.service';
import { findLiveChallenge, insertChallenge, spendChallenge } from './pending.repository';
import { hashRecoveryCodes, newRecoveryCodes, storeRecoveryCodes } from './recovery-codes.service';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

const toFactor = (row: SecondFactorRow): Factor => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Whether the person has a second factor (the auth plugin's step-up check, through its port). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  return (await countFactors(db, userId)) > 0;
}

/** The grace still left to a person who must have a factor (graceEnd), or null when it is over. */
function graceUntil(deps: Pick<AppDeps, 'config' | 'now'>, user: UserRow): Date | null {
  const until = graceEnd(deps.config, user);
  const now = (deps.now?.() ?? new Date()).getTime();
  return until && until.getTime() > now ? until : null;
}

/** GET /api/user/security. */
export async function securityOverview(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  user: UserRow,
  duty: SecondFactorDuty,
): Promise<SecurityOverview> {
  const factors = await listFactors(deps.db, user.id);
  const required = await duty(deps.db, user);
  return {
    factors: factors.map(toFactor),
    recoveryCodesLeft: await countUnusedRecoveryCodes(deps.db, user.id),
    required,
    graceUntil: required && factors.length === 0 ? (graceUntil(deps, user)?.toISOString() ?? null) : null,
    // Read from the database, not the session's token: it turns false as soon as a factor is added.
    enrolAfterRecovery: (await recoveredWithoutFactor(deps.db, user.id, factors)) !== null,
  };
}

/** POST /api/user/security/totp: a new secret, kept (encrypted) for 5 minutes until a code confirms it. */
export async function startTotpEnrolment(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const enrolmentId = newOpaqueToken();
  await insertChallenge(deps.db, {
    userId: user.id,
    purpose: 'totp-enrolment',
    challenge: hashOpaqueToken(enrolmentId),
    totpSecret: encryptSecret(secret, deps.config.mfaSecretKey),
  });
  return { enrolmentId, secret, otpauthUri: totpUri(secret, deps.config.productName, user.email) };
}

const enrolmentExpired = (field: string) =>
  validationError({ [field]: SECOND_FACTOR_ERRORS.enrolmentExpired }, SECOND_FACTOR_ERRORS.enrolmentExpired);

/** POST /api/user/security/totp/confirm: the app's current code makes the secret a factor. */
export async function confirmTotp(
  deps: AppDeps & TokenIssuing,
  auth: AuthContext,
  input: TotpConfirmInput,
): Promise<FactorAdded> {
  const { user } = auth;
  const challenge = hashOpaqueToken(input.enrolmentId);
  const pending = await findLiveChallenge(deps.db, user.id, 'totp-enrolment', challenge);
  const secret = pending?.totpSecret ? decryptSecret(pending.totpSecret, deps.config.mfaSecretKey) : null;
  if (!pending?.totpSecret || !secret) throw enrolmentExpired('enrolmentId');
  const step = matchTotpStep(secret, input.code, (deps.now?.() ?? new Date()).getTime());
  if (step === null)
    throw validationError({ code: SECOND_FACTOR_ERRORS.wrongCode }, SECOND_FACTOR_ERRORS.wrongCode);
  return addFactor(deps, auth, {
    spend: (tx) => spendChallenge(tx, user.id, 'totp-enrolment', challenge),
    expiredField: 'enrolmentId',
    values: {
      userId: user.id,
      kind: 'totp',
      name: input.name,
      totpSecret: pending.totpSecret,
      totpLastStep: step,
    },
    amr: AMR.otp,
  });
}

/** POST /api/user/security/passkeys/options: a registration challenge for 5 minutes. */
export async function passkeyRegistrationOptions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
): Promise<WebAuthnOptions> {
  const options = await registrationOptions(deps, user, await listFactors(deps.db, user.id));
  await insertChallenge(deps.db, {
    userId: user.id,
    purpose: 'passkey-registration',
    challenge: String(options['challenge']),
  });
  return { options };
}

/** POST /api/user/security/passkeys: the browser's answer to the registration challenge. */
export async function registerPasskey(
  deps: AppDeps & TokenIssuing,
  auth: AuthContext,
  input: PasskeyRegisterInput,
): Promise<FactorAdded> {
  const { user } = auth;
  const challenge = signedChallenge(input.response);
  if (!challenge || !(await findLiveChallenge(deps.db, user.id, 'passkey-registration', challenge)))
    throw enrolmentExpired('response');
  const passkey = await verifyRegistration(deps, input.response, challenge);
  if (!passkey) {
    // Answered once, right or wrong.
    await spendChallenge(deps.db, user.id, 'passkey-registration', challenge);
    throw validationError(
      { response: SECOND_FACTOR_ERRORS.passkeyFailed },
      SECOND_FACTOR_ERRORS.passkeyFailed,
    );
  }
  return addFactor(deps, auth, {
    spend: (tx) => spendChallenge(tx, user.id, 'passkey-registration', challenge),
    expiredField: 'response',
    values: { userId: user.id, kind: 'passkey', name: input.name, ...passkey },
    amr: amrOfPasskey(passkey.deviceType),
  });
}

/**
 * Stores a verified factor in one transaction with its challenge spent (400 when another request
 * spent it first), the recovery codes when it is the first, the audit row, and the session's
 * new method.
 */
async function addFactor(
  deps: AppDeps & TokenIssuing,
  auth: AuthContext,
  add: {
    spend: (tx: Db) => Promise<boolean>;
    expiredField: string;
    values: Parameters<typeof insertFactor>[1];
    amr: (typeof AMR)[keyof typeof AMR];
  },
): Promise<FactorAdded> {
  const { user, sessionId } = auth;
  // Hashed before the transaction (hashing takes time), for a first factor.
  const first = (await countFactors(deps.db, user.id)) === 0;
  const codes = first ? newRecoveryCodes() : null;
  const hashed = codes ? await hashRecoveryCodes(deps, codes) : null;
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await add.spend(tx))) throw enrolmentExpired(add.expiredField);
      const factor = await insertFactor(tx, add.values);
      const isFirst = hashed !== null && (await countFactors(tx, user.id)) === 1;
      if (isFirst) await storeRecoveryCodes(tx, user.id, hashed);
      await recordActivity(tx, user, 'user', user.id, {
        action: 'auth.second_factor_add',
        description: `${personName(user)} added ${factor.kind === 'totp' ? 'an authenticator app' : 'a passkey'} (${factor.name})`,
        details: { kind: factor.kind, name: factor.name },
      });
      const session = await recordSessionFactor(tx, user.id, sessionId, add.amr);
      if (!session) throw unauthorized();
      return {
        factor: toFactor(factor),
        recoveryCodes: isFirst ? codes : null,
        // Decided after the factor is stored: a person who had to enrol is let through again.
        accessToken: await accessTokenFor(deps, tx, user, sessionId, factorOfToken(session)),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('response', SECOND_FACTOR_ERRORS.passkeyFailed);
    throw error;
  }
}

/**
 * DELETE /api/user/security/factors/{id} (after a step-up): every other session of the person ends,
 * as after a password change. With the last factor go the recovery codes.
 */
export async function removeFactor(deps: AppDeps, auth: AuthContext, id: number): Promise<void> {
  const { user, sessionId } = auth;
  await deps.db.transaction(async (tx) => {
    const removed = await deleteFactor(tx, user.id, id);
    if (!removed) throw notFound(SECOND_FACTOR_ERRORS.factorNotFound);
    if ((await countFactors(tx, user.id)) === 0) await deleteRecoveryCodes(tx, user.id);
    const ended = await revokeSessions(tx, user.id, sessionLimitsOf(deps.config), { except: sessionId });
    await recordActivity(tx, user, 'user', user.id, {
      action: 'auth.second_factor_remove',
      description: `${personName(user)} removed ${removed.kind === 'totp' ? 'an authenticator app' : 'a passkey'} (${removed.name})`,
      details: { kind: removed.kind, name: removed.name, sessionsEnded: ended.length },
    });
  });
}

/** POST /api/user/security/recovery-codes (after a step-up): 10 new codes, the old ones stop working. */
export async function regenerateRecoveryCodes(deps: AppDeps, user: UserRow): Promise<RecoveryCodes> {
  const codes = newRecoveryCodes();
  const hashed = await hashRecoveryCodes(deps, codes);
  await deps.db.transaction(async (tx) => {
    await storeRecoveryCodes(tx, user.id, hashed);
    await recordActivity(tx, user, 'user', user.id, {
      action: 'auth.recovery_codes',
      description: `${personName(user)} made new recovery codes`,
    });
  });
  return { recoveryCodes: codes };
}
