import * as v from 'valibot';
import { booleanFilter, optionalFilter, pickerPagingEntries, searchText, withDefaultSort } from './lists';
import { ROLES, type Role } from './roles';

/** Longest `search` text of the user and manager lists. */
export const USER_SEARCH_MAX = 200;

export const USER_SORT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'role',
  'isActive',
  'createdAt',
  'updatedAt',
  'lastLoginAt',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

const roleMessage = `role must be one or more of ${ROLES.join(', ')}, separated by commas`;

/** `role=ADMIN` or `role=ADMIN,MODERATOR,USER` → a list of roles; '' or 'all' → no filter. */
const roleFilter = v.optional(
  v.pipe(
    v.string(roleMessage),
    v.transform((value) =>
      value.trim() === '' || value.trim() === 'all'
        ? undefined
        : [...new Set(value.split(',').map((role) => role.trim().toUpperCase()))],
    ),
    v.check(
      (roles) => roles === undefined || roles.every((role) => (ROLES as readonly string[]).includes(role)),
      roleMessage,
    ),
    v.transform((roles) => roles as Role[] | undefined),
  ),
);

/** GET /api/user/users (list page and the assignee pickers). */
export const UserListQuerySchema = v.pipe(
  v.object({
    ...pickerPagingEntries,
    search: searchText(USER_SEARCH_MAX),
    role: roleFilter,
    isActive: booleanFilter('isActive'),
    sortBy: optionalFilter(USER_SORT_FIELDS, `sortBy must be one of ${USER_SORT_FIELDS.join(', ')}`),
  }),
  v.transform(withDefaultSort<UserSortField>('createdAt')),
);
export type UserListQuery = v.InferOutput<typeof UserListQuerySchema>;
