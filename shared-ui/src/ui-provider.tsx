import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { providerSystem } from './system';
import { Toaster } from './toaster';

/**
 * Chakra provider with the console system (light mode only, no next-themes) and the one Toaster. The
 * global styles are in the page's HTML, written at build time (providerSystem in ./system.ts).
 * SWR's rules (SWR_OPTIONS) are provided by the signed-in layouts, so the sign-in page loads no SWR.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providerSystem}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
