// Pagination: the simple Previous/Next form of the company, user and manager lists and the
// full form of the approval list (First, Previous, up to MAX_PAGE_BUTTONS numbers, Next, Last, page
// size). The arithmetic is pure and exported so pages and tests agree on every edge.
import { Box, Button, Flex, HStack, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { MAX_PAGE_BUTTONS } from 'shared-contracts';

/** Rows a page shows, 1-based and inclusive; { from: 0, to: 0 } when the page holds no rows. */
export interface PageRange {
  from: number;
  to: number;
  /** At least 1, so 'Page 1 of 1' reads right for an empty list. */
  totalPages: number;
}

/** Number of pages for `total` rows (at least 1). */
export function totalPagesOf(pageSize: number, total: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * First and last row number of `page`: X = (page-1)*pageSize+1, Y = min(page*pageSize, total).
 * @example pageRange(2, 10, 25) // { from: 11, to: 20, totalPages: 3 }
 */
export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const totalPages = totalPagesOf(pageSize, total);
  const safePage = Math.max(1, Math.floor(page) || 1);
  const from = (safePage - 1) * pageSize + 1;
  // A page past the end (e.g. after a delete, before the page moves back) shows no rows: say 0 to 0.
  if (!(total > 0) || !(pageSize > 0) || from > total) return { from: 0, to: 0, totalPages };
  return { from, to: Math.min(safePage * pageSize, total), totalPages };
}

/**
 * Up to `max` consecutive page numbers around `page`, kept inside 1..totalPages.
 * @example pageWindow(5, 10) // [3, 4, 5, 6, 7]
 */
export function pageWindow(page: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  const size = Math.max(1, Math.min(Math.floor(max) || 1, last));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

/** Props of SimplePagination. */
export interface SimplePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** Plural noun after the count, e.g. 'companies'. */
  itemLabel: string;
  onPageChange: (page: number) => void;
}

/**
 * Previous / Next with 'Showing X to Y of N {itemLabel}' and 'Page X of Y' (company, user, manager lists).
 * @example <SimplePagination page={page} pageSize={10} total={meta.total} itemLabel="companies" onPageChange={(page) => setState({ page })} />
 */
export function SimplePagination({ page, pageSize, total, itemLabel, onPageChange }: SimplePaginationProps) {
  const { from, to, totalPages } = pageRange(page, pageSize, total);
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <Stack
      as="nav"
      aria-label="Pagination"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap="3"
      py="3"
    >
      <Text textStyle="sm" color="fg.muted" aria-live="polite">
        Showing {from} to {to} of {total} {itemLabel}
      </Text>
      <HStack gap="2" justify={{ base: 'space-between', md: 'flex-end' }}>
        <Button size="sm" variant="outline" disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
          Previous
        </Button>
        <Text textStyle="sm" whiteSpace="nowrap">
          Page {current} of {totalPages}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={current >= totalPages}
          onClick={() => onPageChange(current + 1)}
        >
          Next
        </Button>
      </HStack>
    </Stack>
  );
}

/** Props of FullPagination. */
export interface FullPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (more match): 'more than {total}', and 'Page N of M+'. */
  totalCapped?: boolean;
  /** Rows actually shown after client-side filtering/sorting; adds '(N after filtering/sorting)' when it differs. */
  shownCount?: number;
  /** Plural noun, e.g. 'approvals'. */
  itemLabel: string;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * First, Previous, up to 5 page numbers, Next, Last, a 'Rows per page' select and the totals (approval list).
 * @example <FullPagination page={state.page} pageSize={state.limit} total={meta.total} itemLabel="approvals" pageSizeOptions={APPROVAL_PAGE_SIZES} onPageChange={(page) => setState({ page }, { resetPage: false })} onPageSizeChange={(limit) => setState({ limit })} />
 */
export function FullPagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  shownCount,
  itemLabel,
  pageSizeOptions,
  onPageChange,
  onPageSizeChange,
}: FullPaginationProps) {
  const totalText = totalCapped ? `more than ${total}` : String(total);
  const selectId = useId();
  const { from, to, totalPages } = pageRange(page, pageSize, total);
  // A capped total is a lower bound: more pages follow it and the last one is not known, so Next
  // stays on and Last is off (it would only reach the cap, not the end).
  const current = totalCapped ? Math.max(1, page || 1) : Math.min(Math.max(1, page), totalPages);
  const pageCount = from === 0 ? 0 : to - from + 1;
  const atStart = current <= 1;
  const atEnd = !totalCapped && current >= totalPages;
  // Keep the current size selectable even when it is not one of the options (e.g. ?limit=7 in the URL).
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  return (
    <Stack gap="3" py="3">
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        gap="2"
        align={{ md: 'center' }}
      >
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          Showing {from} to {to} of {totalText} {itemLabel}
          {shownCount !== undefined && shownCount !== pageCount
            ? ` (${shownCount} after filtering/sorting)`
            : ''}
        </Text>
        <HStack gap="2">
          <chakra.label htmlFor={selectId} textStyle="sm" whiteSpace="nowrap">
            Rows per page
          </chakra.label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              id={selectId}
              value={String(pageSize)}
              onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      </Flex>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        gap="2"
        align={{ md: 'center' }}
      >
        <Text textStyle="sm">
          Page {current} of {totalPages}
          {totalCapped ? '+' : ''} • Total: {totalText} {itemLabel}
        </Text>
        <Box as="nav" aria-label="Pagination" overflowX="auto">
          <HStack gap="1" wrap="wrap">
            <Button size="sm" variant="outline" disabled={atStart} onClick={() => onPageChange(1)}>
              First
            </Button>
            <Button size="sm" variant="outline" disabled={atStart} onClick={() => onPageChange(current - 1)}>
              Previous
            </Button>
            {pageWindow(current, totalPages).map((number) => {
              const isCurrent = number === current;
              return (
                <Button
                  key={number}
                  size="sm"
                  minW="9"
                  variant={isCurrent ? 'solid' : 'outline'}
                  colorPalette={isCurrent ? 'blue' : undefined}
                  aria-label={`Page ${number}`}
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={() => {
                    if (!isCurrent) onPageChange(number);
                  }}
                >
                  {number}
                </Button>
              );
            })}
            <Button size="sm" variant="outline" disabled={atEnd} onClick={() => onPageChange(current + 1)}>
              Next
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={atEnd || totalCapped}
              title={
                totalCapped ? `The last page is not known: more than ${total} ${itemLabel} match` : undefined
              }
              onClick={() => onPageChange(totalPages)}
            >
              Last
            </Button>
          </HStack>
        </Box>
      </Flex>
    </Stack>
  );
}
