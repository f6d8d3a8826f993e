import { APPROVAL_ORIGINS } from './approvals';
import { BANK_ENTRY_AMOUNT_MAX_CENTS } from './limits';
import {
  DEFAULT_POLICY_SECOND_STEP_FROM,
  matchRule,
  policyAmount,
  type PolicyDefinition,
  type PolicyStep,
  type PolicySubject,
} from './approval-policies';
import { APPROVAL_PRIORITIES } from './statuses';

/**
 * The ADMIN step floor: from an amount the ADMINs set (the API's POLICY_ADMIN_STEP_FROM), every
 * bill must pass a step that only an ADMIN can approve, whatever policy a company saves. Pure, so
 * the API refuses with it and the editor can say it before saving.
 */

/** The floor when the API is not told otherwise: the default policy's own second step. */
export const DEFAULT_POLICY_ADMIN_STEP_FROM = DEFAULT_POLICY_SECOND_STEP_FROM;

/**
 * Whether only an ADMIN can satisfy the step: an 'any of' step whose every entry is 'any admin'
 * (that is, the one entry), or an 'all of' step with an 'any admin' entry (someone must sign it as
 * an ADMIN). A person named by id is not enough: their role may change, and while they are away
 * their delegate (of any role) decides for them, which a delegate never does for a role.
 */
export function stepRequiresAdmin(step: PolicyStep): boolean {
  const isAdminRole = (a: PolicyStep['approvers'][number]) => a.kind === 'role' && a.role === 'ADMIN';
  if (step.approvers.length === 0) return false;
  return step.mode === 'ALL' ? step.approvers.some(isAdminRole) : step.approvers.every(isAdminRole);
}

/** A new step of the policy editor: any admin, the one step that satisfies the floor on its own. */
export const adminOnlyStep = (): PolicyStep => ({
  mode: 'ANY',
  approvers: [{ kind: 'role', role: 'ADMIN' }],
});

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The indexes of the rules that some bill of at least `fromDollars` matches first. Which rule a bill
 * matches changes only at the rules' amount bounds, so the amounts tried are the floor and every
 * bound above it; with every priority and origin, and as vendors either one of the rule's own (one
 * vendor matches the fewest earlier rules) or none named by any rule.
 */
export function rulesReachingAmount(policy: PolicyDefinition, fromDollars: number): number[] {
  const from = cents(fromDollars);
  // No approval is larger than one bank-file entry may pay (it is refused when created).
  if (from > BANK_ENTRY_AMOUNT_MAX_CENTS) return [];
  const bounds = policy.rules.flatMap((rule) =>
    [rule.conditions.minAmount, rule.conditions.maxAmount].flatMap((bound) =>
      bound === undefined || cents(bound) < from ? [] : [cents(bound)],
    ),
  );
  const amounts = [...new Set([from, ...bounds])];
  const reached = new Set<number>();
  policy.rules.forEach((rule, index) => {
    const vendorChoices = rule.conditions.vendorRefs?.map((ref) => [ref]) ?? [[]];
    for (const totalCents of amounts)
      for (const priority of APPROVAL_PRIORITIES)
        for (const origin of APPROVAL_ORIGINS)
          for (const vendorRefs of vendorChoices) {
            if (reached.has(index)) return;
            const subject: PolicySubject = { totalCents, vendorRefs, priority, origin };
            if (matchRule(policy, subject) === index) reached.add(index);
          }
  });
  return [...reached].sort((a, b) => a - b);
}

export const ADMIN_STEP_MESSAGES = {
  missing: (rule: number, fromDollars: number) =>
    `Rule ${rule} applies to bills of ${policyAmount(fromDollars)} or more, so one of its steps must be for any admin alone (or an 'all of' step that includes any admin)`,
} as const;

/** One message per rule that a bill from the floor can reach without a step only an ADMIN can approve. */
export function adminStepProblems(policy: PolicyDefinition, fromDollars: number): string[] {
  return rulesReachingAmount(policy, fromDollars)
    .filter((index) => !policy.rules[index]!.steps.some(stepRequiresAdmin))
    .map((index) => ADMIN_STEP_MESSAGES.missing(index + 1, fromDollars));
}
