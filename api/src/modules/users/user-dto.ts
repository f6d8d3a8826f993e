import { hasRole, type User, type UserActivityStats } from 'shared-contracts';
import type { UserRow } from '../../db/schema';
import { PEOPLE_MIN_ROLE } from '../../security/payment-details';

/** The API's view of a user: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdById: row.createdById,
    mayDecidePayments: row.mayDecidePayments,
    outOfOffice:
      row.awayFrom && row.awayUntil && row.delegateId !== null
        ? {
            awayFrom: row.awayFrom.toISOString(),
            awayUntil: row.awayUntil.toISOString(),
            delegateId: row.delegateId,
          }
        : null,
  };
}

/**
 * Whether `viewer` is told another person's sign-ins, away window and delegate, registrar and
 * payment grant: those who manage people (MODERATOR and up), and the person themselves. When
 * someone signs in, is away and who stands in is what a person planning to act in a colleague's
 * absence, or to pose as them, wants to know; a GUEST or USER has no work that needs it.
 */
export function readsPeopleDetails(viewer: Pick<UserRow, 'id' | 'role'>, subjectId: number): boolean {
  return viewer.id === subjectId || managesPeople(viewer);
}

/** MODERATOR and up: told everyone's sign-ins, away windows and delegates (readsPeopleDetails). */
export function managesPeople(viewer: Pick<UserRow, 'role'>): boolean {
  return hasRole(viewer.role, PEOPLE_MIN_ROLE);
}

/** The fields of a user that readsPeopleDetails guards: left out (absent), not null, which means "none". */
const PEOPLE_DETAILS = [
  'lastLoginAt',
  'createdById',
  'createdBy',
  'mayDecidePayments',
  'outOfOffice',
] as const;

/** `user` as `viewer` may read it. */
export function userFor(viewer: Pick<UserRow, 'id' | 'role'>, user: User): User {
  if (readsPeopleDetails(viewer, user.id)) return user;
  const shown: User = { ...user };
  for (const key of PEOPLE_DETAILS) delete shown[key];
  return shown;
}

/** A user's activity statistics as `viewer` may read them (the counts of what they manage and create). */
export function statisticsFor(
  viewer: Pick<UserRow, 'id' | 'role'>,
  stats: UserActivityStats,
): UserActivityStats {
  const { totalLogins, lastLogin, lastLoginDetails, ...counts } = stats;
  if (!readsPeopleDetails(viewer, stats.userId)) return counts;
  // The address and browser of the last sign-in: only the person themselves and an ADMIN.
  const own = viewer.id === stats.userId || viewer.role === 'ADMIN';
  return { ...counts, totalLogins, lastLogin, ...(own ? { lastLoginDetails } : {}) };
}
