// The approval policy editor's state and the checks of what was typed, apart from the views that
// edit it (policy-editor.tsx, policy-rule-editor.tsx) so each stays about one thing.
import {
  POLICY_ROLES,
  type ApprovalPolicy,
  type PolicyApprover,
  type PolicyDefinition,
  type PolicyRule,
} from 'shared-contracts';

/** The approvers a step can name without picking a person. */
export const GROUPS: Array<{ label: string; approver: PolicyApprover }> = [
  { label: "The company's approver", approver: { kind: 'assignee', assignee: 'approver' } },
  { label: "The company's manager", approver: { kind: 'assignee', assignee: 'manager' } },
  { label: "The company's accountant", approver: { kind: 'assignee', assignee: 'accountant' } },
  ...POLICY_ROLES.map((role) => ({ label: `Any ${role}`, approver: { kind: 'role', role } as const })),
];

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const amountOf = (text: string): number | undefined => {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
};

/** Escalation time limits, as the API checks them (whole hours, 1 hour to 30 days). */
const ESCALATION_HOURS = { min: 1, max: 24 * 30 } as const;

/**
 * The editor's state: each rule with a key that stays with it when rules move (the inputs are
 * keyed by it) and the amount texts as typed (so that a text that is not an amount is named
 * instead of silently dropped), and the escalation time as typed.
 */
export interface DraftRule {
  key: number;
  rule: PolicyRule;
  minText: string;
  maxText: string;
}
export interface Draft {
  rules: DraftRule[];
  escalationText: string;
}

let nextRuleKey = 1;
export const draftRule = (rule: PolicyRule): DraftRule => ({
  key: nextRuleKey++,
  rule,
  minText: rule.conditions.minAmount === undefined ? '' : String(rule.conditions.minAmount),
  maxText: rule.conditions.maxAmount === undefined ? '' : String(rule.conditions.maxAmount),
});
/** A draft of the policy, or of the change waiting (editing it proposes a replacement). */
export const draftOf = (policy: Pick<ApprovalPolicy, 'definition' | 'escalationHours'>): Draft => ({
  rules: structuredClone(policy.definition).rules.map(draftRule),
  escalationText: String(policy.escalationHours),
});
export const definitionOf = (draft: Draft): PolicyDefinition => ({ rules: draft.rules.map((r) => r.rule) });

/** What the typed fields get wrong, named (the structural checks come from policyProblems). */
export function fieldProblems(draft: Draft): string[] {
  const problems: string[] = [];
  draft.rules.forEach((r, i) => {
    for (const [text, what] of [
      [r.minText, 'bills from'],
      [r.maxText, 'below'],
    ] as const) {
      if (text.trim() !== '' && amountOf(text) === undefined)
        problems.push(`Rule ${i + 1}, ${what}: "${text.trim()}" is not an amount (give dollars, e.g. 5000)`);
    }
  });
  const hours = Number(draft.escalationText);
  if (
    !Number.isInteger(hours) ||
    hours < ESCALATION_HOURS.min ||
    hours > ESCALATION_HOURS.max ||
    draft.escalationText.trim() === ''
  )
    problems.push(
      `Escalation time: give a whole number of hours from ${ESCALATION_HOURS.min} to ${ESCALATION_HOURS.max}`,
    );
  return problems;
}

/** A vendor a rule can name: its QuickBooks ref and the name its account gives it. */
export interface VendorChoice {
  ref: string;
  name: string;
}
