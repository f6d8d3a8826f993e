import { randomUUID } from 'node:crypto';
import {
  AMR,
  AUTH_ERRORS,
  ERROR_CODES,
  LOGIN_ERRORS,
  personName,
  type AuthMethod,
  type AuthResult,
  type AuthTokens,
  type LoginAnswer,
  type LoginInput,
  type Role,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { signAccessToken } from '../../security/access-tokens';
import { hashOpaqueToken, newOpaqueToken, successorToken } from '../../security/opaque-tokens';
import { recordActivity } from '../activity/activity.service';
import { toUser } from '../users/user-dto';
import { findUserByEmail, findUserById, touchLastLogin } from '../users/users.service';
import {
  clearFailures,
  deleteExpiredRefreshTokens,
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRotated,
  revokeFamily,
} from '../../sessions/sessions.repository';
import { forgiveGuess, takeGuess } from '../../sessions/throttle';
import { NO_SECOND_STEP, type SecondStepGate } from '../../ports/second-step';
import type { TokenIssuing } from '../../ports/second-factor-enrolment';

const refreshFailed = () => new HttpError(401, ERROR_CODES.refreshFailed, AUTH_ERRORS.refreshFailed);
const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, AUTH_ERRORS.sessionExpired);

/** Seconds a session of this role lasts after its sign-in, however often it is refreshed. */
export function sessionMaxAgeOf(config: AppConfig, role: Role): number {
  return role === 'ADMIN' ? config.sessionMaxAge.admin : config.sessionMaxAge.default;
}

/** When the session that started at `startedAt` ends for a user of `role` (epoch ms). */
const sessionEnd = (config: AppConfig, startedAt: Date, role: Role) =>
  startedAt.getTime() + sessionMaxAgeOf(config, role) * 1000;

/** When a session whose last sign-in or refresh was at `lastUsedAt` ends for being idle (epoch ms). */
const idleEnd = (config: AppConfig, lastUsedAt: Date) =>
  lastUsedAt.getTime() + config.sessionIdleTimeout * 1000;

/** Where a sign-in or refresh came from, kept on the token it issues (the sessions list). */
export interface SessionClient {
  ip: string;
  userAgent?: string | undefined;
}

/** Longest User-Agent kept (the column's width): enough for any real browser's. */
const USER_AGENT_MAX = 512;

/**
 * How a session signed in: its methods (`amr`) and when it last gave a second factor (the access
 * token's `auth_time`). Kept on its refresh tokens, so every refresh says the same.
 */
export interface SessionFactor {
  amr: AuthMethod[];
  factorAt: Date | null;
}

/** A sign-in with the password alone (the person has no second factor). */
export const PASSWORD_ONLY: SessionFactor = { amr: [AMR.password], factorAt: null };

/** The factor columns of a refresh token, as a SessionFactor (methods nobody issues are dropped). */
export const factorOfToken = (row: { amr: string[]; factorAt: Date | null }): SessionFactor => ({
  amr: row.amr.filter((method): method is AuthMethod => (Object.values(AMR) as string[]).includes(method)),
  factorAt: row.factorAt,
});

/**
 * An access token of the session `familyId`, saying how it signed in and, when the person must add
 * a second factor first, from when it opens nothing else (`mfa_enrol`, asked of
 * deps.enrolmentDeadline in `db`, the issuing transaction where there is one).
 *
 * Why the enrolment duty rides in the token rather than being checked per request: who must have a
 * factor takes several joins (role, approvers, policy steps, delegates), and authenticate is the
 * hot path of every request (one cached user read). Caching the answer beside the user would need
 * invalidating on changes to companies, policies and out-of-office rows the sign-in cache does not
 * follow. Decided here, at sign-in, refresh, step-up and when a factor is added, authenticate only
 * reads a claim; a change of duty (a new approver, a role change) takes effect at the next refresh,
 * within ACCESS_TOKEN_TTL, and the grace's end within a token's life because the claim holds the
 * time, not a yes or no.
 */
export async function accessTokenFor(
  deps: Pick<AppDeps, 'config'> & TokenIssuing,
  db: Db,
  user: UserRow,
  familyId: string,
  factor: SessionFactor,
): Promise<string> {
  const { config } = deps;
  const due = await deps.enrolmentDeadline(db, user);
  return signAccessToken(
    {
      userId: user.id,
      role: user.role,
      sessionId: familyId,
      amr: factor.amr.length > 0 ? factor.amr : [AMR.password],
      authTime: factor.factorAt ? Math.floor(factor.factorAt.getTime() / 1000) : null,
      enrolment: due ? { by: Math.floor(due.by.getTime() / 1000), reason: due.reason } : null,
    },
    config.jwtSecret,
    config.accessTokenTtl,
  );
}

/**
 * Mints an access token and a new refresh token. `familyId` continues a session on rotation;
 * `replacing` is the token being rotated, marked revoked and linked to its successor. A rotated
 * token's successor is derived from it with the server's key (see `successorToken`), so a second
 * request with the same token within the grace window can be answered that same successor
 * without storing any token in the clear.
 */
export async function issueTokens(
  deps: Pick<AppDeps, 'config'> & TokenIssuing,
  tx: Db,
  user: UserRow,
  client: SessionClient,
  factor: SessionFactor,
  rotation?: { familyId: string; replacing: number; presented: string; sessionStartedAt: Date },
): Promise<AuthTokens> {
  const { config } = deps;
  const familyId = rotation?.familyId ?? randomUUID();
  const refreshToken = rotation ? successorToken(rotation.presented, config.jwtSecret) : newOpaqueToken();
  const sessionStartedAt = rotation?.sessionStartedAt ?? new Date();
  const now = new Date();
  const id = await insertRefreshToken(tx, {
    userId: user.id,
    tokenHash: hashOpaqueToken(refreshToken),
    familyId,
    sessionStartedAt,
    // Never beyond the session's end nor its idle limit: a refresh cannot extend the first, and
    // a token nobody refreshes in time ends the session.
    expiresAt: new Date(
      Math.min(
        now.getTime() + config.refreshTokenTtl * 1000,
        idleEnd(config, now),
        sessionEnd(config, sessionStartedAt, user.role),
      ),
    ),
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
    ip: client.ip.slice(0, 64) || null,
    amr: factor.amr,
    factorAt: factor.factorAt,
  });
  if (rotation) await markRotated(tx, rotation.replacing, id);
  const accessToken = await accessTokenFor(deps, tx, user, familyId, factor);
  // The console signs itself out after this long unused, rather than refresh for an absent person.
  return { accessToken, refreshToken, idleTimeoutSeconds: config.sessionIdleTimeout };
}

/**
 * Sign-in. Unknown e-mail and wrong password get the same answer after the same
 * amount of hashing work; a disabled account is only revealed to someone who knows its password.
 * Guesses are counted in the database so the throttle holds across API processes. A person with
 * a second factor gets no session yet: `secondStep` (given by flows/sign-in.ts) answers the ticket
 * of the second step, and the session starts when it is passed (startSession).
 */
export async function login(
  deps: AppDeps & TokenIssuing,
  input: LoginInput,
  ip: string,
  userAgent?: string,
  secondStep: SecondStepGate = NO_SECOND_STEP,
): Promise<LoginAnswer> {
  const { db, config, passwords } = deps;
  // Counted before the password is checked (see takeGuess); forgiven when it was right.
  const guess = await takeGuess(db, config.loginThrottle, input.email, ip, LOGIN_ERRORS.tooManyAttempts);

  const user = await findUserByEmail(db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await passwords.verify(user.passwordHash, input.password);
  else await passwords.verifyDummy(input.password);

  if (!user || !passwordOk) {
    throw new HttpError(401, ERROR_CODES.invalidCredentials, LOGIN_ERRORS.invalidCredentials);
  }
  if (!user.isActive) {
    await forgiveGuess(db, guess);
    throw new HttpError(403, ERROR_CODES.accountDisabled, AUTH_ERRORS.accountDisabled);
  }

  return db.transaction(async (tx) => {
    await forgiveGuess(tx, guess);
    await clearFailures(tx, user.email);
    const pending = await secondStep(tx, user);
    if (pending) return { secondStep: pending };
    return startSession(deps, tx, user, { ip, userAgent }, PASSWORD_ONLY);
  });
}

/**
 * A new session for `user`, whose sign-in is complete (password, and second factor when they have
 * one): the sign-in is recorded (the user's last login and activity) and a token pair issued.
 */
export async function startSession(
  deps: Pick<AppDeps, 'config'> & TokenIssuing,
  tx: Db,
  user: UserRow,
  client: SessionClient,
  factor: SessionFactor,
): Promise<AuthResult> {
  await deleteExpiredRefreshTokens(tx, user.id);
  const signedIn = await touchLastLogin(tx, user.id);
  await recordActivity(tx, user, 'user', user.id, {
    action: 'auth.login',
    description: `${personName(user)} signed in`,
    // Shown as the last-login details of the user's activity statistics.
    details: {
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      amr: factor.amr,
    },
  });
  const tokens = await issueTokens(deps, tx, signedIn, client, factor);
  return { user: toUser(signedIn), tokens };
}

/**
 * Rotation with reuse detection: a valid token is exchanged for a new one in the same family;
 * presenting an already rotated (or revoked) token revokes the whole family, because either the
 * legitimate client or a thief holds a copy.
 *
 * Except within `refreshGraceSeconds` of its rotation: two tabs (or two API processes serving
 * them) refreshing with the same token at once is not theft, so the later requests are answered
 * the SAME successor (with a fresh access token) and every tab ends on the one live token. The
 * row lock serialises them; the successor is re-derived from the presented token, so this holds
 * across processes with nothing kept in memory.
 *
 * A session past its absolute limit, or not refreshed within the idle limit, is refused with
 * SESSION_EXPIRED ('Your session has ended…'), and an idle one's family is revoked.
 */
export async function refresh(
  deps: AppDeps & TokenIssuing,
  refreshToken: string,
  client: SessionClient,
): Promise<AuthTokens> {
  const { config } = deps;
  const outcome = await deps.db.transaction(async (tx): Promise<AuthTokens | 'expired' | null> => {
    const row = await findRefreshTokenForUpdate(
      tx,
      hashOpaqueToken(refreshToken),
      config.refreshGraceSeconds,
    );
    if (!row) return null;
    if (row.revokedAt) {
      if (row.rotatedWithinGrace) return currentSuccessor(deps, tx, refreshToken);
      await revokeFamily(tx, row.familyId);
      return null;
    }
    const user = await findUserById(tx, row.userId);
    // The session's absolute limit (by the user's current role), whatever refreshes came before.
    // Nothing to revoke: every token of the family is past it, and the answer stays the same.
    if (user && sessionEnd(config, row.sessionStartedAt, user.role) <= Date.now()) return 'expired';
    // Not refreshed in time (by the idle limit now in force, whatever the token's own expiry said
    // when it was issued): the session is over, and its family is revoked, so nothing of it —
    // an access token, a copy of this refresh token — counts again whatever the limit becomes.
    if (user && (idleEnd(config, row.createdAt) <= Date.now() || row.expiresAt.getTime() <= Date.now())) {
      await revokeFamily(tx, row.familyId);
      return 'expired';
    }
    if (!user || !user.isActive) {
      await revokeFamily(tx, row.familyId);
      return null;
    }
    return issueTokens(deps, tx, user, client, factorOfToken(row), {
      familyId: row.familyId,
      replacing: row.id,
      presented: refreshToken,
      sessionStartedAt: row.sessionStartedAt,
    });
  });
  // Thrown after the transaction so a family revoked for reuse stays revoked.
  if (outcome === 'expired') throw sessionExpired();
  if (!outcome) throw refreshFailed();
  return outcome;
}

/** Longest chain of grace-window rotations followed (a tab refreshing twice within seconds). */
const MAX_GRACE_HOPS = 5;

/**
 * The live token a just-rotated `presented` token led to, with a new access token; null when the
 * family has since been revoked (logout, password change) or expired, without revoking anything.
 */
async function currentSuccessor(
  deps: AppDeps & TokenIssuing,
  tx: Db,
  presented: string,
): Promise<AuthTokens | null> {
  const { config } = deps;
  let token = presented;
  for (let hop = 0; hop < MAX_GRACE_HOPS; hop += 1) {
    token = successorToken(token, config.jwtSecret);
    const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(token), config.refreshGraceSeconds);
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.revokedAt) {
      if (row.rotatedWithinGrace) continue;
      return null;
    }
    const user = await findUserById(tx, row.userId);
    if (!user || !user.isActive) return null;
    if (sessionEnd(config, row.sessionStartedAt, user.role) <= Date.now()) return null;
    const accessToken = await accessTokenFor(deps, tx, user, row.familyId, factorOfToken(row));
    return { accessToken, refreshToken: token, idleTimeoutSeconds: config.sessionIdleTimeout };
  }
  return null;
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
      await recordActivity(tx, user, 'user', user.id, {
        action: 'auth.logout',
        description: `${personName(user)} signed out`,
      });
    }
  });
}
