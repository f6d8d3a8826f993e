// DataTable's body: the skeleton rows while loading, else one row per item (selection checkbox,
// cells cut with '…', row actions), the keyboard's row marked and focusable. Kept as drawn while new
// rows are prepared in the background (areRowPropsEqual), since drawing rows is a table's costly part.
import { Skeleton, Table } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { CellText } from './data-table-cells';
import {
  DEFAULT_CELL_MAX_WIDTH,
  STICKY_ACTIONS_CELL,
  cellContent,
  isRowClick,
  type DataTableColumn,
  type RowId,
} from './data-table-columns';
import { RowSelectBox } from './row-select-box';

/** Props of DataTableRows (passed down by DataTable). */
export interface DataTableRowsProps<T> {
  /** New rows are being prepared in the background: keep what is drawn (see areRowPropsEqual). */
  pending: boolean;
  columns: Array<DataTableColumn<T>>;
  /** The column that names a row (its phone card's title): its cell is marked, its link is the row's own. */
  titleKey: string | undefined;
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
function areRowPropsEqual<T>(previous: DataTableRowsProps<T>, next: DataTableRowsProps<T>): boolean {
  if (next.pending) return true;
  return (Object.keys(next) as Array<keyof DataTableRowsProps<T>>).every((key) =>
    Object.is(previous[key], next[key]),
  );
}

/** The body of a DataTable. */
export const DataTableRows = memo(function DataTableRows<T>({
  pending: _pending,
  rows,
  rowIds,
  isLoading,
  loadingRows,
  columnCount,
  selected,
  activeRowId,
  tabStopId,
  ...shared
}: DataTableRowsProps<T>) {
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
            return (
              <DataTableRow<T>
                key={id}
                {...shared}
                row={row}
                id={id}
                isSelected={selected.has(id)}
                isActive={id === activeRowId}
                isTabStop={id === tabStopId}
              />
            );
          })}
    </Table.Body>
  );
}, areRowPropsEqual) as <T>(props: DataTableRowsProps<T>) => ReactNode;

/** What one row shares with the others, and its own state. */
type DataTableRowProps<T> = Pick<
  DataTableRowsProps<T>,
  | 'columns'
  | 'titleKey'
  | 'selectable'
  | 'rowLabel'
  | 'rowActions'
  | 'clickable'
  | 'roving'
  | 'rowElements'
  | 'onToggleRow'
  | 'onRowClick'
  | 'onActivateRow'
> & { row: T; id: RowId; isSelected: boolean; isActive: boolean; isTabStop: boolean };

/**
 * One row of the table. Kept as drawn while its own props hold (a selection or the keyboard's row
 * elsewhere, the list's next pass of rows), since its cells are the costly part of a render.
 */
const DataTableRow = memo(function DataTableRow<T>({
  columns,
  titleKey,
  selectable,
  rowLabel,
  rowActions,
  clickable,
  roving,
  rowElements,
  onToggleRow,
  onRowClick,
  onActivateRow,
  row,
  id,
  isSelected,
  isActive,
  isTabStop,
}: DataTableRowProps<T>) {
  return (
    <Table.Row
      ref={(element: HTMLTableRowElement | null) => {
        if (element) rowElements.set(id, element);
        else rowElements.delete(id);
      }}
      tabIndex={roving ? (isTabStop ? 0 : -1) : undefined}
      onFocus={roving && !isActive ? () => onActivateRow(id) : undefined}
      data-active={isActive ? '' : undefined}
      css={roving ? ACTIVE_ROW_STYLE : undefined}
      data-selected={isSelected ? '' : undefined}
      aria-selected={selectable ? isSelected : undefined}
      cursor={clickable ? 'pointer' : undefined}
      onClick={clickable ? (event) => isRowClick(event) && onRowClick(row) : undefined}
    >
      {selectable ? (
        <Table.Cell px="3">
          <RowSelectBox
            row={row}
            id={id}
            checked={isSelected}
            rowLabel={rowLabel}
            onToggleRow={onToggleRow}
          />
        </Table.Cell>
      ) : null}
      {columns.map((column) => (
        <Table.Cell
          key={column.key}
          textAlign={column.align ?? 'start'}
          minW={column.minWidth}
          data-row-title={column.key === titleKey ? '' : undefined}
        >
          {column.maxWidth === 'none' ? (
            cellContent(column, row)
          ) : (
            <CellText maxWidth={column.maxWidth ?? DEFAULT_CELL_MAX_WIDTH} end={column.align === 'end'}>
              {cellContent(column, row)}
            </CellText>
          )}
        </Table.Cell>
      ))}
      {rowActions ? (
        <Table.Cell textAlign="end" whiteSpace="nowrap" {...STICKY_ACTIONS_CELL}>
          {rowActions(row)}
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
}) as <T>(props: DataTableRowProps<T>) => ReactNode;

/**
 * The keyboard's row: a bar at its start edge and a tint (seen while a dialog has the focus), and the
 * focus ring inside the row when it has the focus (a table row cannot draw one outside its table).
 */
const ACTIVE_ROW_STYLE = {
  outline: 'none',
  '&[data-active]': { bg: 'bg.muted', boxShadow: 'inset 4px 0 0 0 {colors.blue.solid}' },
  '&:focus-visible': { outline: '2px solid {colors.blue.solid}', outlineOffset: '-2px' },
} as const;
