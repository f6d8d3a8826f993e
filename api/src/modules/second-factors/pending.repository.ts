/**
 * What waits for a second factor, for 5 minutes and once: second steps of sign-in (tickets),
 * enrolments and step-up challenges; and the per-account count of wrong codes. The only queries
 * of second_step_tickets, second_factor_challenges and second_factor_failures.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  secondFactorChallenges,
  secondFactorFailures,
  secondStepTickets,
  type ChallengePurpose,
  type SecondStepTicketRow,
} from '../../db/schema';

const fiveMinutesFromNow = sql`now() + interval '5 minutes'`;

// ---- second steps of sign-in ------------------------------------------------------------------

/** A new ticket; the person's tickets that are over (used or expired) go. */
export async function insertTicket(db: Db, userId: number, tokenHash: string): Promise<Date> {
  await db
    .delete(secondStepTickets)
    .where(
      and(
        eq(secondStepTickets.userId, userId),
        or(lt(secondStepTickets.expiresAt, sql`now()`), sql`${secondStepTickets.usedAt} is not null`),
      ),
    );
  const [row] = await db
    .insert(secondStepTickets)
    .values({ userId, tokenHash, expiresAt: fiveMinutesFromNow })
    .returning({ expiresAt: secondStepTickets.expiresAt });
  if (!row) throw new Error('insert into second_step_tickets returned no row');
  return row.expiresAt;
}

/** The ticket, while it is unused and unexpired (by the database's clock). */
export async function findLiveTicket(db: Db, tokenHash: string): Promise<SecondStepTicketRow | undefined> {
  const [row] = await db
    .select()
    .from(secondStepTickets)
    .where(
      and(
        eq(secondStepTickets.tokenHash, tokenHash),
        isNull(secondStepTickets.usedAt),
        gt(secondStepTickets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** The passkey challenge of a live ticket (a new one replaces the one before). */
export async function setTicketChallenge(db: Db, id: number, challenge: string): Promise<boolean> {
  const rows = await db
    .update(secondStepTickets)
    .set({ webauthnChallenge: challenge })
    .where(
      and(
        eq(secondStepTickets.id, id),
        isNull(secondStepTickets.usedAt),
        gt(secondStepTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: secondStepTickets.id });
  return rows.length === 1;
}

/** Takes the ticket's passkey challenge away (each is answered once, right or wrong): what it was. */
export async function takeTicketChallenge(db: Db, id: number): Promise<string | null> {
  const result = await db.execute(sql`
    update ${secondStepTickets} t set webauthn_challenge = null
    from (select id, webauthn_challenge from ${secondStepTickets} where id = ${id} for update) old
    where t.id = old.id and old.webauthn_challenge is not null
    returning old.webauthn_challenge as "challenge"
  `);
  const rows = (result as unknown as { rows: Array<{ challenge: string }> }).rows;
  return rows[0]?.challenge ?? null;
}

/** Spends a live ticket; its user, or null when it was spent, expired or never was. */
export async function spendTicket(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(secondStepTickets)
    .set({ usedAt: sql`now()`, webauthnChallenge: null })
    .where(
      and(
        eq(secondStepTickets.tokenHash, tokenHash),
        isNull(secondStepTickets.usedAt),
        gt(secondStepTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: secondStepTickets.userId });
  return row?.userId ?? null;
}

// ---- enrolments and step-up challenges -------------------------------------------------------

/**
 * A new challenge, which replaces the person's earlier one of the same purpose (only the newest
 * enrolment or step-up can be finished, so asking again and again piles nothing up); their
 * challenges that are over go too.
 */
export async function insertChallenge(
  db: Db,
  values: { userId: number; purpose: ChallengePurpose; challenge: string; totpSecret?: string },
): Promise<void> {
  await db
    .delete(secondFactorChallenges)
    .where(
      and(
        eq(secondFactorChallenges.userId, values.userId),
        or(
          eq(secondFactorChallenges.purpose, values.purpose),
          lt(secondFactorChallenges.expiresAt, sql`now()`),
          sql`${secondFactorChallenges.usedAt} is not null`,
        ),
      ),
    );
  await db.insert(secondFactorChallenges).values({ ...values, expiresAt: fiveMinutesFromNow });
}

/** The live challenge, without spending it (an authenticator's code may be mistyped and sent again). */
export async function findLiveChallenge(
  db: Db,
  userId: number,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<{ id: number; totpSecret: string | null } | undefined> {
  const [row] = await db
    .select({ id: secondFactorChallenges.id, totpSecret: secondFactorChallenges.totpSecret })
    .from(secondFactorChallenges)
    .where(liveChallenge(userId, purpose, challenge));
  return row;
}

/** Spends a live challenge of the person; false when it was spent, expired or never was theirs. */
export async function spendChallenge(
  db: Db,
  userId: number,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<boolean> {
  const rows = await db
    .update(secondFactorChallenges)
    .set({ usedAt: sql`now()` })
    .where(liveChallenge(userId, purpose, challenge))
    .returning({ id: secondFactorChallenges.id });
  return rows.length > 0;
}

const liveChallenge = (userId: number, purpose: ChallengePurpose, challenge: string) =>
  and(
    eq(secondFactorChallenges.userId, userId),
    eq(secondFactorChallenges.purpose, purpose),
    eq(secondFactorChallenges.challenge, challenge),
    isNull(secondFactorChallenges.usedAt),
    gt(secondFactorChallenges.expiresAt, sql`now()`),
  );

// ---- wrong codes, per account ---------------------------------------------------------------

/**
 * Counts an attempt at the person's second factor BEFORE it is checked (forgiven by
 * clearFailures when it was right), so concurrent guesses cannot all pass the check before one is
 * counted. Refused while `max` failures lie within the last `lockSeconds`: then the seconds until
 * the lock ends. Failures older than that are forgotten.
 */
export async function takeAttempt(
  tx: Db,
  userId: number,
  max: number,
  lockSeconds: number,
): Promise<{ lockedFor: number } | null> {
  await tx.insert(secondFactorFailures).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select({
      failures: secondFactorFailures.failures,
      remaining: sql<
        number | null
      >`extract(epoch from ${secondFactorFailures.lastFailureAt} + make_interval(secs => ${lockSeconds}) - now())::float8`,
    })
    .from(secondFactorFailures)
    .where(eq(secondFactorFailures.userId, userId))
    .for('update');
  const remaining = row?.remaining === null || row?.remaining === undefined ? 0 : Number(row.remaining);
  const failures = remaining > 0 ? (row?.failures ?? 0) : 0;
  if (failures >= max) return { lockedFor: remaining };
  await tx
    .update(secondFactorFailures)
    .set({ failures: failures + 1, lastFailureAt: sql`now()` })
    .where(eq(secondFactorFailures.userId, userId));
  return null;
}

/** The person gave a right factor: no failures count against them any more. */
export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.delete(secondFactorFailures).where(eq(secondFactorFailures.userId, userId));
}

/**
 * Drops every second step and challenge of the person still waiting (their factors were reset):
 * nothing started before the reset can be finished after it.
 */
export async function dropWaitingSteps(db: Db, userId: number): Promise<void> {
  await db.delete(secondStepTickets).where(eq(secondStepTickets.userId, userId));
  await db.delete(secondFactorChallenges).where(eq(secondFactorChallenges.userId, userId));
}
