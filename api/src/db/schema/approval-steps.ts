/** The steps of each approval under its policy, and each approve decision of a step. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PolicyApprover, StepMode } from 'shared-contracts';
import { approvals } from './approvals';
import { PERSON_NAME_LENGTH, users } from './users';

/**
 * The steps of each approval, one row each. The approvers are flattened into arrays that the
 * reviewer's queue searches through partial GIN indexes on the OPEN steps only.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    companyId: integer('company_id').notNull(),
    mode: varchar('mode', { length: 3 }).$type<StepMode>().notNull(),
    approvers: jsonb('approvers').$type<PolicyApprover[]>().notNull(),
    label: text('label').notNull(),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    assignees: text('assignees')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** WAITING (a later step), OPEN (the current one), DONE, CLOSED (the approval left PENDING). */
    state: varchar('state', { length: 8 }).$type<StepState>().notNull().default('WAITING'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'approval_steps_pk', columns: [t.approvalId, t.position] }),
    index('approval_steps_open_users_idx')
      .using('gin', t.userIds)
      .with({ fastupdate: false })
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_roles_idx')
      .using('gin', t.roles)
      .with({ fastupdate: false })
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_company_idx')
      .on(t.companyId)
      .where(sql`${t.state} = 'OPEN'`),
    index('approval_steps_open_opened_at_idx')
      .on(t.openedAt)
      .where(sql`${t.state} = 'OPEN' and ${t.escalatedAt} is null`),
  ],
);
export type StepState = 'WAITING' | 'OPEN' | 'DONE' | 'CLOSED';

/** Each approve decision of a step; one person decides at most one step of an approval. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    approvalId: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: PERSON_NAME_LENGTH }),
    onBehalfOf: integer('on_behalf_of').references(() => users.id, { onDelete: 'set null' }),
    onBehalfOfName: varchar('on_behalf_of_name', { length: PERSON_NAME_LENGTH }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_decisions_approval_user_key').on(t.approvalId, t.userId),
    index('approval_decisions_user_idx').on(t.userId),
    index('approval_decisions_on_behalf_of_idx')
      .on(t.onBehalfOf)
      .where(sql`${t.onBehalfOf} is not null`),
  ],
);
export type ApprovalStepRow = typeof approvalSteps.$inferSelect;
export type ApprovalDecisionRow = typeof approvalDecisions.$inferSelect;
