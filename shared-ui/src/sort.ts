// In-memory table sorting with the comparison rules. The API sorts in SQL with the same
// rules (PostgreSQL NULL order plus lower() on text), so a table sorted here and a page sorted by the
// server agree.

/** Direction of a table sort; 'none' means the rows keep the order they came in. */
export type SortDirection = 'asc' | 'desc' | 'none';

/** Sort state of a table: a key, dotted for nested fields, and a direction. */
export interface SortConfig {
  key: string;
  direction: SortDirection;
}

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/** Reads a dotted path such as 'company.name' from a value; undefined when any step is missing. */
export function getByPath(obj: unknown, path: string): unknown {
  let current: unknown = obj;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** True for the values the lists treat as missing: null, undefined, empty text (and NaN). */
export function isMissingValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/**
 * Compares two cell values as the lists do: missing values last when ascending and first when descending;
 * text starting with yyyy-mm-dd as dates; other text case-insensitively; numbers as numbers;
 * booleans false before true. 'none' compares everything equal.
 */
export function compareValues(a: unknown, b: unknown, direction: SortDirection): number {
  if (direction === 'none') return 0;
  const sign = direction === 'desc' ? -1 : 1;
  const aMissing = isMissingValue(a);
  const bMissing = isMissingValue(b);
  // Missing behaves as larger than any value, so descending (the reversed order) puts it first.
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : (aMissing ? 1 : -1) * sign;
  return comparePresent(a, b) * sign;
}

function comparePresent(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  const aTime = toTime(a);
  const bTime = toTime(b);
  if (aTime !== null && bTime !== null) return Math.sign(aTime - bTime);
  return compareText(String(a), String(b));
}

function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string' || !DATE_PREFIX.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function compareText(a: string, b: string): number {
  return Math.sign(a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
}

/** Rows sorted by `config` (stable, never mutating the input); 'none' or null keeps the input order. */
export function sortRows<T>(rows: readonly T[], config: SortConfig | null | undefined): T[] {
  if (!config || config.direction === 'none') return [...rows];
  const { key, direction } = config;
  return rows
    .map((row, index) => ({ row, index, value: getByPath(row, key) }))
    .sort((x, y) => compareValues(x.value, y.value, direction) || x.index - y.index)
    .map((entry) => entry.row);
}

/**
 * The sort after a click on column `key`: first click ascending, second descending, third
 * removes the sort ('none'); a click on a different column starts ascending.
 */
export function nextSortDirection(current: SortConfig | null | undefined, key: string): SortConfig {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  const next: Record<SortDirection, SortDirection> = { asc: 'desc', desc: 'none', none: 'asc' };
  return { key, direction: next[current.direction] };
}

/** Query parameters for a server-sorted list; empty when the sort is removed. */
export function toSortParams(config: SortConfig | null | undefined): {
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
} {
  if (!config || config.direction === 'none') return {};
  return { sortBy: config.key, sortOrder: config.direction };
}

/**
 * The table sort described by list query parameters (the inverse of toSortParams): null without a key,
 * ascending when the order is missing or unknown (as the server reads it).
 * @example const sort = fromSortParams(state.sortBy, state.sortOrder);
 */
export function fromSortParams(
  sortBy: string | null | undefined,
  sortOrder: string | null | undefined,
): SortConfig | null {
  if (!sortBy) return null;
  return { key: sortBy, direction: sortOrder === 'desc' ? 'desc' : 'asc' };
}

/**
 * The URL state for a sort on a server-sorted list (see useListSearchParams): like toSortParams, but a
 * removed sort is '' instead of absent, so it stays removed rather than falling back to the list's default
 * sort (which would trap a default 'createdAt desc' column at desc).
 * @example onSortChange={(key) => setState(toSortQuery(nextSortDirection(sort, key)))}
 */
export function toSortQuery(config: SortConfig | null | undefined): {
  sortBy: string;
  sortOrder: '' | 'asc' | 'desc';
} {
  const { sortBy = '', sortOrder = '' } = toSortParams(config);
  return { sortBy, sortOrder };
}
