// The live console's events as the screens see them: one stream per tab, owned by whoever calls
// startLiveEvents (the host's signed-in layout), and a subscription hook for the host and every
// remote. The connection itself is loaded only when the stream starts, so none of it is part of
// the sign-in page's JavaScript.
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { liveStateAtom, setLiveState, subscribeLiveEvents, type LiveEvent, type LiveState } from './live-bus';
import { sessionStore } from './session-store';

export { subscribeLiveEvents };
export type { LiveChange, LiveEvent, LiveResync, LiveState } from './live-bus';

/** How often at most a subscriber of useLiveEvents is called. */
export const LIVE_REVALIDATE_INTERVAL_MS = 1000;

/**
 * Calls `onEvent` when a change of one of `entities` (every entity when null) arrives, or a
 * resync: at once, then at most once per interval (events meanwhile are folded into one call at
 * its end), so a burst of decisions re-reads a view once.
 */
export function useLiveEvents(
  entities: readonly string[] | null,
  onEvent: (event: LiveEvent) => void,
  intervalMs = LIVE_REVALIDATE_INTERVAL_MS,
): void {
  useFoldedLiveEvents(
    entities ? entities.join(',') : '*',
    (event) => event.type === 'resync' || !entities || entities.includes(event.entity),
    onEvent,
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
    (event) =>
      id !== null && (event.type === 'resync' || (event.entity === entity && event.id === String(id))),
    () => {
      if (id !== null) void revalidate(id);
    },
    intervalMs,
  );
}

/**
 * The events `accepts` lets through, handed to `onEvent` at once, then at most once per interval
 * (the latest of those meanwhile at its end). A new `subject` starts afresh.
 */
function useFoldedLiveEvents(
  subject: string,
  accepts: (event: LiveEvent) => boolean,
  onEvent: (event: LiveEvent) => void,
  intervalMs: number,
): void {
  const latest = useRef({ accepts, onEvent });
  latest.current = { accepts, onEvent };
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending: LiveEvent | null = null;
    const fire = () => {
      timer = null;
      last = Date.now();
      const event = pending;
      pending = null;
      if (event) latest.current.onEvent(event);
    };
    const unsubscribe = subscribeLiveEvents((event) => {
      if (!latest.current.accepts(event)) return;
      pending = event;
      if (timer) return;
      timer = setTimeout(fire, Math.max(0, last + intervalMs - Date.now()));
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [subject, intervalMs]);
}

/** The stream's state, for the layout's indicator. */
export function useLiveState(): LiveState {
  return useAtomValue(liveStateAtom, { store: sessionStore });
}

/** Opens this tab's stream (the connection code is fetched now); the answer closes it. */
export function startLiveEvents(): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  setLiveState('connecting');
  import('./live-connection')
    .then(({ connectLiveEvents }) => {
      if (!stopped) stop = connectLiveEvents();
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
