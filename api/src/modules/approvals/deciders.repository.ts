/**
 * Whether a person has a part in deciding payments through the approval rules: a company's
 * approver, named (as a person) in a step of a company's policy in force, or someone's
 * out-of-office delegate. Those who do must have a second factor.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { approvalPolicies, companies, users } from '../../db/schema';

export async function decidesPayments(db: Db, userId: number): Promise<boolean> {
  // The containment test matches any rule, any step, any approver naming this person.
  const named = JSON.stringify({ rules: [{ steps: [{ approvers: [{ kind: 'user', userId }] }] }] });
  const result = await db.execute(sql`
    select (
      exists (select 1 from ${companies} where ${companies.approverId} = ${userId})
      or exists (select 1 from ${users} where ${users.delegateId} = ${userId})
      or exists (
        select 1 from ${approvalPolicies} p
        where p.definition @> ${named}::jsonb
          and p.version = (select max(q.version) from ${approvalPolicies} q where q.company_id = p.company_id)
      )
    ) as "decides"
  `);
  const rows = (result as unknown as { rows: Array<{ decides: boolean }> }).rows;
  return rows[0]?.decides === true;
}
