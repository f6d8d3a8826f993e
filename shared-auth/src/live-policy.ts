// How a screen reacts to the live stream, apart from React and the browser, so the console and the
// load benchmark that stands for a thousand open consoles (tools/lab) run the same code: which
// events concern a view, and when a burst of them is answered.
import type { LiveEvent } from './live-bus';

/** How often at most a view re-reads what it shows because of live events. */
export const LIVE_REVALIDATE_INTERVAL_MS = 1000;

/** An event that concerns a view of `entities` (every entity when null): its entity's, or a resync. */
export function concernsEntities(event: LiveEvent, entities: readonly string[] | null): boolean {
  return event.type === 'resync' || !entities || entities.includes(event.entity);
}

/** An event that concerns the one record `entity` `id`, or a resync. */
export function concernsRecord(event: LiveEvent, entity: string, id: string | number): boolean {
  return event.type === 'resync' || (event.entity === entity && event.id === String(id));
}

export interface LiveFolderOptions {
  intervalMs?: number;
  /** Clock and timers: the page's own, or a test's. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface LiveFolder<E> {
  /** An event arrived: answered at once after a quiet interval, else folded into the next answer. */
  push(event: E): void;
  /** Drops what is waiting; nothing is answered after this. */
  dispose(): void;
}

/**
 * Folds a stream of events into calls of `onFire` with the latest of them: at once when the last
 * call was at least an interval ago, else at the interval's end, so a burst of changes costs a view
 * one re-read a second however many events it holds.
 */
export function createLiveFolder<E>(
  onFire: (latest: E) => void,
  options: LiveFolderOptions = {},
): LiveFolder<E> {
  const intervalMs = options.intervalMs ?? LIVE_REVALIDATE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let pending: { event: E } | null = null;
  let disposed = false;
  const fire = () => {
    timer = null;
    last = now();
    const waiting = pending;
    pending = null;
    if (waiting && !disposed) onFire(waiting.event);
  };
  return {
    push(event) {
      if (disposed) return;
      pending = { event };
      if (timer !== null) return;
      timer = setTimer(fire, Math.max(0, last + intervalMs - now()));
    },
    dispose() {
      disposed = true;
      pending = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
