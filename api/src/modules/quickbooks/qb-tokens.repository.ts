import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';

/** A company's QuickBooks tokens and their single-flight refresh (the lease columns of companies). */

/**
 * Takes the company's refresh lease for `ms` milliseconds if nobody holds a live one. The UPDATE's
 * row lock makes this atomic across API processes; an expired lease (a crashed holder) is free.
 */
export async function acquireQbRefreshLease(db: Db, id: number, ms: number): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({
      qbRefreshLeaseUntil: sql`now() + make_interval(secs => ${ms / 1000})`,
      updatedAt: sql`${companies.updatedAt}`,
    })
    .where(
      and(
        eq(companies.id, id),
        or(isNull(companies.qbRefreshLeaseUntil), lt(companies.qbRefreshLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Frees the lease and records how the refresh ended, for the requests that waited on it. */
export async function releaseQbRefreshLease(db: Db, id: number, outcome: string): Promise<void> {
  await db
    .update(companies)
    .set({
      qbRefreshLeaseUntil: null,
      qbRefreshOutcome: outcome,
      qbRefreshFinishedAt: sql`now()`,
      updatedAt: sql`${companies.updatedAt}`,
    })
    .where(eq(companies.id, id));
}

export interface QbRefreshState {
  leaseHeld: boolean;
  outcome: string | null;
  finishedAt: Date | null;
  /** The last refresh succeeded less than `recentSeconds` ago (database clock). */
  recentlyRefreshed: boolean;
}

export async function readQbRefreshState(
  db: Db,
  id: number,
  recentSeconds: number,
): Promise<QbRefreshState | undefined> {
  const [row] = await db
    .select({
      leaseHeld: sql<boolean>`coalesce(${companies.qbRefreshLeaseUntil} > now(), false)`,
      outcome: companies.qbRefreshOutcome,
      finishedAt: companies.qbRefreshFinishedAt,
      recentlyRefreshed: sql<boolean>`coalesce(${companies.qbRefreshOutcome} = 'ok' and ${companies.qbRefreshFinishedAt} > now() - make_interval(secs => ${recentSeconds}), false)`,
    })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/**
 * Stores values only while the stored refresh token is still `expectedRefreshEnc`: two refreshes
 * racing for one company must not overwrite each other's rotated tokens. False when it changed.
 */
export async function updateCompanyIfRefreshTokenIs(
  db: Db,
  id: number,
  expectedRefreshEnc: string,
  values: Partial<typeof companies.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set(values)
    .where(and(eq(companies.id, id), eq(companies.qbRefreshTokenEnc, expectedRefreshEnc)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** The company's QuickBooks connection columns (realm, tokens, status), as connect and disconnect set them. */
export type QbConnectionValues = Pick<
  Partial<typeof companies.$inferInsert>,
  | 'qbRealmId'
  | 'qbAccessTokenEnc'
  | 'qbRefreshTokenEnc'
  | 'qbTokenExpiresAt'
  | 'qbLastRefresh'
  | 'qbConnectionStatus'
>;

export async function setQbConnection(db: Db, id: number, values: QbConnectionValues): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}
