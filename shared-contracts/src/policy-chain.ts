import type { Role } from './roles';
import type { CompanyAssignee, PolicyApprover, PolicyStep } from './policy-definition';

// Who may decide a step and when it is done: the people a step names, out-of-office delegates,
// escalation to the ADMINs, and an approval's progress through its steps, one decision at a time.
// Pure (no clock, no database), so the API decides with it and property tests check it.

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
