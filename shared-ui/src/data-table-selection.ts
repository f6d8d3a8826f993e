// The selection model of a DataTable, shared by its table and its phone cards: which rows of the
// page are checked, the select-all box's state, and the toggles that report a new selection.
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { RowId } from './data-table-columns';

/** What useTableSelection answers. */
export interface TableSelection {
  /** The page asked for the checkbox column (both the selection and its change handler given). */
  selectable: boolean;
  selected: ReadonlySet<RowId>;
  /** The select-all box: every row of the page checked, some of them, or none. */
  headerChecked: boolean | 'indeterminate';
  toggleRow: (id: RowId, checked: boolean) => void;
  /** Checked or partly checked → clears the page's rows; unchecked → selects them all. */
  toggleAll: () => void;
}

const EMPTY_SELECTION: ReadonlySet<RowId> = new Set();

/**
 * The selection of the rows `rowIds` (the page's rows, in order).
 * @example const selection = useTableSelection(rowIds, selectedIds, onSelectionChange);
 */
export function useTableSelection(
  rowIds: readonly RowId[],
  selectedIds: Set<RowId> | undefined,
  onSelectionChange: ((ids: Set<RowId>) => void) | undefined,
): TableSelection {
  const selectable = Boolean(selectedIds && onSelectionChange);
  const selected = selectedIds ?? EMPTY_SELECTION;
  const selectedOnPage = rowIds.filter((id) => selected.has(id)).length;
  const allChecked = rowIds.length > 0 && selectedOnPage === rowIds.length;
  const headerChecked: boolean | 'indeterminate' = allChecked
    ? true
    : selectedOnPage > 0
      ? 'indeterminate'
      : false;

  // The toggles read the props of the last commit, never those of the render that drew the row:
  // rows drawn before a selection change (while new rows were being prepared) still toggle against the
  // current selection, so two quick clicks select two rows.
  const latest = useRef({ selected, onSelectionChange });
  useLayoutEffect(() => {
    latest.current = { selected, onSelectionChange };
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

  const toggleAll = () => {
    const { selected: current, onSelectionChange: change } = latest.current;
    if (!change) return;
    const next = new Set(current);
    const onPage = rowIds.filter((id) => current.has(id)).length;
    if (onPage > 0) rowIds.forEach((id) => next.delete(id));
    else rowIds.forEach((id) => next.add(id));
    latest.current.selected = next;
    change(next);
  };

  return { selectable, selected, headerChecked, toggleRow, toggleAll };
}
