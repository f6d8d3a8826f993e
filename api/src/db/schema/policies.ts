/** Each company's approval policy: its versions, and a change waiting for a second ADMIN. */
import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { PolicyDefinition } from 'shared-contracts';
import { createdAt } from './columns';
import { companies } from './companies';
import { PERSON_NAME_LENGTH, users } from './users';

/**
 * Approval policies per company (migration 0022): every save is a new version, never changed; a
 * company without one follows DEFAULT_POLICY (version 0).
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<PolicyDefinition>().notNull(),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: PERSON_NAME_LENGTH }),
    createdAt: createdAt(),
    /** The ADMIN who confirmed the change that made this version (created_by proposed it). */
    confirmedById: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedByName: varchar('confirmed_by_name', { length: PERSON_NAME_LENGTH }),
  },
  (t) => [uniqueIndex('approval_policies_company_version_key').on(t.companyId, t.version)],
);

/**
 * A saved policy waiting for an ADMIN other than its author (at most one per company): the
 * company follows approval_policies until it is confirmed, which makes it the next version.
 */
export const approvalPolicyChanges = pgTable(
  'approval_policy_changes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    baseVersion: integer('base_version').notNull(),
    definition: jsonb('definition').$type<PolicyDefinition>().notNull(),
    /** Null: the save left the company's escalation time as it was. */
    escalationHours: integer('escalation_hours'),
    proposedById: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposedByName: varchar('proposed_by_name', { length: PERSON_NAME_LENGTH }).notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_policy_changes_company_key').on(t.companyId),
    index('approval_policy_changes_proposed_by_idx').on(t.proposedById),
  ],
);
export type ApprovalPolicyChangeRow = typeof approvalPolicyChanges.$inferSelect;
