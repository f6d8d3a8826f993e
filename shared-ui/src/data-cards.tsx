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
  chakra,
} from '@chakra-ui/react';
import { memo, useId, useMemo, type ReactNode } from 'react';
import { CELL_STYLES, CellText } from './data-table-cells';
import { cellContent, isRowClick, type DataTableColumn, type RowId } from './data-table-columns';
import { RowSelectBox } from './row-select-box';
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
  /** Not every row is drawn yet (the list's first passes). */
  drawing?: boolean;
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
  drawing = false,
  loadingRows,
  onRowClick,
  activeRowId = null,
}: DataCardsProps<T>) {
  const parts = useMemo(() => cardParts(columns), [columns]);
  const showToolbar = selectable || Boolean(onSortChange && columns.some((column) => column.sortable));

  return (
    <Stack gap="3" data-layout="cards" aria-busy={isLoading || drawing || undefined}>
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
      <Stack
        as="ul"
        role="list"
        aria-label={caption}
        gap="3"
        listStyleType="none"
        m="0"
        p="0"
        css={CELL_STYLES}
      >
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
              return (
                <DataCard<T>
                  key={id}
                  row={row}
                  id={id}
                  parts={parts}
                  selectable={selectable}
                  isSelected={selected.has(id)}
                  isActive={id === activeRowId}
                  onToggleRow={onToggleRow}
                  rowLabel={rowLabel}
                  rowActions={rowActions}
                  onRowClick={onRowClick}
                />
              );
            })}
      </Stack>
    </Stack>
  );
}

/** What one card needs: the columns by their place in it, its row and its state. */
interface DataCardProps<T> extends Pick<
  DataCardsProps<T>,
  'selectable' | 'onToggleRow' | 'rowLabel' | 'rowActions' | 'onRowClick'
> {
  row: T;
  id: RowId;
  parts: ReturnType<typeof cardParts<T>>;
  isSelected: boolean;
  isActive: boolean;
}

/**
 * One row as a card. Kept as drawn while its own props hold (a selection elsewhere, the list's next
 * pass of rows). Its fields are plain elements styled once by the list (FIELDS): a list page holds
 * hundreds of them, and each styled component costs its own style computation on the first render.
 */
const DataCard = memo(function DataCard<T>({
  row,
  id,
  parts: { title, badges, fields },
  selectable,
  isSelected,
  isActive,
  onToggleRow,
  rowLabel,
  rowActions,
  onRowClick,
}: DataCardProps<T>) {
  return (
    <Box
      as="li"
      {...CARD}
      data-selected={isSelected ? '' : undefined}
      data-active={isActive ? '' : undefined}
      borderColor={isSelected ? 'blue.solid' : undefined}
      cursor={onRowClick ? 'pointer' : undefined}
      onClick={onRowClick ? (event) => isRowClick(event) && onRowClick(row) : undefined}
    >
      <Flex gap="3" align="flex-start">
        {selectable ? (
          <RowSelectBox
            row={row}
            id={id}
            checked={isSelected}
            rowLabel={rowLabel}
            onToggleRow={onToggleRow}
            mt="1"
          />
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
                <div key={column.key}>{cellContent(column, row)}</div>
              ))}
            </HStack>
          ) : null}
        </Box>
        {rowActions ? <Box flexShrink={0}>{rowActions(row)}</Box> : null}
      </Flex>
      {fields.length > 0 ? (
        <Box as="dl" css={FIELDS}>
          {fields.map((column) => (
            <div key={column.key}>
              <dt>{column.header}</dt>
              <dd>
                <CellText lines={2}>{cellContent(column, row)}</CellText>
              </dd>
            </div>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}) as <T>(props: DataCardProps<T>) => ReactNode;

const CARD = { borderWidth: '1px', borderRadius: 'l3', bg: 'bg.panel', p: '4' } as const;

/** A card's labelled fields: a label column and a value column (each field's div only groups its pair). */
const FIELDS = {
  display: 'grid',
  gridTemplateColumns: 'minmax(5rem, auto) 1fr',
  columnGap: '3',
  rowGap: '1',
  mt: '3',
  textStyle: 'sm',
  '& > div': { display: 'contents' },
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0', minW: '0' },
} as const;
