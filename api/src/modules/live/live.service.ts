import type { Db } from '../../db/client';
import { minRoleOfAction } from '../../security/payment-details';
import { insertLiveEvents, type LiveEventValues } from './live.repository';

export { liveEventBounds, liveEventsAfter, newestLiveEvent, pruneLiveEvents } from './live.repository';
export type { LiveEventFigure, LiveEventRow } from './live.repository';

/**
 * What a change tells the live console: the same facts as its activity row without its data, and
 * the entity's new status or version when the change set one, as the caller states them.
 */
export interface LiveChange {
  actorId: number | null;
  action: string;
  entityType?: string;
  entityId?: string | number;
  /** The entity's status after the change, as the API answers it ('APPROVED', 'INACTIVE'). */
  status?: string;
  /** The entity's version after the change (a bank account's, an approval policy's). */
  version?: number;
}

/**
 * Changes no screen shows: signing in and out, and reading a bank file (an audit row only).
 * Everything else recorded in the activity log is an event.
 */
const NOT_EVENTS = /^(auth\.|approval\.nacha_download$)/;

export function liveEventOf(change: LiveChange): LiveEventValues | null {
  if (NOT_EVENTS.test(change.action) || !change.entityType || change.entityId === undefined) return null;
  return {
    kind: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    status: change.status ?? null,
    version: change.version ?? null,
    actorId: change.actorId,
    minRole: minRoleOfAction(change.action),
  };
}

/** Call inside the transaction of the changes: they and their events commit or roll back together. */
export async function recordLiveEvents(db: Db, changes: LiveChange[]): Promise<void> {
  await insertLiveEvents(
    db,
    changes.map(liveEventOf).filter((event): event is LiveEventValues => event !== null),
  );
}
