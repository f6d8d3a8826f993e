import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** Waits between attempts: 0.5, 1, 2, 4 s, then every 5 s; about half a minute in all. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 5000, 5000, 5000, 5000];

/**
 * React.lazy whose import is tried again when it fails. A chunk requested while the network or the
 * server blinks (the API restarting for a release serves the console's files too) otherwise failed
 * for good, and the error replaced the whole section with its error panel. webpack forgets a chunk
 * whose load failed, so a later import() fetches it again.
 * @example const Trend = lazyRetry(() => import('./approval-trend'));
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint on T
export function lazyRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  delaysMs: readonly number[] = RETRY_DELAYS_MS,
): LazyExoticComponent<T> {
  return lazy(async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        const delay = delaysMs[attempt];
        if (delay === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  });
}

/**
 * Secondary content (a chart, a trend) that shows `fallback` instead when it throws — its chunk
 * could not be loaded even after lazyRetry's attempts — so that the page around it keeps working.
 */
export class OptionalContent extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
