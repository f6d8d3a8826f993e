// DataTable's header row: the select-all checkbox, the column headers (a sortable one is a button
// with its direction's arrow and `aria-sort`) and the 'Actions' header.
import { Checkbox, Table, chakra } from '@chakra-ui/react';
import { STICKY_ACTIONS_CELL, type DataTableColumn } from './data-table-columns';
import type { SortConfig } from './sort';

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSortOf(sort: SortConfig | null | undefined, key: string): AriaSort {
  if (!sort || sort.key !== key) return 'none';
  if (sort.direction === 'asc') return 'ascending';
  if (sort.direction === 'desc') return 'descending';
  return 'none';
}

function SortArrow({ state }: { state: AriaSort }) {
  const path =
    state === 'ascending'
      ? 'M12 19V5M5 12l7-7 7 7'
      : state === 'descending'
        ? 'M12 5v14M5 12l7 7 7-7'
        : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      boxSize="3.5"
      flexShrink={0}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      color={state === 'none' ? 'fg.subtle' : 'fg'}
      aria-hidden="true"
      data-sort-arrow={state}
    >
      <path d={path} />
    </chakra.svg>
  );
}

/** Props of DataTableHeader (passed down by DataTable). */
export interface DataTableHeaderProps<T> {
  columns: Array<DataTableColumn<T>>;
  sort?: SortConfig | null;
  onSortChange?: (key: string) => void;
  /** Draws the select-all checkbox (checked, partly checked or not). */
  selection: { checked: boolean | 'indeterminate'; disabled: boolean; onToggleAll: () => void } | null;
  hasActions: boolean;
}

/** The header row of a DataTable. */
export function DataTableHeader<T>({
  columns,
  sort,
  onSortChange,
  selection,
  hasActions,
}: DataTableHeaderProps<T>) {
  return (
    <Table.Header>
      <Table.Row bg="bg.subtle">
        {selection ? (
          <Table.ColumnHeader width="12" px="3">
            <Checkbox.Root
              size="sm"
              checked={selection.checked}
              disabled={selection.disabled}
              onCheckedChange={selection.onToggleAll}
            >
              {/* Ark syncs the input's mixed state only when it changes; set it on every render so a
                  table that opens partly selected reads 'mixed' to screen readers too. */}
              <Checkbox.HiddenInput
                ref={(input) => {
                  if (input) input.indeterminate = selection.checked === 'indeterminate';
                }}
              />
              <Checkbox.Control />
              <Checkbox.Label srOnly>Select all rows</Checkbox.Label>
            </Checkbox.Root>
          </Table.ColumnHeader>
        ) : null}
        {columns.map((column) => {
          const sortKey = column.sortKey ?? column.key;
          const sortable = Boolean(column.sortable && onSortChange);
          const state = ariaSortOf(sort, sortKey);
          return (
            <Table.ColumnHeader
              key={column.key}
              scope="col"
              textAlign={column.align ?? 'start'}
              width={column.width}
              minW={column.minWidth}
              whiteSpace="nowrap"
              aria-sort={sortable ? state : undefined}
            >
              {sortable ? (
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  fontWeight="inherit"
                  color="inherit"
                  borderRadius="l1"
                  mx="-1"
                  px="1"
                  cursor="pointer"
                  _hover={{ color: 'fg' }}
                  focusVisibleRing="outside"
                  flexDirection={column.align === 'end' ? 'row-reverse' : 'row'}
                  onClick={() => onSortChange?.(sortKey)}
                >
                  {column.header}
                  <SortArrow state={state} />
                </chakra.button>
              ) : (
                column.header
              )}
            </Table.ColumnHeader>
          );
        })}
        {hasActions ? (
          <Table.ColumnHeader
            scope="col"
            textAlign="end"
            width="1%"
            whiteSpace="nowrap"
            {...STICKY_ACTIONS_CELL}
          >
            Actions
          </Table.ColumnHeader>
        ) : null}
      </Table.Row>
    </Table.Header>
  );
}
