import { and, eq, getTableColumns, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { loginAttempts, refreshTokens, users, type UserRow } from '../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ---- refresh tokens -------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Db,
  values: {
    userId: number;
    tokenHash: string;
    familyId: string;
    expiresAt: Date;
    sessionStartedAt?: Date;
    userAgent?: string | null;
    ip?: string | null;
    amr?: string[];
    factorAt?: Date | null;
  },
): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  if (!row) throw new Error('insert into refresh_tokens returned no row');
  return row.id;
}

/**
 * Locks the row so two refreshes with one token cannot both rotate it. `rotatedWithinGrace`: the
 * token was rotated (not revoked) less than `graceSeconds` ago, by the database's clock.
 */
export async function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
  graceSeconds: number,
): Promise<(RefreshTokenRow & { rotatedWithinGrace: boolean }) | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(refreshTokens),
      rotatedWithinGrace: sql<boolean>`coalesce(${refreshTokens.replacedBy} is not null and ${refreshTokens.revokedAt} > now() - make_interval(secs => ${graceSeconds}), false)`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/**
 * Seconds after sign-in at which sessions end (ADMIN accounts' and everyone else's), and seconds
 * without a refresh after which they end (`idle`).
 */
export interface SessionLimits {
  default: number;
  admin: number;
  idle: number;
}

/** The session limits of the configuration. */
export const sessionLimitsOf = (config: Pick<AppConfig, 'sessionMaxAge' | 'sessionIdleTimeout'>) => ({
  ...config.sessionMaxAge,
  idle: config.sessionIdleTimeout,
});

/**
 * The user of an access token, only while its session is alive: some token of the family is
 * neither revoked nor expired nor idle (issued by a sign-in or refresh more than `idle` ago), and
 * the family's sign-in is less than the session limit of the user's current role ago. Logout,
 * reuse detection and "sign out other sessions" revoke the family, so this is what makes them (and
 * the limits) end the session at once instead of when the access token expires. Also answers
 * until when the session lives if nothing changes (ms since the epoch, by the database's clock):
 * the earliest of its newest live token's expiry, its idle end and its absolute limit, so the
 * sign-in cache keeps it no longer. One statement, a primary-key read plus an aggregate over
 * refresh_tokens_family_idx.
 */
export async function findUserInLiveSession(
  db: Db,
  userId: number,
  familyId: string,
  maxAge: SessionLimits,
): Promise<{ user: UserRow; liveUntil: number } | undefined> {
  // Every signed-in request the cache cannot answer runs this: built once (db/prepared.ts).
  const query = preparedQuery(db, 'auth:live-session-user-until', () => {
    // Written out qualified: inside the subquery Drizzle would name the outer column unqualified.
    const role = sql.raw('"users"."role"');
    const limit = sql`make_interval(secs => case when ${role} = 'ADMIN' then ${sql.placeholder('adminMaxAge')}::int else ${sql.placeholder('maxAge')}::int end)`;
    const idle = sql`make_interval(secs => ${sql.placeholder('idle')}::int)`;
    const liveUntil = sql<number | null>`(
      select extract(epoch from least(max(${refreshTokens.expiresAt}), max(${refreshTokens.createdAt}) + ${idle}, min(${refreshTokens.sessionStartedAt}) + ${limit})) * 1000
      from ${refreshTokens}
      where ${refreshTokens.familyId} = ${sql.placeholder('familyId')}
        and ${refreshTokens.userId} = ${sql.placeholder('userId')}
        and ${refreshTokens.revokedAt} is null
        and ${refreshTokens.expiresAt} > now()
        and ${refreshTokens.createdAt} > now() - ${idle}
        and ${refreshTokens.sessionStartedAt} > now() - ${limit}
    )`;
    return db
      .select({ user: users, liveUntil })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1);
  });
  const [row] = await query.execute({
    userId,
    familyId,
    maxAge: maxAge.default,
    adminMaxAge: maxAge.admin,
    idle: maxAge.idle,
  });
  if (!row || row.liveUntil === null) return undefined;
  return { user: row.user, liveUntil: Number(row.liveUntil) };
}

/** A session to check: the user and the refresh-token family the access token names. */
export interface SessionRef {
  userId: number;
  familyId: string;
}

/**
 * findUserInLiveSession for many sessions in one statement (the live event streams of a process
 * re-check theirs together): the role and active flag of each user whose session is still live;
 * a session missing from the answer has ended.
 */
export async function usersInLiveSessions(
  db: Db,
  sessions: readonly SessionRef[],
  maxAge: SessionLimits,
): Promise<Array<SessionRef & Pick<UserRow, 'role' | 'isActive'>>> {
  if (sessions.length === 0) return [];
  const wanted = sql.join(
    sessions.map((session) => sql`(${session.userId}::int, ${session.familyId}::uuid)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select u.id as "userId", f.family_id::text as "familyId", u.role as "role", u.is_active as "isActive"
    from (values ${wanted}) as f(user_id, family_id)
    join ${users} u on u.id = f.user_id
    where exists (
      select 1 from ${refreshTokens} r
      where r.family_id = f.family_id and r.user_id = f.user_id and r.revoked_at is null
        and r.expires_at > now()
        and r.created_at > now() - make_interval(secs => ${maxAge.idle}::int)
        and r.session_started_at > now() - make_interval(secs => case when u.role = 'ADMIN'
          then ${maxAge.admin}::int else ${maxAge.default}::int end)
    )
  `);
  return (result as unknown as { rows: Array<SessionRef & Pick<UserRow, 'role' | 'isActive'>> }).rows;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function markRotated(db: Db, id: number, replacedBy: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, replacedBy })
    .where(eq(refreshTokens.id, id));
}

/**
 * The session `familyId` of `userId` just gave a second factor by `method` (a step-up, or a factor
 * added): its live tokens say so from now on, so a refresh carries it on. Answers the session's
 * methods, or null when it has no live token any more.
 */
export async function recordSessionFactor(
  db: Db,
  userId: number,
  familyId: string,
  method: string,
): Promise<{ amr: string[]; factorAt: Date } | null> {
  const rows = await db
    .update(refreshTokens)
    .set({
      amr: sql`case when ${method}::text = any(${refreshTokens.amr}) then ${refreshTokens.amr} else ${refreshTokens.amr} || array[${method}::text] end`,
      factorAt: sql`now()`,
    })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ amr: refreshTokens.amr, factorAt: refreshTokens.factorAt });
  const [row] = rows;
  return row?.factorAt ? { amr: row.amr, factorAt: row.factorAt } : null;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs the user out everywhere except the session `keepFamilyId` (after a password change). */
export async function revokeOtherFamilies(db: Db, userId: number, keepFamilyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.familyId, keepFamilyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

// ---- the sessions list ("Sessions" on the profile page) ---------------------------------------

/** A live session: its family, sign-in, last use and where that last use came from. */
export interface LiveSessionRow {
  familyId: string;
  sessionStartedAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The live tokens of `userId` (one per live session), as the access path counts them live. */
function liveTokensOf(userId: number, limits: SessionLimits) {
  return and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    gt(refreshTokens.expiresAt, sql`now()`),
    gt(refreshTokens.createdAt, sql`now() - make_interval(secs => ${limits.idle}::int)`),
    gt(
      refreshTokens.sessionStartedAt,
      // The limit of the user's current role, as the access path reads it.
      sql`now() - make_interval(secs => case when (select "role" from "users" where "id" = ${userId}) = 'ADMIN' then ${limits.admin}::int else ${limits.default}::int end)`,
    ),
  );
}

/**
 * The user's live sessions, `keepFirst` (the caller's own) first, then the most recently used, at
 * most `limit`; and how many there are. A family has one live token (the newest; rotation revokes
 * the one before), read through refresh_tokens_user_idx.
 */
export async function listLiveSessions(
  db: Db,
  userId: number,
  limits: SessionLimits,
  keepFirst: string,
  limit: number,
): Promise<{ rows: LiveSessionRow[]; total: number }> {
  const live = liveTokensOf(userId, limits);
  const rows = await db
    .select({
      familyId: refreshTokens.familyId,
      sessionStartedAt: refreshTokens.sessionStartedAt,
      lastUsedAt: refreshTokens.createdAt,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
    })
    .from(refreshTokens)
    .where(live)
    .orderBy(sql`${refreshTokens.familyId} = ${keepFirst} desc`, sql`${refreshTokens.createdAt} desc`)
    .limit(limit);
  const [count] = await db
    .select({ total: sql<number>`count(distinct ${refreshTokens.familyId})`.mapWith(Number) })
    .from(refreshTokens)
    .where(live);
  return { rows, total: count?.total ?? 0 };
}

/**
 * Ends sessions of `userId` (all, or all but `except`, or only `only`), in the caller's
 * transaction: every token of them still unrevoked is revoked, which the auth_changes trigger
 * tells every API process at commit. Answers the live sessions ended, with their last-use
 * details (sessions already past a limit are revoked too, but not counted).
 */
export async function revokeSessions(
  db: Db,
  userId: number,
  limits: SessionLimits,
  which: { except?: string; only?: string } = {},
): Promise<LiveSessionRow[]> {
  const ended = await db
    .select({
      familyId: refreshTokens.familyId,
      sessionStartedAt: refreshTokens.sessionStartedAt,
      lastUsedAt: refreshTokens.createdAt,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
    })
    .from(refreshTokens)
    .where(
      and(
        liveTokensOf(userId, limits),
        which.except === undefined ? undefined : ne(refreshTokens.familyId, which.except),
        which.only === undefined ? undefined : eq(refreshTokens.familyId, which.only),
      ),
    )
    .orderBy(refreshTokens.createdAt, refreshTokens.id)
    .for('update');
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        which.except === undefined ? undefined : ne(refreshTokens.familyId, which.except),
        which.only === undefined ? undefined : eq(refreshTokens.familyId, which.only),
      ),
    );
  return ended;
}

/** Expired rows serve no purpose, not even reuse detection (an expired token is refused anyway). */
export async function deleteExpiredRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, sql`now()`)));
}

// ---- sign-in throttle -----------------------------------------------------------------------

/** What the throttle needs about recent failures of one e-mail, one address and their pair. */
export interface FailureCounts {
  byPair: number;
  byEmail: number;
  byIp: number;
  /** Epoch seconds (database clock) of the oldest pair / address failure and newest e-mail one. */
  pairOldest: number | null;
  ipOldest: number | null;
  emailLatest: number | null;
  /** The database's clock, so retry times do not depend on clock skew between API processes. */
  now: number;
}

/** One indexed read: failures since `since` matching the e-mail or the address. */
export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<FailureCounts> {
  const isPair = sql`${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip}`;
  const isEmail = sql`${loginAttempts.email} = ${email}`;
  const isIp = sql`${loginAttempts.ip} = ${ip}`;
  const epoch = (value: ReturnType<typeof sql>) =>
    sql<number | null>`extract(epoch from ${value})::float8`.mapWith((x) => (x === null ? null : Number(x)));
  const [row] = await db
    .select({
      byPair: sql<number>`count(*) filter (where ${isPair})`.mapWith(Number),
      byEmail: sql<number>`count(*) filter (where ${isEmail})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${isIp})`.mapWith(Number),
      pairOldest: epoch(sql`min(${loginAttempts.createdAt}) filter (where ${isPair})`),
      ipOldest: epoch(sql`min(${loginAttempts.createdAt}) filter (where ${isIp})`),
      emailLatest: epoch(sql`max(${loginAttempts.createdAt}) filter (where ${isEmail})`),
      now: sql<number>`extract(epoch from now())::float8`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(gt(loginAttempts.createdAt, since), or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))),
    );
  return {
    byPair: row?.byPair ?? 0,
    byEmail: row?.byEmail ?? 0,
    byIp: row?.byIp ?? 0,
    pairOldest: row?.pairOldest ?? null,
    ipOldest: row?.ipOldest ?? null,
    emailLatest: row?.emailLatest ?? null,
    now: row?.now ?? Date.now() / 1000,
  };
}

/**
 * Serialises guesses at one e-mail and from one address until the end of the transaction, on
 * every API process (PostgreSQL advisory locks; two key spaces, e-mail then address, always in
 * that order so two guesses can never wait on each other).
 */
export async function lockGuessKeys(tx: Db, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GUESS_LOCK_EMAIL}, hashtext(${email}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${GUESS_LOCK_ADDRESS}, hashtext(${ip}))`);
}
const GUESS_LOCK_EMAIL = 0x6c6f6731;
const GUESS_LOCK_ADDRESS = 0x6c6f6732;

/** Records an attempt (a failure unless removed) and forgets attempts older than the window. */
export async function recordFailure(db: Db, email: string, ip: string, windowStart: Date): Promise<number> {
  const [row] = await db.insert(loginAttempts).values({ email, ip }).returning({ id: loginAttempts.id });
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, windowStart));
  return row!.id;
}

export async function deleteAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

/**
 * Ends every session of a user (deactivated, deleted or demoted by someone else): each live
 * refresh token is revoked, so no refresh can mint a new access token for them.
 */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
