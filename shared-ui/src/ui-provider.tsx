import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';
import { Toaster } from './toaster';

/**
 * Chakra provider with the console system (light mode only, no next-themes) and the one Toaster.
 * SWR's rules (SWR_OPTIONS) are provided by the signed-in layouts, so the sign-in page loads no SWR.
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
