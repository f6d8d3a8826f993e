import { describe, expect, it } from 'vitest';
import { hasRole, ROLE_RANKS, roleRank } from './index';

describe('role ranks', () => {
  it('ranks GUEST 0, USER 1, MODERATOR 2, ADMIN 3 and anything unknown 0', () => {
    expect(ROLE_RANKS).toEqual({ GUEST: 0, USER: 1, MODERATOR: 2, ADMIN: 3 });
    expect(roleRank('ADMIN')).toBe(3);
    expect(roleRank('SUPERUSER')).toBe(0);
    expect(roleRank(undefined)).toBe(0);
    expect(roleRank(null)).toBe(0);
  });

  it('lets an equal or higher role pass, and nothing lower', () => {
    expect(hasRole('MODERATOR', 'MODERATOR')).toBe(true);
    expect(hasRole('ADMIN', 'MODERATOR')).toBe(true);
    expect(hasRole('USER', 'MODERATOR')).toBe(false);
    expect(hasRole('SUPERUSER', 'USER')).toBe(false);
    expect(hasRole('SUPERUSER', 'GUEST')).toBe(true);
    expect(hasRole(undefined, 'GUEST')).toBe(true);
  });
});
