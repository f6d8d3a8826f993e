import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLES, SECTIONS, type Role } from 'shared-contracts';
import { reaches, useCanAdminister, useCanDecide, useCanManage, useIsReviewer } from './section-access';
import { clearSessionUser, setSessionUser } from './session-store';
import { TEST_USER } from './testing/fake-api';

const signInAs = (role: Role, mayDecidePayments?: boolean) =>
  setSessionUser({ ...TEST_USER, role, mayDecidePayments } as Parameters<typeof setSessionUser>[0]);

afterEach(() => {
  cleanup();
  clearSessionUser();
});

describe('section access', () => {
  it('lets a MODERATOR manage a section but not take its steps that cannot be taken back', () => {
    signInAs('MODERATOR');
    expect(renderHook(() => useCanManage('companies')).result.current).toBe(true);
    expect(renderHook(() => useCanAdminister('companies')).result.current).toBe(false);
  });

  it('lets an ADMIN do both and a USER or GUEST neither', () => {
    signInAs('ADMIN');
    expect(renderHook(() => useCanAdminister('managers')).result.current).toBe(true);
    for (const role of ['USER', 'GUEST'] as const) {
      signInAs(role);
      expect(renderHook(() => useCanManage('users')).result.current).toBe(false);
      expect(renderHook(() => useCanAdminister('users')).result.current).toBe(false);
    }
  });

  it('lets no one who is signed out', () => {
    clearSessionUser();
    expect(renderHook(() => useCanManage('approvals')).result.current).toBe(false);
  });

  it("answers every section and role as the registry's roles say", () => {
    for (const section of SECTIONS) {
      for (const role of ROLES) {
        signInAs(role);
        expect(renderHook(() => useCanManage(section.name)).result.current).toBe(
          reaches(role, section.manageRole),
        );
        expect(renderHook(() => useCanAdminister(section.name)).result.current).toBe(
          reaches(role, section.adminRole),
        );
        expect(renderHook(() => useCanDecide(section.name)).result.current).toBe(
          reaches(role, section.decideRole),
        );
      }
    }
  });

  it('lets a USER decide approvals, and no reviewer whom an ADMIN has stopped deciding payments', () => {
    signInAs('USER');
    expect(renderHook(() => useCanDecide('approvals')).result.current).toBe(true);
    signInAs('USER', false);
    expect(renderHook(() => useIsReviewer('approvals')).result.current).toBe(true);
    expect(renderHook(() => useCanDecide('approvals')).result.current).toBe(false);
    signInAs('GUEST');
    expect(renderHook(() => useIsReviewer('approvals')).result.current).toBe(false);
    expect(renderHook(() => useCanDecide('companies')).result.current).toBe(false);
  });

  it('follows the session: a role change shows at once', () => {
    signInAs('USER');
    const { result } = renderHook(() => useCanManage('companies'));
    expect(result.current).toBe(false);
    act(() => signInAs('ADMIN'));
    expect(result.current).toBe(true);
  });

  it('lets no one for a role the section does not name', () => {
    expect(reaches('ADMIN', null)).toBe(false);
    expect(reaches(undefined, 'GUEST')).toBe(true);
    expect(reaches('GUEST', 'USER')).toBe(false);
  });
});
