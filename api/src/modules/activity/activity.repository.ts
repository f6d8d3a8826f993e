import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityItem, Role } from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount } from '../../db/prepared';
import { activity } from '../../db/schema';
import { activityVisibleTo, peopleActivityVisibleTo } from '../../security/payment-details';

/** One row of the activity log, as it is written. */
export interface ActivityValues {
  userId: number | null;
  userName: string | null;
  /** Dotted verb such as 'auth.login' or 'user.create'. */
  action: string;
  entityType?: string;
  entityId?: string | number;
  /** Sentence shown as is by the dashboard, e.g. "Ada Admin signed in". */
  description: string;
  details?: Record<string, unknown>;
}

/**
 * Several rows in one INSERT, e.g. one per company a manager delete unassigns. Call inside the
 * transaction of the change they record, so they commit or roll back with it.
 */
export async function recordActivities(db: Db, entries: ActivityValues[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activity).values(
    entries.map((entry) => ({
      userId: entry.userId,
      userName: entry.userName,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      description: entry.description,
      details: entry.details ?? null,
    })),
  );
}

/**
 * Newest first, of what `reader` may read (payment details by role, others' accounts), without
 * sign-ins and sign-outs: the dashboard's recent activity is about the work (the audit log keeps
 * every sign-in), and five 'X signed in' lines told nobody anything.
 */
export async function recentActivity(
  db: Db,
  reader: { id: number; role: Role },
  limit: number,
): Promise<ActivityItem[]> {
  const rows = await db
    .select({ id: activity.id, description: activity.description, createdAt: activity.createdAt })
    .from(activity)
    .where(
      and(
        activityVisibleTo(reader.role),
        peopleActivityVisibleTo(reader),
        sql`${activity.action} not like 'auth.%'`,
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    // In the SQL text, not a parameter: PostgreSQL then keeps one plan for it (db/prepared.ts).
    .limit(literalCount(limit));
  return rows.map(toActivityItem);
}

function toActivityItem(row: { id: number; description: string; createdAt: Date }): ActivityItem {
  return { id: row.id, description: row.description, timestamp: row.createdAt.toISOString() };
}

/**
 * The newest rows about one entity that `reader` may read (served by the (entity_type, entity_id,
 * created_at) index).
 */
export async function entityActivity(
  db: Db,
  reader: Role,
  entityType: string,
  entityId: string | number,
  limit: number,
): Promise<ActivityItem[]> {
  const rows = await db
    .select({ id: activity.id, description: activity.description, createdAt: activity.createdAt })
    .from(activity)
    .where(
      and(
        eq(activity.entityType, entityType),
        eq(activity.entityId, String(entityId)),
        activityVisibleTo(reader),
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    // In the SQL text, not a parameter: PostgreSQL then keeps one plan for it (db/prepared.ts).
    .limit(literalCount(limit));
  return rows.map(toActivityItem);
}
