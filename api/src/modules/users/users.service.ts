import { AUTH_ERRORS, type ChangePasswordInput, type RegisterInput } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict, validationError } from '../../http/http-error';
import { revokeOtherFamilies } from '../auth/auth.repository';
import { recordActivity } from '../activity/activity.repository';
import { displayName } from './user-dto';
import { findUserByEmail, insertUser, updatePasswordHash } from './users.repository';

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
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  sessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    throw validationError({ currentPassword: AUTH_ERRORS.currentPasswordWrong });
  }
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, passwordHash);
    await revokeOtherFamilies(tx, user.id, sessionId);
    await recordActivity(tx, {
      userId: user.id,
      userName: displayName(user),
      action: 'user.password_change',
      entityType: 'user',
      entityId: user.id,
      description: `${displayName(user)} changed their password`,
    });
  });
}
