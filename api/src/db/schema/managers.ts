/** The companies' managers: contacts, some linked to a user account. */
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { MANAGER_STATUSES } from 'shared-contracts';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

export const managerStatusEnum = pgEnum('manager_status', MANAGER_STATUSES);

/**
 * What the manager search matches: "first last", e-mail and title lower-cased, joined by a newline
 * (so a term cannot match across two fields but "ada love" matches the full name). The index
 * managers_search_trgm_idx is on exactly this expression; queries must use it verbatim.
 */
export function managerSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  title: AnyPgColumn;
}): SQL {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || chr(10) || ${t.email} || chr(10) || coalesce(${t.title}, ''))`;
}

export const managers = pgTable(
  'managers',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 255 }),
    title: varchar('title', { length: 255 }),
    status: managerStatusEnum('status').notNull().default('ACTIVE'),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A user account belongs to at most one manager: the database decides between concurrent
    // links (the loser gets 23505 and a 409), not a read-then-write in the service.
    uniqueIndex('managers_user_id_key').on(t.userId),
    // The manager list's views (filter + sort + id tiebreaker, so LIMIT/OFFSET reads an index in
    // order). Ascending sorts scan the same indexes backwards.
    index('managers_created_at_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('managers_status_created_at_id_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('managers_linked_created_at_id_idx').on(
      sql`(${t.userId} IS NOT NULL)`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Sorts by name are case-insensitive: first name, then last name.
    index('managers_name_lower_id_idx').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('managers_status_name_lower_id_idx').on(
      t.status,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    index('managers_last_name_lower_id_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // E-mails are stored lower-cased (the schemas lower-case them).
    index('managers_email_id_idx').on(t.email, t.id),
    index('managers_title_lower_id_idx').on(sql`lower(${t.title})`, t.id),
    index('managers_status_id_idx').on(t.status, t.id),
    index('managers_updated_at_id_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The list's search over full name, e-mail and title: one trigram index (managerSearchText).
    index('managers_search_trgm_idx')
      .using('gin', sql`${managerSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type ManagerRow = typeof managers.$inferSelect;
