import type { ApprovalOrigin } from './approval-entities';
import type { PolicyApprover, PolicyConditions, PolicyDefinition, PolicyStep } from './policy-definition';

// A policy, its steps and the people who may decide them in words, as the API's answers and the
// screens say them.

/** '$10,000', '$2,500.50': how policy texts write an amount in dollars. */
export const policyAmount = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** A role as the screens say it: a word, not the code ('admin', not 'ADMIN'). */
export const roleWord = (role: string) => role.toLowerCase();

/** 'any admin', "the company's approver", or the person's name. */
export function approverLabel(approver: PolicyApprover, userName?: (id: number) => string): string {
  if (approver.kind === 'role') return `any ${roleWord(approver.role)}`;
  if (approver.kind === 'assignee') return `the company's ${approver.assignee}`;
  return userName ? userName(approver.userId) : `user #${approver.userId}`;
}

/**
 * 'any admin', "the company's approver, any moderator or admin" (roles in a row share one 'any'),
 * 'all of the company's approver and any admin'.
 */
export function stepLabel(step: PolicyStep, userName?: (id: number) => string): string {
  if (step.mode === 'ALL' && step.approvers.length > 1) {
    return `all of ${joinWith(
      step.approvers.map((a) => approverLabel(a, userName)),
      'and',
    )}`;
  }
  const names = step.approvers.map((approver, index) => {
    const previous = step.approvers[index - 1];
    return approver.kind === 'role' && previous?.kind === 'role'
      ? roleWord(approver.role)
      : approverLabel(approver, userName);
  });
  return joinWith(names, 'or');
}

function joinWith(items: string[], word: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

/** How the summary and the editor name an origin. */
export const ORIGIN_LABELS: Readonly<Record<ApprovalOrigin, string>> = {
  MANUAL: 'entered by hand',
  QUICKBOOKS: 'imported from QuickBooks',
};

export function conditionsLabel(
  conditions: PolicyConditions,
  isLast: boolean,
  vendorName: (ref: string) => string = (ref) => `vendor ${ref}`,
): string {
  const parts: string[] = [];
  const { minAmount, maxAmount } = conditions;
  if (minAmount !== undefined && maxAmount !== undefined)
    parts.push(`from ${policyAmount(minAmount)} below ${policyAmount(maxAmount)}`);
  else if (minAmount !== undefined) parts.push(`from ${policyAmount(minAmount)}`);
  else if (maxAmount !== undefined) parts.push(`below ${policyAmount(maxAmount)}`);
  if (conditions.vendorRefs) parts.push(`from ${conditions.vendorRefs.map(vendorName).join(' or ')}`);
  if (conditions.priorities) parts.push(`of priority ${conditions.priorities.join(' or ')}`);
  if (conditions.origin) parts.push(ORIGIN_LABELS[conditions.origin]);
  if (parts.length === 0) return isLast ? 'Every other bill' : 'Every bill';
  return `Bills ${parts.join(', ')}`;
}

/** One line per rule: "Bills from $10,000: 1) the company's approver, …, then 2) any admin". */
export function policySummary(
  policy: PolicyDefinition,
  userName?: (id: number) => string,
  vendorName?: (ref: string) => string,
): string[] {
  return policy.rules.map((rule, i) => {
    const steps = rule.steps.map((step, j) => `${j + 1}) ${stepLabel(step, userName)}`).join(', then ');
    return `${conditionsLabel(rule.conditions, i === policy.rules.length - 1 && i > 0, vendorName)}: ${steps || 'no step'}`;
  });
}

/** 'Step 2 of 2 · any admin'. */
export function stepProgressLabel(position: number, count: number, label: string): string {
  return `Step ${position} of ${count} · ${label}`;
}

/**
 * Most names a chain step lists as waiting for it (the rest are counted, 'and N more'): six, so
 * that a list of six never reads 'five names and 1 more'.
 */
export const CHAIN_WAITING_NAMES = 6;

/** Names shown before 'and N more' when more people may decide a step than fit in a line. */
const NAMES_SHOWN = CHAIN_WAITING_NAMES - 1;

/**
 * Who may decide a step, in words: every name when the API listed them all (`count` people may
 * decide it, of whom it lists the first CHAIN_WAITING_NAMES), otherwise the first five and how many
 * more, so that a step any ADMIN may decide reads 'A, B, C, D, E and 7 more'. The chain's 'Waiting
 * for' and the policy simulator's people both say it so.
 */
export function peopleText(names: readonly string[], count: number): string {
  if (count <= names.length) return names.join(', ');
  return `${names.slice(0, NAMES_SHOWN).join(', ')} and ${(count - NAMES_SHOWN).toLocaleString('en-US')} more`;
}
