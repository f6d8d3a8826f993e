import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalPolicyChanges, companies, users, type ApprovalPolicyChangeRow } from '../../db/schema';

/**
 * Takes the company's row lock until the transaction ends: proposing, confirming and discarding
 * a change of one company's policy run one at a time. False when there is no such company.
 */
export async function lockCompanyForPolicy(db: Db, companyId: number): Promise<boolean> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    // Not FOR UPDATE: that would also wait for every transaction inserting a row that references
    // the company (an approval created meanwhile holds a key-share lock on it).
    .for('no key update');
  return rows.length > 0;
}

export async function pendingChangeOf(
  db: Db,
  companyId: number,
): Promise<ApprovalPolicyChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(approvalPolicyChanges)
    .where(eq(approvalPolicyChanges.companyId, companyId));
  return row;
}

export async function deletePendingChange(db: Db, companyId: number): Promise<void> {
  await db.delete(approvalPolicyChanges).where(eq(approvalPolicyChanges.companyId, companyId));
}

export async function insertPendingChange(
  db: Db,
  values: typeof approvalPolicyChanges.$inferInsert,
): Promise<ApprovalPolicyChangeRow> {
  const [row] = await db.insert(approvalPolicyChanges).values(values).returning();
  return row!;
}

/** What the one-person rules read of an account: who registered it, its delegate, its name. */
export interface PolicyAccount {
  id: number;
  createdById: number | null;
  delegateId: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export async function policyAccounts(db: Db, ids: readonly number[]): Promise<PolicyAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      createdById: users.createdById,
      delegateId: users.delegateId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}
