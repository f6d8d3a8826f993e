/** The factors themselves and the recovery codes: the only queries of second_factors and recovery_codes. */
import { and, asc, count, eq, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes, secondFactors, type SecondFactorRow } from '../../db/schema';

export type { SecondFactorRow } from '../../db/schema';

export async function listFactors(db: Db, userId: number): Promise<SecondFactorRow[]> {
  return db
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

export async function countFactors(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(secondFactors).where(eq(secondFactors.userId, userId));
  return row?.n ?? 0;
}

export async function insertFactor(
  db: Db,
  values: typeof secondFactors.$inferInsert,
): Promise<SecondFactorRow> {
  const [row] = await db.insert(secondFactors).values(values).returning();
  if (!row) throw new Error('insert into second_factors returned no row');
  return row;
}

/** Deletes one of the person's factors; false when they have none with this id. */
export async function deleteFactor(db: Db, userId: number, id: number): Promise<SecondFactorRow | undefined> {
  const [row] = await db
    .delete(secondFactors)
    .where(and(eq(secondFactors.id, id), eq(secondFactors.userId, userId)))
    .returning();
  return row;
}

/**
 * Accepts the code of 30-second `step` for a TOTP factor only if no code of that step or a later
 * one was accepted before: one statement, so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ totpLastStep: step, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(secondFactors.id, id),
        or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step)),
      ),
    )
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

/**
 * Records a passkey's new signature counter, only while it still has the one the assertion was
 * checked against (a concurrent use of a clone loses); a device that keeps no counter sends 0.
 */
export async function claimPasskeyCounter(db: Db, id: number, seen: number, next: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ signCount: next, lastUsedAt: sql`now()` })
    .where(and(eq(secondFactors.id, id), eq(secondFactors.signCount, seen)))
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

// ---- recovery codes ---------------------------------------------------------------------------

/** The person's codes become exactly these (the old ones stop working). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: number,
  codes: Array<{ lookup: string; codeHash: string }>,
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codes.length > 0) await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, ...code })));
}

export async function deleteRecoveryCodes(db: Db, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The unused code of the person whose first group is `lookup`, if any. */
export async function findUnusedRecoveryCode(
  db: Db,
  userId: number,
  lookup: string,
): Promise<{ id: number; codeHash: string } | undefined> {
  const [row] = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.lookup, lookup), isNull(recoveryCodes.usedAt)),
    );
  return row;
}

/** When the person last spent one of their current recovery codes, or null. */
export async function lastRecoveryCodeUse(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(recoveryCodes.usedAt) })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return row?.at ?? null;
}

/** Spends a code; false when another request spent it first. */
export async function spendRecoveryCode(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.id, id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

// ---- a reset by two ADMINs --------------------------------------------------------------------

/** How many factors of each kind the person has. */
export async function factorCountsByKind(db: Db, userId: number): Promise<{ totp: number; passkey: number }> {
  const rows = await db
    .select({ kind: secondFactors.kind, n: count() })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .groupBy(secondFactors.kind);
  const byKind = { totp: 0, passkey: 0 };
  for (const row of rows) byKind[row.kind] = row.n;
  return byKind;
}

/** Deletes every factor and recovery code of the person: the factors that went and how many codes. */
export async function deleteAllFactors(
  db: Db,
  userId: number,
): Promise<{ factors: Array<Pick<SecondFactorRow, 'kind' | 'name'>>; recoveryCodes: number }> {
  const factors = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ kind: secondFactors.kind, name: secondFactors.name });
  const codes = await db
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .returning({ id: recoveryCodes.id });
  return { factors, recoveryCodes: codes.length };
}
