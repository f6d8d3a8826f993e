import { describe, expect, it } from 'vitest';
import { stepRequiresAdmin, adminOnlyStep } from './policy-admin-step';
import { DEFAULT_ROLE } from './roles';
import { STAFF_PICKER_QUERY, assignableRoles, isActiveAdmin, takesOutOfOffice } from './users';

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

  it('offers active USERs and up in the staff pickers, the first 100', () => {
    expect(STAFF_PICKER_QUERY).toEqual({ page: 1, limit: 100, role: 'ADMIN,MODERATOR,USER', isActive: true });
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
