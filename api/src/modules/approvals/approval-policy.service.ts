import {
  APPROVAL_ERRORS,
  CHAIN_WAITING_NAMES,
  DEFAULT_POLICY,
  ERROR_CODES,
  applyDecision,
  approverIncludes,
  escalatedStep,
  hasRole,
  isAway,
  matchRule,
  personName,
  policySummary,
  stepLabel,
  stepSatisfiable,
  toCents,
  type ApprovalChain,
  type ChainState,
  type CompanyAssignees,
  type PolicyDefinition,
  type PolicyPerson,
  type PolicySimulation,
  type PolicySimulationInput,
  type PolicyStep,
  type PolicySubject,
  type Role,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import type { ApprovalRow, ApprovalStepRow, UserRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/http-error';
import { PEOPLE_MIN_ROLE } from '../../security/payment-details';
import {
  activeDecidersAmong,
  countActiveDeciders,
  countWaitingNames,
  advanceSteps,
  closeSteps,
  dropChain,
  companyPolicyContext,
  decisionsOf,
  insertDecision,
  insertSteps,
  latestPolicyRow,
  linkedAccountsAmong,
  principalsOf,
  setChainPosition,
  staffByIds,
  stepsOf,
  vendorNames,
  type StaffMember,
} from './approval-policy.repository';

/**
 * The policy a company follows now: its newest confirmed version, or the default (version 0). A
 * change waiting for confirmation is not in approval_policies, so nothing here follows it.
 */
export async function effectivePolicy(db: Db, companyId: number) {
  const row = await latestPolicyRow(db, companyId);
  return row
    ? {
        version: row.version,
        definition: row.definition,
        createdAt: row.createdAt,
        createdBy: row.createdByName,
        confirmedBy: row.confirmedByName,
      }
    : { version: 0, definition: DEFAULT_POLICY, createdAt: null, createdBy: null, confirmedBy: null };
}

/** How summaries name the users a policy names (their names now; 'user #id' once gone). */
export async function nameLookup(db: Db, definition: PolicyDefinition | PolicyStep[]) {
  const steps = 'rules' in definition ? definition.rules.flatMap((rule) => rule.steps) : definition;
  const ids = [
    ...new Set(steps.flatMap((step) => step.approvers.flatMap((a) => (a.kind === 'user' ? [a.userId] : [])))),
  ];
  const people = new Map((await staffByIds(db, ids)).map((p) => [p.id, p.name]));
  return (id: number) => people.get(id) ?? `user #${id}`;
}

/** Vendor names for the summary: the company's vendor accounts name them; otherwise 'vendor <ref>'. */
export async function vendorLookup(db: Db, companyId: number, definition: PolicyDefinition) {
  const refs = [...new Set(definition.rules.flatMap((rule) => rule.conditions.vendorRefs ?? []))];
  const names = await vendorNames(db, companyId, refs);
  return (ref: string) => names.get(ref) ?? `vendor ${ref}`;
}

function subjectOf(
  approval: Pick<ApprovalRow, 'totalAmountCents' | 'bills' | 'priority' | 'origin'>,
): PolicySubject {
  return {
    totalCents: approval.totalAmountCents,
    vendorRefs: [
      ...new Set(approval.bills.flatMap((bill) => (bill.VendorRef?.value ? [bill.VendorRef.value] : []))),
    ],
    priority: approval.priority,
    origin: approval.origin,
  };
}

/**
 * Called in the transaction that creates an approval (and for an approval found without steps):
 * the company's current policy picks the rule, its steps become rows, the first one opens.
 */
export async function startApprovalChain(db: Db, approval: ApprovalRow, now: Date): Promise<void> {
  const policy = await effectivePolicy(db, approval.companyId);
  const ruleIndex = matchRule(policy.definition, subjectOf(approval));
  const steps = policy.definition.rules[ruleIndex]!.steps;
  const name = await nameLookup(db, steps);
  await insertSteps(
    db,
    steps.map((step, i) => ({
      approvalId: approval.id,
      position: i + 1,
      companyId: approval.companyId,
      mode: step.mode,
      approvers: step.approvers,
      label: stepLabel(step, name),
      userIds: step.approvers.flatMap((a) => (a.kind === 'user' ? [a.userId] : [])),
      roles: step.approvers.flatMap((a) => (a.kind === 'role' ? [a.role] : [])),
      assignees: step.approvers.flatMap((a) => (a.kind === 'assignee' ? [a.assignee] : [])),
      state: i === 0 ? 'OPEN' : 'WAITING',
      openedAt: i === 0 ? now : null,
    })),
  );
  await setChainPosition(db, approval.id, {
    policyVersion: policy.version,
    policyRule: ruleIndex + 1,
    currentStep: 1,
    stepCount: steps.length,
    currentStepLabel: stepLabel(steps[0]!, name),
  });
}

const stepOfRow = (row: ApprovalStepRow): PolicyStep => {
  const step: PolicyStep = { mode: row.mode, approvers: row.approvers };
  return row.escalatedAt ? escalatedStep(step) : step;
};

/** The label a step shows, saying when it was widened to the ADMINs. */
const rowLabel = (row: ApprovalStepRow) =>
  row.escalatedAt ? `${row.label} (escalated: or any admin)` : row.label;

/** The chain as the pure evaluator sees it: earlier deciders count as they were when they decided. */
async function chainState(
  db: Db,
  steps: ApprovalStepRow[],
  current: number,
): Promise<ChainState & { deciderIds: Set<number> }> {
  const decisions = await decisionsOf(db, steps[0]?.approvalId ?? '');
  const ids = decisions.flatMap((d) => [d.onBehalfOf ?? d.userId].filter((id): id is number => id !== null));
  const people = new Map((await staffByIds(db, ids)).map((p) => [p.id, p]));
  const deciders = steps.map((row) =>
    decisions
      .filter((d) => d.position === row.position)
      .flatMap((d) => {
        const id = d.onBehalfOf ?? d.userId;
        const person = id === null ? undefined : people.get(id);
        return person ? [{ id: person.id, role: person.role, isActive: true }] : [];
      }),
  );
  const deciderIds = new Set(
    decisions.flatMap((d) => [d.userId, d.onBehalfOf].filter((id): id is number => id !== null)),
  );
  return { steps: steps.map(stepOfRow), current: current - 1, deciders, deciderIds };
}

export interface StepDecision {
  approved: boolean;
  position: number;
  stepCount: number;
  /** Who the next step waits for (null after the last). */
  nextLabel: string | null;
  /** The absent approver a delegate decided for. */
  onBehalfOf: StaffMember | null;
}

/**
 * The signed-in person approves the approval's current step (the approval row is locked by the
 * caller, after the money rules about people were checked). `expectedStep` is the step the
 * request saw: when another decision moved the chain meanwhile, 409, so of two people deciding
 * one step at once exactly one counts. A person who approved one step approves no other; someone
 * the step does not name may decide it for a person who is away and named them as delegate.
 */
export async function decideCurrentStep(
  db: Db,
  actor: UserRow,
  approval: ApprovalRow,
  expectedStep: number | null,
  now: Date,
): Promise<StepDecision> {
  if (approval.stepCount === 0 || approval.currentStep === null) {
    await startApprovalChain(db, approval, now);
    approval = { ...approval, currentStep: 1 };
  }
  const current = approval.currentStep!;
  if (expectedStep !== null && expectedStep !== current) throw stepMoved(current);
  const steps = await stepsOf(db, approval.id);
  const context = await companyPolicyContext(db, approval.companyId);
  const assignees = context?.assignees ?? { approver: null, manager: null, accountant: null };
  const state = await chainState(db, steps, current);
  const me: PolicyPerson = { id: actor.id, role: actor.role, isActive: actor.isActive };
  if (state.deciderIds.has(actor.id)) throw forbidden(APPROVAL_ERRORS.decidedEarlierStep);
  // Two accounts where one registered the other are one person: a second account must not be a
  // second approver, directly or standing in for someone.
  if ((await linkedAccountsAmong(db, actor, [...state.deciderIds])).length > 0) {
    throw forbidden(APPROVAL_ERRORS.linkedAccountDecided);
  }
  let outcome = applyDecision(state, me, assignees);
  let onBehalfOf: StaffMember | null = null;
  if (!outcome.ok && outcome.reason === 'notAnApprover') {
    // Standing in for someone away: counted as them, recorded as "X for Y".
    const principals = await principalsOf(db, actor.id);
    const linked = new Set(
      await linkedAccountsAmong(
        db,
        actor,
        principals.map((p) => p.id),
      ),
    );
    for (const principal of principals) {
      if (
        linked.has(principal.id) ||
        !isAway(principal, now) ||
        principal.id === approval.createdById ||
        state.deciderIds.has(principal.id)
      )
        continue;
      // A delegate stands in for the person (named by id or as the company's assignee), never for
      // their role: a USER minding an ADMIN's desk does not become an ADMIN.
      const tried = applyDecision(
        state,
        { id: principal.id, role: 'GUEST', isActive: principal.isActive },
        assignees,
      );
      if (tried.ok) {
        outcome = tried;
        onBehalfOf = principal;
        break;
      }
    }
  }
  if (!outcome.ok) {
    if (outcome.reason === 'decidedEarlierStep') throw forbidden(APPROVAL_ERRORS.decidedEarlierStep);
    throw forbidden(APPROVAL_ERRORS.notYourStep(rowLabel(steps[current - 1]!)));
  }
  await insertDecision(db, {
    approvalId: approval.id,
    position: current,
    userId: actor.id,
    userName: personName(actor),
    onBehalfOf: onBehalfOf?.id ?? null,
    onBehalfOfName: onBehalfOf?.name ?? null,
    decidedAt: now,
  });
  const next = steps[current] ?? null;
  if (outcome.stepDone) {
    await advanceSteps(db, approval.id, current, next ? next.position : null, now);
    await setChainPosition(db, approval.id, {
      currentStep: next ? next.position : null,
      currentStepLabel: next ? next.label : null,
      stuck: false,
    });
  }
  return {
    approved: outcome.approved,
    position: current,
    stepCount: steps.length,
    nextLabel: outcome.stepDone ? (next?.label ?? null) : rowLabel(steps[current - 1]!),
    onBehalfOf,
  };
}

function stepMoved(current: number): HttpError {
  return new HttpError(409, ERROR_CODES.conflict, APPROVAL_ERRORS.stepMoved, undefined, undefined, {
    status: 'PENDING',
    currentStep: current,
  });
}

export { closeSteps, dropChain };

// Who must have a second factor for deciding payments (flows/second-factor-duty.ts asks).
export { decidesPayments } from './deciders.repository';

// ---- reading the chain ---------------------------------------------------------------------------

/** Who may decide a step now (directly or as the delegate of someone away), from the active staff. */
function eligiblePeople(
  step: PolicyStep,
  staff: StaffMember[],
  assignees: CompanyAssignees,
  excluded: Set<number>,
): StaffMember[] {
  return staff.filter(
    (person) =>
      !excluded.has(person.id) && step.approvers.some((a) => approverIncludes(a, person, assignees)),
  );
}

/**
 * Whom steps name, each with its company's assignees: the user ids (named, or holding the slot
 * of an assignee entry now) and the roles. What a step's satisfiability depends on, so the
 * accounts to read are those (and holders of those roles), not every active account.
 */
export function namedBy(steps: ReadonlyArray<{ step: PolicyStep; assignees: CompanyAssignees }>): {
  ids: number[];
  roles: Role[];
} {
  const ids = new Set<number>();
  const roles = new Set<Role>();
  for (const { step, assignees } of steps)
    for (const approver of step.approvers) {
      if (approver.kind === 'user') ids.add(approver.userId);
      else if (approver.kind === 'role') roles.add(approver.role);
      else if (assignees[approver.assignee] !== null) ids.add(assignees[approver.assignee]!);
    }
  return { ids: [...ids].sort((a, b) => a - b), roles: [...roles].sort() };
}

/**
 * The people the chain's open step can name (by id, as an assignee, and the first holders of the
 * roles it names who are not `excluded`) and the delegates of those, active deciders only: all
 * that eligiblePeople and stepSatisfiable look at, instead of every holder of a role (tens of
 * thousands of ADMINs at scale: half a second for one detail page).
 */
async function chainStaff(
  db: Db,
  approval: ApprovalRow,
  steps: ApprovalStepRow[],
  assignees: CompanyAssignees,
  excluded: Set<number>,
): Promise<StaffMember[]> {
  if (approval.status !== 'PENDING') return [];
  const open = steps
    .filter((row) => row.state === 'OPEN')
    .map((row) => ({ step: stepOfRow(row), assignees }));
  const { ids, roles } = namedBy(open);
  const entries = Math.max(0, ...open.map(({ step }) => step.approvers.length));
  const named = await activeDecidersAmong(db, ids, roles, CHAIN_WAITING_NAMES + entries, [...excluded]);
  const known = new Set(named.map((p) => p.id));
  const delegateIds = [
    ...new Set(
      named.flatMap((p) => (p.delegateId !== null && !known.has(p.delegateId) ? [p.delegateId] : [])),
    ),
  ];
  return [...named, ...(await activeDecidersAmong(db, delegateIds, [], 0))];
}

/**
 * The detail page's chain: each step, who decided it and when, who it waits for, and whether it is
 * stuck. Who is away now and who stands in for them is told to MODERATOR and up and to the two
 * people concerned; anyone else reads the delegate's name alone ('X', not 'X for Y'). Past
 * decisions keep their 'for Y': they are the approval's record, not a person's details.
 */
export async function approvalChain(
  db: Db,
  approval: ApprovalRow,
  now: Date,
  reader: Pick<UserRow, 'id' | 'role'>,
): Promise<ApprovalChain> {
  const toldAbsences = hasRole(reader.role, PEOPLE_MIN_ROLE);
  const steps = await stepsOf(db, approval.id);
  const decisions = await decisionsOf(db, approval.id);
  const context = await companyPolicyContext(db, approval.companyId);
  const assignees = context?.assignees ?? { approver: null, manager: null, accountant: null };
  const decided = new Set(
    decisions.flatMap((d) => [d.userId, d.onBehalfOf].filter((id): id is number => id !== null)),
  );
  const excluded = new Set([...decided, ...(approval.createdById === null ? [] : [approval.createdById])]);
  const staff = await chainStaff(db, approval, steps, assignees, excluded);
  const counts = new Map<number, number>();
  for (const row of steps)
    if (row.state === 'OPEN' && approval.status === 'PENDING') {
      const { ids, roles } = namedBy([{ step: stepOfRow(row), assignees }]);
      counts.set(row.position, await countWaitingNames(db, ids, roles, [...excluded], now));
    }
  const chainSteps = steps.map((row) => {
    const open = row.state === 'OPEN' && approval.status === 'PENDING';
    const step = stepOfRow(row);
    const waitingFor = open ? eligiblePeople(step, staff, assignees, excluded) : [];
    const away = waitingFor.filter((p) => isAway(p, now));
    const delegates = away.flatMap((p) => {
      const delegate = staff.find((s) => s.id === p.delegateId);
      if (!delegate || excluded.has(delegate.id)) return [];
      const told = toldAbsences || reader.id === delegate.id || reader.id === p.id;
      return [told ? `${delegate.name} for ${p.name}` : delegate.name];
    });
    const names = [...waitingFor.filter((p) => !isAway(p, now)).map((p) => p.name), ...delegates];
    return {
      position: row.position,
      mode: row.mode,
      label: rowLabel(row),
      state: row.state,
      openedAt: row.openedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      escalatedAt: row.escalatedAt?.toISOString() ?? null,
      decisions: decisions
        .filter((d) => d.position === row.position)
        .map((d) => ({
          userId: d.userId,
          userName: d.userName,
          onBehalfOfId: d.onBehalfOf,
          onBehalfOfName: d.onBehalfOfName,
          decidedAt: d.decidedAt.toISOString(),
        })),
      // The names of the first holders read (chainStaff), the count of all of them (in SQL).
      waitingFor: names.slice(0, CHAIN_WAITING_NAMES),
      waitingForCount: counts.get(row.position) ?? 0,
      // As the policy wrote it: an escalated step can be decided by the ADMINs, yet still says
      // that nobody it names can, so that someone fixes the policy or the assignment.
      stuck:
        open &&
        !stepSatisfiable(
          { mode: row.mode, approvers: row.approvers },
          staff.filter((p) => !excluded.has(p.id)),
          assignees,
        ),
    };
  });
  return {
    policyVersion: approval.policyVersion,
    policyRule: approval.policyRule,
    currentStep: approval.currentStep,
    stepCount: approval.stepCount,
    stuck: chainSteps.some((s) => s.stuck),
    steps: chainSteps,
  };
}

// ---- policies ------------------------------------------------------------------------------------

/** 'Try a bill': which rule a bill would match under a policy (the saved one or a draft) and who could approve each step now. */
export async function simulatePolicy(
  db: Db,
  companyId: number,
  input: PolicySimulationInput,
): Promise<PolicySimulation> {
  const context = await companyPolicyContext(db, companyId);
  if (!context) throw notFound('Company not found');
  const definition = input.definition ?? (await effectivePolicy(db, companyId)).definition;
  const subject: PolicySubject = {
    totalCents: toCents(input.amount),
    vendorRefs: input.vendorRef ? [input.vendorRef] : [],
    priority: input.priority,
    origin: input.origin,
  };
  const ruleIndex = matchRule(definition, subject);
  const rule = definition.rules[ruleIndex]!;
  const name = await nameLookup(db, definition);
  const steps = await Promise.all(
    rule.steps.map(async (step, i) => {
      // The people named and the first holders of each role named, counted in full in SQL: a role
      // can have thousands of holders, and the simulator shows a few names and how many more.
      const { ids, roles } = namedBy([{ step, assignees: context.assignees }]);
      const staff = await activeDecidersAmong(db, ids, roles, CHAIN_WAITING_NAMES + step.approvers.length);
      return {
        position: i + 1,
        label: stepLabel(step, name),
        people: eligiblePeople(step, staff, context.assignees, new Set())
          .slice(0, CHAIN_WAITING_NAMES)
          .map((p) => p.name),
        peopleCount: await countActiveDeciders(db, ids, roles),
        satisfiable: stepSatisfiable(step, staff, context.assignees),
      };
    }),
  );
  return {
    rule: ruleIndex + 1,
    ruleSummary: policySummary(definition, name, await vendorLookup(db, companyId, definition))[ruleIndex]!,
    steps,
  };
}
