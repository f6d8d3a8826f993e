import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ---- refresh tokens -------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
  if (!row) throw new Error('insert into refresh_tokens returned no row');
  return row.id;
}

/** Locks the row so two refreshes with one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
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

/** Expired rows serve no purpose, not even reuse detection (an expired token is refused anyway). */
export async function deleteExpiredRefreshTokens(db: Db, userId: number): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, sql`now()`)));
}

// ---- sign-in throttle -----------------------------------------------------------------------

export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<{ byEmail: number; byIp: number }> {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      and(gt(loginAttempts.createdAt, since), or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip))),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
}

/** Records a failure and forgets failures older than the window, so the table stays small. */
export async function recordFailure(db: Db, email: string, ip: string, windowStart: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email, ip });
    await tx.delete(loginAttempts).where(lt(loginAttempts.createdAt, windowStart));
  });
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
