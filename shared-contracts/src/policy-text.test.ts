import { describe, expect, it } from 'vitest';
import type { PolicyStep } from './policy-definition';
import { approverLabel, stepLabel } from './policy-text';

const step = (mode: PolicyStep['mode'], approvers: PolicyStep['approvers']) =>
  ({ mode, approvers }) as PolicyStep;

describe('a policy step in words', () => {
  it('names roles as words, with one "any" for roles in a row', () => {
    expect(approverLabel({ kind: 'role', role: 'ADMIN' })).toBe('any admin');
    expect(
      stepLabel(
        step('ANY', [
          { kind: 'assignee', assignee: 'approver' },
          { kind: 'role', role: 'MODERATOR' },
          { kind: 'role', role: 'ADMIN' },
        ]),
      ),
    ).toBe("the company's approver, any moderator or admin");
    expect(
      stepLabel(
        step('ANY', [
          { kind: 'role', role: 'ADMIN' },
          { kind: 'assignee', assignee: 'approver' },
        ]),
      ),
    ).toBe("any admin or the company's approver");
  });

  it('keeps each "any" in an all-of step, and names people', () => {
    expect(
      stepLabel(
        step('ALL', [
          { kind: 'role', role: 'MODERATOR' },
          { kind: 'role', role: 'ADMIN' },
        ]),
      ),
    ).toBe('all of any moderator and any admin');
    expect(stepLabel(step('ANY', [{ kind: 'user', userId: 7 }]), () => 'Sam Second')).toBe('Sam Second');
  });
});
