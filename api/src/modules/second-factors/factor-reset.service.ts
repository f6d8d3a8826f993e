/**
 * Resetting another person's second factors takes two ADMINs (dual control, as a bank account
 * change does): one asks, a second one confirms, which deletes every factor and recovery code of
 * the person and signs them out everywhere; either ADMIN, or the person, may cancel the request
 * meanwhile. Nobody asks for or confirms a reset of their own factors, the asker never confirms,
 * nor does an account one person with the asker's (one registered the other): otherwise one
 * insider could strip a colleague's factors and sign in as them with a password they know or set.
 * Asking and confirming need a fresh factor of the ADMIN (the routes' step-up). Every step writes
 * a 'user.second_factor_reset*' audit row on the person, the confirmation's naming both ADMINs and
 * both times.
 */
import {
  ERROR_CODES,
  FACTOR_RESET_ERRORS,
  USER_ERRORS,
  personName,
  type FactorResetDone,
  type FactorResetState,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { SecondFactorResetRow, UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/http-error';
import { revokeSessions, sessionLimitsOf } from '../../sessions/sessions.repository';
import { recordActivity } from '../activity/activity.service';
import { findUserById } from '../users/users.service';
import { deleteReset, insertReset, pendingResetOf } from './factor-resets.repository';
import { countUnusedRecoveryCodes, deleteAllFactors, factorCountsByKind } from './factors.repository';
import { dropWaitingSteps } from './pending.repository';

const conflict = (message: string) => new HttpError(409, ERROR_CODES.conflict, message);

async function targetOf(db: Db, userId: number): Promise<UserRow> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound(USER_ERRORS.notFound);
  return target;
}

/** GET /api/user/users/{id}/factor-reset (ADMIN): the person's factors and the reset waiting. */
export async function factorResetState(db: Db, userId: number): Promise<FactorResetState> {
  await targetOf(db, userId);
  const byKind = await factorCountsByKind(db, userId);
  const pending = await pendingResetOf(db, userId);
  return {
    userId,
    factors: byKind.totp + byKind.passkey,
    byKind,
    recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId),
    pending: pending
      ? {
          id: pending.id,
          requestedBy: { id: pending.requestedById, name: pending.requestedByName },
          requestedAt: pending.requestedAt.toISOString(),
        }
      : null,
  };
}

/** POST /api/user/users/{id}/factor-reset (ADMIN, step-up): a request waiting for a second ADMIN. */
export async function requestFactorReset(db: Db, actor: UserRow, userId: number): Promise<FactorResetState> {
  if (actor.id === userId) throw forbidden(FACTOR_RESET_ERRORS.ownReset);
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, userId);
    const state = await factorResetState(tx, userId);
    if (state.factors === 0 && state.recoveryCodesLeft === 0) throw conflict(FACTOR_RESET_ERRORS.noFactors);
    const asker = personName(actor);
    const row = await insertReset(tx, { userId, requestedById: actor.id, requestedByName: asker });
    if (!row) throw conflict(FACTOR_RESET_ERRORS.alreadyPending);
    await recordActivity(tx, actor, 'user', userId, {
      action: 'user.second_factor_reset_request',
      description: `${asker} asked for a reset of the second factors of ${personName(target)}, waiting for a second ADMIN to confirm it`,
      details: { after: requestFacts(row) },
    });
    return factorResetState(tx, userId);
  });
}

const requestFacts = (row: SecondFactorResetRow) => ({
  requestId: row.id,
  requestedById: row.requestedById,
  requestedBy: row.requestedByName,
  requestedAt: row.requestedAt.toISOString(),
});

/** The request waiting, locked, which must be the one the caller reviewed (404 none, 409 another one). */
async function reviewedRequest(db: Db, userId: number, requestId: number): Promise<SecondFactorResetRow> {
  const pending = await pendingResetOf(db, userId, true);
  if (!pending) throw notFound(FACTOR_RESET_ERRORS.noResetPending);
  if (pending.id !== requestId) throw conflict(FACTOR_RESET_ERRORS.replaced);
  return pending;
}

/**
 * PUT /api/user/users/{id}/factor-reset/confirm (ADMIN, step-up): a second ADMIN confirms the
 * request they reviewed. The person's factors, recovery codes and waiting second steps go and every
 * session of theirs ends, in one transaction with the audit row and the request's removal.
 */
export async function confirmFactorReset(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  actor: UserRow,
  userId: number,
  requestId: number,
): Promise<FactorResetDone> {
  if (actor.id === userId) throw forbidden(FACTOR_RESET_ERRORS.ownReset);
  return deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, userId);
    const pending = await reviewedRequest(tx, userId, requestId);
    if (pending.requestedById === actor.id) throw forbidden(FACTOR_RESET_ERRORS.sameAdminConfirms);
    const asker = await findUserById(tx, pending.requestedById);
    // An asker who has lost the rank since no longer vouches for the request.
    if (!asker?.isActive || asker.role !== 'ADMIN') throw conflict(FACTOR_RESET_ERRORS.askerNoLongerAdmin);
    if (asker.createdById === actor.id || actor.createdById === asker.id)
      throw forbidden(FACTOR_RESET_ERRORS.linkedToAsker(pending.requestedByName));
    const removed = await deleteAllFactors(tx, userId);
    if (removed.factors.length === 0 && removed.recoveryCodes === 0)
      throw conflict(FACTOR_RESET_ERRORS.noFactors);
    await dropWaitingSteps(tx, userId);
    const ended = await revokeSessions(tx, userId, sessionLimitsOf(deps.config));
    await deleteReset(tx, pending.id);
    const confirmer = personName(actor);
    const confirmedAt = (deps.now?.() ?? new Date()).toISOString();
    const request = requestFacts(pending);
    await recordActivity(tx, actor, 'user', userId, {
      action: 'user.second_factor_reset',
      description: `${confirmer} confirmed the reset of the second factors of ${personName(target)} asked for by ${pending.requestedByName} at ${request.requestedAt}: ${removed.factors.length} factor${removed.factors.length === 1 ? '' : 's'} and ${removed.recoveryCodes} recovery code${removed.recoveryCodes === 1 ? '' : 's'} deleted, ${ended.length} session${ended.length === 1 ? '' : 's'} ended`,
      details: {
        ...request,
        confirmedById: actor.id,
        confirmedBy: confirmer,
        confirmedAt,
        factorsRemoved: removed.factors,
        recoveryCodesRemoved: removed.recoveryCodes,
        sessionsEnded: ended.length,
      },
    });
    return {
      factorsRemoved: removed.factors.length,
      recoveryCodesRemoved: removed.recoveryCodes,
      sessionsEnded: ended.length,
    };
  });
}

/**
 * PUT /api/user/users/{id}/factor-reset/cancel (ADMIN): the asker, another ADMIN, or the person
 * themselves (keeping one's own factors takes nothing from anyone) drops the request.
 */
export async function cancelFactorReset(
  db: Db,
  actor: UserRow,
  userId: number,
  requestId: number,
): Promise<FactorResetState> {
  return db.transaction(async (tx) => {
    const target = await targetOf(tx, userId);
    const pending = await reviewedRequest(tx, userId, requestId);
    await deleteReset(tx, pending.id);
    const name = personName(actor);
    await recordActivity(tx, actor, 'user', userId, {
      action: 'user.second_factor_reset_cancel',
      description:
        pending.requestedById === actor.id
          ? `${name} cancelled the reset of the second factors of ${personName(target)} they had asked for`
          : `${name} cancelled the reset of the second factors of ${personName(target)} asked for by ${pending.requestedByName}`,
      details: { before: requestFacts(pending), cancelledById: actor.id, cancelledBy: name },
    });
    return factorResetState(tx, userId);
  });
}
