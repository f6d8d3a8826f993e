// Label/value pairs of the detail cards (company information, system information …) as a real
// definition list: label beside value from the sm breakpoint, stacked on a phone.
import { Box, SimpleGrid } from '@chakra-ui/react';
import { Children, createContext, isValidElement, useContext, type ReactNode } from 'react';
import { FALLBACK } from './format';

/** Props of DetailList. */
export interface DetailListProps {
  children: ReactNode;
  /** Two columns of rows from the lg breakpoint (default 1). */
  columns?: 1 | 2;
  /** Label above value at every width, for narrow side cards. */
  stacked?: boolean;
}

const StackedContext = createContext(false);

/**
 * A <dl> of DetailRow children.
 * @example <DetailList><DetailRow label="Industry">{company.industry}</DetailRow><DetailRow label="Email">{company.email}</DetailRow></DetailList>
 */
export function DetailList({ children, columns = 1, stacked = false }: DetailListProps) {
  return (
    <StackedContext.Provider value={stacked}>
      <SimpleGrid as="dl" columns={{ base: 1, lg: columns }} columnGap="8" m="0">
        {children}
      </SimpleGrid>
    </StackedContext.Provider>
  );
}

/** Props of DetailRow. */
export interface DetailRowProps {
  label: ReactNode;
  /** The value; null, undefined, '' or an empty fragment show '—'. */
  children?: ReactNode;
}

function isEmpty(children: ReactNode): boolean {
  if (children === null || children === undefined || children === false || children === '') return true;
  const list = Children.toArray(children);
  return list.length === 0 || list.every((child) => !isValidElement(child) && String(child).trim() === '');
}

/** One label (dt) and value (dd) of a DetailList. */
export function DetailRow({ label, children }: DetailRowProps) {
  const stacked = useContext(StackedContext);
  return (
    <Box
      display="grid"
      gridTemplateColumns={stacked ? '1fr' : { base: '1fr', sm: 'minmax(8rem, 11rem) minmax(0, 1fr)' }}
      columnGap="4"
      rowGap="0.5"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border.muted"
      _last={{ borderBottomWidth: '0' }}
    >
      <Box as="dt" textStyle="sm" color="fg.muted">
        {label}
      </Box>
      <Box as="dd" m="0" wordBreak="break-word" minW="0">
        {isEmpty(children) ? FALLBACK : children}
      </Box>
    </Box>
  );
}
