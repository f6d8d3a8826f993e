// The one list table of the console: sortable headers, optional row selection, a row-actions
// column, loading skeleton and empty state. It only reports clicks; the page decides what a sort or a
// selection means (server-sorted pages put the sort in the URL, in-memory tables use useSortedRows).
// Long values are cut with '…' (full text on hover) so one 255-character name cannot push the other
// columns and the row menu off-screen; on a phone the same rows are shown as cards (data-cards.tsx).
import { Box, Checkbox, Skeleton, Table, chakra } from '@chakra-ui/react';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { DataCards } from './data-cards';
import {
  DEFAULT_CELL_MAX_WIDTH,
  cellContent,
  isRowClick,
  type DataTableColumn,
  type RowId,
} from './data-table-columns';
import { nextSortDirection, sortRows, type SortConfig } from './sort';
import { TruncatedText } from './truncated-text';

export { DEFAULT_CELL_MAX_WIDTH, type DataTableColumn, type RowId } from './data-table-columns';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

/** Props of DataTable. */
export interface DataTableProps<T> {
  columns: Array<DataTableColumn<T>>;
  rows: T[];
  getRowId: (row: T) => RowId;
  /** Read by screen readers only (visually hidden caption), e.g. 'Companies'. */
  caption: string;
  sort?: SortConfig | null;
  /** Called with the column's sort key on a header click; see useTableSort, or toSortQuery + nextSortDirection. */
  onSortChange?: (key: string) => void;
  /** Turns on the checkbox column when given together with onSelectionChange. */
  selectedIds?: Set<RowId>;
  onSelectionChange?: (ids: Set<RowId>) => void;
  /** Names a row in its checkbox label ('Select Acme Corp'); defaults to the row id. */
  rowLabel?: (row: T) => string;
  /** Content of the last column, 'Actions' (e.g. a RowActionsMenu). */
  rowActions?: (row: T) => ReactNode;
  /** Shows skeleton rows under the header instead of the rows. */
  isLoading?: boolean;
  /** Number of skeleton rows while loading. */
  loadingRows?: number;
  /** Shown instead of the table when there are no rows and nothing is loading. */
  emptyState?: ReactNode;
  /** Mouse convenience only: keep a link or a View action in the row for keyboard users. */
  onRowClick?: (row: T) => void;
  size?: 'sm' | 'md';
  /** Draws the table in its own bordered panel (default); false when it already sits in a card. */
  framed?: boolean;
  /** Below the `md` breakpoint, shows each row as a card (default true); false keeps the table everywhere. */
  cardLayout?: boolean;
  /**
   * The keyboard's row (useRowCursor): marked, and focused when it changes, so a screen reader reads it.
   * With onActiveRowChange the rows take part in Tab as one stop (roving tabindex).
   */
  activeRowId?: RowId | null;
  /** Called when focus enters a row (Tab, a click, a control inside it): the cursor follows. */
  onActiveRowChange?: (id: RowId) => void;
}

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

/**
 * Accessible data table: `aria-sort` on sortable headers, labelled checkboxes, long values cut with the
 * full text on hover; below `md` each row is a card (title, badges, labelled fields, row menu, checkbox).
 * @example
 * <DataTable
 *   caption="Companies"
 *   columns={[{ key: 'name', header: 'Name', sortable: true }, { key: 'createdAt', header: 'Created', sortable: true, render: (c) => formatDate(c.createdAt) }]}
 *   rows={companies}
 *   getRowId={(c) => c.id}
 *   sort={sort}
 *   onSortChange={(key) => setState(toSortQuery(nextSortDirection(sort, key)))}
 *   rowActions={(c) => <RowActionsMenu label={`Actions for ${c.name}`} items={items(c)} />}
 *   // card: 'title' | 'badge' | 'field' | 'hidden' on a column places it in the phone card
 *   isLoading={isLoading}
 *   emptyState={<EmptyState title="No companies found" />}
 * />
 */
export function DataTable<T>({
  columns,
  rows: currentRows,
  getRowId,
  caption,
  sort,
  onSortChange,
  selectedIds,
  onSelectionChange,
  rowLabel,
  rowActions,
  isLoading: currentlyLoading = false,
  loadingRows = 5,
  emptyState,
  onRowClick,
  size = 'md',
  framed = true,
  cardLayout = true,
  activeRowId = null,
  onActiveRowChange,
}: DataTableProps<T>) {
  // New rows (a page arriving, a sort, the next page) render in a background transition that React
  // splits into short tasks, so a page of rows never blocks the main thread as one long task; until it
  // is ready the table keeps showing what it showed (the skeleton or the previous rows). Only the rows
  // and the loading flag wait: the selection, the cursor and the handlers are always current.
  const shownData = useMemo(
    () => ({ rows: currentRows, isLoading: currentlyLoading }),
    [currentRows, currentlyLoading],
  );
  const deferredData = useDeferredValue(shownData);
  const { rows, isLoading } = deferredData;
  const pending = deferredData !== shownData;
  const phone = useMediaQuery(PHONE_QUERY);
  const rowElements = useRef(new Map<RowId, HTMLTableRowElement>());
  const shownActive = useRef(activeRowId);
  // A cursor that moved (j, k, the arrows) takes focus with it, unless focus is already in that row
  // (a click on its button made it active), so the row is scrolled into view and read out.
  useEffect(() => {
    if (shownActive.current === activeRowId) return;
    shownActive.current = activeRowId;
    const row = activeRowId === null ? undefined : rowElements.current.get(activeRowId);
    if (row && !row.contains(document.activeElement)) row.focus();
  }, [activeRowId]);
  const selectable = Boolean(selectedIds && onSelectionChange);
  const selected = selectedIds ?? EMPTY_SELECTION;
  const rowIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const selectedOnPage = rowIds.filter((id) => selected.has(id)).length;
  const allChecked = rowIds.length > 0 && selectedOnPage === rowIds.length;
  const headerChecked: boolean | 'indeterminate' = allChecked
    ? true
    : selectedOnPage > 0
      ? 'indeterminate'
      : false;
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const roving = Boolean(onActiveRowChange);
  // The one row Tab stops at: the active one, else the first.
  const tabStopId = activeRowId !== null && rowIds.includes(activeRowId) ? activeRowId : rowIds[0];

  // Event handlers read the props of the last commit, never those of the render that drew the row:
  // rows drawn before a selection change (while new rows were being prepared) still toggle against the
  // current selection, so two quick clicks select two rows.
  const latest = useRef({ selected, onSelectionChange, onRowClick, onActiveRowChange });
  useLayoutEffect(() => {
    latest.current = { selected, onSelectionChange, onRowClick, onActiveRowChange };
  });
  const toggleRow = useCallback((id: RowId, checked: boolean) => {
    const { selected: current, onSelectionChange: change } = latest.current;
    if (!change) return;
    const next = new Set(current);
    if (checked) next.add(id);
    else next.delete(id);
    // A second click before the parent has drawn this one builds on it.
    latest.current.selected = next;
    change(next);
  }, []);
  const clickRow = useCallback((row: T) => latest.current.onRowClick?.(row), []);
  const activateRow = useCallback((id: RowId) => latest.current.onActiveRowChange?.(id), []);

  const toggleAll = () => {
    const { selected: current, onSelectionChange: change } = latest.current;
    if (!change) return;
    const next = new Set(current);
    const onPage = rowIds.filter((id) => current.has(id)).length;
    // Checked or partly checked → clear this table's rows; unchecked → select them all.
    if (onPage > 0) rowIds.forEach((id) => next.delete(id));
    else rowIds.forEach((id) => next.add(id));
    latest.current.selected = next;
    change(next);
  };

  if (!isLoading && rows.length === 0 && emptyState !== undefined) {
    return <Box {...(framed ? FRAME : {})}>{emptyState}</Box>;
  }

  if (cardLayout && phone) {
    return (
      <DataCards
        columns={columns}
        rows={rows}
        rowIds={rowIds}
        caption={caption}
        sort={sort}
        onSortChange={onSortChange}
        selectable={selectable}
        selected={selected}
        headerChecked={headerChecked}
        onToggleAll={toggleAll}
        onToggleRow={toggleRow}
        rowLabel={rowLabel}
        rowActions={rowActions}
        isLoading={isLoading}
        loadingRows={loadingRows}
        onRowClick={onRowClick ? clickRow : undefined}
      />
    );
  }

  return (
    <Box {...(framed ? FRAME : {})} minW="0" maxW="100%">
      {/* The scroll region is focusable so keyboard users can scroll a wide table on a phone. */}
      <Table.ScrollArea tabIndex={0} role="region" aria-label={caption} focusRingOffset="-2px">
        <Table.Root
          size={size}
          interactive={Boolean(onRowClick)}
          aria-busy={isLoading || pending || undefined}
        >
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {selectable ? (
                <Table.ColumnHeader width="12" px="3">
                  <Checkbox.Root
                    size="sm"
                    checked={headerChecked}
                    disabled={isLoading || rows.length === 0}
                    onCheckedChange={toggleAll}
                  >
                    {/* Ark syncs the input's mixed state only when it changes; set it on every render so a
                        table that opens partly selected reads 'mixed' to screen readers too. */}
                    <Checkbox.HiddenInput
                      ref={(input) => {
                        if (input) input.indeterminate = headerChecked === 'indeterminate';
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
              {rowActions ? (
                <Table.ColumnHeader scope="col" textAlign="end" width="1%" whiteSpace="nowrap">
                  Actions
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <TableRows<T>
            pending={pending}
            columns={columns}
            rows={rows}
            rowIds={rowIds}
            isLoading={isLoading}
            loadingRows={loadingRows}
            columnCount={columnCount}
            selectable={selectable}
            selected={selected}
            rowLabel={rowLabel}
            rowActions={rowActions}
            clickable={Boolean(onRowClick)}
            roving={roving}
            activeRowId={activeRowId}
            tabStopId={tabStopId}
            rowElements={rowElements.current}
            onToggleRow={toggleRow}
            onRowClick={clickRow}
            onActivateRow={activateRow}
          />
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

interface TableRowsProps<T> {
  /** New rows are being prepared in the background: keep what is drawn (see areRowPropsEqual). */
  pending: boolean;
  columns: Array<DataTableColumn<T>>;
  rows: T[];
  rowIds: RowId[];
  isLoading: boolean;
  loadingRows: number;
  columnCount: number;
  selectable: boolean;
  selected: ReadonlySet<RowId>;
  rowLabel?: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  clickable: boolean;
  roving: boolean;
  activeRowId: RowId | null;
  tabStopId: RowId | undefined;
  rowElements: Map<RowId, HTMLTableRowElement>;
  onToggleRow: (id: RowId, checked: boolean) => void;
  onRowClick: (row: T) => void;
  onActivateRow: (id: RowId) => void;
}

/**
 * While new rows are prepared in the background, the urgent render that starts it does not draw the old
 * rows again (the costly part of a table): the rows on screen stay as drawn, and their handlers read the
 * current props (DataTable's `latest`), until the new rows replace them.
 */
function areRowPropsEqual<T>(previous: TableRowsProps<T>, next: TableRowsProps<T>): boolean {
  if (next.pending) return true;
  return (Object.keys(next) as Array<keyof TableRowsProps<T>>).every((key) =>
    Object.is(previous[key], next[key]),
  );
}

const TableRows = memo(function TableRows<T>({
  columns,
  rows,
  rowIds,
  isLoading,
  loadingRows,
  columnCount,
  selectable,
  selected,
  rowLabel,
  rowActions,
  clickable,
  roving,
  activeRowId,
  tabStopId,
  rowElements,
  onToggleRow,
  onRowClick,
  onActivateRow,
}: TableRowsProps<T>) {
  return (
    <Table.Body>
      {isLoading
        ? Array.from({ length: loadingRows }, (_, index) => (
            <Table.Row key={`loading-${index}`} aria-hidden="true">
              {Array.from({ length: columnCount }, (__, cell) => (
                <Table.Cell key={cell}>
                  <Skeleton height="4" />
                </Table.Cell>
              ))}
            </Table.Row>
          ))
        : rows.map((row, index) => {
            const id = rowIds[index] as RowId;
            const isSelected = selected.has(id);
            return (
              <Table.Row
                key={id}
                ref={(element: HTMLTableRowElement | null) => {
                  if (element) rowElements.set(id, element);
                  else rowElements.delete(id);
                }}
                tabIndex={roving ? (id === tabStopId ? 0 : -1) : undefined}
                onFocus={roving && id !== activeRowId ? () => onActivateRow(id) : undefined}
                data-active={id === activeRowId ? '' : undefined}
                css={roving ? ACTIVE_ROW_STYLE : undefined}
                data-selected={isSelected ? '' : undefined}
                aria-selected={selectable ? isSelected : undefined}
                cursor={clickable ? 'pointer' : undefined}
                onClick={clickable ? (event) => isRowClick(event) && onRowClick(row) : undefined}
              >
                {selectable ? (
                  <Table.Cell px="3">
                    <Checkbox.Root
                      size="sm"
                      checked={isSelected}
                      onCheckedChange={(details) => onToggleRow(id, details.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label srOnly>Select {rowLabel ? rowLabel(row) : `row ${id}`}</Checkbox.Label>
                    </Checkbox.Root>
                  </Table.Cell>
                ) : null}
                {columns.map((column) => (
                  <Table.Cell key={column.key} textAlign={column.align ?? 'start'} minW={column.minWidth}>
                    {column.maxWidth === 'none' ? (
                      cellContent(column, row)
                    ) : (
                      <TruncatedText
                        maxW={column.maxWidth ?? DEFAULT_CELL_MAX_WIDTH}
                        ms={column.align === 'end' ? 'auto' : undefined}
                      >
                        {cellContent(column, row)}
                      </TruncatedText>
                    )}
                  </Table.Cell>
                ))}
                {rowActions ? (
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {rowActions(row)}
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
    </Table.Body>
  );
}, areRowPropsEqual) as <T>(props: TableRowsProps<T>) => ReactNode;

const EMPTY_SELECTION: ReadonlySet<RowId> = new Set();
/**
 * The keyboard's row: a bar at its start edge and a tint (seen while a dialog has the focus), and the
 * focus ring inside the row when it has the focus (a table row cannot draw one outside its table).
 */
const ACTIVE_ROW_STYLE = {
  outline: 'none',
  '&[data-active]': { bg: 'bg.muted', boxShadow: 'inset 4px 0 0 0 {colors.blue.solid}' },
  '&:focus-visible': { outline: '2px solid {colors.blue.solid}', outlineOffset: '-2px' },
} as const;
/** The bordered panel of a framed table (and of its empty state). */
export const FRAME = { borderWidth: '1px', borderRadius: 'l3', bg: 'bg.panel', overflow: 'hidden' } as const;

/**
 * `rows` sorted by `sort` with the lists' comparison, memoized (for tables held in memory).
 * @example const sorted = useSortedRows(bills, sort);
 */
export function useSortedRows<T>(rows: readonly T[], sort: SortConfig | null | undefined): T[] {
  const key = sort?.key;
  const direction = sort?.direction;
  return useMemo(() => sortRows(rows, key && direction ? { key, direction } : null), [rows, key, direction]);
}

/** Sort state of an in-memory table and the header-click handler that cycles asc → desc → none. */
export interface TableSortState {
  sort: SortConfig | null;
  setSort: (sort: SortConfig | null) => void;
  onSortChange: (key: string) => void;
}

/**
 * Local sort state for a DataTable; pass `onSortChange` straight to the table.
 * @example const { sort, onSortChange } = useTableSort({ key: 'createdAt', direction: 'desc' });
 */
export function useTableSort(initial: SortConfig | null = null): TableSortState {
  const [sort, setSort] = useState<SortConfig | null>(initial);
  const onSortChange = useCallback(
    (key: string) => setSort((current) => nextSortDirection(current, key)),
    [],
  );
  return { sort, setSort, onSortChange };
}
