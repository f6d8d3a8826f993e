import * as v from 'valibot';
import { IsoDateTimeSchema } from './common';

// Resetting another person's second factors (they lost their phone and their recovery codes) takes
// two ADMINs: one asks, a second confirms, as for a bank account change. Nobody resets their own,
// so one insider cannot strip a colleague's factors and sign in as them with a known password.

export const FACTOR_RESET_ERRORS = {
  ownReset: 'Nobody resets their own second factors: ask another ADMIN.',
  sameAdminConfirms: 'A second ADMIN must confirm this reset: not the one who asked for it.',
  linkedToAsker: (asker: string) =>
    `A second ADMIN must confirm this reset: your account and ${asker}’s were registered one by the other, so they count as one person.`,
  askerNoLongerAdmin:
    'The person who asked for this reset is no longer an active ADMIN: cancel it, and ask again if it is still needed.',
  noResetPending: 'No reset of this person’s second factors is waiting.',
  replaced:
    'The reset you reviewed was cancelled meanwhile (another may be waiting now): read the page again before you confirm.',
  alreadyPending: 'A reset of this person’s second factors is already waiting for a second ADMIN.',
  noFactors: 'This person has no second factors or recovery codes to reset.',
  requestId: 'requestId must be the id of the reset waiting',
} as const;

export const FACTOR_RESET_TEXT = {
  title: 'Second factors',
  none: 'No second factors.',
  reset: 'Reset second factors',
  askTitle: 'Reset this person’s second factors?',
  askBody: (name: string) =>
    `A second ADMIN must confirm the reset. Then every authenticator app, passkey and recovery code of ${name} is deleted and ${name} is signed out everywhere; they sign in with their password alone and add a factor again.`,
  ask: 'Ask for the reset',
  asked: 'Reset asked for: a second ADMIN must confirm it.',
  waiting: (asker: string, at: string) => `${asker} asked for a reset on ${at}.`,
  waitingForSecond: 'A second ADMIN must confirm it: you asked for it.',
  confirm: 'Confirm reset',
  confirmTitle: 'Confirm the reset of these second factors?',
  confirmBody: (name: string, asker: string) =>
    `${asker} asked for it. Every authenticator app, passkey and recovery code of ${name} is deleted now and ${name} is signed out everywhere. This cannot be undone.`,
  confirmed: (name: string) => `Second factors of ${name} reset: they are signed out everywhere.`,
  cancel: 'Cancel reset',
  cancelTitle: 'Cancel this reset?',
  cancelBody: 'The person keeps their second factors. Any ADMIN may ask again later.',
  keep: 'Keep it waiting',
  cancelled: 'Reset cancelled: the person keeps their second factors.',
  loadFailed: 'The second factors of this person could not be read',
  askFailed: 'The reset could not be asked for',
  confirmFailed: 'The reset could not be confirmed',
  cancelFailed: 'The reset could not be cancelled',
} as const;

/** '1 authenticator app, 2 passkeys, 7 recovery codes left'. */
export function factorSummary(state: Pick<FactorResetState, 'byKind' | 'recoveryCodesLeft'>): string {
  const parts: string[] = [];
  const { totp, passkey } = state.byKind;
  if (totp > 0) parts.push(`${totp} authenticator app${totp === 1 ? '' : 's'}`);
  if (passkey > 0) parts.push(`${passkey} passkey${passkey === 1 ? '' : 's'}`);
  const codes = state.recoveryCodesLeft;
  if (codes > 0) parts.push(`${codes} recovery code${codes === 1 ? '' : 's'} left`);
  return parts.length > 0 ? parts.join(', ') : FACTOR_RESET_TEXT.none;
}

/** GET /api/user/users/{id}/factor-reset: a person's second factors and a reset waiting for a second ADMIN. */
export const FactorResetStateSchema = v.object({
  userId: v.number(),
  /** How many factors the person has, and of which kind. */
  factors: v.number(),
  byKind: v.object({ totp: v.number(), passkey: v.number() }),
  recoveryCodesLeft: v.number(),
  pending: v.nullable(
    v.object({
      /** What a confirmation or cancellation names, so nobody decides a request they have not read. */
      id: v.number(),
      requestedBy: v.object({ id: v.number(), name: v.string() }),
      requestedAt: IsoDateTimeSchema,
    }),
  ),
});
export type FactorResetState = v.InferOutput<typeof FactorResetStateSchema>;

/** PUT …/factor-reset/confirm and …/cancel: the request the caller reviewed. */
export const FactorResetRefSchema = v.object({
  requestId: v.pipe(
    v.number(FACTOR_RESET_ERRORS.requestId),
    v.integer(FACTOR_RESET_ERRORS.requestId),
    v.minValue(1, FACTOR_RESET_ERRORS.requestId),
  ),
});
export type FactorResetRef = v.InferOutput<typeof FactorResetRefSchema>;

/** PUT …/factor-reset/confirm: what went, for the toast and the audit log. */
export const FactorResetDoneSchema = v.object({
  factorsRemoved: v.number(),
  recoveryCodesRemoved: v.number(),
  sessionsEnded: v.number(),
});
export type FactorResetDone = v.InferOutput<typeof FactorResetDoneSchema>;
