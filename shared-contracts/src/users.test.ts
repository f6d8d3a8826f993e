import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ManagerListQuerySchema } from './managers';
import { UserListQuerySchema } from './users';

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
        'sortBy must be one of email, firstName, lastName, role, isActive, createdAt, updatedAt, lastLoginAt',
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
