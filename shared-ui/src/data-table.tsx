// The one list table of the console: sortable headers, optional row selection, a row-actions
// column, loading skeleton and empty state. It only reports clicks; the page decides what a sort or a
// selection means (server-sorted pages put the sort in the URL, in-memory tables use useSortedRows).
// Long values are cut with '…' (full text on hover) so one 255-character name cannot push the other
// columns and the row menu off-screen; on a phone the same rows are shown as cards (data-cards.tsx).
import { Box, Table } from '@chakra-ui/react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { DataCards, cardParts } from './data-cards';
import { CELL_STYLES } from './data-table-cells';
import type { DataTableColumn, RowId } from './data-table-columns';
import { DataTableHeader } from './data-table-header';
import { DataTableRows } from './data-table-rows';
import { useTableSelection } from './data-table-selection';
import type { SortConfig } from './sort';
import { useDrawnCount } from './use-drawn-count';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

export { DEFAULT_CELL_MAX_WIDTH, type DataTableColumn, type RowId } from './data-table-columns';
export { useSortedRows, useTableSort, type TableSortState } from './use-table-sort';

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
  // A list's first rows come in passes (useDrawnCount); the selection and the keys count them all.
  const drawn = useDrawnCount(rows.length);
  const drawnRows = useMemo(() => (drawn >= rows.length ? rows : rows.slice(0, drawn)), [rows, drawn]);
  const drawing = drawnRows !== rows;
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
  const rowIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  const { selectable, selected, headerChecked, toggleRow, toggleAll } = useTableSelection(
    rowIds,
    selectedIds,
    onSelectionChange,
  );
  const titleKey = cardParts(columns).title?.key;
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const roving = Boolean(onActiveRowChange);
  // The one row Tab stops at: the active one, else the first.
  const tabStopId = activeRowId !== null && rowIds.includes(activeRowId) ? activeRowId : rowIds[0];

  // Row handlers read the props of the last commit, like the selection's toggles (useTableSelection).
  const latest = useRef({ onRowClick, onActiveRowChange });
  useLayoutEffect(() => {
    latest.current = { onRowClick, onActiveRowChange };
  });
  const clickRow = useCallback((row: T) => latest.current.onRowClick?.(row), []);
  const activateRow = useCallback((id: RowId) => latest.current.onActiveRowChange?.(id), []);

  if (!isLoading && rows.length === 0 && emptyState !== undefined) {
    return <Box {...(framed ? FRAME : {})}>{emptyState}</Box>;
  }

  if (cardLayout && phone) {
    return (
      <DataCards
        columns={columns}
        rows={drawnRows}
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
        drawing={drawing}
        loadingRows={loadingRows}
        onRowClick={onRowClick ? clickRow : undefined}
        activeRowId={activeRowId}
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
          css={CELL_STYLES}
          aria-busy={isLoading || pending || drawing || undefined}
        >
          <Table.Caption srOnly>{caption}</Table.Caption>
          <DataTableHeader
            columns={columns}
            sort={sort}
            onSortChange={onSortChange}
            selection={
              selectable
                ? { checked: headerChecked, disabled: isLoading || rows.length === 0, onToggleAll: toggleAll }
                : null
            }
            hasActions={Boolean(rowActions)}
          />
          <DataTableRows<T>
            pending={pending}
            columns={columns}
            titleKey={titleKey}
            rows={drawnRows}
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

/** The bordered panel of a framed table (and of its empty state). */
export const FRAME = { borderWidth: '1px', borderRadius: 'l3', bg: 'bg.panel', overflow: 'hidden' } as const;
