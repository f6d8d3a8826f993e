/** Resets of a person's factors waiting for a second ADMIN: the only queries of second_factor_resets. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondFactorResets, type SecondFactorResetRow } from '../../db/schema';

/**
 * The reset waiting for the person, if any. With `lock`, its row stays locked until the
 * transaction ends, so a confirmation and a cancellation of it run one after the other.
 */
export async function pendingResetOf(
  db: Db,
  userId: number,
  lock = false,
): Promise<SecondFactorResetRow | undefined> {
  const query = db.select().from(secondFactorResets).where(eq(secondFactorResets.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A new request; undefined when one is already waiting for the person (one per person). */
export async function insertReset(
  db: Db,
  values: { userId: number; requestedById: number; requestedByName: string },
): Promise<SecondFactorResetRow | undefined> {
  const [row] = await db
    .insert(secondFactorResets)
    .values(values)
    .onConflictDoNothing({ target: secondFactorResets.userId })
    .returning();
  return row;
}

export async function deleteReset(db: Db, id: number): Promise<void> {
  await db.delete(secondFactorResets).where(eq(secondFactorResets.id, id));
}
