import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import useSWR, { SWRConfig } from 'swr';
import { CompanyListQuerySchema, type CompanyListQuery, type Paged } from 'shared-contracts';
import { emitLiveEvent } from 'shared-auth/src/live-bus';
import { liveChange } from 'shared-auth/src/testing/live-change';
import { describe, expect, it, vi } from 'vitest';
import type { ListRequest, ListResource } from './list-resource';
import { useListController, type FilterField } from './use-list-controller';

interface Row {
  id: number;
  status?: string;
}

const FILTERS: Array<FilterField<CompanyListQuery>> = [
  { kind: 'search', key: 'search', label: 'Search' },
  { kind: 'select', key: 'status', label: 'Status', options: [] },
  { kind: 'select', key: 'qb', param: 'qbConnectionStatus', label: 'QuickBooks status', options: [] },
];

/** A list of `total` rows served 10 a page; records every request it answers. */
function fakeResource(total: number, live?: ListResource<Row, CompanyListQuery>['live']) {
  const requests: Array<ListRequest<CompanyListQuery>> = [];
  const fetchPage = vi.fn(async (request: ListRequest<CompanyListQuery>): Promise<Paged<Row>> => {
    requests.push(request);
    const from = (request.page - 1) * request.limit;
    const count = Math.max(0, Math.min(request.limit, total - from));
    return {
      data: Array.from({ length: count }, (_, index) => ({
        id: from + index + 1,
        ...(live ? { status: 'ACTIVE' } : {}),
      })),
      pagination: {
        total,
        page: request.page,
        limit: request.limit,
        totalPages: Math.ceil(total / request.limit),
      },
    };
  });
  const key = (request: ListRequest<CompanyListQuery>) => ['test', 'list', request] as const;
  const resource: ListResource<Row, CompanyListQuery> = {
    entities: ['company'],
    live,
    revalidateRelated: vi.fn(async () => undefined),
    related: ['stats'],
    revalidateLive: vi.fn(async () => undefined),
    writeRelated: vi.fn(async () => undefined),
    key,
    fetchPage,
    usePage: (request) => useSWR(key(request), () => fetchPage(request), { keepPreviousData: true }),
    revalidate: vi.fn(async () => undefined),
    andRevalidate: (write) => write,
  };
  return { resource, requests };
}

function setup(url: string, total = 35, live?: ListResource<Row, CompanyListQuery>['live']) {
  const { resource, requests } = fakeResource(total, live);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  const hook = renderHook(
    () => ({
      list: useListController({ resource, schema: CompanyListQuerySchema, filters: FILTERS }),
      location: useLocation(),
    }),
    { wrapper },
  );
  return { ...hook, requests, resource };
}

describe('useListController', () => {
  it('reads the view from the URL, builds the request from it and writes changes back', async () => {
    const { result, requests } = setup(
      '/companies?search=acme&qb=connected&page=2&sortBy=name&sortOrder=asc',
    );
    expect(result.current.list.values).toEqual({ search: 'acme', status: '', qb: 'connected' });
    expect(result.current.list.activeFilters).toBe(2);
    expect(result.current.list.request).toEqual({
      search: 'acme',
      status: undefined,
      qbConnectionStatus: 'connected',
      sortBy: 'name',
      sortOrder: 'asc',
      page: 2,
      limit: 10,
    });
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    expect(requests.at(-1)).toMatchObject({ page: 2, qbConnectionStatus: 'connected' });

    // A filter goes to the URL and back to page 1; a page change keeps the filters.
    act(() => result.current.list.setFilter('status', 'INACTIVE'));
    expect(new URLSearchParams(result.current.location.search).get('status')).toBe('INACTIVE');
    expect(result.current.location.search).not.toContain('page=');
    act(() => result.current.list.setPage(3));
    expect(result.current.list.page).toBe(3);
    expect(result.current.list.request).toMatchObject({ status: 'INACTIVE', page: 3 });

    // Third click on a sorted column removes the sort; the default sort is left out of the URL.
    act(() => result.current.list.changeSort('name'));
    expect(result.current.list.sort).toEqual({ key: 'name', direction: 'desc' });
    act(() => result.current.list.resetFilters());
    const params = new URLSearchParams(result.current.location.search);
    expect([params.get('search'), params.get('status'), params.get('qb'), params.get('page')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(result.current.list.activeFilters).toBe(0);
  });

  it('takes a URL value the section schema refuses as not set', () => {
    const { result } = setup('/companies?status=BOGUS&sortBy=nonsense&search=ok');
    expect(result.current.list.values.status).toBe('');
    expect(result.current.list.activeFilters).toBe(1);
    expect(result.current.list.request).toMatchObject({
      status: undefined,
      search: 'ok',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('moves a page past the end back to the last page, replacing the history entry', async () => {
    const { result } = setup('/companies?search=x&page=9', 35);
    await waitFor(() => expect(result.current.list.page).toBe(4));
    expect(result.current.location.search).toBe('?search=x&page=4');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(5));
  });

  it('moves to page 1 when nothing is left', async () => {
    const { result } = setup('/companies?page=3', 0);
    await waitFor(() => expect(result.current.location.search).toBe(''));
    expect(result.current.list.page).toBe(1);
  });

  it('starts a new view (page, filter, sort) with no selection, but keeps it over a re-read', async () => {
    const { result, requests } = setup('/companies');
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    act(() => result.current.list.setSelected(new Set([1, 2])));
    expect(result.current.list.selected.size).toBe(2);

    const before = requests.length;
    await act(async () => {
      await result.current.list.refresh();
    });
    expect(requests.length).toBe(before + 1);
    expect([...result.current.list.selected]).toEqual([1, 2]);

    act(() => result.current.list.setPage(2));
    await waitFor(() => expect(result.current.list.selected.size).toBe(0));

    act(() => result.current.list.setSelected(new Set([11])));
    act(() => result.current.list.changeSort('name'));
    await waitFor(() => expect(result.current.list.selected.size).toBe(0));

    act(() => result.current.list.setSelected(new Set([1])));
    act(() => result.current.list.setFilter('search', 'acme'));
    await waitFor(() => expect(result.current.list.selected.size).toBe(0));
  });

  it("shows a row's new status as its event arrives, without a read, and leaves other rows alone", async () => {
    const live = { inPlaceKinds: ['company.deactivate'], stableKeys: [], statusField: 'status' };
    const { result, requests } = setup('/companies', 35, live);
    await waitFor(() => expect(result.current.list.rows).toHaveLength(10));
    const before = requests.length;
    const first = result.current.list.rows[0];
    act(() => emitLiveEvent({ ...liveChange('company', '3', 'company.deactivate'), status: 'INACTIVE' }));
    await waitFor(() => expect(result.current.list.rows[2]).toEqual({ id: 3, status: 'INACTIVE' }));
    expect(result.current.list.rows[0]).toBe(first);
    // A row on no page shown and an unknown kind are not written; the patch itself read nothing.
    act(() => emitLiveEvent({ ...liveChange('company', '30', 'company.deactivate'), status: 'INACTIVE' }));
    act(() => emitLiveEvent({ ...liveChange('company', '4', 'company.update'), status: 'INACTIVE' }));
    expect(result.current.list.rows[3]).toEqual({ id: 4, status: 'ACTIVE' });
    expect(requests.length).toBe(before);
  });

  it('writes the figures an event brings and re-reads only what it did not bring', async () => {
    const stats = { total: 12, pending: 5 };
    const live = {
      inPlaceKinds: ['company.deactivate'],
      stableKeys: ['createdAt'],
      statusField: 'status',
      figures: { stats: 'approvalStats' as const },
    };
    const off = (id: string, figures?: object) => ({
      ...liveChange('company', id, 'company.deactivate'),
      status: 'INACTIVE',
      ...(figures ? { figures } : {}),
    });
    // A decision of a row on no page shown, with the figures: written, nothing re-read.
    const quiet = setup('/companies', 35, live);
    await waitFor(() => expect(quiet.result.current.list.rows).toHaveLength(10));
    const before = quiet.requests.length;
    act(() => emitLiveEvent(off('30', { approvalStats: stats })));
    expect(quiet.resource.writeRelated).toHaveBeenCalledWith('stats', stats);
    await waitFor(() => expect(quiet.resource.revalidateLive).toHaveBeenCalledTimes(1));
    expect(quiet.resource.revalidateLive).toHaveBeenCalledWith(false, []);
    expect(quiet.requests.length).toBe(before);
    quiet.unmount();

    // Without figures (a replayed event): the stat cards are re-read, the page is not.
    const bare = setup('/companies', 35, live);
    await waitFor(() => expect(bare.result.current.list.rows).toHaveLength(10));
    act(() => emitLiveEvent(off('30')));
    await waitFor(() => expect(bare.resource.revalidateLive).toHaveBeenCalledWith(false, ['stats']));
    expect(bare.resource.writeRelated).not.toHaveBeenCalled();
    bare.unmount();

    // A row on the page with the figures: the page is re-read, the stat cards are written.
    const onPage = setup('/companies', 35, live);
    await waitFor(() => expect(onPage.result.current.list.rows).toHaveLength(10));
    act(() => emitLiveEvent(off('3', { approvalStats: stats })));
    await waitFor(() => expect(onPage.resource.revalidateLive).toHaveBeenCalledWith(true, []));
    expect(onPage.resource.writeRelated).toHaveBeenCalledWith('stats', stats);
  });
});
