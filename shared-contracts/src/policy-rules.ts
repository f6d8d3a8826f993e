import type { ApprovalOrigin } from './approval-entities';
import type { PolicyApprover, PolicyConditions, PolicyDefinition } from './policy-definition';
import type { ApprovalPriority } from './statuses';

// Which rule of a policy applies to an approval, and whether a policy is well formed (every bill
// matches exactly one rule, none hides behind another, every step names someone).

/** What rule matching reads of an approval. */
export interface PolicySubject {
  totalCents: number;
  vendorRefs: readonly string[];
  priority: ApprovalPriority;
  origin: ApprovalOrigin;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export function hasConditions(conditions: PolicyConditions): boolean {
  return (
    conditions.minAmount !== undefined ||
    conditions.maxAmount !== undefined ||
    conditions.vendorRefs !== undefined ||
    conditions.priorities !== undefined ||
    conditions.origin !== undefined
  );
}

export function ruleMatches(conditions: PolicyConditions, subject: PolicySubject): boolean {
  if (conditions.minAmount !== undefined && subject.totalCents < cents(conditions.minAmount)) return false;
  if (conditions.maxAmount !== undefined && subject.totalCents >= cents(conditions.maxAmount)) return false;
  if (conditions.vendorRefs && !subject.vendorRefs.some((ref) => conditions.vendorRefs!.includes(ref)))
    return false;
  if (conditions.priorities && !conditions.priorities.includes(subject.priority)) return false;
  if (conditions.origin !== undefined && conditions.origin !== subject.origin) return false;
  return true;
}

/**
 * The index of the rule that applies: the first whose conditions match. A valid policy ends with
 * a rule without conditions, so there always is one; for an invalid one the last rule applies.
 */
export function matchRule(policy: PolicyDefinition, subject: PolicySubject): number {
  const index = policy.rules.findIndex((rule) => ruleMatches(rule.conditions, subject));
  return index === -1 ? policy.rules.length - 1 : index;
}

// ---- validation ----------------------------------------------------------------------------------

export const POLICY_MESSAGES = {
  lastRuleCatchAll: 'The last rule must have no conditions, so that every bill matches a rule',
  catchAllNotLast: 'Only the last rule may have no conditions: the rules after it could never apply',
  unreachable: (rule: number, earlier: number) =>
    `Rule ${rule} can never apply: rule ${earlier} above it matches every bill it would`,
  emptyRange: (rule: number) => `Rule ${rule} matches no amount: its minimum is not below its maximum`,
  noSteps: (rule: number) => `Rule ${rule} needs at least one step`,
  emptyStep: (rule: number, step: number) => `Step ${step} of rule ${rule} names no approver`,
  duplicateApprover: (rule: number, step: number) => `Step ${step} of rule ${rule} names an approver twice`,
  emptyList: (rule: number) => `Rule ${rule} has an empty vendor or priority list`,
  nobodyCanSatisfy: (rule: number, step: number) => `Nobody active can approve step ${step} of rule ${rule}`,
  policyUnknownUser: (id: number) => `No active user with id ${id}`,
} as const;

const sameApprover = (a: PolicyApprover, b: PolicyApprover) => approverKey(a) === approverKey(b);
export function approverKey(approver: PolicyApprover): string {
  if (approver.kind === 'user') return `user:${approver.userId}`;
  if (approver.kind === 'role') return `role:${approver.role}`;
  return `assignee:${approver.assignee}`;
}

/** True when every subject `later` matches is matched by `earlier` too (so `later` never applies). */
export function covers(earlier: PolicyConditions, later: PolicyConditions): boolean {
  const min = (c: PolicyConditions) => (c.minAmount === undefined ? 0 : cents(c.minAmount));
  const max = (c: PolicyConditions) => (c.maxAmount === undefined ? Infinity : cents(c.maxAmount));
  if (min(earlier) > min(later) || max(earlier) < max(later)) return false;
  if (
    earlier.vendorRefs &&
    (!later.vendorRefs || !later.vendorRefs.every((r) => earlier.vendorRefs!.includes(r)))
  )
    return false;
  if (
    earlier.priorities &&
    (!later.priorities || !later.priorities.every((p) => earlier.priorities!.includes(p)))
  )
    return false;
  if (earlier.origin !== undefined && earlier.origin !== later.origin) return false;
  return true;
}

/**
 * The structural problems of a policy, as messages (empty when it is valid): the last rule is the
 * only one without conditions, no rule is hidden behind an earlier one, every rule has steps and
 * every step approvers, none twice. Whether someone active can satisfy each step is checked by the
 * API, which knows the people.
 */
export function policyProblems(policy: PolicyDefinition): string[] {
  const problems: string[] = [];
  const rules = policy.rules;
  if (rules.length === 0) return ['A policy needs at least one rule'];
  if (hasConditions(rules[rules.length - 1]!.conditions)) problems.push(POLICY_MESSAGES.lastRuleCatchAll);
  rules.forEach((rule, i) => {
    const n = i + 1;
    const c = rule.conditions;
    if (i < rules.length - 1 && !hasConditions(c)) problems.push(POLICY_MESSAGES.catchAllNotLast);
    if ((c.vendorRefs && c.vendorRefs.length === 0) || (c.priorities && c.priorities.length === 0))
      problems.push(POLICY_MESSAGES.emptyList(n));
    if (c.minAmount !== undefined && c.maxAmount !== undefined && cents(c.minAmount) >= cents(c.maxAmount))
      problems.push(POLICY_MESSAGES.emptyRange(n));
    else if (hasConditions(c)) {
      const earlier = rules
        .slice(0, i)
        .findIndex((other) => hasConditions(other.conditions) && covers(other.conditions, c));
      if (earlier !== -1) problems.push(POLICY_MESSAGES.unreachable(n, earlier + 1));
    }
    if (rule.steps.length === 0) problems.push(POLICY_MESSAGES.noSteps(n));
    rule.steps.forEach((step, j) => {
      if (step.approvers.length === 0) problems.push(POLICY_MESSAGES.emptyStep(n, j + 1));
      else if (step.approvers.some((a, k) => step.approvers.findIndex((b) => sameApprover(a, b)) !== k))
        problems.push(POLICY_MESSAGES.duplicateApprover(n, j + 1));
    });
  });
  return [...new Set(problems)];
}
