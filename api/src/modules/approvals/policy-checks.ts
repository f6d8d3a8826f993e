import {
  POLICY_CHANGE_MESSAGES,
  POLICY_MESSAGES,
  adminStepProblems,
  personName,
  policyProblems,
  stepSatisfiable,
  type CompanyAssignees,
  type PolicyApprover,
  type PolicyDefinition,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { activeDecidersAmong } from './approval-policy.repository';
import { namedBy } from './approval-policy.service';
import { policyAccounts, type PolicyAccount } from './policy-changes.repository';

/**
 * Why a definition may not become a company's policy, checked when it is proposed and again when it
 * is confirmed (people change in between): the structure, every user named active, every step
 * satisfiable now, a step only an ADMIN can approve from the ADMIN step floor on, no rule asking
 * one person for two signatures, and no rule that one of `people` (the author, the confirming
 * ADMIN) could approve alone.
 */
export interface PolicyCheck {
  definition: PolicyDefinition;
  assignees: CompanyAssignees;
  /** Whole dollars (config.policyAdminStepFrom). */
  adminStepFrom: number;
  /** Who must not be able to approve a bill alone under it, each with how a message names them. */
  people: Array<{ account: Pick<PolicyAccount, 'id' | 'createdById'>; who: string }>;
}

export async function policyRefusals(db: Db, check: PolicyCheck): Promise<string[]> {
  const { definition, assignees } = check;
  const problems = policyProblems(definition);
  problems.push(...(await satisfiabilityProblems(db, definition, assignees)));
  problems.push(...adminStepProblems(definition, check.adminStepFrom));
  problems.push(...(await onePersonProblems(db, check)));
  return [...new Set(problems)];
}

/** Every user named is an active decider, and active people can satisfy every step now. */
async function satisfiabilityProblems(
  db: Db,
  definition: PolicyDefinition,
  assignees: CompanyAssignees,
): Promise<string[]> {
  const problems: string[] = [];
  // The people the policy names and, of each role it names, as many holders as a step has
  // entries (enough to decide whether a step can be satisfied), not every account.
  const steps = definition.rules.flatMap((rule) => rule.steps);
  const { ids, roles } = namedBy(steps.map((step) => ({ step, assignees })));
  const staff = await activeDecidersAmong(
    db,
    ids,
    roles,
    Math.max(0, ...steps.map((step) => step.approvers.length)),
  );
  const known = new Set(staff.map((p) => p.id));
  for (const step of steps)
    for (const a of step.approvers)
      if (a.kind === 'user' && !known.has(a.userId))
        problems.push(POLICY_MESSAGES.policyUnknownUser(a.userId));
  definition.rules.forEach((rule, i) =>
    rule.steps.forEach((step, j) => {
      if (step.approvers.length > 0 && !stepSatisfiable(step, staff, assignees))
        problems.push(POLICY_MESSAGES.nobodyCanSatisfy(i + 1, j + 1));
    }),
  );
  return problems;
}

/** Two accounts where one registered the other are one person (as for decisions). */
const linked = (a: Pick<PolicyAccount, 'id' | 'createdById'>, b: Pick<PolicyAccount, 'id' | 'createdById'>) =>
  a.id === b.id || a.createdById === b.id || b.createdById === a.id;

/** The account an entry names personally (by id, or holding the assignee slot now); null for a role. */
const accountOf = (approver: PolicyApprover, assignees: CompanyAssignees): number | null =>
  approver.kind === 'user'
    ? approver.userId
    : approver.kind === 'assignee'
      ? assignees[approver.assignee]
      : null;

/**
 * The rules one person could complete alone, and the rules that ask one person twice. The decision
 * rules already let one person approve at most one step of a bill, and count linked accounts as one
 * person; so a rule needs two people exactly when it asks for two signatures, unless the accounts
 * it asks are one person, which would leave it stuck.
 *
 * A role entry ('any MODERATOR') is not the author's alone: every holder of the role may approve it,
 * as under the default policy, and the ADMIN step floor bounds what it decides alone. What is
 * refused is a rule whose single signature the person can give themselves by name: their own
 * account, an account linked to theirs, the company's assignee slot they (or such an account)
 * hold, or an account whose delegate they are (a delegate decides for the person while they are
 * away, whenever that may be).
 */
async function onePersonProblems(db: Db, check: PolicyCheck): Promise<string[]> {
  const { definition, assignees } = check;
  const named = definition.rules.flatMap((rule) =>
    rule.steps.flatMap((step) => step.approvers.flatMap((a) => accountOf(a, assignees) ?? [])),
  );
  const accounts = new Map((await policyAccounts(db, named)).map((a) => [a.id, a]));
  const delegateIds = [...accounts.values()].flatMap((a) =>
    a.delegateId !== null && !accounts.has(a.delegateId) ? [a.delegateId] : [],
  );
  for (const a of await policyAccounts(db, delegateIds)) accounts.set(a.id, a);
  const nameOf = (id: number) => {
    const account = accounts.get(id);
    return account ? personName(account) : `user #${id}`;
  };

  const problems: string[] = [];
  definition.rules.forEach((rule, index) => {
    const n = index + 1;
    // The accounts a rule asks by name for a signature each: every entry of an 'all of' step, the
    // one entry of an 'any of' step naming one person.
    const asked = rule.steps.flatMap((step) =>
      step.mode === 'ALL' || step.approvers.length === 1
        ? step.approvers.flatMap((a) => accountOf(a, assignees) ?? [])
        : [],
    );
    const pair = firstLinkedPair(asked, accounts);
    if (pair) problems.push(POLICY_CHANGE_MESSAGES.onePerson(n, nameOf(pair[0]), nameOf(pair[1])));

    const signatures = rule.steps.reduce(
      (sum, step) => sum + (step.mode === 'ALL' ? step.approvers.length : 1),
      0,
    );
    if (signatures !== 1) return;
    const only = rule.steps[0]!;
    for (const { account: person, who } of check.people) {
      const theirs = (id: number) => {
        const account = accounts.get(id);
        if (!account) return id === person.id;
        if (linked(person, account)) return true;
        const delegate = account.delegateId === null ? undefined : accounts.get(account.delegateId);
        return delegate !== undefined && linked(person, delegate);
      };
      const canGiveIt = only.approvers.some((a) => {
        const id = accountOf(a, assignees);
        return id !== null && theirs(id);
      });
      if (canGiveIt) problems.push(POLICY_CHANGE_MESSAGES.aloneCanApprove(n, who));
    }
  });
  return problems;
}

function firstLinkedPair(ids: number[], accounts: Map<number, PolicyAccount>): [number, number] | null {
  for (let i = 0; i < ids.length; i += 1)
    for (let j = i + 1; j < ids.length; j += 1) {
      const a = accounts.get(ids[i]!) ?? { id: ids[i]!, createdById: null };
      const b = accounts.get(ids[j]!) ?? { id: ids[j]!, createdById: null };
      if (linked(a, b)) return [a.id, b.id];
    }
  return null;
}
