import * as v from 'valibot';
import { IsoDateTimeSchema } from './common';
import { AuthResultSchema } from './auth';
import { singleLine } from './form-fields';

// Second factors: passkeys (WebAuthn) and authenticator apps (TOTP, RFC 6238), one-time recovery
// codes, the second step of sign-in, and the fresh factor that actions which pay ask for (step-up).

/** The factors a person can add. */
export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** How the second step of a sign-in can be passed: a factor, or one of the person's recovery codes. */
export const SECOND_STEP_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/**
 * The methods (RFC 8176) an access token's `amr` claim names: the password, a one-time code (an
 * authenticator app's or a recovery code), a passkey bound to its device (hardware key) or one that
 * syncs between devices (software key).
 */
export const AMR = { password: 'pwd', otp: 'otp', hardwareKey: 'hwk', softwareKey: 'swk' } as const;
export type AuthMethod = (typeof AMR)[keyof typeof AMR];

/** TOTP as every authenticator app reads it: 6 digits, a 30-second step, SHA-1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: ten letters and digits in two groups of five, e.g. 'K7Q2M-9XWTR'. */
export const RECOVERY_CODE_PATTERN = /^[0-9A-Z]{5}-[0-9A-Z]{5}$/;
/** Wrong codes in a row before second-step sign-in of that account locks, and for how long. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MINUTES = 15;
/** A passkey name or an authenticator's name. */
export const FACTOR_NAME_MAX = 64;

export const SECOND_FACTOR_TEXT = {
  secondStepTitle: 'Confirm it’s you',
  codeLabel: 'Code from your authenticator app',
  recoveryLabel: 'Recovery code',
  usePasskey: 'Use a passkey',
  useRecovery: 'Use a recovery code',
  useCode: 'Use your authenticator app',
  verify: 'Verify',
  securityTitle: 'Security',
  addPasskey: 'Add a passkey',
  addAuthenticator: 'Add an authenticator app',
  recoveryCodesTitle: 'Recovery codes',
  recoveryCodesOnce:
    'Keep these codes somewhere safe. Each one signs you in once if you lose your devices. They are shown only now.',
  downloadCodes: 'Download codes',
  regenerateCodes: 'Make new recovery codes',
  stepUpTitle: 'Confirm with your second factor',
  stepUpBody: 'This action moves money or changes who can. Confirm it is you to go on.',
  backToSignIn: 'Back to sign-in',
  codesSaved: 'I have saved them',
  factorName: 'Name',
  totpNameHint: 'For example the phone the app is on',
  passkeyNameHint: 'For example the laptop or key it is on',
  factorsTitle: 'Second factors',
  noFactorsYet: 'No second factor yet. Add an authenticator app or a passkey.',
  removeFactorTitle: 'Remove second factor',
  kind: { totp: 'Authenticator app', passkey: 'Passkey' },
} as const;

export const SECOND_FACTOR_ERRORS = {
  codeFormat: `Enter the ${TOTP_DIGITS}-digit code from your authenticator app`,
  recoveryFormat: 'Enter a recovery code like K7Q2M-9XWTR',
  wrongCode: 'That code is not right. Enter the current code from your app.',
  codeUsed: 'That code was already used. Wait for the next one.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  passkeyFailed: 'The passkey could not be verified. Try again or use another method.',
  locked: `Too many wrong codes. Second-step sign-in of this account is locked for ${SECOND_FACTOR_LOCK_MINUTES} minutes.`,
  ticketExpired: 'Your sign-in took too long. Sign in again.',
  enrolmentExpired: 'This set-up took too long. Start again.',
  enrolmentRequired: 'Your account moves money or decides who can: add a second factor before you go on.',
  enrolAfterRecovery: 'You signed in with a recovery code: add a new second factor before you go on.',
  stepUpRequired:
    'Confirm it’s you with your second factor: this action needs one from the last few minutes.',
  noFactor: 'Add a second factor on your Security page first.',
  factorNotFound: 'Second factor not found',
  nameRequired: 'Give it a name',
  nameTooLong: `At most ${FACTOR_NAME_MAX} characters`,
} as const;

const ticket = v.pipe(v.string('ticket is required'), v.nonEmpty('ticket is required'), v.maxLength(512));
const totpCode = v.pipe(
  v.string(SECOND_FACTOR_ERRORS.codeFormat),
  v.trim(),
  v.regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), SECOND_FACTOR_ERRORS.codeFormat),
);
const recoveryCode = v.pipe(
  v.string(SECOND_FACTOR_ERRORS.recoveryFormat),
  v.trim(),
  v.toUpperCase(),
  v.regex(RECOVERY_CODE_PATTERN, SECOND_FACTOR_ERRORS.recoveryFormat),
);
/**
 * A WebAuthn response as @simplewebauthn/browser gives it (RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked in full by the server's WebAuthn library, so only its
 * outline here.
 */
const webAuthnResponse = v.looseObject({
  id: v.pipe(v.string(), v.maxLength(1024)),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal('public-key'),
  response: v.record(v.string(), v.unknown()),
});
const factorName = v.pipe(
  v.string(SECOND_FACTOR_ERRORS.nameRequired),
  v.trim(),
  v.nonEmpty(SECOND_FACTOR_ERRORS.nameRequired),
  v.maxLength(FACTOR_NAME_MAX, SECOND_FACTOR_ERRORS.nameTooLong),
  singleLine('A name'),
);

/** POST /api/auth/login when the person has a second factor: no session yet, a ticket for the second step. */
export const SecondStepSchema = v.object({
  /** Opaque, single-use, valid until `expiresAt` (5 minutes). */
  ticket: v.string(),
  /** What this person can use: their factors' kinds, and 'recovery' while codes are left. */
  methods: v.array(v.picklist(SECOND_STEP_METHODS)),
  expiresAt: IsoDateTimeSchema,
});
export type SecondStep = v.InferOutput<typeof SecondStepSchema>;

/** POST /api/auth/login: signed in, or a second step to pass first. */
export const LoginAnswerSchema = v.union([AuthResultSchema, v.object({ secondStep: SecondStepSchema })]);
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;

/** POST /api/auth/second-step. */
export const SecondStepInputSchema = v.variant('method', [
  v.object({ method: v.literal('totp'), ticket, code: totpCode }),
  v.object({ method: v.literal('recovery'), ticket, code: recoveryCode }),
  v.object({ method: v.literal('passkey'), ticket, response: webAuthnResponse }),
]);
export type SecondStepInput = v.InferOutput<typeof SecondStepInputSchema>;

/**
 * POST /api/auth/second-step: signed in. `mustEnrol` after a recovery code: the person adds a new
 * factor before anything else.
 */
export const SecondStepResultSchema = v.object({
  ...AuthResultSchema.entries,
  mustEnrol: v.boolean(),
});
export type SecondStepResult = v.InferOutput<typeof SecondStepResultSchema>;

/** POST /api/auth/second-step/passkey-options body. */
export const PasskeyOptionsInputSchema = v.object({ ticket });

/** WebAuthn options for @simplewebauthn/browser (PublicKeyCredential…OptionsJSON), opaque here. */
export const WebAuthnOptionsSchema = v.object({ options: v.record(v.string(), v.unknown()) });
export type WebAuthnOptions = v.InferOutput<typeof WebAuthnOptionsSchema>;

/** POST /api/auth/step-up/options: what the signed-in person can confirm with now. */
export const StepUpOptionsSchema = v.object({
  methods: v.array(v.picklist(FACTOR_KINDS)),
  /** Present when `methods` has 'passkey'. */
  passkey: v.nullable(v.record(v.string(), v.unknown())),
  /** How long a confirmation counts (STEP_UP_MINUTES). */
  minutes: v.number(),
});
export type StepUpOptions = v.InferOutput<typeof StepUpOptionsSchema>;

/** POST /api/auth/step-up. */
export const StepUpInputSchema = v.variant('method', [
  v.object({ method: v.literal('totp'), code: totpCode }),
  v.object({ method: v.literal('passkey'), response: webAuthnResponse }),
]);
export type StepUpInput = v.InferOutput<typeof StepUpInputSchema>;

/**
 * POST /api/auth/step-up: a new access token whose auth_time is now. Only the access token: the
 * refresh token the console holds stays (the server keeps only its hash, and records the factor
 * on the session, so a refresh carries the new auth_time on).
 */
export const StepUpResultSchema = v.object({ accessToken: v.string() });
export type StepUpResult = v.InferOutput<typeof StepUpResultSchema>;

/** One of the person's factors, as the Security page lists it. */
export const FactorSchema = v.object({
  id: v.number(),
  kind: v.picklist(FACTOR_KINDS),
  name: v.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: v.nullable(IsoDateTimeSchema),
});
export type Factor = v.InferOutput<typeof FactorSchema>;

/** GET /api/user/security. */
export const SecurityOverviewSchema = v.object({
  factors: v.array(FactorSchema),
  recoveryCodesLeft: v.number(),
  /** Whether this person must have a second factor (their role, an approver, a policy step, a delegate). */
  required: v.boolean(),
  /** Until when they may go on without one (null: no grace, or not required). */
  graceUntil: v.nullable(IsoDateTimeSchema),
  /**
   * This session signed in with a recovery code and must add a new factor before anything else
   * (the device is likely lost). From the session's own token, so it holds on a reload or a link.
   */
  enrolAfterRecovery: v.optional(v.boolean(), false),
});
export type SecurityOverview = v.InferOutput<typeof SecurityOverviewSchema>;

/** POST /api/user/security/totp: a new secret, not yet a factor until confirmed with a code. */
export const TotpEnrolmentSchema = v.object({
  enrolmentId: v.string(),
  /** Base32, for typing into an app. */
  secret: v.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: v.string(),
});
export type TotpEnrolment = v.InferOutput<typeof TotpEnrolmentSchema>;

/** POST /api/user/security/totp/confirm. */
export const TotpConfirmSchema = v.object({
  enrolmentId: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)),
  code: totpCode,
  name: factorName,
});
export type TotpConfirmInput = v.InferOutput<typeof TotpConfirmSchema>;

/** POST /api/user/security/passkeys. */
export const PasskeyRegisterSchema = v.object({ name: factorName, response: webAuthnResponse });
export type PasskeyRegisterInput = v.InferOutput<typeof PasskeyRegisterSchema>;

/**
 * A factor just added: with the recovery codes when it is the person's first (shown once), and a
 * new access token whose `amr` names it (the refresh token stays, as after a step-up).
 */
export const FactorAddedSchema = v.object({
  factor: FactorSchema,
  recoveryCodes: v.nullable(v.array(v.string())),
  accessToken: v.string(),
});
export type FactorAdded = v.InferOutput<typeof FactorAddedSchema>;

/** POST /api/user/security/recovery-codes: a new set; the old ones stop working. */
export const RecoveryCodesSchema = v.object({ recoveryCodes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;
