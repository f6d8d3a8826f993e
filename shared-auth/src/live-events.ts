// The live console's events as the screens see them: one stream per tab, owned by whoever calls
// startLiveEvents (the host's signed-in layout), and a subscription hook for the host and every
// remote. The connection itself is loaded only when the stream starts, so none of it is part of
// the sign-in page's JavaScript.
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import {
  liveStateAtom,
  setLiveState,
  subscribeLiveEvents,
  type LiveEvent,
  type LiveState,
} from './live-bus';
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
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const key = entities ? entities.join(',') : '*';
  useEffect(() => {
    const wanted = key === '*' ? null : new Set(key.split(','));
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending: LiveEvent | null = null;
    const fire = () => {
      timer = null;
      last = Date.now();
      const event = pending;
      pending = null;
      if (event) callback.current(event);
    };
    const unsubscribe = subscribeLiveEvents((event) => {
      if (event.type === 'change' && wanted && !wanted.has(event.entity)) return;
      pending = event;
      if (timer) return;
      timer = setTimeout(fire, Math.max(0, last + intervalMs - Date.now()));
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [key, intervalMs]);
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
