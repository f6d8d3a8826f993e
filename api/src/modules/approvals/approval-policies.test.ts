import fc from 'fast-check';
import {
  APPROVAL_ORIGINS,
  APPROVAL_PRIORITIES,
  DEFAULT_POLICY,
  ROLES,
  applyDecision,
  approverIncludes,
  covers,
  escalatedStep,
  isAway,
  isEscalationDue,
  matchRule,
  policyProblems,
  policySummary,
  ruleMatches,
  startChain,
  stepSatisfiable,
  type ChainState,
  type CompanyAssignees,
  type PolicyApprover,
  type PolicyConditions,
  type PolicyDefinition,
  type PolicyPerson,
  type PolicyStep,
  type PolicySubject,
} from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { namedBy } from './approval-policy.service';

/**
 * Rule matching and step evaluation, pure: the examples the default policy promises, the edges of
 * the delegation and escalation windows, and properties over generated policies, people and
 * decision orders.
 */

const person = (id: number, role: PolicyPerson['role'], isActive = true): PolicyPerson => ({
  id,
  role,
  isActive,
});
const subject = (dollars: number, extra: Partial<PolicySubject> = {}): PolicySubject => ({
  totalCents: Math.round(dollars * 100),
  vendorRefs: [],
  priority: 'MEDIUM',
  origin: 'MANUAL',
  ...extra,
});
const noAssignees: CompanyAssignees = { approver: null, manager: null, accountant: null };

describe('the default policy', () => {
  it('asks one step below $10,000 and a second ADMIN step from $10,000', () => {
    expect(DEFAULT_POLICY.rules[matchRule(DEFAULT_POLICY, subject(9_999.99))]!.steps).toHaveLength(1);
    expect(DEFAULT_POLICY.rules[matchRule(DEFAULT_POLICY, subject(10_000))]!.steps).toHaveLength(2);
    expect(policyProblems(DEFAULT_POLICY)).toEqual([]);
    expect(policySummary(DEFAULT_POLICY)[0]).toBe(
      "Bills from $10,000: 1) the company's approver, any moderator or admin, then 2) any admin",
    );
  });

  it('lets a USER decide only where they are the company approver', () => {
    const uma = person(7, 'USER');
    const steps = DEFAULT_POLICY.rules[1]!.steps;
    expect(applyDecision(startChain(steps), uma, noAssignees)).toEqual({
      ok: false,
      reason: 'notAnApprover',
    });
    const outcome = applyDecision(startChain(steps), uma, { ...noAssignees, approver: 7 });
    expect(outcome.ok && outcome.approved).toBe(true);
  });

  it('refuses the same person for the second step, and a MODERATOR for the ADMIN step', () => {
    const steps = DEFAULT_POLICY.rules[0]!.steps;
    const ada = person(1, 'ADMIN');
    const first = applyDecision(startChain(steps), ada, noAssignees);
    expect(first.ok && !first.approved && first.stepDone).toBe(true);
    if (!first.ok) return;
    expect(applyDecision(first.state, ada, noAssignees)).toEqual({ ok: false, reason: 'decidedEarlierStep' });
    expect(applyDecision(first.state, person(2, 'MODERATOR'), noAssignees)).toEqual({
      ok: false,
      reason: 'notAnApprover',
    });
    const second = applyDecision(first.state, person(3, 'ADMIN'), noAssignees);
    expect(second.ok && second.approved).toBe(true);
  });
});

describe('entered by hand vs imported', () => {
  const admin: PolicyStep = { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] };
  const moderator: PolicyStep = { mode: 'ANY', approvers: [{ kind: 'role', role: 'MODERATOR' }] };
  const policy: PolicyDefinition = {
    rules: [
      { conditions: { origin: 'QUICKBOOKS' }, steps: [admin] },
      { conditions: {}, steps: [moderator] },
    ],
  };
  it('an imported bill and a typed one match different rules', () => {
    expect(matchRule(policy, subject(50, { origin: 'QUICKBOOKS' }))).toBe(0);
    expect(matchRule(policy, subject(50, { origin: 'MANUAL' }))).toBe(1);
    expect(policySummary(policy)).toEqual([
      'Bills imported from QuickBooks: 1) any admin',
      'Every other bill: 1) any moderator',
    ]);
  });
  it('a rule for one origin hides a later rule for that origin only', () => {
    expect(covers({ origin: 'QUICKBOOKS' }, { origin: 'QUICKBOOKS', minAmount: 10 })).toBe(true);
    expect(covers({ origin: 'QUICKBOOKS' }, { origin: 'MANUAL' })).toBe(false);
    expect(covers({ origin: 'QUICKBOOKS' }, { minAmount: 10 })).toBe(false);
    expect(covers({ minAmount: 10 }, { origin: 'MANUAL', minAmount: 20 })).toBe(true);
    expect(
      policyProblems({
        rules: [
          { conditions: { origin: 'MANUAL' }, steps: [admin] },
          { conditions: { origin: 'MANUAL', priorities: ['URGENT'] }, steps: [admin] },
          { conditions: {}, steps: [admin] },
        ],
      }),
    ).toEqual(['Rule 2 can never apply: rule 1 above it matches every bill it would']);
  });
});

describe('validation', () => {
  const step: PolicyStep = { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] };
  it('names each problem', () => {
    expect(policyProblems({ rules: [{ conditions: { minAmount: 5 }, steps: [step] }] })).toContain(
      'The last rule must have no conditions, so that every bill matches a rule',
    );
    expect(
      policyProblems({
        rules: [
          { conditions: { minAmount: 100 }, steps: [step] },
          { conditions: { minAmount: 500 }, steps: [step] },
          { conditions: {}, steps: [{ mode: 'ANY', approvers: [] }] },
        ],
      }),
    ).toEqual([
      'Rule 2 can never apply: rule 1 above it matches every bill it would',
      'Step 1 of rule 3 names no approver',
    ]);
    expect(
      policyProblems({
        rules: [
          { conditions: { minAmount: 500, maxAmount: 500 }, steps: [] },
          { conditions: {}, steps: [{ mode: 'ALL', approvers: [step.approvers[0]!, step.approvers[0]!] }] },
        ],
      }),
    ).toEqual([
      'Rule 1 matches no amount: its minimum is not below its maximum',
      'Rule 1 needs at least one step',
      'Step 1 of rule 2 names an approver twice',
    ]);
  });

  it('knows when nobody active can satisfy an ALL step', () => {
    const all: PolicyStep = {
      mode: 'ALL',
      approvers: [
        { kind: 'role', role: 'ADMIN' },
        { kind: 'assignee', assignee: 'approver' },
      ],
    };
    // The only ADMIN is also the approver: one person cannot be both signatures.
    expect(stepSatisfiable(all, [person(1, 'ADMIN')], { ...noAssignees, approver: 1 })).toBe(false);
    expect(
      stepSatisfiable(all, [person(1, 'ADMIN'), person(2, 'USER')], { ...noAssignees, approver: 2 }),
    ).toBe(true);
    expect(
      stepSatisfiable(all, [person(1, 'ADMIN'), person(2, 'USER', false)], { ...noAssignees, approver: 2 }),
    ).toBe(false);
  });
});

describe('delegation and escalation windows at their edges', () => {
  const from = new Date('2026-11-02T09:00:00Z');
  const until = new Date('2026-11-09T09:00:00Z');
  const absence = { awayFrom: from, awayUntil: until, delegateId: 5 };
  it('an absence covers [from, until)', () => {
    expect(isAway(absence, new Date(from.getTime() - 1))).toBe(false);
    expect(isAway(absence, from)).toBe(true);
    expect(isAway(absence, new Date(until.getTime() - 1))).toBe(true);
    expect(isAway(absence, until)).toBe(false);
    expect(isAway({ ...absence, delegateId: null }, from)).toBe(false);
  });
  it('escalation is due from exactly the deadline on, and adds the ADMINs once', () => {
    const opened = new Date('2026-11-02T09:00:00Z');
    expect(isEscalationDue(opened, 48, new Date(opened.getTime() + 48 * 3_600_000 - 1))).toBe(false);
    expect(isEscalationDue(opened, 48, new Date(opened.getTime() + 48 * 3_600_000))).toBe(true);
    const step: PolicyStep = { mode: 'ANY', approvers: [{ kind: 'assignee', assignee: 'approver' }] };
    const widened = escalatedStep(step);
    expect(widened.approvers).toEqual([...step.approvers, { kind: 'role', role: 'ADMIN' }]);
    expect(escalatedStep(widened)).toBe(widened);
  });
});

// ---- properties --------------------------------------------------------------------------------

const PEOPLE_IDS = [1, 2, 3, 4, 5, 6];
const approverArb: fc.Arbitrary<PolicyApprover> = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), userId: fc.constantFrom(...PEOPLE_IDS) }),
  fc.record({
    kind: fc.constant('role' as const),
    role: fc.constantFrom('MODERATOR' as const, 'ADMIN' as const),
  }),
  fc.record({
    kind: fc.constant('assignee' as const),
    assignee: fc.constantFrom('approver' as const, 'manager' as const, 'accountant' as const),
  }),
);
const stepArb: fc.Arbitrary<PolicyStep> = fc.record({
  mode: fc.constantFrom('ANY' as const, 'ALL' as const),
  approvers: fc.uniqueArray(approverArb, {
    minLength: 1,
    maxLength: 3,
    selector: (a) => JSON.stringify(a),
  }),
});
const conditionsArb: fc.Arbitrary<PolicyConditions> = fc.record(
  {
    minAmount: fc.integer({ min: 0, max: 50_000 }),
    maxAmount: fc.integer({ min: 1, max: 100_000 }),
    vendorRefs: fc.uniqueArray(fc.constantFrom('v1', 'v2', 'v3'), { minLength: 1 }),
    priorities: fc.uniqueArray(fc.constantFrom(...APPROVAL_PRIORITIES), { minLength: 1 }),
    origin: fc.constantFrom(...APPROVAL_ORIGINS),
  },
  { requiredKeys: [] },
);
const policyArb: fc.Arbitrary<PolicyDefinition> = fc
  .tuple(
    fc.array(
      fc.record({ conditions: conditionsArb, steps: fc.array(stepArb, { minLength: 1, maxLength: 3 }) }),
      {
        maxLength: 5,
      },
    ),
    fc.array(stepArb, { minLength: 1, maxLength: 3 }),
  )
  .map(([rules, last]) => ({ rules: [...rules, { conditions: {}, steps: last }] }));
const subjectArb: fc.Arbitrary<PolicySubject> = fc.record({
  totalCents: fc.integer({ min: 0, max: 10_000_000 }),
  vendorRefs: fc.uniqueArray(fc.constantFrom('v1', 'v2', 'v3', 'v4')),
  priority: fc.constantFrom(...APPROVAL_PRIORITIES),
  origin: fc.constantFrom(...APPROVAL_ORIGINS),
});
const peopleArb: fc.Arbitrary<PolicyPerson[]> = fc
  .tuple(...PEOPLE_IDS.map(() => fc.record({ role: fc.constantFrom(...ROLES), isActive: fc.boolean() })))
  .map((list) => list.map((p, i) => ({ id: PEOPLE_IDS[i]!, ...p })));
const assigneesArb: fc.Arbitrary<CompanyAssignees> = fc.record({
  approver: fc.option(fc.constantFrom(...PEOPLE_IDS), { nil: null }),
  manager: fc.option(fc.constantFrom(...PEOPLE_IDS), { nil: null }),
  accountant: fc.option(fc.constantFrom(...PEOPLE_IDS), { nil: null }),
});

describe('properties', () => {
  it('an origin condition matches exactly the approvals of that origin, whatever else the rule says', () => {
    fc.assert(
      fc.property(conditionsArb, subjectArb, (conditions, s) => {
        const withoutOrigin: PolicyConditions = { ...conditions };
        delete withoutOrigin.origin;
        for (const origin of APPROVAL_ORIGINS) {
          const expected = origin === s.origin && ruleMatches(withoutOrigin, s);
          expect(ruleMatches({ ...withoutOrigin, origin }, s)).toBe(expected);
        }
      }),
    );
  });

  it('a rule reported as hidden never matches an approval first: covers() is sound', () => {
    fc.assert(
      fc.property(conditionsArb, conditionsArb, subjectArb, (earlier, later, s) => {
        if (covers(earlier, later) && ruleMatches(later, s)) expect(ruleMatches(earlier, s)).toBe(true);
      }),
    );
  });

  it('every approval matches exactly one rule: the first whose conditions hold', () => {
    fc.assert(
      fc.property(policyArb, subjectArb, (policy, s) => {
        const index = matchRule(policy, s);
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(policy.rules.length);
        expect(ruleMatches(policy.rules[index]!.conditions, s)).toBe(true);
        for (let i = 0; i < index; i += 1) expect(ruleMatches(policy.rules[i]!.conditions, s)).toBe(false);
      }),
    );
  });

  it('APPROVED only after every step is satisfied by distinct eligible people, whatever the order of attempts', () => {
    fc.assert(
      fc.property(
        policyArb,
        subjectArb,
        peopleArb,
        assigneesArb,
        fc.array(fc.integer({ min: 0, max: PEOPLE_IDS.length - 1 }), { maxLength: 30 }),
        (policy, s, people, assignees, attempts) => {
          const steps = policy.rules[matchRule(policy, s)]!.steps;
          let state: ChainState = startChain(steps);
          let approved = false;
          for (const index of attempts) {
            const outcome = applyDecision(state, people[index]!, assignees);
            if (!outcome.ok) continue;
            expect(approved).toBe(false); // nothing is decided after APPROVED
            state = outcome.state;
            approved = outcome.approved;
          }
          const everyone = state.deciders.flat();
          // Distinct people across the whole chain.
          expect(new Set(everyone.map((p) => p.id)).size).toBe(everyone.length);
          // Each counted decider is active and named by the step they decided.
          state.deciders.forEach((list, i) => {
            for (const p of list) {
              expect(p.isActive).toBe(true);
              expect(steps[i]!.approvers.some((a) => approverIncludes(a, p, assignees))).toBe(true);
            }
          });
          if (approved) {
            expect(state.current).toBe(steps.length);
            steps.forEach((step, i) => {
              const n = state.deciders[i]!.length;
              expect(step.mode === 'ANY' ? n === 1 : n === step.approvers.length).toBe(true);
            });
          } else {
            // Steps after the current one have no decider yet.
            state.deciders.slice(state.current + 1).forEach((list) => expect(list).toHaveLength(0));
          }
        },
      ),
    );
  });

  it("a step's satisfiability needs only the people it names and as many holders of each role as it has entries", () => {
    // What the API reads instead of every account (activeDecidersAmong): the active people named by
    // id or as an assignee, and of each role the first `entries` active holders by id.
    fc.assert(
      fc.property(stepArb, peopleArb, assigneesArb, fc.boolean(), (step, people, assignees, all) => {
        const judged: PolicyStep = { ...step, mode: all ? 'ALL' : step.mode };
        const { ids, roles } = namedBy([{ step: judged, assignees }]);
        const active = people.filter((p) => p.isActive).sort((a, b) => a.id - b.id);
        const bounded = active.filter(
          (p) =>
            ids.includes(p.id) ||
            (roles.includes(p.role) &&
              active.filter((q) => q.role === p.role).indexOf(p) < judged.approvers.length),
        );
        expect(stepSatisfiable(judged, bounded, assignees)).toBe(stepSatisfiable(judged, people, assignees));
      }),
    );
  });

  it('an ALL step is completed by any order of the same people that can cover it', () => {
    fc.assert(
      fc.property(stepArb, peopleArb, assigneesArb, fc.integer(), (step, people, assignees, seed) => {
        const all: PolicyStep = { ...step, mode: 'ALL' };
        const run = (order: PolicyPerson[]) => {
          let state = startChain([all]);
          for (const p of order) {
            const outcome = applyDecision(state, p, assignees);
            if (outcome.ok) state = outcome.state;
          }
          return state.current === 1;
        };
        const shuffled = [...people].sort((a, b) => ((a.id * 31 + seed) % 7) - ((b.id * 31 + seed) % 7));
        expect(run(people)).toBe(stepSatisfiable(all, people, assignees));
        expect(run(shuffled)).toBe(stepSatisfiable(all, people, assignees));
      }),
    );
  });
});
