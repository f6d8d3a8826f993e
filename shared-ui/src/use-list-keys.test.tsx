import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link as RouterLink } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { BulkRunner } from './bulk-runner';
import type { DataTableColumn, RowId } from './data-table-columns';
import { ListView } from './list-view';
import { renderWithProviders } from './test-utils';
import type { ListController } from './use-list-controller';
import type { ListKeys } from './use-list-keys';

interface Row {
  id: number;
  name: string;
  industry: string;
}

// Acme, whose page the test router has (/companies/1), second: Enter opens the keyboard's row, not the first.
const ROWS: Row[] = [
  { id: 2, name: 'Globex', industry: 'Energy' },
  { id: 1, name: 'Acme', industry: 'Retail' },
];

// The name links to the row's page but is not the first column: Enter follows the title's link.
const COLUMNS: Array<DataTableColumn<Row>> = [
  { key: 'industry', header: 'Industry' },
  {
    key: 'name',
    header: 'Name',
    card: 'title',
    render: (row) => <RouterLink to={`/companies/${row.id}`}>{row.name}</RouterLink>,
  },
];

function controller(overrides: Partial<ListController<Row>> = {}): ListController<Row> {
  return {
    fields: [{ kind: 'search', key: 'search', label: 'Search' }],
    values: { search: '' },
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
    rows: ROWS,
    pagination: { total: 2, page: 1, limit: 10, totalPages: 1 },
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

function renderList(
  list: ListController<Row>,
  { canSelect = true, keys }: { canSelect?: boolean; keys?: ListKeys<Row> } = {},
) {
  return renderWithProviders(
    <ListView
      list={list}
      title="Companies"
      noun={{ one: 'company', other: 'companies' }}
      caption="Companies"
      columns={COLUMNS}
      rowLabel={(row) => row.name}
      canSelect={canSelect}
      keys={keys}
      empty={{ title: 'No companies found' }}
    />,
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const press = (key: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key, code: key.length === 1 ? `Key${key.toUpperCase()}` : key });

describe('ListView keys', () => {
  it('moves a focused row cursor with j / k and the arrows, and Enter opens the row', async () => {
    renderList(controller());
    expect(row('Globex').tabIndex).toBe(0);
    press('j', document.body);
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    expect(row('Globex').hasAttribute('data-active')).toBe(true);
    press('ArrowDown');
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
    press('k');
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    press('j');
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
    press('ArrowUp');
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    press('ArrowDown');
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
    press('Enter');
    expect(await screen.findByText('Company page')).toBeTruthy();
  });

  it('leaves Enter alone while no row is active', () => {
    renderList(controller());
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(screen.getByRole('heading', { name: 'Companies' })).toBeTruthy();
  });

  it('x selects and clears the active row, only where rows can be selected', async () => {
    const list = controller({ selected: new Set<RowId>([1]) });
    const first = renderList(list);
    press('j', document.body);
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    press('x');
    expect(list.setSelected).toHaveBeenLastCalledWith(new Set([1, 2]));
    press('j');
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
    press('x');
    expect(list.setSelected).toHaveBeenLastCalledWith(new Set());
    first.unmount();

    const readOnly = controller();
    renderList(readOnly, { canSelect: false });
    press('j', document.body);
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    press('x');
    expect(readOnly.setSelected).not.toHaveBeenCalled();
  });

  it("runs the page's own keys with the active row, and they win over the list's", async () => {
    const decide = vi.fn();
    const open = vi.fn();
    renderList(controller(), {
      keys: (active) => ({ a: () => decide(active?.name ?? null), Enter: () => open() }),
    });
    press('a', document.body);
    expect(decide).toHaveBeenLastCalledWith(null);
    press('j', document.body);
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    press('a');
    expect(decide).toHaveBeenLastCalledWith('Globex');
    press('Enter');
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Company page')).toBeNull();
  });

  it('leaves keys typed into the search box alone', () => {
    renderList(controller());
    const search = screen.getByRole('searchbox', { name: 'Search' });
    search.focus();
    press('j', search);
    expect(document.activeElement).toBe(search);
    expect(document.querySelector('[data-active]')).toBeNull();
  });
});
