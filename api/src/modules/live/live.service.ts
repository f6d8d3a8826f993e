import type { Role } from 'shared-contracts';
import type { Db } from '../../db/client';
import { insertLiveEvents, type LiveEventValues } from './live.repository';

export { liveEventBounds, liveEventsAfter, newestLiveEvent, pruneLiveEvents } from './live.repository';
export type { LiveEventRow } from './live.repository';

/** What a change tells the live console: the same facts as its activity row, without its data. */
export interface LiveChange {
  actorId: number | null;
  action: string;
  entityType?: string;
  entityId?: string | number;
  details?: Record<string, unknown>;
}

/**
 * Changes no screen shows: signing in and out, and reading a bank file (an audit row only).
 * Everything else recorded in the activity log is an event.
 */
const NOT_EVENTS = /^(auth\.|approval\.nacha_download$)/;

/**
 * Payment details (vendor bank accounts, settlement account, originator settings) are not for a
 * GUEST, even as ids: their streams never carry these events.
 */
function minRoleOf(action: string): Role {
  return action.startsWith('payments.') ? 'USER' : 'GUEST';
}

/** The new status, when the activity details name it (`after.status`, or `to` for a bank file). */
function statusOf(details: Record<string, unknown> | undefined): string | null {
  const after = details?.['after'];
  const candidate =
    after && typeof after === 'object' && 'status' in after ? (after as { status: unknown }).status : details?.['to'];
  return typeof candidate === 'string' ? candidate.slice(0, 32) : null;
}

/** The new version, when the activity details name it (bank accounts under dual control). */
function versionOf(details: Record<string, unknown> | undefined): number | null {
  const after = details?.['after'];
  const candidate =
    after && typeof after === 'object' && 'version' in after
      ? (after as { version: unknown }).version
      : details?.['version'];
  return typeof candidate === 'number' && Number.isSafeInteger(candidate) ? candidate : null;
}

export function liveEventOf(change: LiveChange): LiveEventValues | null {
  if (NOT_EVENTS.test(change.action) || !change.entityType || change.entityId === undefined) return null;
  return {
    kind: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    status: statusOf(change.details),
    version: versionOf(change.details),
    actorId: change.actorId,
    minRole: minRoleOf(change.action),
  };
}

/** Call inside the transaction of the changes: they and their events commit or roll back together. */
export async function recordLiveEvents(db: Db, changes: LiveChange[]): Promise<void> {
  await insertLiveEvents(
    db,
    changes.map(liveEventOf).filter((event): event is LiveEventValues => event !== null),
  );
}
