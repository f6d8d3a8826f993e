import { describe, expect, it } from 'vitest';
import { hasRole, roleRank, ROLE_LEVELS } from './roles';

describe('role ranks', () => {
  it('ranks GUEST 0, USER 1, MODERATOR 2, ADMIN 3 and anything unknown 0', () => {
    expect(['GUEST', 'USER', 'MODERATOR', 'ADMIN'].map(roleRank)).toEqual([0, 1, 2, 3]);
    expect(roleRank('SUPERUSER')).toBe(0);
    expect(roleRank(undefined)).toBe(0);
  });

  it('opens a page to the required role and every higher one', () => {
    expect(hasRole('MODERATOR', 'MODERATOR')).toBe(true);
    expect(hasRole('ADMIN', 'MODERATOR')).toBe(true);
    expect(hasRole('USER', 'MODERATOR')).toBe(false);
    expect(hasRole('nonsense', 'GUEST')).toBe(true);
    expect(hasRole('nonsense', 'USER')).toBe(false);
  });

  it('keeps the change-role dialog levels 1 to 4', () => {
    expect(ROLE_LEVELS).toEqual({ GUEST: 1, USER: 2, MODERATOR: 3, ADMIN: 4 });
  });
});
