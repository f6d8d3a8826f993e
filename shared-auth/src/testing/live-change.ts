// Test support only: a live change event as the stream hands it to the screens.
import type { LiveChange } from '../live-bus';

/** A change of `entity` `id` (kind '<entity>.update' unless given), by user 1. */
export const liveChange = (entity: string, id: string, kind = `${entity}.update`): LiveChange => ({
  type: 'change',
  kind,
  entity,
  id,
  status: null,
  version: null,
  actorId: 1,
  at: '2026-11-29T12:00:00.000Z',
});
