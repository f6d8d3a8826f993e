import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ManagerListQuerySchema } from './managers';
import {
  isDemotion,
  loginFrequency,
  ProfileUpdateSchema,
  systemUsage,
  USER_ERRORS,
  userActionDenial,
  UserListQuerySchema,
  UserUpdateSchema,
} from './users';

const fieldMessages = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue) ?? '', issue.message]));

describe('UserListQuerySchema', () => {
  it('defaults to page 1, limit 10, createdAt desc', () => {
    expect(v.parse(UserListQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('takes one role or a comma-separated list, and isActive as text', () => {
    expect(
      v.parse(UserListQuerySchema, { role: 'ADMIN,MODERATOR, user', isActive: 'true', limit: '100' }),
    ).toMatchObject({
      role: ['ADMIN', 'MODERATOR', 'USER'],
      isActive: true,
      limit: 100,
    });
    expect(v.parse(UserListQuerySchema, { role: 'GUEST', isActive: 'false' })).toMatchObject({
      role: ['GUEST'],
      isActive: false,
    });
    expect(v.parse(UserListQuerySchema, { role: 'all', isActive: '' })).not.toHaveProperty(
      'role',
      expect.anything(),
    );
  });

  it('names bad parameters; limit stops at 100', () => {
    expect(
      fieldMessages(
        v.safeParse(UserListQuerySchema, {
          role: 'ADMIN,ROOT',
          isActive: 'yes',
          limit: '101',
          sortBy: 'passwordHash',
        }),
      ),
    ).toEqual({
      role: 'role must be one or more of ADMIN, MODERATOR, USER, GUEST, separated by commas',
      isActive: 'isActive must be true or false',
      limit: 'limit must be a whole number from 1 to 100',
      sortBy:
        'sortBy must be one of name, email, firstName, lastName, role, isActive, createdAt, updatedAt, lastLoginAt',
    });
  });
});

describe('ManagerListQuerySchema', () => {
  it('pages, searches and sorts', () => {
    expect(
      v.parse(ManagerListQuerySchema, {
        page: '2',
        limit: '100',
        search: ' kim ',
        sortBy: 'lastName',
        sortOrder: 'desc',
      }),
    ).toEqual({
      page: 2,
      limit: 100,
      search: 'kim',
      sortBy: 'lastName',
      sortOrder: 'desc',
    });
    expect(fieldMessages(v.safeParse(ManagerListQuerySchema, { limit: '1000' }))).toEqual({
      limit: 'limit must be a whole number from 1 to 100',
    });
  });
});

describe('userActionDenial', () => {
  const admin = { id: 1, role: 'ADMIN' as const };
  const moderator = { id: 2, role: 'MODERATOR' as const };
  const user = { id: 3, role: 'USER' as const };
  const guest = { id: 4, role: 'GUEST' as const };

  it('lets a moderator edit, activate and deactivate USER and GUEST accounts only', () => {
    for (const action of ['edit', 'activate', 'deactivate'] as const) {
      expect(userActionDenial(moderator, user, action)).toBeNull();
      expect(userActionDenial(moderator, guest, action)).toBeNull();
      expect(userActionDenial(moderator, admin, action)).toBe(USER_ERRORS.staffAccounts);
      expect(userActionDenial(admin, moderator, action)).toBeNull();
    }
    expect(userActionDenial(moderator, { id: 9, role: 'MODERATOR' }, 'edit')).toBe(USER_ERRORS.staffAccounts);
  });

  it('keeps role changes and deletes to admins, and nobody acts on themselves', () => {
    expect(userActionDenial(moderator, user, 'changeRole')).toBe(USER_ERRORS.adminOnlyRoles);
    expect(userActionDenial(moderator, user, 'delete')).toBe(USER_ERRORS.adminOnlyDelete);
    expect(userActionDenial(admin, user, 'delete')).toBeNull();
    expect(userActionDenial(admin, admin, 'delete')).toBe(USER_ERRORS.selfDelete);
    expect(userActionDenial(admin, admin, 'changeRole')).toBe(USER_ERRORS.selfRole);
    expect(userActionDenial(admin, admin, 'deactivate')).toBe(USER_ERRORS.selfDeactivate);
    expect(userActionDenial(admin, admin, 'edit')).toBeNull();
    expect(userActionDenial(user, guest, 'edit')).not.toBeNull();
    expect(userActionDenial(guest, user, 'activate')).not.toBeNull();
  });

  it('orders demotions by the change-role levels', () => {
    expect(isDemotion('ADMIN', 'MODERATOR')).toBe(true);
    expect(isDemotion('USER', 'GUEST')).toBe(true);
    expect(isDemotion('GUEST', 'USER')).toBe(false);
    expect(isDemotion('USER', 'USER')).toBe(false);
  });
});

describe('user form schemas', () => {
  it('requires role and isActive on edit and clears empty names', () => {
    expect(
      fieldMessages(v.safeParse(UserUpdateSchema, { email: 'x', role: 'ROOT', isActive: 'yes' })),
    ).toEqual({
      email: 'Please enter a valid email address',
      role: 'role must be one of ADMIN, MODERATOR, USER, GUEST',
      isActive: 'isActive must be true or false',
    });
    expect(
      v.parse(UserUpdateSchema, {
        email: ' A@B.co ',
        firstName: ' ',
        lastName: 'Lee',
        role: 'USER',
        isActive: false,
      }),
    ).toEqual({ email: 'a@b.co', firstName: null, lastName: 'Lee', role: 'USER', isActive: false });
  });

  it('needs at least one name on the profile', () => {
    expect(v.safeParse(ProfileUpdateSchema, {}).issues?.[0]?.message).toBe(USER_ERRORS.emptyProfile);
    expect(v.parse(ProfileUpdateSchema, { firstName: '' })).toEqual({ firstName: null });
  });
});

describe('activity summary rules', () => {
  it('login frequency: High above 100, Medium above 20, else Low', () => {
    expect([101, 100, 21, 20, 0].map(loginFrequency)).toEqual(['High', 'Medium', 'Medium', 'Low', 'Low']);
  });
  it('system usage: Active above 5 companies or above 50 approvals', () => {
    expect(systemUsage({ companiesManaged: 6, approvalsCreated: 0 })).toBe('Active');
    expect(systemUsage({ companiesManaged: 5, approvalsCreated: 51 })).toBe('Active');
    expect(systemUsage({ companiesManaged: 5, approvalsCreated: 50 })).toBe('Moderate');
  });
});
