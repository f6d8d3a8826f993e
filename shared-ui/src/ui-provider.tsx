import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { isApiError } from 'shared-auth';
import { system } from './system';
import { Toaster } from './toaster';

/**
 * Data-fetching rules of SPEC §7: a failed read is retried once (not when the server answered a
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

/** Chakra provider with the console system (light mode only, no next-themes), the one Toaster and the SWR rules. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={SWR_OPTIONS}>
      <ChakraProvider value={system}>
        {children}
        <Toaster />
      </ChakraProvider>
    </SWRConfig>
  );
}
