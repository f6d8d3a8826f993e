// The keyboard's place in a list (j/k or the arrows), apart from the selection: the row that Enter
// opens and a/r decide. DataTable shows it (activeRowId) and follows focus back into it.
import { useState } from 'react';
import type { RowId } from './data-table-columns';

/** The row cursor of a list: the active row (null before the first move) and how to move it. */
export interface RowCursor {
  /** The active row's id, or null when none is (yet), or it left the page. */
  activeId: RowId | null;
  /** Makes a row active (DataTable calls it when a row gets focus). */
  setActiveId: (id: RowId | null) => void;
  /** Moves by `delta` rows, stopping at the first and last; the first move picks the first (or last) row. */
  move: (delta: number) => void;
}

/**
 * A cursor over `rowIds` (the rows on screen, in order). A cursor whose row is gone (new page, filter)
 * reads as none, so the next move starts again from the top.
 * @example
 * const cursor = useRowCursor(list.rows.map((row) => row.id));
 * useShortcuts({ j: () => cursor.move(1), k: () => cursor.move(-1) });
 * <DataTable activeRowId={cursor.activeId} onActiveRowChange={cursor.setActiveId} … />
 */
export function useRowCursor(rowIds: readonly RowId[]): RowCursor {
  const [chosen, setActiveId] = useState<RowId | null>(null);
  const activeId = chosen !== null && rowIds.includes(chosen) ? chosen : null;
  const move = (delta: number) => {
    if (rowIds.length === 0) return;
    const index = activeId === null ? -1 : rowIds.indexOf(activeId);
    const next =
      index < 0
        ? delta > 0
          ? 0
          : rowIds.length - 1
        : Math.min(rowIds.length - 1, Math.max(0, index + delta));
    setActiveId(rowIds[next] ?? null);
  };
  return { activeId, setActiveId, move };
}
