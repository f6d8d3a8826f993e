import { randomUUID } from 'node:crypto';
import {
  AUTH_ERRORS,
  ERROR_CODES,
  LOGIN_ERRORS,
  type AuthResult,
  type AuthTokens,
  type LoginInput,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { signAccessToken } from '../../security/access-tokens';
import { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens';
import { recordActivity } from '../activity/activity.repository';
import { displayName, toUser } from '../users/user-dto';
import { findUserByEmail, findUserById, touchLastLogin } from '../users/users.repository';
import {
  clearFailures,
  countRecentFailures,
  deleteExpiredRefreshTokens,
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRotated,
  recordFailure,
  revokeFamily,
} from './auth.repository';

const refreshFailed = () => new HttpError(401, ERROR_CODES.refreshFailed, AUTH_ERRORS.refreshFailed);

/**
 * Mints an access token and a new refresh token. `familyId` continues a session on rotation;
 * `replacing` is the token being rotated, marked revoked and linked to its successor.
 */
export async function issueTokens(
  deps: Pick<AppDeps, 'config'>,
  tx: Db,
  user: UserRow,
  rotation?: { familyId: string; replacing: number },
): Promise<AuthTokens> {
  const { config } = deps;
  const familyId = rotation?.familyId ?? randomUUID();
  const refreshToken = newOpaqueToken();
  const id = await insertRefreshToken(tx, {
    userId: user.id,
    tokenHash: hashOpaqueToken(refreshToken),
    familyId,
    expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
  });
  if (rotation) await markRotated(tx, rotation.replacing, id);
  const accessToken = await signAccessToken(
    { userId: user.id, role: user.role, sessionId: familyId },
    config.jwtSecret,
    config.accessTokenTtl,
  );
  return { accessToken, refreshToken };
}

/**
 * Sign-in (SPEC §7). Unknown e-mail and wrong password get the same answer after the same
 * amount of hashing work; a disabled account is only revealed to someone who knows its password.
 * Failures are counted in the database so the throttle holds across API processes.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
  ip: string,
  userAgent?: string,
): Promise<AuthResult> {
  const { db, config, passwords } = deps;
  const { maxPerEmail, maxPerIp, windowSeconds } = config.loginThrottle;
  const windowStart = new Date(Date.now() - windowSeconds * 1000);

  const failures = await countRecentFailures(db, input.email, ip, windowStart);
  if (failures.byEmail >= maxPerEmail || failures.byIp >= maxPerIp) {
    throw new HttpError(429, ERROR_CODES.tooManyRequests, LOGIN_ERRORS.tooManyAttempts);
  }

  const user = await findUserByEmail(db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await passwords.verify(user.passwordHash, input.password);
  else await passwords.verifyDummy(input.password);

  if (!user || !passwordOk) {
    await recordFailure(db, input.email, ip, windowStart);
    throw new HttpError(401, ERROR_CODES.invalidCredentials, LOGIN_ERRORS.invalidCredentials);
  }
  if (!user.isActive) {
    throw new HttpError(403, ERROR_CODES.accountDisabled, AUTH_ERRORS.accountDisabled);
  }

  return db.transaction(async (tx) => {
    await clearFailures(tx, user.email);
    await deleteExpiredRefreshTokens(tx, user.id);
    const signedIn = await touchLastLogin(tx, user.id);
    await recordActivity(tx, {
      userId: user.id,
      userName: displayName(user),
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
      description: `${displayName(user)} signed in`,
      // Shown as the user's last-login details (SPEC §2 activity statistics).
      details: { ip, userAgent: userAgent?.slice(0, 512) ?? null },
    });
    const tokens = await issueTokens(deps, tx, signedIn);
    return { user: toUser(signedIn), tokens };
  });
}

/**
 * Rotation with reuse detection: a valid token is exchanged for a new one in the same family;
 * presenting an already rotated (or revoked) token revokes the whole family, because either the
 * legitimate client or a thief holds a copy.
 */
export async function refresh(deps: AppDeps, refreshToken: string): Promise<AuthTokens> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(refreshToken));
    if (!row) return null;
    if (row.revokedAt) {
      await revokeFamily(tx, row.familyId);
      return null;
    }
    if (row.expiresAt.getTime() <= Date.now()) return null;
    const user = await findUserById(tx, row.userId);
    if (!user || !user.isActive) {
      await revokeFamily(tx, row.familyId);
      return null;
    }
    return issueTokens(deps, tx, user, { familyId: row.familyId, replacing: row.id });
  });
  // Thrown after the transaction so a family revoked for reuse stays revoked.
  if (!outcome) throw refreshFailed();
  return outcome;
}

/** Ends the session the refresh token belongs to; unknown tokens are ignored (already gone). */
export async function logout(deps: AppDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  await deps.db.transaction(async (tx) => {
    const row = await findRefreshToken(tx, hashOpaqueToken(refreshToken));
    if (!row) return;
    await revokeFamily(tx, row.familyId);
    if (row.revokedAt) return;
    const user = await findUserById(tx, row.userId);
    if (user) {
      await recordActivity(tx, {
        userId: user.id,
        userName: displayName(user),
        action: 'auth.logout',
        entityType: 'user',
        entityId: user.id,
        description: `${displayName(user)} signed out`,
      });
    }
  });
}
