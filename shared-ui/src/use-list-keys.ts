// The keys every list answers to: j / k (or the arrows) move the keyboard's row, Enter opens it and
// x selects or clears it; a page adds its own keys (e.g. decisions on that row), which are given the
// row. Pressed anywhere on the page but in a field, a dialog or a menu (useShortcuts' rule).
import type { RefObject } from 'react';
import type { RowId } from './data-table-columns';
import { useRowCursor, type RowCursor } from './use-row-cursor';
import { useShortcuts, type ShortcutMap } from './use-shortcuts';

/** A list page's own keys, given the keyboard's row (null before the first move or once it left the page). */
export type ListKeys<Row> = (active: Row | null) => ShortcutMap;

/** Options of useListKeys. */
export interface ListKeysOptions<Row> {
  /** The rows on screen, in order. */
  rows: readonly Row[];
  selected: ReadonlySet<RowId>;
  setSelected: (ids: Set<RowId>) => void;
  /** x selects only where the rows can be selected (the checkbox column is shown). */
  canSelect: boolean;
  /** What holds the rows: Enter follows the link in the keyboard's row there. */
  container: RefObject<HTMLElement | null>;
  /** The page's own keys; a key bound both here and by the list is the page's. */
  keys?: ListKeys<Row>;
}

/**
 * Follows the link of the keyboard's row: the one in the column that names the row (its phone
 * card's title), which in every list leads to the row's own page. False when there is none, so
 * Enter keeps its default.
 */
export function openActiveRow(container: HTMLElement | null): boolean {
  const link = container?.querySelector<HTMLElement>('[data-active] [data-row-title] a[href]');
  if (!link) return false;
  link.click();
  return true;
}

/**
 * Binds the list keys (and the page's) for as long as the list is on screen; answers the row cursor
 * for the table to show and follow.
 * @example const cursor = useListKeys({ rows: list.rows, selected, setSelected, canSelect, container });
 */
export function useListKeys<Row extends { id: RowId }>({
  rows,
  selected,
  setSelected,
  canSelect,
  container,
  keys,
}: ListKeysOptions<Row>): RowCursor {
  const cursor = useRowCursor(rows.map((row) => row.id));
  const active = rows.find((row) => row.id === cursor.activeId) ?? null;
  useShortcuts({
    j: () => cursor.move(1),
    ArrowDown: () => cursor.move(1),
    k: () => cursor.move(-1),
    ArrowUp: () => cursor.move(-1),
    Enter: () => openActiveRow(container.current),
    x: () => {
      if (!active || !canSelect) return false;
      const next = new Set(selected);
      if (next.has(active.id)) next.delete(active.id);
      else next.add(active.id);
      setSelected(next);
      return true;
    },
    ...keys?.(active),
  });
  return cursor;
}
