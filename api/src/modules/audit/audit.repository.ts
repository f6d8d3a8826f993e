import { and, count, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditExportQuery, AuditQuery } from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount } from '../../db/prepared';
import { activity } from '../../db/schema';

/**
 * Most rows a page's total counts: past it the total says 'more than' (totalCapped), so a page of
 * an unfiltered log of millions of rows never counts them all. A page further than the cap still
 * counts to its own end.
 */
export const AUDIT_COUNT_CAP = 10_000;

const DAY_MS = 86_400_000;

/** The first instant of a YYYY-MM-DD day, UTC. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The filters as one condition. An action ending with a dot is a prefix ('approval.' matches every
 * approval action): a LIKE the (action varchar_pattern_ops, …) index reads as a range. The schema
 * lets only letters, '_' and '.' into an action; '_' is LIKE's wildcard, so it is escaped.
 */
export function auditConditions(query: AuditExportQuery): SQL | undefined {
  const { userId, entityType, entityId, action, from, to } = query;
  return and(
    userId === undefined ? undefined : eq(activity.userId, userId),
    entityType === undefined ? undefined : eq(activity.entityType, entityType),
    entityId === undefined ? undefined : eq(activity.entityId, entityId),
    action === undefined
      ? undefined
      : action.endsWith('.')
        ? like(activity.action, `${action.replace(/_/g, '\\_')}%`)
        : eq(activity.action, action),
    from === undefined ? undefined : gte(activity.createdAt, startOfDay(from)),
    // `to` is included: everything before the next day's start.
    to === undefined ? undefined : lt(activity.createdAt, new Date(startOfDay(to).getTime() + DAY_MS)),
  );
}

/** The log's order: newest first, the id breaking ties. */
export const AUDIT_ORDER = [desc(activity.createdAt), desc(activity.id)];

const entryColumns = {
  id: activity.id,
  createdAt: activity.createdAt,
  userId: activity.userId,
  userName: activity.userName,
  action: activity.action,
  entityType: activity.entityType,
  entityId: activity.entityId,
  description: activity.description,
  details: activity.details,
};

/** One page of the log and its total (a lower bound when `capped`). */
export async function auditPage(
  db: Db,
  query: AuditQuery,
): Promise<{ rows: AuditEntry[]; total: number; capped: boolean }> {
  const where = auditConditions(query);
  const offset = (query.page - 1) * query.limit;
  const cap = Math.max(AUDIT_COUNT_CAP, offset + query.limit);
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(activity)
    .where(where)
    .orderBy(...AUDIT_ORDER)
    .limit(cap + 1)
    .as('matches');
  const [rows, [counted]] = await Promise.all([
    db
      .select(entryColumns)
      .from(activity)
      .where(where)
      .orderBy(...AUDIT_ORDER)
      // LIMIT and a first page's OFFSET 0 in the SQL text: one plan kept per statement (literalCount).
      .limit(literalCount(query.limit))
      .offset(offset === 0 ? literalCount(0) : offset),
    db.select({ n: count() }).from(matches),
  ]);
  const n = counted?.n ?? 0;
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: Math.min(n, cap),
    capped: n > cap,
  };
}

/** How many rows the export of `query` holds (its progress). */
export async function countAudit(db: Db, query: AuditExportQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(activity).where(auditConditions(query));
  return row?.n ?? 0;
}

/** Where a batch of the export ended: its last row's created_at as PostgreSQL's text (to the microsecond) and id. */
export interface AuditPosition {
  at: string;
  id: number;
}

/** One batch of the export: `limit` rows after `after` (the previous batch's last row) in the log's order. */
export async function auditBatch(
  db: Db,
  query: AuditExportQuery,
  after: AuditPosition | undefined,
  limit: number,
): Promise<Array<AuditEntry & { position: AuditPosition }>> {
  const rows = await db
    .select({ ...entryColumns, at: sql<string>`${activity.createdAt}::text` })
    .from(activity)
    .where(
      and(
        auditConditions(query),
        // A JavaScript Date keeps milliseconds only; created_at has microseconds.
        after === undefined
          ? undefined
          : sql`(${activity.createdAt}, ${activity.id}) < (cast(${after.at} as timestamptz), ${after.id})`,
      ),
    )
    .orderBy(...AUDIT_ORDER)
    .limit(literalCount(limit));
  return rows.map(({ at, ...row }) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    position: { at, id: row.id },
  }));
}
