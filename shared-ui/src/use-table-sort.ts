// Sorting for a table held in memory (a server-sorted list keeps its sort in the URL instead): the
// sort state, the header click that cycles it, and the rows in that order.
import { useCallback, useMemo, useState } from 'react';
import { nextSortDirection, sortRows, type SortConfig } from './sort';

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
