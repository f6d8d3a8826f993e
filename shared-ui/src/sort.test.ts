import { describe, expect, it } from 'vitest';
import {
  compareValues,
  fromSortParams,
  getByPath,
  nextSortDirection,
  sortRows,
  toSortParams,
  toSortQuery,
  type SortConfig,
} from './sort';

const sortValues = (values: unknown[], direction: 'asc' | 'desc') =>
  [...values].sort((a, b) => compareValues(a, b, direction));

describe('getByPath', () => {
  it('reads top-level and dotted nested keys', () => {
    const row = { name: 'Acme', company: { owner: { email: 'a@b.c' } } };
    expect(getByPath(row, 'name')).toBe('Acme');
    expect(getByPath(row, 'company.owner.email')).toBe('a@b.c');
  });

  it('is undefined when a step is missing or not an object', () => {
    expect(getByPath({ company: null }, 'company.name')).toBeUndefined();
    expect(getByPath({ name: 'x' }, 'name.length.foo')).toBeUndefined();
    expect(getByPath(null, 'a')).toBeUndefined();
  });
});

describe('compareValues', () => {
  it('puts missing values (null, undefined, empty text) last when ascending', () => {
    expect(sortValues(['b', null, 'a', undefined, '', 'c'], 'asc').slice(0, 3)).toEqual(['a', 'b', 'c']);
    expect(compareValues(null, 'a', 'asc')).toBeGreaterThan(0);
    expect(compareValues(1, undefined, 'asc')).toBeLessThan(0);
    expect(compareValues('', false, 'asc')).toBeGreaterThan(0);
  });

  it('puts missing values first when descending', () => {
    const sorted = sortValues(['b', null, 'a', '', 'c'], 'desc');
    expect(sorted.slice(2)).toEqual(['c', 'b', 'a']);
    expect(compareValues(null, 'a', 'desc')).toBeLessThan(0);
    expect(compareValues(5, undefined, 'desc')).toBeGreaterThan(0);
  });

  it('treats two missing values as equal', () => {
    expect(compareValues(null, undefined, 'asc')).toBe(0);
    expect(compareValues('', null, 'desc')).toBe(0);
  });

  it('compares text starting with a yyyy-mm-dd date as dates', () => {
    const a = '2025-01-05T10:00:00.000Z';
    const b = '2025-01-05T09:00:00.000Z';
    const c = '2024-12-31';
    expect(sortValues([a, b, c], 'asc')).toEqual([c, b, a]);
    expect(sortValues([a, b, c], 'desc')).toEqual([a, b, c]);
    // As text '2025-01-05T10:00:00+05:00' > '2025-01-05T09:00:00Z', as dates it is earlier.
    expect(compareValues('2025-01-05T10:00:00+05:00', '2025-01-05T09:00:00Z', 'asc')).toBeLessThan(0);
  });

  it('compares other text case-insensitively', () => {
    expect(sortValues(['banana', 'Cherry', 'apple', 'Apricot'], 'asc')).toEqual([
      'apple',
      'Apricot',
      'banana',
      'Cherry',
    ]);
    expect(sortValues(['banana', 'Cherry', 'apple'], 'desc')).toEqual(['Cherry', 'banana', 'apple']);
    expect(compareValues('ACME', 'acme', 'asc')).toBe(0);
  });

  it('compares numbers as numbers, not as text', () => {
    expect(sortValues([10, 9, 100, -1, 0.5], 'asc')).toEqual([-1, 0.5, 9, 10, 100]);
    expect(sortValues([10, 9, 100], 'desc')).toEqual([100, 10, 9]);
  });

  it('orders booleans false before true', () => {
    expect(sortValues([true, false, true], 'asc')).toEqual([false, true, true]);
    expect(sortValues([false, true], 'desc')).toEqual([true, false]);
  });

  it("compares everything equal for 'none'", () => {
    expect(compareValues(1, 2, 'none')).toBe(0);
    expect(compareValues(null, 'a', 'none')).toBe(0);
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 1, name: 'beta', company: { name: 'Zed' }, createdAt: '2025-02-01T00:00:00Z' },
    { id: 2, name: 'Alpha', company: { name: 'acme' }, createdAt: '2025-01-01T00:00:00Z' },
    { id: 3, name: 'alpha', company: null, createdAt: null },
    { id: 4, name: 'gamma', company: { name: 'Mid' }, createdAt: '2025-03-01T00:00:00Z' },
  ];
  const ids = (list: typeof rows) => list.map((row) => row.id);

  it('sorts by a dotted key with missing values last ascending and first descending', () => {
    expect(ids(sortRows(rows, { key: 'company.name', direction: 'asc' }))).toEqual([2, 4, 1, 3]);
    expect(ids(sortRows(rows, { key: 'company.name', direction: 'desc' }))).toEqual([3, 1, 4, 2]);
  });

  it('is stable: equal values keep their input order', () => {
    expect(ids(sortRows(rows, { key: 'name', direction: 'asc' }))).toEqual([2, 3, 1, 4]);
    expect(ids(sortRows(rows, { key: 'name', direction: 'desc' }))).toEqual([4, 1, 2, 3]);
  });

  it("keeps the input order for 'none' and for no sort, without mutating the input", () => {
    expect(ids(sortRows(rows, { key: 'name', direction: 'none' }))).toEqual([1, 2, 3, 4]);
    expect(ids(sortRows(rows, null))).toEqual([1, 2, 3, 4]);
    const copy = [...rows];
    sortRows(rows, { key: 'createdAt', direction: 'desc' });
    expect(rows).toEqual(copy);
  });

  it('sorts date columns as dates', () => {
    expect(ids(sortRows(rows, { key: 'createdAt', direction: 'desc' }))).toEqual([3, 4, 1, 2]);
  });
});

describe('nextSortDirection', () => {
  it('first click sorts ascending, second descending, third removes the sort', () => {
    const first = nextSortDirection(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'asc' });
    const second = nextSortDirection(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'desc' });
    const third = nextSortDirection(second, 'name');
    expect(third).toEqual({ key: 'name', direction: 'none' });
    expect(nextSortDirection(third, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('a click on a different column starts ascending', () => {
    const current: SortConfig = { key: 'createdAt', direction: 'desc' };
    expect(nextSortDirection(current, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('toSortParams', () => {
  it('maps a sort to sortBy/sortOrder and a removed sort to nothing', () => {
    expect(toSortParams({ key: 'company.name', direction: 'desc' })).toEqual({
      sortBy: 'company.name',
      sortOrder: 'desc',
    });
    expect(toSortParams({ key: 'name', direction: 'none' })).toEqual({});
    expect(toSortParams(null)).toEqual({});
  });
});

describe('fromSortParams', () => {
  it('turns list query parameters back into a table sort', () => {
    expect(fromSortParams('createdAt', 'desc')).toEqual({ key: 'createdAt', direction: 'desc' });
    expect(fromSortParams('company.name', 'asc')).toEqual({ key: 'company.name', direction: 'asc' });
    expect(fromSortParams('name', undefined)).toEqual({ key: 'name', direction: 'asc' });
    expect(fromSortParams('', 'desc')).toBeNull();
    expect(fromSortParams(undefined, undefined)).toBeNull();
  });

  it('is the inverse of toSortParams', () => {
    const sort: SortConfig = { key: 'name', direction: 'desc' };
    const params = toSortParams(sort);
    expect(fromSortParams(params.sortBy, params.sortOrder)).toEqual(sort);
  });
});

describe('toSortQuery', () => {
  it('keeps a removed sort as empty text', () => {
    expect(toSortQuery({ key: 'name', direction: 'asc' })).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(toSortQuery({ key: 'name', direction: 'none' })).toEqual({ sortBy: '', sortOrder: '' });
    expect(toSortQuery(null)).toEqual({ sortBy: '', sortOrder: '' });
  });
});
