import { describe, expect, it } from 'vitest';
import { stepRequiresAdmin, adminOnlyStep } from './policy-admin-step';
import { DEFAULT_ROLE } from './roles';
import { assignableRoles, isActiveAdmin, takesOutOfOffice } from './users';

describe("the user screens' role rules", () => {
  it('lets an ADMIN hand out every role and anyone else only USER and GUEST', () => {
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'MODERATOR', 'USER', 'GUEST']);
    expect(assignableRoles('MODERATOR')).toEqual(['USER', 'GUEST']);
    expect(assignableRoles(undefined)).toEqual(['USER', 'GUEST']);
  });

  it('offers out of office to USER and up, never to a GUEST', () => {
    expect(takesOutOfOffice({ role: 'GUEST' })).toBe(false);
    expect(takesOutOfOffice({ role: 'USER' })).toBe(true);
    expect(takesOutOfOffice({ role: 'ADMIN' })).toBe(true);
  });

  it('counts only an active ADMIN as one', () => {
    expect(isActiveAdmin({ role: 'ADMIN', isActive: true })).toBe(true);
    expect(isActiveAdmin({ role: 'ADMIN', isActive: false })).toBe(false);
    expect(isActiveAdmin({ role: 'MODERATOR', isActive: true })).toBe(false);
  });

  it('gives a new account the USER role', () => {
    expect(DEFAULT_ROLE).toBe('USER');
  });

  it('starts a new policy step with any ADMIN, a fresh one each time', () => {
    const step = adminOnlyStep();
    expect(stepRequiresAdmin(step)).toBe(true);
    expect(adminOnlyStep()).not.toBe(step);
    expect(adminOnlyStep()).toEqual(step);
  });
});
