/**
 * People who sign in, and the name rules every table copying a person's name follows. Imports no
 * other schema file: almost every table refers to users.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { ROLES } from 'shared-contracts';
import { createdAt, updatedAt } from './columns';

export const roleEnum = pgEnum('user_role', ROLES);

/**
 * What the user search matches: "first last" and the e-mail, lower-cased, joined by a newline (so
 * "Ada Admin" matches the full name but no term spans name and e-mail). users_search_trgm_idx is
 * on exactly this expression; queries must use it verbatim to be served by the index.
 */
export function userSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}): SQL {
  return sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || chr(10) || ${t.email})`;
}

/** The User column's sort key: "first last", else the e-mail, lower-cased (users_name_sort_id_idx). */
export function userSortName(t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL {
  return sql`lower(coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email}))`;
}

/**
 * A person's name as copied into history (first name, a space, last name: 255 + 1 + 255). The
 * copies were 255 long, so every write by someone with two long names failed with a 500 (found
 * by the fuzz suite).
 */
export const PERSON_NAME_LENGTH = 511;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-case (the schemas lower-case it), so equality is enough. */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 255 }),
    lastName: varchar('last_name', { length: 255 }),
    title: varchar('title', { length: 255 }),
    role: roleEnum('role').notNull().default('USER'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Who registered the account: the approve rules refuse a registrar and their accounts deciding each other's approvals. */
    createdById: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** False for an account a MODERATOR registered, until an ADMIN grants it. */
    mayDecidePayments: boolean('may_decide_payments').notNull().default(true),
    /** Out of office during [awayFrom, awayUntil): the delegate may decide this person's steps. */
    awayFrom: timestamp('away_from', { withTimezone: true }),
    awayUntil: timestamp('away_until', { withTimezone: true }),
    delegateId: integer('delegate_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * Until when this person may go without a second factor they must have (a week for the accounts
     * that existed when second factors came); null: MFA_GRACE_DAYS from `createdAt`.
     */
    mfaGraceUntil: timestamp('mfa_grace_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The user list's common views (migration 0007): filter + sort with id as tiebreaker, so
    // LIMIT/OFFSET reads an index in order; ascending sorts scan the same indexes backwards.
    index('users_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_role_created_at_id_idx').on(
      t.role,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_active_created_at_id_idx').on(
      t.isActive,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_last_login_at_id_idx').on(t.lastLoginAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_name_sort_id_idx').on(userSortName(t), t.id),
    index('users_first_name_lower_id_idx').on(sql`lower(${t.firstName})`, t.id),
    index('users_last_name_lower_id_idx').on(sql`lower(${t.lastName})`, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    // "The accounts this person registered", read by the money rules about people on every list
    // page and decision.
    index('users_created_by_idx')
      .on(t.createdById)
      .where(sql`${t.createdById} is not null`),
    index('users_delegate_id_idx')
      .on(t.delegateId)
      .where(sql`${t.delegateId} is not null`),
    index('users_active_id_idx').on(t.isActive, t.id),
    // The overview's activity rate: active users who signed in during the last 30 days.
    index('users_recent_login_idx')
      .on(t.lastLoginAt)
      .where(sql`${t.isActive}`),
    index('users_search_trgm_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type UserRow = typeof users.$inferSelect;
