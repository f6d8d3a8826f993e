import * as v from 'valibot';
import { APPROVAL_ORIGINS, type ApprovalOrigin } from './approvals';
import { APPROVAL_PRIORITIES, type ApprovalPriority } from './statuses';
import type { Role } from './roles';

/**
 * Approval policies: who must approve what, in which order.
 *
 * A policy is an ordered list of rules; the first rule whose conditions match an approval applies,
 * and the last rule has no conditions, so every approval matches exactly one rule. A rule's outcome
 * is one or more ordered steps; each step names its approvers (specific users, a role, or one of
 * the company's assignees) and whether any one of them or all of them must approve. Under ALL, each
 * named approver is satisfied by a different person (two entries are never one signature).
 *
 * Everything here is pure (no clock, no database), so the API decides with it, the console
 * summarises and simulates with it, and property tests check it.
 */

export const POLICY_ROLES = ['MODERATOR', 'ADMIN'] as const satisfies readonly Role[];
export type PolicyRole = (typeof POLICY_ROLES)[number];
export const COMPANY_ASSIGNEES = ['approver', 'manager', 'accountant'] as const;
export type CompanyAssignee = (typeof COMPANY_ASSIGNEES)[number];
export const STEP_MODES = ['ANY', 'ALL'] as const;
export type StepMode = (typeof STEP_MODES)[number];

/** Most rules of one policy, steps of one rule and approvers of one step. */
export const POLICY_LIMITS = { rules: 20, steps: 5, approvers: 10, vendors: 50 } as const;
/** A step waits this long before it is widened to the ADMINs, unless the company says otherwise. */
export const DEFAULT_ESCALATION_HOURS = 48;
/** From this total the default policy asks for a second step by an ADMIN. */
export const DEFAULT_POLICY_SECOND_STEP_FROM = 10_000;

export const PolicyApproverSchema = v.variant('kind', [
  v.object({ kind: v.literal('user'), userId: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  v.object({ kind: v.literal('role'), role: v.picklist(POLICY_ROLES, 'role must be MODERATOR or ADMIN') }),
  v.object({
    kind: v.literal('assignee'),
    assignee: v.picklist(COMPANY_ASSIGNEES, 'assignee must be approver, manager or accountant'),
  }),
]);
export type PolicyApprover = v.InferOutput<typeof PolicyApproverSchema>;

export const PolicyStepSchema = v.object({
  mode: v.picklist(STEP_MODES, 'mode must be ANY or ALL'),
  approvers: v.pipe(v.array(PolicyApproverSchema), v.maxLength(POLICY_LIMITS.approvers)),
});
export type PolicyStep = v.InferOutput<typeof PolicyStepSchema>;

const amount = v.optional(v.pipe(v.number('Amounts are numbers'), v.minValue(0, 'Amounts are not negative')));
export const PolicyConditionsSchema = v.object({
  /** Total from this amount (dollars, inclusive). */
  minAmount: amount,
  /** Total below this amount (dollars, exclusive). */
  maxAmount: amount,
  /** One of the approval's bills is from one of these vendors (QuickBooks vendor refs). */
  vendorRefs: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.maxLength(POLICY_LIMITS.vendors)),
  ),
  priorities: v.optional(v.array(v.picklist(APPROVAL_PRIORITIES))),
  /** Entered by hand (MANUAL) or imported from QuickBooks: bills nobody typed may need another eye. */
  origin: v.optional(v.picklist(APPROVAL_ORIGINS, 'origin must be MANUAL or QUICKBOOKS')),
});
export type PolicyConditions = v.InferOutput<typeof PolicyConditionsSchema>;

export const PolicyRuleSchema = v.object({
  conditions: PolicyConditionsSchema,
  steps: v.pipe(v.array(PolicyStepSchema), v.maxLength(POLICY_LIMITS.steps)),
});
export type PolicyRule = v.InferOutput<typeof PolicyRuleSchema>;

/** The body of PUT …/approval-policy: the rules, in order. */
export const PolicyDefinitionSchema = v.object({
  rules: v.pipe(
    v.array(PolicyRuleSchema),
    v.minLength(1, 'A policy needs at least one rule'),
    v.maxLength(POLICY_LIMITS.rules),
  ),
});
export type PolicyDefinition = v.InferOutput<typeof PolicyDefinitionSchema>;

/** What the first step of the default policy asks: the company's approver, a MODERATOR or an ADMIN. */
const DEFAULT_FIRST_STEP: PolicyStep = {
  mode: 'ANY',
  approvers: [
    { kind: 'assignee', assignee: 'approver' },
    { kind: 'role', role: 'MODERATOR' },
    { kind: 'role', role: 'ADMIN' },
  ],
};

/**
 * Every company's policy until someone saves another (version 0): below $10,000 one step, any one
 * of the company's approver, a MODERATOR or an ADMIN; from $10,000 a second step by an ADMIN.
 */
export const DEFAULT_POLICY: PolicyDefinition = {
  rules: [
    {
      conditions: { minAmount: DEFAULT_POLICY_SECOND_STEP_FROM },
      steps: [DEFAULT_FIRST_STEP, { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] }],
    },
    { conditions: {}, steps: [DEFAULT_FIRST_STEP] },
  ],
};

// ---- matching ------------------------------------------------------------------------------------

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

// ---- summary -------------------------------------------------------------------------------------

/** '$10,000', '$2,500.50': how policy texts write an amount in dollars. */
export const policyAmount = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

export function approverLabel(approver: PolicyApprover, userName?: (id: number) => string): string {
  if (approver.kind === 'role') return `any ${approver.role}`;
  if (approver.kind === 'assignee') return `the company's ${approver.assignee}`;
  return userName ? userName(approver.userId) : `user #${approver.userId}`;
}

/** 'any ADMIN', 'the company's approver, any MODERATOR or any ADMIN', 'all of: …'. */
export function stepLabel(step: PolicyStep, userName?: (id: number) => string): string {
  const names = step.approvers.map((a) => approverLabel(a, userName));
  if (step.mode === 'ALL' && names.length > 1) return `all of ${joinWith(names, 'and')}`;
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

/** One line per rule: "Bills from $10,000: 1) the company's approver, …, then 2) any ADMIN". */
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

// ---- who may decide ------------------------------------------------------------------------------

/** What step evaluation reads of a person. */
export interface PolicyPerson {
  id: number;
  role: Role;
  isActive: boolean;
}

/** The company's assignees by user id (a manager counts through the user account linked to it). */
export type CompanyAssignees = Readonly<Record<CompanyAssignee, number | null>>;

/** Whether `person` is one of the people `approver` names (an inactive person is nobody). */
export function approverIncludes(
  approver: PolicyApprover,
  person: PolicyPerson,
  assignees: CompanyAssignees,
): boolean {
  if (!person.isActive) return false;
  if (approver.kind === 'user') return approver.userId === person.id;
  if (approver.kind === 'role') return approver.role === person.role;
  return assignees[approver.assignee] === person.id;
}

/**
 * An out-of-office window [from, until): during it the person's steps may be decided by their
 * delegate. Both ends are instants; `until` is not part of the window.
 */
export interface Absence {
  awayFrom: Date | null;
  awayUntil: Date | null;
  delegateId: number | null;
}

export function isAway(absence: Absence, now: Date): boolean {
  if (!absence.awayFrom || !absence.awayUntil || absence.delegateId === null) return false;
  return absence.awayFrom.getTime() <= now.getTime() && now.getTime() < absence.awayUntil.getTime();
}

/** A step opened at `openedAt` is escalated from exactly `hours` later on (that instant included). */
export function isEscalationDue(openedAt: Date, hours: number, now: Date): boolean {
  return now.getTime() >= openedAt.getTime() + hours * 3_600_000;
}

/** The approvers of a step once escalated: the ADMINs are added (once). */
export function escalatedStep(step: PolicyStep): PolicyStep {
  if (step.approvers.some((a) => a.kind === 'role' && a.role === 'ADMIN')) return step;
  return { ...step, approvers: [...step.approvers, { kind: 'role', role: 'ADMIN' }] };
}

/**
 * The entries of a step that each decider is counted for, or null when the deciders cannot all be
 * counted for different entries. Under ANY one decider suffices and may be counted for any entry
 * that includes them; under ALL every decider covers a different entry (a bipartite matching, so
 * the order in which people decide does not matter).
 */
export function assignDeciders(
  step: PolicyStep,
  deciders: readonly PolicyPerson[],
  assignees: CompanyAssignees,
): number[] | null {
  const candidates = deciders.map((person) =>
    step.approvers.flatMap((approver, index) =>
      approverIncludes(approver, person, assignees) ? [index] : [],
    ),
  );
  if (candidates.some((list) => list.length === 0)) return null;
  if (step.mode === 'ANY') return deciders.length <= 1 ? candidates.map((list) => list[0]!) : null;
  const owner = new Array<number>(step.approvers.length).fill(-1);
  const augment = (d: number, seen: boolean[]): boolean => {
    for (const entry of candidates[d]!) {
      if (seen[entry]) continue;
      seen[entry] = true;
      if (owner[entry] === -1 || augment(owner[entry]!, seen)) {
        owner[entry] = d;
        return true;
      }
    }
    return false;
  };
  for (let d = 0; d < deciders.length; d += 1) {
    if (!augment(d, new Array<boolean>(step.approvers.length).fill(false))) return null;
  }
  const result = new Array<number>(deciders.length).fill(-1);
  owner.forEach((d, entry) => {
    if (d !== -1) result[d] = entry;
  });
  return result;
}

/** Whether these (distinct, eligible) deciders complete the step. */
export function stepSatisfied(
  step: PolicyStep,
  deciders: readonly PolicyPerson[],
  assignees: CompanyAssignees,
): boolean {
  const assigned = assignDeciders(step, deciders, assignees);
  if (!assigned) return false;
  return step.mode === 'ANY' ? deciders.length === 1 : deciders.length === step.approvers.length;
}

/** Whether the people given (the active staff) can complete the step at all, with distinct people. */
export function stepSatisfiable(
  step: PolicyStep,
  people: readonly PolicyPerson[],
  assignees: CompanyAssignees,
): boolean {
  if (step.approvers.length === 0) return false;
  if (step.mode === 'ANY')
    return people.some((p) => step.approvers.some((a) => approverIncludes(a, p, assignees)));
  // A greedy pick can fail where a matching exists, so try to grow a matching person by person.
  let chosen: PolicyPerson[] = [];
  for (const person of people) {
    const next = [...chosen, person];
    if (assignDeciders(step, next, assignees)) chosen = next;
    if (chosen.length === step.approvers.length) return true;
  }
  return false;
}

// ---- the chain of steps --------------------------------------------------------------------------

/** An approval's progress through its rule: the steps, the current one (steps.length once done), who decided each. */
export interface ChainState {
  steps: readonly PolicyStep[];
  current: number;
  deciders: ReadonlyArray<readonly PolicyPerson[]>;
}

export type DecisionRefusal = 'complete' | 'decidedEarlierStep' | 'notAnApprover';
export type DecisionOutcome =
  | { ok: true; state: ChainState; stepDone: boolean; approved: boolean }
  | { ok: false; reason: DecisionRefusal };

export function startChain(steps: readonly PolicyStep[]): ChainState {
  return { steps, current: 0, deciders: steps.map(() => []) };
}

/**
 * One person approves the current step: refused when the chain is complete, when they already
 * approved a step of this approval (one person, one step), or when the step does not name them
 * (or cannot count them beside the people who already approved it). The money rules about people
 * (creator, registrar, bank-account changers) are checked by the API before this.
 */
export function applyDecision(
  state: ChainState,
  person: PolicyPerson,
  assignees: CompanyAssignees,
): DecisionOutcome {
  if (state.current >= state.steps.length) return { ok: false, reason: 'complete' };
  if (state.deciders.some((list) => list.some((p) => p.id === person.id)))
    return { ok: false, reason: 'decidedEarlierStep' };
  const step = state.steps[state.current]!;
  const deciders = [...state.deciders[state.current]!, person];
  if (!assignDeciders(step, deciders, assignees)) return { ok: false, reason: 'notAnApprover' };
  const stepDone = stepSatisfied(step, deciders, assignees);
  const current = stepDone ? state.current + 1 : state.current;
  const next: ChainState = {
    steps: state.steps,
    current,
    deciders: state.deciders.map((list, i) => (i === state.current ? deciders : list)),
  };
  return { ok: true, state: next, stepDone, approved: current >= state.steps.length };
}

/** 'Step 2 of 2 · any ADMIN'. */
export function stepProgressLabel(position: number, count: number, label: string): string {
  return `Step ${position} of ${count} · ${label}`;
}

// ---- answers -------------------------------------------------------------------------------------

export const ChainDecisionSchema = v.object({
  userId: v.nullable(v.number()),
  userName: v.nullable(v.string()),
  /** The absent approver a delegate decided for ('X for Y'). */
  onBehalfOfId: v.nullable(v.number()),
  onBehalfOfName: v.nullable(v.string()),
  decidedAt: v.string(),
});

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

export const ChainStepSchema = v.object({
  position: v.number(),
  mode: v.picklist(STEP_MODES),
  label: v.string(),
  state: v.picklist(['WAITING', 'OPEN', 'DONE', 'CLOSED'] as const),
  openedAt: v.nullable(v.string()),
  completedAt: v.nullable(v.string()),
  escalatedAt: v.nullable(v.string()),
  decisions: v.array(ChainDecisionSchema),
  /**
   * Who may decide it now (names; 'X for Y' for a delegate), while it is the open step: the first
   * CHAIN_WAITING_NAMES of them only (a step any ADMIN may decide can wait for a great many people).
   */
  waitingFor: v.array(v.string()),
  /** How many people may decide it now: waitingFor's length unless more than it lists. */
  waitingForCount: v.number(),
  /** Open, and no active person can satisfy it. */
  stuck: v.boolean(),
});

/** GET …/approvals/{id}/chain. */
export const ApprovalChainSchema = v.object({
  policyVersion: v.number(),
  policyRule: v.nullable(v.number()),
  currentStep: v.nullable(v.number()),
  stepCount: v.number(),
  stuck: v.boolean(),
  steps: v.array(ChainStepSchema),
});
export type ApprovalChain = v.InferOutput<typeof ApprovalChainSchema>;

/** PUT …/companies/{id}/approval-policy. */
export const PolicySaveSchema = v.object({
  definition: PolicyDefinitionSchema,
  escalationHours: v.optional(
    v.pipe(
      v.number('escalationHours must be a number of hours'),
      v.integer('escalationHours must be whole hours'),
      v.minValue(1, 'escalationHours must be from 1 to 720 hours'),
      v.maxValue(24 * 30, 'escalationHours must be from 1 to 720 hours'),
    ),
  ),
});
export type PolicySaveInput = v.InferOutput<typeof PolicySaveSchema>;

/** POST …/companies/{id}/approval-policy/simulate: 'Try a bill', against the saved policy or a draft. */
export const PolicySimulationInputSchema = v.object({
  amount: v.pipe(v.number('amount must be a number'), v.minValue(0, 'amount must not be negative')),
  vendorRef: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  priority: v.optional(v.picklist(APPROVAL_PRIORITIES, 'priority must be a priority'), 'MEDIUM'),
  origin: v.optional(v.picklist(APPROVAL_ORIGINS, 'origin must be MANUAL or QUICKBOOKS'), 'MANUAL'),
  definition: v.optional(PolicyDefinitionSchema),
});
export type PolicySimulationInput = v.InferOutput<typeof PolicySimulationInputSchema>;

export const PolicySimulationSchema = v.object({
  rule: v.number(),
  ruleSummary: v.string(),
  steps: v.array(
    v.object({
      position: v.number(),
      label: v.string(),
      /** Who could approve it now: the first CHAIN_WAITING_NAMES names (a role can have thousands). */
      people: v.array(v.string()),
      /** How many could: people's length unless more than it lists. */
      peopleCount: v.number(),
      satisfiable: v.boolean(),
    }),
  ),
});
export type PolicySimulation = v.InferOutput<typeof PolicySimulationSchema>;

/** GET …/approvals/waiting-count. */
export const WaitingCountSchema = v.object({
  /** Counted up to WAITING_COUNT_CAP: with `capped`, at least this many ('100+'). */
  count: v.number(),
  capped: v.optional(v.boolean(), false),
  /** Pending approvals whose current step nobody active could satisfy (escalated to the ADMINs). */
  stuck: v.number(),
});
export type WaitingCount = v.InferOutput<typeof WaitingCountSchema>;

export const OUT_OF_OFFICE_MESSAGES = {
  order: 'The end of the absence must be after its start',
  incomplete: 'Give the start, the end and the delegate, or none of them',
  selfDelegate: 'Choose someone else as your delegate',
  unknownDelegate: 'The delegate must be an active user who may decide approvals',
  notYours: 'Only an ADMIN sets the absence of another user',
} as const;

const instant = v.nullable(v.pipe(v.string(), v.isoTimestamp('Give a date and time (ISO 8601)')));
/** PUT /api/user/users/{id}/out-of-office: all three set, or all three null (back in the office). */
export const OutOfOfficeSchema = v.pipe(
  v.object({
    awayFrom: instant,
    awayUntil: instant,
    delegateId: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.check(
    (input) =>
      (input.awayFrom === null) === (input.awayUntil === null) &&
      (input.awayFrom === null) === (input.delegateId === null),
    OUT_OF_OFFICE_MESSAGES.incomplete,
  ),
  v.check(
    (input) =>
      input.awayFrom === null ||
      input.awayUntil === null ||
      Date.parse(input.awayUntil) > Date.parse(input.awayFrom),
    OUT_OF_OFFICE_MESSAGES.order,
  ),
);
export type OutOfOfficeInput = v.InferOutput<typeof OutOfOfficeSchema>;
export const OutOfOfficeAnswerSchema = v.object({
  awayFrom: v.nullable(v.string()),
  awayUntil: v.nullable(v.string()),
  delegateId: v.nullable(v.number()),
});
