import { personName, type User } from 'shared-contracts';
import type { UserRow } from '../../db/schema';

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

/** "First Last", else the e-mail: how a user is named in activity descriptions. */
export function displayName(row: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return personName(row);
}
