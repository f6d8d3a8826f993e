import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { personName } from 'shared-contracts';
import { recordLiveEvents } from '../live/live.service';
import { recordActivities as insertActivities, type ActivityValues } from './activity.repository';

// What other modules read of the activity log: through this service, never through activity.repository.
export { entityActivity, recentActivity } from './activity.repository';

/**
 * What a change says of its entity now, for the live console's event: the status or version it
 * set, when it set one. Never written into the activity row.
 */
export interface EntityState {
  status?: string;
  version?: number;
}

/** One change to record: its activity row, and the entity's new state for its live event. */
export interface ActivityEntry extends ActivityValues, EntityState {}

/**
 * Several rows in one INSERT, e.g. one per company a manager delete unassigns, and the live
 * console's event of each change. Call inside the transaction of the change they record, so they
 * commit or roll back with it.
 */
export async function recordActivities(db: Db, entries: ActivityEntry[]): Promise<void> {
  // The repository writes the row's own columns only: status and version go to the event.
  await insertActivities(db, entries);
  await recordLiveEvents(
    db,
    entries.map(({ userId, action, entityType, entityId, status, version }) => ({
      actorId: userId,
      action,
      entityType,
      entityId,
      status,
      version,
    })),
  );
}

/**
 * Who did it: the signed-in user, named in the row as activity descriptions name people; or a
 * system actor (id null, e.g. the QuickBooks sync) named by its `email` text.
 */
export type Actor = Pick<UserRow, 'firstName' | 'lastName' | 'email'> & { id: number | null };

/** The QuickBooks sync, when it refreshes a company's tokens itself. */
export const QUICKBOOKS_SYNC_ACTOR: Actor = {
  id: null,
  firstName: null,
  lastName: null,
  email: 'QuickBooks sync',
};

/**
 * What happened: a dotted verb such as 'user.create', the sentence shown as is, and details; with
 * the entity's new status or version when the change set one.
 */
export interface ActivityEvent extends EntityState {
  action: string;
  description: string;
  details?: Record<string, unknown>;
}

/**
 * One history row: the actor and the entity (its type, e.g. 'company', and id) once, then what
 * happened. The entity's own history lists the row.
 */
export function activityEntry(
  actor: Actor,
  entityType: string,
  entityId: string | number,
  event: ActivityEvent,
): ActivityEntry {
  return { userId: actor.id, userName: personName(actor), entityType, entityId, ...event };
}

/** Call inside the transaction of the change it records, so the row commits or rolls back with it. */
export async function recordActivity(
  db: Db,
  actor: Actor,
  entityType: string,
  entityId: string | number,
  event: ActivityEvent,
): Promise<void> {
  await recordActivities(db, [activityEntry(actor, entityType, entityId, event)]);
}
