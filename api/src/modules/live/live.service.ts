import type { Db } from '../../db/client';
import { minRoleOfAction } from '../../security/payment-details';
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
 * Bank accounts under dual control: a new or changed account waits for a second person
 * (PENDING) until confirmed (CONFIRMED); the event carries the version with it.
 */
const ACCOUNT_STATUS: Record<string, string> = {
  'payments.vendor_account.create': 'PENDING',
  'payments.vendor_account.update': 'PENDING',
  'payments.vendor_account.confirm': 'CONFIRMED',
  'payments.settlement.confirm': 'CONFIRMED',
};

/** Changes whose details' `to` is the new status: a bank file's steps, (de)activations. */
const STATUS_STEPS =
  /^(approval\.(nacha_|bank_uploaded$|payment_completed$)|company\.(activate|deactivate)$|manager\.status$)/;

/** A status as the API answers them ('APPROVED', 'NACHA_GENERATED', 'active'): nothing else. */
const STATUS = /^[A-Za-z][A-Za-z_]{0,31}$/;

/**
 * The new status, when the change has one: `after.status`, or `to` of a status step. Other
 * details (an assignment's `to` is a person, a role change's is a role) never reach the stream.
 */
function statusOf(action: string, details: Record<string, unknown> | undefined): string | null {
  const fixed = ACCOUNT_STATUS[action];
  if (fixed) return fixed;
  const after = details?.['after'];
  const candidate =
    after && typeof after === 'object' && 'status' in after
      ? (after as { status: unknown }).status
      : STATUS_STEPS.test(action)
        ? details?.['to']
        : undefined;
  return typeof candidate === 'string' && STATUS.test(candidate) ? candidate : null;
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
    status: statusOf(change.action, change.details),
    version: versionOf(change.details),
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
