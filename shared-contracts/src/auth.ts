import * as v from 'valibot';
import { EMAIL_MAX, LOGIN_PASSWORD_MIN, PASSWORD_MAX, TEXT_MAX, USER_PASSWORD_MIN } from './limits';
import { VALIDATION } from './messages';
import { IsoDateTimeSchema } from './common';
import { singleLine } from './form-fields';
import { DEFAULT_ROLE, ROLES } from './roles';

/** Trimmed, lower-cased e-mail with the product's fixed message. */
export const emailSchema = (message: string = VALIDATION.email) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(EMAIL_MAX, message),
    v.email(message),
    v.toLowerCase(),
  );

const optionalName = v.optional(
  v.pipe(
    v.string('Must be text'),
    v.trim(),
    v.maxLength(TEXT_MAX, `At most ${TEXT_MAX} characters`),
    singleLine('A name'),
  ),
);

/** Sign-in form and POST /api/auth/login body. */
export const LoginSchema = v.object({
  email: emailSchema(),
  password: v.pipe(
    v.string(VALIDATION.loginPassword),
    v.minLength(LOGIN_PASSWORD_MIN, VALIDATION.loginPassword),
    v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

export const userPasswordSchema = v.pipe(
  v.string(VALIDATION.userPassword),
  v.minLength(USER_PASSWORD_MIN, VALIDATION.userPassword),
  v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
);

/** POST /api/auth/register and the user create form. */
export const RegisterSchema = v.object({
  email: emailSchema(),
  password: userPasswordSchema,
  firstName: optionalName,
  lastName: optionalName,
  role: v.optional(v.picklist(ROLES, `role must be one of ${ROLES.join(', ')}`), DEFAULT_ROLE),
  isActive: v.optional(v.boolean('isActive must be true or false'), true),
});
export type RegisterInput = v.InferOutput<typeof RegisterSchema>;

export const RefreshSchema = v.object({
  refreshToken: v.pipe(
    v.string('refreshToken is required'),
    v.nonEmpty('refreshToken is required'),
    v.maxLength(512),
  ),
});

/** POST /api/auth/logout: the body is optional; a given refresh token has its family revoked. */
export const LogoutSchema = v.optional(
  v.object({
    refreshToken: v.optional(v.pipe(v.string('refreshToken must be text'), v.maxLength(512))),
  }),
);

/** PUT /api/user/password (its fields are our own). */
export const ChangePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string('Current password is required'),
      v.nonEmpty('Current password is required'),
    ),
    newPassword: userPasswordSchema,
  }),
  v.forward(
    v.check(
      (input) => input.currentPassword !== input.newPassword,
      'The new password must differ from the current one',
    ),
    ['newPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof ChangePasswordSchema>;

/**
 * A user as the API returns it (never with a password hash). A GUEST or USER reading someone else
 * is not told their last sign-in, registrar, payment grant or out-of-office period: those fields
 * are absent then (null means "none": never signed in, not recorded, not away).
 */
export const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  title: v.optional(v.nullable(v.string())),
  role: v.picklist(ROLES),
  isActive: v.boolean(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  lastLoginAt: v.optional(v.nullable(IsoDateTimeSchema)),
  /** Who registered the account (null: a demo or first account, or the registrar was deleted). */
  createdById: v.optional(v.nullable(v.number())),
  /** The single read also names the registrar. */
  createdBy: v.optional(v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() }))),
  /**
   * Whether the account may approve or reject payments: false for an account a MODERATOR
   * registered until an ADMIN grants it.
   */
  mayDecidePayments: v.optional(v.boolean()),
  /** An out-of-office period [awayFrom, awayUntil) and the delegate who decides the user's approval steps meanwhile. */
  outOfOffice: v.optional(
    v.nullable(v.object({ awayFrom: v.string(), awayUntil: v.string(), delegateId: v.number() })),
  ),
});
export type User = v.InferOutput<typeof UserSchema>;

/**
 * A fresh access token (15 min) and the refresh token that rotates it, with the session's idle
 * limit in seconds (SESSION_IDLE_TIMEOUT): the console signs itself out after that long unused,
 * and an answer without it means 30 minutes.
 */
export const AuthTokensSchema = v.object({
  accessToken: v.string(),
  refreshToken: v.string(),
  idleTimeoutSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(60))),
});
export type AuthTokens = v.InferOutput<typeof AuthTokensSchema>;

/** POST /api/auth/login. */
export const AuthResultSchema = v.object({ user: UserSchema, tokens: AuthTokensSchema });
export type AuthResult = v.InferOutput<typeof AuthResultSchema>;

/** POST /api/auth/refresh. */
export const RefreshResultSchema = v.object({ tokens: AuthTokensSchema });
export type RefreshResult = v.InferOutput<typeof RefreshResultSchema>;

/** POST /api/auth/register: the new account (no tokens: the caller stays signed in as themselves). */
export const RegisterResultSchema = v.object({ id: v.number(), user: UserSchema });
export type RegisterResult = v.InferOutput<typeof RegisterResultSchema>;
