import { and, asc, gt, isNotNull, lte, max, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { literalCount } from '../../db/prepared';
import { liveEvents } from '../../db/schema';

export interface LiveEventValues {
  kind: string;
  entityType: string;
  entityId: string;
  status: string | null;
  version: number | null;
  actorId: number | null;
  minRole: string;
}

export interface LiveEventRow extends LiveEventValues {
  seq: number;
  createdAt: Date;
  /** Set by the process's hub as it hands the event out (never stored, never on a replay). */
  figures?: readonly LiveEventFigure[];
}

/** One figure an event carries (LiveFigures in shared-contracts), and who may read it. */
export interface LiveEventFigure {
  name: string;
  /** The lowest role that may read it: a stream of a lower role gets the event without it. */
  minRole: string;
  value: unknown;
}

/** Inside the transaction of the change: the commit numbers the rows and wakes the listeners. */
export async function insertLiveEvents(db: Db, values: LiveEventValues[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(liveEvents).values(values);
}

/** Committed events after `seq`, oldest first, at most `limit`. */
export async function liveEventsAfter(db: Db, seq: number, limit: number): Promise<LiveEventRow[]> {
  const rows = await db
    .select({
      seq: liveEvents.seq,
      kind: liveEvents.kind,
      entityType: liveEvents.entityType,
      entityId: liveEvents.entityId,
      status: liveEvents.status,
      version: liveEvents.version,
      actorId: liveEvents.actorId,
      minRole: liveEvents.minRole,
      createdAt: liveEvents.createdAt,
    })
    .from(liveEvents)
    .where(and(isNotNull(liveEvents.seq), gt(liveEvents.seq, seq)))
    .orderBy(asc(liveEvents.seq))
    .limit(literalCount(limit));
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}

/** The oldest and newest event numbers still in the log (null when it is empty). */
export async function liveEventBounds(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const [row] = await db
    .select({ oldest: min(liveEvents.seq), newest: max(liveEvents.seq) })
    .from(liveEvents);
  return {
    oldest: row?.oldest == null ? null : Number(row.oldest),
    newest: row?.newest == null ? null : Number(row.newest),
  };
}

/** Keeps the newest `keep` events: the log is bounded, a longer gap is answered with a resync. */
export async function pruneLiveEvents(db: Db, keep: number): Promise<void> {
  const { newest } = await liveEventBounds(db);
  if (newest === null) return;
  await db.delete(liveEvents).where(and(isNotNull(liveEvents.seq), lte(liveEvents.seq, newest - keep)));
}

/** The newest number, for a stream that starts without a Last-Event-ID. */
export async function newestLiveEvent(db: Db): Promise<number> {
  const { newest } = await liveEventBounds(db);
  return newest ?? 0;
}
