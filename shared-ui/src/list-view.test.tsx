import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BulkRunner } from './bulk-runner';
import type { RowId } from './data-table-columns';
import { ListView } from './list-view';
import { renderWithProviders } from './test-utils';
import type { ListController } from './use-list-controller';

interface Row {
  id: number;
  name: string;
}

function controller(overrides: Partial<ListController<Row>> = {}): ListController<Row> {
  return {
    fields: [
      { kind: 'search', key: 'search', label: 'Search', placeholder: 'Search by name' },
      {
        kind: 'select',
        key: 'status',
        label: 'Status',
        options: [
          { value: '', label: 'All statuses' },
          { value: 'ACTIVE', label: 'Active' },
        ],
      },
    ],
    values: { search: '', status: '' },
    setFilter: vi.fn(),
    activeFilters: 0,
    resetFilters: vi.fn(),
    sort: null,
    changeSort: vi.fn(),
    page: 1,
    pageSize: 10,
    setPage: vi.fn(),
    setPageSize: vi.fn(),
    request: { page: 1, limit: 10 },
    filterRequest: {},
    rows: [],
    pagination: { total: 0, page: 1, limit: 10, totalPages: 0 },
    error: undefined,
    isLoading: false,
    isRefreshing: false,
    refresh: vi.fn(async () => undefined),
    selected: new Set<RowId>(),
    setSelected: vi.fn(),
    bulk: { busy: null, run: vi.fn() } satisfies BulkRunner,
    ...overrides,
  };
}

const view = (list: ListController<Row>) => (
  <ListView
    list={list}
    title="Companies"
    create={{ label: 'Add Company', to: '/companies/new' }}
    noun={{ one: 'company', other: 'companies' }}
    caption="Companies"
    columns={[{ key: 'name', header: 'Name', render: (row) => row.name }]}
    rowLabel={(row) => row.name}
    canSelect
    bulkActions={[
      { key: 'activated', label: 'Activate', onClick: vi.fn() },
      { key: 'deactivated', label: 'Deactivate', onClick: vi.fn() },
    ]}
    empty={{ title: 'No companies found', description: 'Get started by creating your first company' }}
  />
);

describe('ListView', () => {
  it('builds the filter panel from the declared fields and reports changes to the controller', () => {
    const list = controller();
    renderWithProviders(view(list));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ACTIVE' } });
    expect(list.setFilter).toHaveBeenCalledWith('status', 'ACTIVE');
  });

  it('shows no Filters panel for a list that declares no filter', () => {
    renderWithProviders(view(controller({ fields: [], values: {} })));
    expect(screen.queryByRole('search', { name: 'Filters' })).toBeNull();
    expect(screen.getByText('No companies found')).toBeTruthy();
  });

  it('renders a date field as a labelled date input and reports the day it is set to', () => {
    const list = controller({
      fields: [{ kind: 'date', key: 'from', label: 'From' }],
      values: { from: '2026-01-02' },
    });
    renderWithProviders(view(list));
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.value).toBe('2026-01-02');
    fireEvent.change(input, { target: { value: '2026-02-03' } });
    expect(list.setFilter).toHaveBeenCalledWith('from', '2026-02-03');
  });

  it('tells an empty list (with its Add link) from a filtered one without matches', () => {
    const first = renderWithProviders(view(controller()));
    expect(screen.getByText('No companies found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Add Company' })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    first.unmount();

    const list = controller({ activeFilters: 1, values: { search: 'zz', status: '' } });
    renderWithProviders(view(list));
    expect(screen.getByText('No companies match your filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(list.resetFilters).toHaveBeenCalled();
  });

  it('shows the load error with Retry instead of the table', () => {
    const list = controller({ error: new Error('Network down') });
    renderWithProviders(view(list));
    expect(screen.getByText('Error loading companies: Network down')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(list.refresh).toHaveBeenCalledTimes(1);
  });

  it('disables every bulk button while a run is busy', () => {
    const rows = [
      { id: 1, name: 'Acme' },
      { id: 2, name: 'Brightline' },
    ];
    const list = controller({
      rows,
      pagination: { total: 2, page: 1, limit: 10, totalPages: 1 },
      selected: new Set<RowId>([1, 2]),
      bulk: { busy: 'activated', run: vi.fn() },
    });
    renderWithProviders(view(list));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar.textContent).toContain('2 companies selected');
    // The busy one shows a spinner instead of its label; both refuse a second click.
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((button) => button.hasAttribute('disabled'))).toEqual([true, true, false]);
    expect(buttons[1]!.textContent).toBe('Deactivate');
    expect(buttons[2]!.textContent).toBe('Clear selection');
    expect(screen.getByText('Showing 1 to 2 of 2 companies')).toBeTruthy();
  });
});
