// The column model of DataTable and what both of its layouts (table, phone cards) need from it.
import type { MouseEvent, ReactNode } from 'react';
import { FALLBACK } from './format';
import { getByPath } from './sort';

/** Id of a table row, as returned by `getRowId`. */
export type RowId = string | number;

/** One column of a DataTable. */
export interface DataTableColumn<T> {
  /** Column id; also the field read (dotted path) when there is no `render`, and the sort key unless `sortKey` is set. */
  key: string;
  header: string;
  sortable?: boolean;
  /** Sort key sent to onSortChange when it differs from `key`, e.g. 'company.name'. */
  sortKey?: string;
  render?: (row: T) => ReactNode;
  align?: 'start' | 'end';
  width?: string;
  minWidth?: string;
  /**
   * Widest the cell's content grows (a CSS length) before it is cut with '…' (the full text shows on hover);
   * default DEFAULT_CELL_MAX_WIDTH. 'none' lets the content wrap instead.
   */
  maxWidth?: string;
  /**
   * Place of the column in the phone card layout: 'title' (the card's heading; default the first
   * column), 'badge' (beside the title, e.g. status), 'field' (label and value; the default) or 'hidden'.
   */
  card?: 'title' | 'badge' | 'field' | 'hidden';
}

/** How wide a table cell's content may grow before it is cut with '…' (see DataTableColumn.maxWidth). */
export const DEFAULT_CELL_MAX_WIDTH = '16rem';

/**
 * The actions column stays in view at the end edge while a wide table scrolls sideways (the table
 * layout is for wider screens; phones get cards). Its background is the row's (hover, selection,
 * the keyboard's row), so the cells scrolled under it do not show through; a line marks its edge.
 */
export const STICKY_ACTIONS_CELL = {
  position: 'sticky',
  insetInlineEnd: '0',
  zIndex: '1',
  bg: 'inherit',
  boxShadow: 'inset 1px 0 0 0 {colors.border}',
} as const;

/** A column's content for a row: its `render`, else the field at `key` ('—' when missing). */
export function cellContent<T>(column: DataTableColumn<T>, row: T): ReactNode {
  return column.render ? column.render(row) : defaultCell(row, column.key);
}

function defaultCell(row: unknown, key: string): ReactNode {
  const value = getByPath(row, key);
  if (value === null || value === undefined || value === '') return FALLBACK;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Clicks that land on a control, or come through a portal (menus, dialogs), are not row clicks. */
export function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element | null;
  if (!target || !event.currentTarget.contains(target)) return false;
  return !target.closest('a, button, input, select, textarea, label, [role="menuitem"], [role="checkbox"]');
}
