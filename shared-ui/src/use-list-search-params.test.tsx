import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromSortParams, nextSortDirection, toSortParams, toSortQuery } from './sort';
import { parseListParams, useListSearchParams, writeListParams } from './use-list-search-params';

const DEFAULTS = {
  page: 1,
  limit: 10,
  search: '',
  status: 'all',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  mine: false,
};

function setup(url = '/approvals') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ list: useListSearchParams(DEFAULTS), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  );
}

describe('useListSearchParams', () => {
  it('gives the defaults on a plain URL', () => {
    const { result } = setup();
    expect(result.current.list.state).toEqual(DEFAULTS);
    expect(result.current.location.search).toBe('');
  });

  it('reads typed values from the URL (link or reload)', () => {
    const { result } = setup('/approvals?page=3&limit=25&status=PENDING&search=acme%20co&mine=true&other=x');
    expect(result.current.list.state).toEqual({
      ...DEFAULTS,
      page: 3,
      limit: 25,
      status: 'PENDING',
      search: 'acme co',
      mine: true,
    });
  });

  it('falls back to the default for invalid numbers and booleans', () => {
    const { result } = setup('/approvals?page=abc&limit=0&mine=yes');
    expect(result.current.list.state.page).toBe(1);
    expect(result.current.list.state.limit).toBe(10);
    expect(result.current.list.state.mine).toBe(false);
    for (const bad of ['-2', '1.5', '1e3', '', '99999999999999999999']) {
      const { result: other } = setup(`/approvals?page=${bad}`);
      expect(other.current.list.state.page, bad).toBe(1);
    }
  });

  it('writes a change to the URL, leaving defaults out, and reads it back', () => {
    const { result } = setup();
    act(() => result.current.list.setState({ status: 'APPROVED', search: 'acme' }));
    // New keys follow the order of the defaults, so the same view always has the same address.
    expect(result.current.location.search).toBe('?search=acme&status=APPROVED');
    expect(result.current.list.state).toEqual({ ...DEFAULTS, status: 'APPROVED', search: 'acme' });
    act(() => result.current.list.setState({ status: 'all' }));
    expect(result.current.location.search).toBe('?search=acme');
  });

  it('resets the page on a filter change unless told otherwise', () => {
    const { result } = setup('/approvals?page=4&status=PENDING');
    act(() => result.current.list.setState({ search: 'x' }));
    expect(result.current.list.state.page).toBe(1);
    expect(result.current.location.search).toBe('?status=PENDING&search=x');

    act(() => result.current.list.setState({ page: 2 }));
    expect(result.current.list.state.page).toBe(2);
    act(() => result.current.list.setState({ sortBy: 'name', sortOrder: 'asc' }, { resetPage: false }));
    expect(result.current.list.state).toMatchObject({ page: 2, sortBy: 'name', sortOrder: 'asc' });
    act(() => result.current.list.setState({ limit: 50 }));
    expect(result.current.list.state).toMatchObject({ page: 1, limit: 50 });
  });

  it('keeps an explicitly removed sort apart from the default sort', () => {
    const { result } = setup();
    act(() => result.current.list.setState({ sortBy: '', sortOrder: '' }));
    expect(result.current.location.search).toBe('?sortBy=&sortOrder=');
    expect(result.current.list.state).toMatchObject({ sortBy: '', sortOrder: '' });
    act(() => result.current.list.setState({ sortBy: undefined, sortOrder: undefined }));
    expect(result.current.location.search).toBe('');
  });

  it('cycles a server sort asc → desc → none from the default createdAt desc', () => {
    const { result } = setup();
    const click = (key: string) => {
      const sort = fromSortParams(result.current.list.state.sortBy, result.current.list.state.sortOrder);
      act(() => result.current.list.setState(toSortQuery(nextSortDirection(sort, key))));
    };
    const current = () =>
      fromSortParams(result.current.list.state.sortBy, result.current.list.state.sortOrder);
    expect(current()).toEqual({ key: 'createdAt', direction: 'desc' });
    click('createdAt');
    expect(current()).toBeNull();
    // The API then gets no sortBy/sortOrder and uses its own default order.
    expect(toSortParams(current())).toEqual({});
    click('createdAt');
    expect(current()).toEqual({ key: 'createdAt', direction: 'asc' });
    click('createdAt');
    expect(current()).toEqual({ key: 'createdAt', direction: 'desc' });
    expect(result.current.location.search).toBe('');
    click('name');
    expect(current()).toEqual({ key: 'name', direction: 'asc' });
  });

  it('keeps query parameters it does not own', () => {
    const { result } = setup('/approvals?tab=history');
    act(() => result.current.list.setState({ status: 'EXPIRED' }));
    expect(new URLSearchParams(result.current.location.search).get('tab')).toBe('history');
  });

  it('pushes history entries so Back returns to the previous view, or replaces when asked', () => {
    const { result } = setup();
    act(() => result.current.list.setState({ status: 'PENDING' }));
    act(() => result.current.list.setState({ page: 2 }));
    act(() => result.current.list.setState({ search: 'a' }, { replace: true }));
    expect(result.current.list.state).toMatchObject({ status: 'PENDING', page: 1, search: 'a' });
    act(() => result.current.navigate(-1));
    expect(result.current.list.state).toEqual({ ...DEFAULTS, status: 'PENDING' });
    act(() => result.current.navigate(-1));
    expect(result.current.list.state).toEqual(DEFAULTS);
  });

  it('reset puts the chosen keys and the page back to their defaults', () => {
    const { result } = setup('/approvals?page=3&status=PENDING&search=x&sortBy=name');
    act(() => result.current.list.reset(['status', 'search']));
    expect(result.current.list.state).toEqual({ ...DEFAULTS, sortBy: 'name' });
    act(() => result.current.list.reset());
    expect(result.current.location.search).toBe('');
  });

  it('builds each change on the last one, even before a re-render (clear filters, then pick a status)', () => {
    const { result } = setup('/approvals?search=cobalt&page=2');
    act(() => {
      result.current.list.reset(['search', 'status']);
      result.current.list.setState({ status: 'PENDING' });
    });
    expect(result.current.location.search).toBe('?status=PENDING');
  });

  it('keeps state identity while the query does not change', () => {
    const { result, rerender } = setup('/approvals?status=PENDING');
    const before = result.current.list.state;
    rerender();
    expect(result.current.list.state).toBe(before);
  });
});

describe('parseListParams / writeListParams', () => {
  it('round-trip a state through query parameters', () => {
    const state = { ...DEFAULTS, page: 5, search: 'a&b=c', mine: true };
    const params = writeListParams(new URLSearchParams(), state, DEFAULTS);
    expect(params.toString()).toBe('page=5&search=a%26b%3Dc&mine=true');
    expect(parseListParams(params, DEFAULTS)).toEqual(state);
  });
});
