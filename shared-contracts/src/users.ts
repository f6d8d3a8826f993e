import * as v from 'valibot';
import { emailSchema } from './auth';
import { intFromString } from './common';
import { singleLine } from './form-fields';
import { LOGIN_FREQUENCY, PICKER_LIMIT, SYSTEM_USAGE, TEXT_MAX } from './limits';
import { booleanFilter, optionalFilter, pickerPagingEntries, searchText, withDefaultSort } from './lists';
import { hasRole, ROLE_LEVELS, ROLES, type Role } from './roles';

/** Longest `search` text of the user and manager lists. */
export const USER_SEARCH_MAX = 200;

/**
 * Sort keys of GET /api/user/users. `name` is the list's User column: "First Last", else the
 * e-mail, case-insensitively; `role` orders by level (GUEST < USER < MODERATOR < ADMIN ascending).
 */
export const USER_SORT_FIELDS = [
  'name',
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

/**
 * Sort keys that order people by when they sign in: for a GUEST or USER (who are not told others'
 * sign-ins) the list answers its default order instead.
 */
export const USER_PEOPLE_SORT_FIELDS: readonly UserSortField[] = ['lastLoginAt'];

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

/** Texts of the Users section of our own wording, and the API's refusals. */
export const USER_ERRORS = {
  /** The detail page's fallback when there is no such user; also the API's 404 text. */
  notFound: 'User not found',
  adminOnlyRoles: 'Only an administrator can change roles',
  adminOnlyDelete: 'Only an administrator can delete users',
  staffAccounts: 'Only an administrator can manage MODERATOR and ADMIN accounts',
  selfDeactivate: 'You cannot deactivate your own account',
  selfDelete: 'You cannot delete your own account',
  selfRole: 'You cannot change your own role',
  lastAdmin: (what: 'demoted' | 'deactivated' | 'deleted') =>
    `This is the last active administrator and cannot be ${what}. Make another user an active ADMIN first.`,
  emptyProfile: 'Send firstName or lastName',
  adminOnlyPaymentGrant: 'Only an administrator can allow or stop an account deciding payments',
  selfPaymentGrant: 'You cannot change whether your own account may decide payments',
} as const;

/** PUT /api/user/users/{id}/payment-decisions (ADMIN). */
export const PaymentDecisionsGrantSchema = v.object({
  allowed: v.boolean('allowed must be true or false'),
});
export type PaymentDecisionsGrant = v.InferOutput<typeof PaymentDecisionsGrantSchema>;

/** The actions of the user screens that the server restricts. */
export type UserAction = 'edit' | 'activate' | 'deactivate' | 'delete' | 'changeRole';

/**
 * Why `actor` may not do `action` to `target`, or null when the role rules allow it
 * (MODERATOR manages USER and GUEST accounts; only ADMIN changes roles, touches MODERATOR
 * and ADMIN accounts and deletes; nobody deactivates, deletes or re-roles themselves). The API
 * enforces it and the screens use it to hide or disable actions, so both say the same thing.
 * The last-active-admin rule needs the database and is checked by the API only.
 */
export function userActionDenial(
  actor: { id: number; role: Role },
  target: { id: number; role: Role },
  action: UserAction,
): string | null {
  const self = actor.id === target.id;
  if (action === 'delete') {
    if (!hasRole(actor.role, 'ADMIN')) return USER_ERRORS.adminOnlyDelete;
    return self ? USER_ERRORS.selfDelete : null;
  }
  if (action === 'changeRole') {
    if (!hasRole(actor.role, 'ADMIN')) return USER_ERRORS.adminOnlyRoles;
    return self ? USER_ERRORS.selfRole : null;
  }
  if (!hasRole(actor.role, 'MODERATOR')) return "You don't have permission to perform this action.";
  if (hasRole(target.role, 'MODERATOR') && !hasRole(actor.role, 'ADMIN')) return USER_ERRORS.staffAccounts;
  if (action === 'deactivate' && self) return USER_ERRORS.selfDeactivate;
  return null;
}

/** True when going from `from` to `to` lowers the level. */
export const isDemotion = (from: Role, to: Role): boolean => ROLE_LEVELS[to] < ROLE_LEVELS[from];

/**
 * The roles `actor` may hand out: an ADMIN any, anyone else only those below MODERATOR (no one but an
 * ADMIN gives their own rank or a higher one; the API refuses it too).
 */
export function assignableRoles(actor: Role | undefined): readonly Role[] {
  return hasRole(actor, 'ADMIN') ? ROLES : ROLES.filter((role) => !hasRole(role, 'MODERATOR'));
}

/** A GUEST decides nothing, so has no decisions to hand on while away: out of office is USER and up. */
export const takesOutOfOffice = (user: { role: Role }): boolean => hasRole(user.role, 'USER');

/** An active ADMIN: the last one can be neither demoted, deactivated nor deleted. */
export const isActiveAdmin = (user: { role: Role; isActive: boolean }): boolean =>
  user.isActive && user.role === 'ADMIN';

/** Who can be put on a company, stand in for someone or approve a step: every role from USER up. */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((role) => hasRole(role, 'USER'));

/** The person pickers' query: the first PICKER_LIMIT active staff (the API refuses inactive ones). */
export const STAFF_PICKER_QUERY = {
  page: 1,
  limit: PICKER_LIMIT,
  role: STAFF_ROLES.join(','),
  isActive: true,
} as const;

/** The user list's filter for the active ADMINs: its total is how many there are. */
export const ACTIVE_ADMINS_FILTER = { role: 'ADMIN', isActive: 'true' } as const;

/** First or last name of the user forms: trimmed, '' clears it (null). */
const nameField = v.optional(
  v.nullable(
    v.pipe(
      v.string('Must be text'),
      v.trim(),
      v.maxLength(TEXT_MAX, `At most ${TEXT_MAX} characters`),
      singleLine('A name'),
      v.transform((value) => (value === '' ? null : value)),
    ),
  ),
);

/** PUT /api/user/users/{id} and the edit form: the create fields without password. */
export const UserUpdateSchema = v.object({
  email: emailSchema(),
  firstName: nameField,
  lastName: nameField,
  role: v.picklist(ROLES, `role must be one of ${ROLES.join(', ')}`),
  isActive: v.boolean('isActive must be true or false'),
});
export type UserUpdateInput = v.InferOutput<typeof UserUpdateSchema>;

/** PUT /api/user/users/{id}/role. */
export const UserRoleSchema = v.object({
  role: v.picklist(ROLES, `role must be one of ${ROLES.join(', ')}`),
});
export type UserRoleInput = v.InferOutput<typeof UserRoleSchema>;

/** GET /api/user/statistics: `userId` (default: the caller). */
export const UserStatisticsQuerySchema = v.object({
  userId: v.optional(intFromString('userId must be a positive whole number', 1, 2_147_483_647)),
});

/** PUT /api/user/profile: the caller's own names ('' clears one). */
export const ProfileUpdateSchema = v.pipe(
  v.object({ firstName: nameField, lastName: nameField }),
  v.check((input) => input.firstName !== undefined || input.lastName !== undefined, USER_ERRORS.emptyProfile),
);
export type ProfileUpdateInput = v.InferOutput<typeof ProfileUpdateSchema>;

/** Login frequency of the activity summary. */
export function loginFrequency(totalLogins: number): 'High' | 'Medium' | 'Low' {
  if (totalLogins > LOGIN_FREQUENCY.high) return 'High';
  if (totalLogins > LOGIN_FREQUENCY.medium) return 'Medium';
  return 'Low';
}

/** System usage of the activity summary. */
export function systemUsage(stats: {
  companiesManaged: number;
  approvalsCreated: number;
}): 'Active' | 'Moderate' {
  return stats.companiesManaged > SYSTEM_USAGE.companies || stats.approvalsCreated > SYSTEM_USAGE.approvals
    ? 'Active'
    : 'Moderate';
}

/** What the activity summary says where the sign-in rows cannot say it. */
export const USER_ACTIVITY_TEXT = {
  notRecorded: 'Not recorded',
  unrecordedNote:
    "Only the date of this account's last sign-in is known: its sign-ins were not recorded here, so they are not counted.",
} as const;

/**
 * Whether the account has a last sign-in date but no sign-in rows behind it (imported accounts,
 * the bulk seed): its count and details are then unknown, not zero.
 */
export function signInsUnrecorded(stats: { totalLogins?: number; lastLogin?: string | null }): boolean {
  return stats.totalLogins === 0 && !!stats.lastLogin;
}
