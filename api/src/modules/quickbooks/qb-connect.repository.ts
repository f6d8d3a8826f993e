import { and, eq, exists, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, qbImportedBills, qbOauthStates, qbSyncState, qbVendors } from '../../db/schema';

export interface NewQbState {
  stateHash: string;
  companyId: number;
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

/** Stores a new connect state and forgets states that expired long ago. */
export async function insertQbState(db: Db, state: NewQbState, forgetBefore: Date): Promise<void> {
  await db.delete(qbOauthStates).where(lt(qbOauthStates.expiresAt, forgetBefore));
  await db.insert(qbOauthStates).values(state);
}

/**
 * Marks the state used and answers its company, in one conditional UPDATE: only an unused,
 * unexpired state issued to this user in this session. A state presented from another session
 * is not consumed, so nobody can burn someone else's connect flow.
 */
export async function claimQbState(
  db: Db,
  stateHash: string,
  userId: number,
  sessionId: string,
): Promise<number | undefined> {
  const now = new Date();
  const [row] = await db
    .update(qbOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(qbOauthStates.stateHash, stateHash),
        isNull(qbOauthStates.usedAt),
        gt(qbOauthStates.expiresAt, now),
        eq(qbOauthStates.userId, userId),
        eq(qbOauthStates.sessionId, sessionId),
      ),
    )
    .returning({ companyId: qbOauthStates.companyId });
  return row?.companyId;
}

/** Another company already holding this QuickBooks realm, if any. */
export async function findCompanyWithRealm(
  db: Db,
  realmId: string,
  exceptId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.qbRealmId, realmId), ne(companies.id, exceptId)))
    .limit(1);
  return row;
}

/**
 * The realm whose QuickBooks data the company holds, when it holds any (imported bills or
 * vendors): QuickBooks ids of another realm would collide with them.
 */
export async function findHeldRealm(db: Db, companyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ realmId: qbSyncState.realmId })
    .from(qbSyncState)
    .where(
      and(
        eq(qbSyncState.companyId, companyId),
        isNotNull(qbSyncState.realmId),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(qbImportedBills)
              .where(eq(qbImportedBills.companyId, companyId)),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(qbVendors)
              .where(eq(qbVendors.companyId, companyId)),
          ),
        ),
      ),
    );
  return row?.realmId ?? undefined;
}
