// The inactivity sign-out as the signed-in layout starts it. The watch itself is fetched only when
// it starts, so none of it is part of the sign-in page's JavaScript.
import type { IdleListener } from './idle-watch';

export type { IdleListener, IdleWarning } from './idle-watch';

/** Starts watching this tab for use (the code is fetched now); the answer stops it. */
export function startIdleWatch(onWarning: IdleListener): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  import('./idle-watch')
    .then(({ watchIdle }) => {
      if (!stopped) stop = watchIdle(onWarning);
    })
    // Without the watch the console behaves as before: the server's own idle limit still applies.
    .catch(() => {});
  return () => {
    stopped = true;
    stop?.();
  };
}
