import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type PolicyDefinition, type PolicyStep } from './approval-policies';
import {
  ADMIN_STEP_MESSAGES,
  adminStepProblems,
  rulesReachingAmount,
  stepRequiresAdmin,
} from './policy-admin-step';
import { policyChanges } from './policy-changes';

const ADMIN = { kind: 'role', role: 'ADMIN' } as const;
const MODERATOR = { kind: 'role', role: 'MODERATOR' } as const;
const anyOf = (...approvers: PolicyStep['approvers']): PolicyStep => ({ mode: 'ANY', approvers });

describe('a step only an ADMIN can approve', () => {
  it("is 'any ADMIN' alone, or an 'all of' step with any ADMIN; a named person is not enough", () => {
    expect(stepRequiresAdmin(anyOf(ADMIN))).toBe(true);
    expect(stepRequiresAdmin({ mode: 'ALL', approvers: [MODERATOR, ADMIN] })).toBe(true);
    expect(stepRequiresAdmin(anyOf(ADMIN, MODERATOR))).toBe(false);
    expect(stepRequiresAdmin(anyOf({ kind: 'user', userId: 1 }))).toBe(false);
    expect(stepRequiresAdmin({ mode: 'ALL', approvers: [MODERATOR, { kind: 'user', userId: 1 }] })).toBe(
      false,
    );
    expect(stepRequiresAdmin(anyOf())).toBe(false);
  });
});

describe('the rules a bill from an amount can reach', () => {
  it('the default policy: only its first rule from $10,000, both below', () => {
    expect(rulesReachingAmount(DEFAULT_POLICY, 10_000)).toEqual([0]);
    expect(rulesReachingAmount(DEFAULT_POLICY, 9_999.99)).toEqual([0, 1]);
    expect(adminStepProblems(DEFAULT_POLICY, 10_000)).toEqual([]);
    // A floor the ADMINs set lower than the default policy's own second step.
    expect(adminStepProblems(DEFAULT_POLICY, 5_000)).toEqual([ADMIN_STEP_MESSAGES.missing(2, 5_000)]);
    // Above the largest bill an approval may hold, no rule is reached.
    expect(rulesReachingAmount(DEFAULT_POLICY, 100_000_000)).toEqual([]);
  });

  it('counts vendors, priorities, origins and bands that end above the floor', () => {
    const policy: PolicyDefinition = {
      rules: [
        { conditions: { maxAmount: 10_000 }, steps: [anyOf(MODERATOR)] },
        { conditions: { maxAmount: 10_000.01 }, steps: [anyOf(MODERATOR)] },
        { conditions: { vendorRefs: ['7'], minAmount: 10_000 }, steps: [anyOf(MODERATOR)] },
        { conditions: { origin: 'QUICKBOOKS' }, steps: [anyOf(MODERATOR)] },
        { conditions: { priorities: ['LOW'] }, steps: [anyOf(MODERATOR)] },
        { conditions: {}, steps: [anyOf(ADMIN)] },
      ],
    };
    // Rule 1 ends below $10,000; rule 2 reaches $10,000.00 exactly.
    expect(rulesReachingAmount(policy, 10_000)).toEqual([1, 2, 3, 4, 5]);
    expect(adminStepProblems(policy, 10_000)).toHaveLength(4);
  });
});

describe('what a change does, in words', () => {
  it('the lines that go and come, and the escalation time', () => {
    expect(
      policyChanges(
        { summary: ['A: 1) x', 'B: 1) y'], escalationHours: 48 },
        { summary: ['A: 1) x', 'B: 1) z'], escalationHours: 24 },
      ),
    ).toEqual(['No longer: B: 1) y', 'New: B: 1) z', 'Escalation to the ADMINs after 24 hours (was 48)']);
    expect(
      policyChanges({ summary: ['a', 'b'], escalationHours: 1 }, { summary: ['b', 'a'], escalationHours: 1 }),
    ).toEqual(['The same rules in another order (the first rule a bill meets applies)']);
    expect(
      policyChanges({ summary: ['a'], escalationHours: 1 }, { summary: ['a'], escalationHours: 1 }),
    ).toEqual([]);
  });
});
