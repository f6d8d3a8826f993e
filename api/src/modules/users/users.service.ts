import {
  AUTH_ERRORS,
  COMPANY_ASSIGNEE_ROLES,
  ERROR_CODES,
  isDemotion,
  USER_ERRORS,
  personName,
  userActionDenial,
  type ChangePasswordInput,
  type ProfileUpdateInput,
  type RegisterInput,
  type Role,
  type User,
  type UserAction,
  type UserActivityStats,
  type UserUpdateInput,
} from 'shared-contracts';
import { NOTHING_AT_RISK, type StrandedSteps, type StuckScope } from '../../ports/stranded-steps';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { passwordProblem, admitPasswordCheck, type PasswordOwner } from '../../security/password-policy';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound, validationError } from '../../http/http-error';
import { clearFailures, revokeAllSessions, revokeOtherFamilies } from '../../sessions/sessions.repository';
import { forgiveGuess, takeGuess } from '../../sessions/throttle';
import { recordActivity } from '../activity/activity.service';
import { statisticsFor, toUser } from './user-dto';
import {
  ASSIGNEE_FIELDS,
  clearAssignment,
  companiesAssignedTo,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserForUpdate,
  insertUser,
  lockActiveAdmins,
  managersLinkedTo,
  replacePasswordHash,
  unlinkManagersOf,
  updateUser,
  userStatistics,
  type UserChanges,
} from './users.repository';

/** Who a password check is counted against: one estimate at a time each. */
const estimatorKey = (person: UserRow) => `user:${person.id}`;

/**
 * 400 on `field` when `password` cannot be a new password of `owner` (security/password-policy.ts);
 * 429 while `person` (who asks) already has a check running.
 */
async function ensureStrongPassword(
  field: string,
  password: string,
  owner: PasswordOwner,
  person: UserRow,
): Promise<void> {
  const problem = await passwordProblem(password, owner, estimatorKey(person));
  if (problem) throw validationError({ [field]: problem });
}

/** Creates an account on behalf of `actor`, with its activity row, in one transaction. */
export async function createUser(deps: AppDeps, actor: UserRow, input: RegisterInput): Promise<UserRow> {
  admitPasswordCheck(estimatorKey(actor), deps.config.passwordChecksPerMinute);
  await ensureStrongPassword('password', input.password, input, actor);
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
        createdById: actor.id,
        // Money rules are about people: an account a MODERATOR registers could be a second login
        // of the MODERATOR, so it decides payments only once an ADMIN has allowed it.
        mayDecidePayments: actor.role === 'ADMIN',
      });
      await recordActivity(tx, actor, 'user', user.id, {
        action: 'user.create',
        description: `${personName(actor)} created user ${personName(user)}`,
        details: {
          email: user.email,
          role: user.role,
          isActive: user.isActive,
          mayDecidePayments: user.mayDecidePayments,
        },
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
  // The throttle first: a throttled client is answered at once, before any strength estimate (a
  // shared worker's time). The new password is judged before the current one is looked at, so a
  // weak one tells nothing about it and its guess is forgiven.
  // A check of this person's already running: refused before anything, the throttle's writes too.
  admitPasswordCheck(estimatorKey(user), deps.config.passwordChecksPerMinute);
  const limits = deps.config.loginThrottle;
  const guess = await takeGuess(deps.db, limits, user.email, ip, AUTH_ERRORS.tooManyPasswordAttempts);
  try {
    await ensureStrongPassword('newPassword', input.newPassword, user, user);
  } catch (error) {
    await forgiveGuess(deps.db, guess);
    throw error;
  }
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    throw validationError({ currentPassword: AUTH_ERRORS.currentPasswordWrong });
  }
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash))) return false;
    await revokeOtherFamilies(tx, user.id, sessionId);
    await clearFailures(tx, user.email);
    await recordActivity(tx, user, 'user', user.id, {
      action: 'user.password_change',
      description: `${personName(user)} changed their password`,
    });
    return true;
  });
  if (!changed) {
    // The current password was right; another change won the race.
    await forgiveGuess(deps.db, guess);
    throw new HttpError(409, ERROR_CODES.conflict, AUTH_ERRORS.passwordChangedMeanwhile);
  }
}

// ---- user administration ---------------------------------------------------------------------

const userNotFound = () => notFound(USER_ERRORS.notFound);

/** The user as the API answers it; 404 when it does not exist. */
export async function getUser(db: Db, id: number): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw userNotFound();
  const registrar = row.createdById === null ? undefined : await findUserById(db, row.createdById);
  return {
    ...toUser(row),
    createdBy: registrar ? { id: registrar.id, name: personName(registrar), email: registrar.email } : null,
  };
}

/**
 * PUT /users/{id}/payment-decisions (ADMIN): allow or stop an account deciding payments. Recorded
 * in the user's history with who did it; nobody changes their own.
 */
export async function setPaymentDecisions(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  allowed: boolean,
  strandedSteps: StrandedSteps,
): Promise<User> {
  if (actor.role !== 'ADMIN') throw forbidden(USER_ERRORS.adminOnlyPaymentGrant);
  if (actor.id === id) throw forbidden(USER_ERRORS.selfPaymentGrant);
  await deps.db.transaction(async (tx) => {
    const target = await findUserForUpdate(tx, id);
    if (!target) throw userNotFound();
    if (target.mayDecidePayments === allowed) return;
    const atRisk = allowed ? NOTHING_AT_RISK : await strandedSteps(tx, riskScopes(target));
    const updated = await updateUser(tx, id, { mayDecidePayments: allowed });
    await atRisk.escalate(nowOf(deps));
    await recordActivity(tx, actor, 'user', updated.id, {
      action: allowed ? 'user.payment_decisions_grant' : 'user.payment_decisions_revoke',
      description: allowed
        ? `${personName(actor)} allowed ${personName(updated)} to decide payments`
        : `${personName(actor)} stopped ${personName(updated)} deciding payments`,
      details: { from: target.mayDecidePayments, to: allowed },
    });
  });
  return getUser(deps.db, id);
}

const nowOf = (deps: AppDeps) => deps.now?.() ?? new Date();

/**
 * The open steps a change to this person may strand: those naming them (by id or as a company's
 * assignee) and, for a MODERATOR or ADMIN, those asking for their role (they may have been its last
 * active holder).
 */
function riskScopes(target: UserRow): StuckScope[] {
  const scopes: StuckScope[] = [{ kind: 'user', userId: target.id }];
  if (target.role === 'MODERATOR' || target.role === 'ADMIN')
    scopes.push({ kind: 'role', role: target.role });
  return scopes;
}

function deny(actor: UserRow, target: UserRow, action: UserAction): void {
  const denial = userActionDenial(actor, target, action);
  if (denial) throw forbidden(denial);
}

/**
 * Locks the active ADMIN rows, then the target (always in that order, so two admins acting on each
 * other queue instead of deadlocking). Returns the target and the active admin ids.
 */
async function lockForChange(tx: Db, id: number): Promise<{ target: UserRow; activeAdmins: number[] }> {
  const activeAdmins = await lockActiveAdmins(tx);
  const target = await findUserForUpdate(tx, id);
  if (!target) throw userNotFound();
  return { target, activeAdmins };
}

/**
 * 409 when the change would leave no active ADMIN; then 403 when the actor is no longer an active
 * ADMIN themselves (demoted meanwhile: their request authenticated before that change committed).
 */
function ensureAdminRemains(
  actor: UserRow,
  target: UserRow,
  activeAdmins: number[],
  next: { role: Role; isActive: boolean } | null,
  what: 'demoted' | 'deactivated' | 'deleted',
): void {
  const removesAdmin =
    target.role === 'ADMIN' && target.isActive && (next === null || next.role !== 'ADMIN' || !next.isActive);
  if (!removesAdmin) return;
  if (!activeAdmins.some((id) => id !== target.id)) {
    throw new HttpError(409, ERROR_CODES.conflict, USER_ERRORS.lastAdmin(what));
  }
  if (!activeAdmins.includes(actor.id)) throw forbidden();
}

/** Deactivation and demotion end the user's sessions in the same transaction. */
async function endSessionsIfReduced(tx: Db, before: UserRow, after: UserRow): Promise<void> {
  if ((before.isActive && !after.isActive) || isDemotion(before.role, after.role)) {
    await revokeAllSessions(tx, after.id);
  }
}

const FIELD_LABELS: Record<keyof UserUpdateInput, string> = {
  email: 'email',
  firstName: 'first name',
  lastName: 'last name',
  role: 'role',
  isActive: 'status',
};

/** The edit form (PUT /users/{id}): every rule of the separate calls applies to the same change. */
export async function updateUserDetails(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  input: UserUpdateInput,
  strandedSteps: StrandedSteps,
): Promise<User> {
  try {
    return await deps.db.transaction(async (tx) => {
      const { target, activeAdmins } = await lockForChange(tx, id);
      deny(actor, target, 'edit');
      if (input.role !== target.role) deny(actor, target, 'changeRole');
      if (!input.isActive && target.isActive) deny(actor, target, 'deactivate');
      ensureAdminRemains(actor, target, activeAdmins, input, input.isActive ? 'demoted' : 'deactivated');

      const changes: UserChanges = {};
      const diff: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of Object.keys(FIELD_LABELS) as Array<keyof UserUpdateInput>) {
        const value = input[field];
        if (value === undefined || value === target[field]) continue;
        Object.assign(changes, { [field]: value });
        diff[field] = { from: target[field], to: value };
      }
      if (Object.keys(changes).length === 0) return toUser(target);
      if (changes.email) {
        const other = await findUserByEmail(tx, changes.email);
        if (other && other.id !== id) throw conflict('email', AUTH_ERRORS.emailTaken);
      }
      const reduces = (changes.isActive === false && target.isActive) || changes.role !== undefined;
      const atRisk = reduces ? await strandedSteps(tx, riskScopes(target)) : NOTHING_AT_RISK;
      const updated = await updateUser(tx, id, changes);
      await endSessionsIfReduced(tx, target, updated);
      await atRisk.escalate(nowOf(deps));
      const labels = Object.keys(diff).map((field) => FIELD_LABELS[field as keyof UserUpdateInput]);
      await recordActivity(tx, actor, 'user', updated.id, {
        action: 'user.update',
        description: `${personName(actor)} updated user ${personName(updated)} (${labels.join(', ')})`,
        details: { changes: diff },
      });
      return toUser(updated);
    });
  } catch (error) {
    // Two renames to one e-mail can both pass the check above; the unique index decides.
    if (isUniqueViolation(error)) throw conflict('email', AUTH_ERRORS.emailTaken);
    throw error;
  }
}

/** PUT /users/{id}/reactivate and /deactivate; already in that state answers the user unchanged. */
export async function setUserActive(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  active: boolean,
  strandedSteps: StrandedSteps,
): Promise<User> {
  return deps.db.transaction(async (tx) => {
    const { target, activeAdmins } = await lockForChange(tx, id);
    deny(actor, target, active ? 'activate' : 'deactivate');
    if (target.isActive === active) return toUser(target);
    if (!active)
      ensureAdminRemains(actor, target, activeAdmins, { role: target.role, isActive: false }, 'deactivated');
    const updated = await updateUser(tx, id, { isActive: active });
    await endSessionsIfReduced(tx, target, updated);
    // Steps only this person could approve would wait for ever: widened to the ADMINs now.
    if (!active) await (await strandedSteps(tx, [{ kind: 'user', userId: id }])).escalate(nowOf(deps));
    await recordActivity(tx, actor, 'user', updated.id, {
      action: active ? 'user.activate' : 'user.deactivate',
      description: `${personName(actor)} ${active ? 'activated' : 'deactivated'} user ${personName(updated)}`,
    });
    return toUser(updated);
  });
}

/** PUT /users/{id}/role (ADMIN only); the same role answers the user unchanged. */
export async function changeUserRole(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  role: Role,
  strandedSteps: StrandedSteps,
): Promise<User> {
  return deps.db.transaction(async (tx) => {
    const { target, activeAdmins } = await lockForChange(tx, id);
    deny(actor, target, 'changeRole');
    if (target.role === role) return toUser(target);
    ensureAdminRemains(actor, target, activeAdmins, { role, isActive: target.isActive }, 'demoted');
    const atRisk = await strandedSteps(tx, riskScopes(target));
    const updated = await updateUser(tx, id, { role });
    await endSessionsIfReduced(tx, target, updated);
    // The only holder of a role a step asks for, or the person it names, may be gone from it now.
    await atRisk.escalate(nowOf(deps));
    await recordActivity(tx, actor, 'user', updated.id, {
      action: 'user.role_change',
      description: `${personName(actor)} changed the role of ${personName(updated)} from ${target.role} to ${role}`,
      details: { from: target.role, to: role },
    });
    return toUser(updated);
  });
}

/**
 * DELETE /users/{id} (ADMIN only), in one transaction: the user's company assignments are cleared
 * and linked managers unlinked (an activity row each), their sessions end, and the user row goes.
 * Names already copied into activity and approvals stay, so the audit trail remains readable;
 * the foreign keys only null the ids.
 */
export async function deleteUser(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  strandedSteps: StrandedSteps,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { target, activeAdmins } = await lockForChange(tx, id);
    deny(actor, target, 'delete');
    ensureAdminRemains(actor, target, activeAdmins, null, 'deleted');
    const who = personName(actor);
    const name = personName(target);
    // Read before the assignments are cleared: which steps named this person.
    const atRisk = await strandedSteps(tx, riskScopes(target));

    for (const company of await companiesAssignedTo(tx, id)) {
      for (const field of ASSIGNEE_FIELDS) {
        if (company[field] !== id) continue;
        await recordActivity(tx, actor, 'company', company.id, {
          action: 'company.assignment',
          description: `${who} removed ${name} as ${COMPANY_ASSIGNEE_ROLES[field]} of company ${company.name} (user deleted)`,
          details: { field, from: id, to: null, reason: 'user.delete' },
        });
      }
    }
    for (const field of ASSIGNEE_FIELDS) await clearAssignment(tx, field, id);

    for (const manager of await managersLinkedTo(tx, id)) {
      await recordActivity(tx, actor, 'manager', manager.id, {
        action: 'manager.unlink',
        description: `${who} unlinked manager ${manager.firstName} ${manager.lastName} from user ${name} (user deleted)`,
        details: { userId: id, reason: 'user.delete' },
      });
    }
    await unlinkManagersOf(tx, id);

    await revokeAllSessions(tx, id);
    await recordActivity(tx, actor, 'user', target.id, {
      action: 'user.delete',
      description: `${who} deleted user ${name}`,
      details: { email: target.email, name, role: target.role },
    });
    await deleteUserRow(tx, id);
    await atRisk.escalate(nowOf(deps));
  });
}

/** PUT /api/user/profile: the caller's own first and last name. */
export async function updateProfile(deps: AppDeps, user: UserRow, input: ProfileUpdateInput): Promise<User> {
  return deps.db.transaction(async (tx) => {
    const changes: UserChanges = {};
    if (input.firstName !== undefined && input.firstName !== user.firstName)
      changes.firstName = input.firstName;
    if (input.lastName !== undefined && input.lastName !== user.lastName) changes.lastName = input.lastName;
    if (Object.keys(changes).length === 0) return toUser(user);
    const updated = await updateUser(tx, user.id, changes);
    await recordActivity(tx, user, 'user', updated.id, {
      action: 'user.profile_update',
      description: `${personName(updated)} updated their profile`,
      details: { changes },
    });
    return toUser(updated);
  });
}

/**
 * GET /api/user/statistics: 404 for an unknown user. Where and with what browser someone last
 * signed in is personal data: only they and an ADMIN see `lastLoginDetails`; other callers get
 * the counts without it.
 */
export async function getUserStatistics(db: Db, viewer: UserRow, id: number): Promise<UserActivityStats> {
  const user = await findUserById(db, id);
  if (!user) throw userNotFound();
  return statisticsFor(viewer, await userStatistics(db, user));
}

// What other modules read of users: through this service, never through users.repository.
export {
  countUsers,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  touchLastLogin,
} from './users.repository';
