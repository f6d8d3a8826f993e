import type { ReactNode } from 'react';
import { Box, type BoxProps } from 'shared-ui';

/**
 * Where an approval's decision buttons sit: in the flow on a desktop; on a phone fixed to the
 * bottom of the screen (above the notices' clearance, below the menus), so the decision stays in
 * reach wherever the page is scrolled. The approval page's bar and the inbox's share it.
 */
export function DecisionBarFrame({ children, ...rest }: BoxProps & { children: ReactNode }) {
  return (
    <Box
      position={{ base: 'fixed', md: 'static' }}
      insetX={{ base: '0', md: 'auto' }}
      bottom={{ base: '0', md: 'auto' }}
      zIndex={{ base: '30', md: 'auto' }}
      bg={{ base: 'bg', md: 'transparent' }}
      borderTopWidth={{ base: '1px', md: '0' }}
      borderColor="border"
      px={{ base: '4', md: '0' }}
      py={{ base: '3', md: '0' }}
      boxShadow={{ base: 'md', md: 'none' }}
      {...rest}
    >
      {children}
    </Box>
  );
}
