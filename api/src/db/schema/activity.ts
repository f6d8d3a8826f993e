/** What happened: the audit trail, and the live console's event log. */
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { PERSON_NAME_LENGTH, users } from './users';

/** Audit trail: feeds recent activity, approval history and user statistics. */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who did it, as shown in history; kept when the user is deleted. */
    userName: varchar('user_name', { length: PERSON_NAME_LENGTH }),
    /** Dotted verb, e.g. 'auth.login', 'company.create', 'approval.approve'. */
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }),
    entityId: varchar('entity_id', { length: 64 }),
    /** Human-readable sentence shown by the dashboard. */
    description: text('description').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('activity_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    // Per-user statistics: sign-in count and the newest sign-in (migration 0007).
    index('activity_user_action_created_at_idx').on(t.userId, t.action, t.createdAt.desc().nullsFirst()),
    // The audit log's person and action filters, in its order (migration 0029); the action's
    // pattern operator class makes a prefix ('approval.') a range of the index too.
    index('activity_user_created_at_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('activity_action_created_at_idx').on(
      t.action.op('varchar_pattern_ops'),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
export type ActivityRow = typeof activity.$inferSelect;

/**
 * The live console's event log (migration 0020): ids, kind and the new status or version of a
 * change, never its data. `seq` is the event's number, given at commit (null only inside the
 * writing transaction); `minRole` is the lowest role whose stream carries it.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seq: bigint('seq', { mode: 'number' }),
    kind: varchar('kind', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 32 }),
    version: integer('version'),
    actorId: integer('actor_id'),
    minRole: varchar('min_role', { length: 16 }).notNull().default('GUEST'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_events_seq_key').on(t.seq)],
);
