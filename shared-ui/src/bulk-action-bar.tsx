// The bar above a list while rows are selected ('N manager(s) selected', bulk Activate and
// Deactivate on companies and users). The page passes the noun and the action buttons.
import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Props of BulkActionBar. */
export interface BulkActionBarProps {
  count: number;
  /** Noun after the count, as the page words it, e.g. 'manager(s)'. */
  itemLabel: string;
  /** Action buttons, e.g. Activate / Deactivate. */
  children?: ReactNode;
  onClear: () => void;
}

/**
 * 'N {itemLabel} selected' with the bulk actions and 'Clear selection'; nothing when count is 0.
 * @example <BulkActionBar count={selected.size} itemLabel="manager(s)" onClear={() => setSelected(new Set())}><Button size="sm" onClick={bulk}>Bulk Actions</Button></BulkActionBar>
 */
export function BulkActionBar({ count, itemLabel, children, onClear }: BulkActionBarProps) {
  if (count <= 0) return null;
  return (
    <Flex
      role="region"
      aria-label="Bulk actions"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
      justify="space-between"
      gap="3"
      px="4"
      py="3"
      mb="3"
      borderWidth="1px"
      borderColor="blue.muted"
      bg="blue.subtle"
      borderRadius="l2"
    >
      <Text fontWeight="medium" color="blue.fg" aria-live="polite">
        {count} {itemLabel} selected
      </Text>
      <HStack gap="2" wrap="wrap">
        {children}
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </HStack>
    </Flex>
  );
}
