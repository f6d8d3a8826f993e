// DataTable's phone layout: each row as a card (title, badges, labelled fields, the row menu and the
// selection checkbox), so a list never scrolls sideways with its actions out of reach. Sorting stays
// available through a 'Sort by' select and a direction button that drive the same onSortChange.
import {
  Box,
  Checkbox,
  Flex,
  HStack,
  IconButton,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { cellContent, isRowClick, type DataTableColumn, type RowId } from './data-table-columns';
import type { SortConfig } from './sort';
import { TruncatedText } from './truncated-text';

/** Props of DataCards (passed down by DataTable). */
export interface DataCardsProps<T> {
  columns: Array<DataTableColumn<T>>;
  rows: T[];
  rowIds: RowId[];
  caption: string;
  sort?: SortConfig | null;
  onSortChange?: (key: string) => void;
  selectable: boolean;
  selected: ReadonlySet<RowId>;
  headerChecked: boolean | 'indeterminate';
  onToggleAll: () => void;
  onToggleRow: (id: RowId, checked: boolean) => void;
  rowLabel?: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  isLoading: boolean;
  loadingRows: number;
  onRowClick?: (row: T) => void;
  /** The keyboard's row: marked (not drawn), so Enter finds its title's link as in the table. */
  activeRowId?: RowId | null;
}

/** Splits the columns into the card's title, badges and fields (see DataTableColumn.card). */
export function cardParts<T>(columns: Array<DataTableColumn<T>>) {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  const rest = columns.filter((column) => column !== title && column.card !== 'hidden');
  return {
    title,
    badges: rest.filter((column) => column.card === 'badge'),
    fields: rest.filter((column) => column.card !== 'badge'),
  };
}

function SortControls({
  columns,
  sort,
  onSortChange,
}: {
  columns: Array<DataTableColumn<unknown>>;
  sort?: SortConfig | null;
  onSortChange: (key: string) => void;
}) {
  const selectId = useId();
  const sortable = columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  const active = sort && sort.direction !== 'none' ? sort : null;
  const keyOf = (column: DataTableColumn<unknown>) => column.sortKey ?? column.key;
  return (
    <HStack gap="2" flex="1" minW="0" justify="flex-end">
      <chakra.label htmlFor={selectId} textStyle="sm" color="fg.muted" flexShrink={0}>
        Sort by
      </chakra.label>
      <NativeSelect.Root size="sm" maxW="12rem">
        <NativeSelect.Field
          id={selectId}
          value={active?.key ?? ''}
          onChange={(event) => {
            const key = event.currentTarget.value;
            if (key && key !== active?.key) onSortChange(key);
          }}
        >
          <option value="" disabled>
            Default order
          </option>
          {sortable.map((column) => (
            <option key={column.key} value={keyOf(column)}>
              {column.header}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {active ? (
        // Cycles like a header click: ascending → descending → default order.
        <IconButton
          size="sm"
          variant="outline"
          aria-label={
            active.direction === 'asc'
              ? 'Sorted ascending, switch to descending'
              : 'Sorted descending, switch to default order'
          }
          onClick={() => onSortChange(active.key)}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d={active.direction === 'asc' ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'} />
          </svg>
        </IconButton>
      ) : null}
    </HStack>
  );
}

/** The rows of a DataTable as a list of cards (its phone layout). */
export function DataCards<T>({
  columns,
  rows,
  rowIds,
  caption,
  sort,
  onSortChange,
  selectable,
  selected,
  headerChecked,
  onToggleAll,
  onToggleRow,
  rowLabel,
  rowActions,
  isLoading,
  loadingRows,
  onRowClick,
  activeRowId = null,
}: DataCardsProps<T>) {
  const { title, badges, fields } = cardParts(columns);
  const showToolbar = selectable || Boolean(onSortChange && columns.some((column) => column.sortable));

  return (
    <Stack gap="3" data-layout="cards" aria-busy={isLoading || undefined}>
      {showToolbar ? (
        <Flex align="center" gap="3" wrap="wrap" minH="9">
          {selectable ? (
            <Checkbox.Root
              size="sm"
              checked={headerChecked}
              disabled={isLoading || rows.length === 0}
              onCheckedChange={onToggleAll}
            >
              <Checkbox.HiddenInput
                ref={(input) => {
                  if (input) input.indeterminate = headerChecked === 'indeterminate';
                }}
              />
              <Checkbox.Control />
              <Checkbox.Label>Select all</Checkbox.Label>
            </Checkbox.Root>
          ) : null}
          {onSortChange ? (
            <SortControls
              columns={columns as Array<DataTableColumn<unknown>>}
              sort={sort}
              onSortChange={onSortChange}
            />
          ) : null}
        </Flex>
      ) : null}
      <Stack as="ul" role="list" aria-label={caption} gap="3" listStyleType="none" m="0" p="0">
        {isLoading
          ? Array.from({ length: loadingRows }, (_, index) => (
              <Box as="li" key={`loading-${index}`} aria-hidden="true" {...CARD}>
                <Skeleton height="5" width="60%" mb="3" />
                <Skeleton height="4" mb="2" />
                <Skeleton height="4" width="80%" />
              </Box>
            ))
          : rows.map((row, index) => {
              const id = rowIds[index] as RowId;
              const isSelected = selected.has(id);
              return (
                <Box
                  as="li"
                  key={id}
                  {...CARD}
                  data-selected={isSelected ? '' : undefined}
                  data-active={id === activeRowId ? '' : undefined}
                  borderColor={isSelected ? 'blue.solid' : undefined}
                  cursor={onRowClick ? 'pointer' : undefined}
                  onClick={onRowClick ? (event) => isRowClick(event) && onRowClick(row) : undefined}
                >
                  <Flex gap="3" align="flex-start">
                    {selectable ? (
                      <Checkbox.Root
                        size="sm"
                        mt="1"
                        checked={isSelected}
                        onCheckedChange={(details) => onToggleRow(id, details.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label srOnly>
                          Select {rowLabel ? rowLabel(row) : `row ${id}`}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    ) : null}
                    <Box flex="1" minW="0">
                      {title ? (
                        <TruncatedText lines={3} fontWeight="semibold" data-card-title="" data-row-title="">
                          {cellContent(title, row)}
                        </TruncatedText>
                      ) : null}
                      {badges.length > 0 ? (
                        <HStack gap="2" wrap="wrap" mt="2">
                          {badges.map((column) => (
                            <Box key={column.key}>{cellContent(column, row)}</Box>
                          ))}
                        </HStack>
                      ) : null}
                    </Box>
                    {rowActions ? <Box flexShrink={0}>{rowActions(row)}</Box> : null}
                  </Flex>
                  {fields.length > 0 ? (
                    <Box
                      as="dl"
                      display="grid"
                      gridTemplateColumns="minmax(5rem, auto) 1fr"
                      columnGap="3"
                      rowGap="1"
                      mt="3"
                      textStyle="sm"
                    >
                      {fields.map((column) => (
                        <Box key={column.key} display="contents">
                          <Text as="dt" color="fg.muted">
                            {column.header}
                          </Text>
                          <Box as="dd" m="0" minW="0">
                            <TruncatedText lines={2}>{cellContent(column, row)}</TruncatedText>
                          </Box>
                        </Box>
                      ))}
                    </Box>
                  ) : null}
                </Box>
              );
            })}
      </Stack>
    </Stack>
  );
}

const CARD = { borderWidth: '1px', borderRadius: 'l3', bg: 'bg.panel', p: '4' } as const;
