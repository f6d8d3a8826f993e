/**
 * A person's signed-in sessions: the list on their profile page, signing one or all the others
 * out, and an ADMIN ending every session of an account. Ending a session revokes its refresh
 * tokens; the access tokens stop with them at once, because every request checks that its
 * session still has a live refresh token (sessions.repository.ts › findUserInLiveSession) and the
 * sign-in cache of every API process hears of the revocation at its commit.
 */
import {
  deviceSummary,
  SESSION_ERRORS,
  SESSION_LIST_LIMIT,
  USER_ERRORS,
  personName,
  type Session,
  type SessionList,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/http-error';
import {
  listLiveSessions,
  revokeSessions,
  sessionLimitsOf,
  type LiveSessionRow,
} from '../../sessions/sessions.repository';
import { recordActivity } from '../activity/activity.service';
import { findUserById } from '../users/users.service';

const toSession = (row: LiveSessionRow, currentId: string): Session => ({
  id: row.familyId,
  device: deviceSummary(row.userAgent),
  userAgent: row.userAgent,
  ip: row.ip,
  signedInAt: row.sessionStartedAt.toISOString(),
  lastUsedAt: row.lastUsedAt.toISOString(),
  current: row.familyId === currentId,
});

const devicesOf = (rows: LiveSessionRow[]) => [...new Set(rows.map((row) => deviceSummary(row.userAgent)))];

/** GET /api/auth/sessions: the caller's live sessions, theirs first, then by last use. */
export async function listSessions(deps: AppDeps, user: UserRow, currentId: string): Promise<SessionList> {
  const { rows, total } = await listLiveSessions(
    deps.db,
    user.id,
    sessionLimitsOf(deps.config),
    currentId,
    SESSION_LIST_LIMIT,
  );
  return { sessions: rows.map((row) => toSession(row, currentId)), total };
}

/**
 * DELETE /api/auth/sessions/{id}: signs one of the caller's sessions out (their current one too:
 * that is signing out). Someone else's session, an ended one and one that never was answer the
 * same 404, so the answer tells nothing about other people's sessions.
 */
export async function endSession(deps: AppDeps, user: UserRow, sessionId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const ended = await revokeSessions(tx, user.id, sessionLimitsOf(deps.config), { only: sessionId });
    if (ended.length === 0) throw notFound(SESSION_ERRORS.notFound);
    await recordActivity(tx, user, 'user', user.id, {
      action: 'auth.session_end',
      description: `${personName(user)} signed out a session (${devicesOf(ended).join(', ')})`,
      details: { devices: devicesOf(ended) },
    });
  });
}

/** POST /api/auth/sessions/sign-out-others: every session of the caller but the one asking ends. */
export async function endOtherSessions(
  deps: AppDeps,
  user: UserRow,
  currentId: string,
): Promise<{ ended: number }> {
  return deps.db.transaction(async (tx) => {
    const ended = await revokeSessions(tx, user.id, sessionLimitsOf(deps.config), { except: currentId });
    if (ended.length > 0) {
      await recordActivity(tx, user, 'user', user.id, {
        action: 'auth.sessions_end_others',
        description: `${personName(user)} signed out ${ended.length} other session${ended.length === 1 ? '' : 's'}`,
        details: { ended: ended.length, devices: devicesOf(ended) },
      });
    }
    return { ended: ended.length };
  });
}

/**
 * POST /api/user/users/{id}/sessions/end (ADMIN): every session of the account ends, recorded in
 * the audit log (also when none was live, so the log says the ADMIN acted). Not one's own: the
 * profile page's "Sign out other sessions" does that without signing the ADMIN out.
 */
export async function endUserSessions(
  deps: AppDeps,
  actor: UserRow,
  targetId: number,
): Promise<{ ended: number }> {
  if (actor.id === targetId) throw forbidden(SESSION_ERRORS.selfEnd);
  return deps.db.transaction(async (tx) => {
    const target = await findUserById(tx, targetId);
    if (!target) throw notFound(USER_ERRORS.notFound);
    const ended = await revokeSessions(tx, target.id, sessionLimitsOf(deps.config));
    await recordActivity(tx, actor, 'user', target.id, {
      action: 'user.sessions_end',
      description: `${personName(actor)} ended ${ended.length} session${ended.length === 1 ? '' : 's'} of ${personName(target)}`,
      details: { ended: ended.length, devices: devicesOf(ended) },
    });
    return { ended: ended.length };
  });
}
