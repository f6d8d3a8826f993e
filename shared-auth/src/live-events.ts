// The live console's events as the screens see them: one stream per tab, owned by whoever calls
// startLiveEvents (the host's signed-in layout), and a subscription hook for the host and every
// remote. The connection itself is loaded only when the stream starts, so none of it is part of
// the sign-in page's JavaScript.
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { liveStateAtom, setLiveState, subscribeLiveEvents, type LiveEvent, type LiveState } from './live-bus';
import {
  concernsEntities,
  concernsRecord,
  createLiveFolder,
  LIVE_COUNT_INTERVAL_MS,
  LIVE_REVALIDATE_INTERVAL_MS,
  LIVE_REVALIDATE_JITTER_MS,
  type LiveBatch,
} from './live-policy';
import { sessionStore } from './session-store';

export { subscribeLiveEvents, LIVE_COUNT_INTERVAL_MS, LIVE_REVALIDATE_INTERVAL_MS };
export {
  listReaction,
  carriedFigures,
  relatedToReRead,
  patchRows,
  LIVE_PATCH_MARK,
  type ListLivePolicy,
  type ListReaction,
  type LiveBatch,
} from './live-policy';
export type { LiveChange, LiveEvent, LiveResync, LiveState } from './live-bus';

/**
 * Calls `onEvent` when a change of one of `entities` (every entity when null) arrives, or a
 * resync: at once (after a little jitter), then at most once per interval (events meanwhile are
 * folded into one call at its end, with the latest of them), so a burst of decisions re-reads a
 * view once. Return the re-read's promise (SWR's mutate): the next call also waits for it.
 */
export function useLiveEvents(
  entities: readonly string[] | null,
  onEvent: (event: LiveEvent) => unknown,
  intervalMs = LIVE_REVALIDATE_INTERVAL_MS,
): void {
  useLiveBatches(entities, (batch) => onEvent(batch.latest), intervalMs);
}

/**
 * As useLiveEvents, with every event of the burst (oldest first), for a view that decides from
 * them what to re-read (a list whose page none of them touched re-reads only its figures).
 */
export function useLiveBatches(
  entities: readonly string[] | null,
  onBatch: (batch: LiveBatch<LiveEvent>) => unknown,
  intervalMs = LIVE_REVALIDATE_INTERVAL_MS,
): void {
  useFoldedLiveEvents(
    entities ? entities.join(',') : '*',
    (event) => concernsEntities(event, entities),
    onBatch,
    intervalMs,
  );
}

/**
 * Calls `revalidate(id)` when the record `entity` `id` changes (in another tab, by another person,
 * by a job) or the stream resyncs, at most once per interval, so the record's page shows the change
 * in place. Only that record's events count: a burst about other records never hides its own.
 * Nothing while `id` is null.
 * @example useLiveRecord('company', id, revalidateCompanies);
 */
export function useLiveRecord<Id extends string | number>(
  entity: string,
  id: Id | null,
  revalidate: (id: Id) => unknown,
  intervalMs = LIVE_REVALIDATE_INTERVAL_MS,
): void {
  useFoldedLiveEvents(
    id === null ? '' : `${entity}:${id}`,
    (event) => id !== null && concernsRecord(event, entity, id),
    () => (id !== null ? revalidate(id) : undefined),
    intervalMs,
  );
}

/**
 * The events `accepts` lets through, folded by the live policy's folder (at once after the jitter,
 * then at most once per interval). A new `subject` starts afresh.
 */
function useFoldedLiveEvents(
  subject: string,
  accepts: (event: LiveEvent) => boolean,
  onBatch: (batch: LiveBatch<LiveEvent>) => unknown,
  intervalMs: number,
): void {
  const latest = useRef({ accepts, onBatch });
  latest.current = { accepts, onBatch };
  useEffect(() => {
    const folder = createLiveFolder<LiveEvent>((batch) => latest.current.onBatch(batch), {
      intervalMs,
      jitterMs: LIVE_REVALIDATE_JITTER_MS,
    });
    const unsubscribe = subscribeLiveEvents((event) => {
      if (latest.current.accepts(event)) folder.push(event);
    });
    return () => {
      unsubscribe();
      folder.dispose();
    };
  }, [subject, intervalMs]);
}

/** The stream's state, for the layout's indicator. */
export function useLiveState(): LiveState {
  return useAtomValue(liveStateAtom, { store: sessionStore });
}

/**
 * Joins this browser's event stream, one for all its tabs (the connection code is fetched now);
 * the answer leaves it.
 */
export function startLiveEvents(): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  setLiveState('connecting');
  import('./live-connection')
    .then(({ connectSharedLiveEvents }) => {
      if (!stopped) stop = connectSharedLiveEvents();
    })
    .catch(() => {
      if (!stopped) setLiveState('offline');
    });
  return () => {
    stopped = true;
    stop?.();
    setLiveState('off');
  };
}
