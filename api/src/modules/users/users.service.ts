import { AUTH_ERRORS, ERROR_CODES, type ChangePasswordInput, type RegisterInput } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { HttpError, conflict, validationError } from '../../http/http-error';
import { clearFailures, revokeOtherFamilies } from '../auth/auth.repository';
import { assertNotThrottled, recordWrongPassword } from '../auth/throttle';
import { recordActivity } from '../activity/activity.repository';
import { displayName } from './user-dto';
import { findUserByEmail, insertUser, replacePasswordHash } from './users.repository';

/** Creates an account on behalf of `actor`, with its activity row, in one transaction. */
export async function createUser(deps: AppDeps, actor: UserRow, input: RegisterInput): Promise<UserRow> {
  if (await findUserByEmail(deps.db, input.email)) throw conflict('email', AUTH_ERRORS.emailTaken);
  const passwordHash = await deps.passwords.hash(input.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        role: input.role,
        isActive: input.isActive,
      });
      await recordActivity(tx, {
        userId: actor.id,
        userName: displayName(actor),
        action: 'user.create',
        entityType: 'user',
        entityId: user.id,
        description: `${displayName(actor)} created user ${displayName(user)}`,
        details: { email: user.email, role: user.role, isActive: user.isActive },
      });
      return user;
    });
  } catch (error) {
    // Two requests for one e-mail can both pass the check above; the unique index decides.
    if (isUniqueViolation(error)) throw conflict('email', AUTH_ERRORS.emailTaken);
    throw error;
  }
}

/**
 * Changes the caller's password after checking the current one, and signs out their other
 * sessions (every refresh family but the one this request belongs to).
 *
 * Wrong current passwords count in the sign-in throttle (same e-mail and address), so this is no
 * faster an oracle than the sign-in form. The write replaces the hash only if it is still the
 * one the current password was checked against: of concurrent changes, exactly one wins and the
 * others answer 409 instead of each "succeeding" with a password that no longer works.
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  sessionId: string,
  input: ChangePasswordInput,
  ip: string,
): Promise<void> {
  const limits = deps.config.loginThrottle;
  await assertNotThrottled(deps.db, limits, user.email, ip, AUTH_ERRORS.tooManyPasswordAttempts);
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    await recordWrongPassword(deps.db, limits, user.email, ip);
    throw validationError({ currentPassword: AUTH_ERRORS.currentPasswordWrong });
  }
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash))) return false;
    await revokeOtherFamilies(tx, user.id, sessionId);
    await clearFailures(tx, user.email);
    await recordActivity(tx, {
      userId: user.id,
      userName: displayName(user),
      action: 'user.password_change',
      entityType: 'user',
      entityId: user.id,
      description: `${displayName(user)} changed their password`,
    });
    return true;
  });
  if (!changed) throw new HttpError(409, ERROR_CODES.conflict, AUTH_ERRORS.passwordChangedMeanwhile);
}
