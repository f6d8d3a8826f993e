import { useEffect, useState } from 'react';

/** Longest wait for an idle moment: content deferred this way still shows on a page that never rests. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * True once `ready` is true and the browser has then had an idle moment (requestIdleCallback, at most
 * two seconds later), and from then on: for secondary content at the top of a page (a stat card's
 * trend) whose request and chunk would otherwise compete with the page's own first render.
 * Without requestIdleCallback it is true on the next task.
 * @example const idle = useIdle(stats !== undefined); useTrends(idle);
 */
export function useIdle(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle || !ready) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(handle);
  }, [idle, ready]);
  return idle;
}
