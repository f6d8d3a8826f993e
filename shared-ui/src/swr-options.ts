// The console's data-fetching rules, kept apart from SWR itself: the sign-in page reads no data, so
// it does not load SWR. The signed-in layouts (the host's AppLayout, the standalone shell) provide
// them with <SWRConfig value={SWR_OPTIONS}>.
import type { SWRConfiguration } from 'swr';
import { isApiError } from 'shared-auth';

/**
 * Data-fetching rules: a failed read is retried once (not when the server answered a
 * client error, which a retry cannot fix) and nothing is re-read when the window regains focus.
 */
export const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  errorRetryCount: 1,
  errorRetryInterval: 1000,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (retryCount > 1) return;
    if (
      isApiError(error) &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 408 &&
      error.status !== 429
    )
      return;
    setTimeout(() => void revalidate({ retryCount }), config.errorRetryInterval);
  },
};
