import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './chakra';
import { DataTable, useSortedRows, useTableSort, type DataTableColumn, type RowId } from './data-table';
import type { SortConfig } from './sort';
import { renderWithProviders } from './test-utils';

interface Company {
  id: number;
  name: string;
  email: string | null;
  owner?: { name: string };
}

const COMPANIES: Company[] = [
  { id: 1, name: 'Acme Corp', email: 'hello@acme.test', owner: { name: 'Ann' } },
  { id: 2, name: 'Globex', email: null },
  { id: 3, name: 'Initech', email: 'info@initech.test' },
];

const COLUMNS: Array<DataTableColumn<Company>> = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'email', header: 'Email', sortable: true },
  {
    key: 'owner',
    header: 'Owner',
    sortable: true,
    sortKey: 'owner.name',
    render: (c) => c.owner?.name ?? 'None',
  },
  { key: 'id', header: 'ID' },
];

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('DataTable', () => {
  it('renders a captioned table with one row per item and a fallback for missing values', () => {
    renderWithProviders(
      <DataTable caption="Companies" columns={COLUMNS} rows={COMPANIES} getRowId={(c) => c.id} />,
    );
    const table = screen.getByRole('table', { name: 'Companies' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2] as HTMLElement).getByText('—')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Ann')).toBeTruthy();
    // The scroll area is a focusable, named region so a wide table can be scrolled from the keyboard.
    const region = screen.getByRole('region', { name: 'Companies' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('makes sortable headers buttons that report the sort key', () => {
    const onSortChange = vi.fn();
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={COMPANIES}
        getRowId={(c) => c.id}
        sort={null}
        onSortChange={onSortChange}
      />,
    );
    fireEvent.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    fireEvent.click(within(header('Owner')).getByRole('button', { name: 'Owner' }));
    expect(onSortChange).toHaveBeenLastCalledWith('owner.name');
    expect(within(header('ID')).queryByRole('button')).toBeNull();
    expect(header('ID').getAttribute('aria-sort')).toBeNull();
  });

  it('reflects the sort in aria-sort and the arrow, cycling asc → desc → none', () => {
    function Harness() {
      const { sort, onSortChange } = useTableSort();
      const rows = useSortedRows(COMPANIES, sort);
      return (
        <DataTable
          caption="Companies"
          columns={COLUMNS}
          rows={rows}
          getRowId={(c) => c.id}
          sort={sort}
          onSortChange={onSortChange}
        />
      );
    }
    renderWithProviders(<Harness />);
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    const nameButton = () => within(header('Name')).getByRole('button', { name: 'Name' });

    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Email').getAttribute('aria-sort')).toBe('none');

    fireEvent.click(nameButton());
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').querySelector('[data-sort-arrow]')?.getAttribute('data-sort-arrow')).toBe(
      'ascending',
    );
    expect(names()).toEqual(['Acme Corp', 'Globex', 'Initech']);

    fireEvent.click(nameButton());
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Initech', 'Globex', 'Acme Corp']);

    fireEvent.click(nameButton());
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    // Another column starts ascending and clears the first; missing e-mail sorts last ascending.
    fireEvent.click(within(header('Email')).getByRole('button', { name: 'Email' }));
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(names()).toEqual(['Acme Corp', 'Initech', 'Globex']);
  });

  describe('selection', () => {
    function Selectable({
      initial = [] as RowId[],
      onChange,
    }: {
      initial?: RowId[];
      onChange?: (ids: Set<RowId>) => void;
    }) {
      const [selected, setSelected] = useState<Set<RowId>>(new Set(initial));
      return (
        <DataTable
          caption="Companies"
          columns={COLUMNS}
          rows={COMPANIES}
          getRowId={(c) => c.id}
          rowLabel={(c) => c.name}
          selectedIds={selected}
          onSelectionChange={(ids) => {
            setSelected(ids);
            onChange?.(ids);
          }}
        />
      );
    }

    it('labels the select-all and each row checkbox', () => {
      renderWithProviders(<Selectable />);
      expect(checkbox('Select all rows')).toBeTruthy();
      expect(checkbox('Select Acme Corp')).toBeTruthy();
      expect(checkbox('Select Initech')).toBeTruthy();
    });

    // Ark reports a checkbox change after a tick, hence the waitFor after each click.
    const lastSelection = (onChange: ReturnType<typeof vi.fn>) => [
      ...((onChange.mock.lastCall?.[0] as Set<RowId>) ?? []),
    ];

    it('selects every row from the header, then clears them', async () => {
      const onChange = vi.fn();
      renderWithProviders(<Selectable onChange={onChange} />);
      fireEvent.click(checkbox('Select all rows'));
      await waitFor(() => expect(lastSelection(onChange)).toEqual([1, 2, 3]));
      await waitFor(() => expect(checkbox('Select all rows').checked).toBe(true));
      expect(checkbox('Select Globex').checked).toBe(true);

      fireEvent.click(checkbox('Select all rows'));
      await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(lastSelection(onChange)).toEqual([]);
      await waitFor(() => expect(checkbox('Select Globex').checked).toBe(false));
    });

    it('shows the header as indeterminate when some rows are selected, and clears them on click', async () => {
      const onChange = vi.fn();
      renderWithProviders(<Selectable initial={[2, 99]} onChange={onChange} />);
      const all = checkbox('Select all rows');
      expect(all.indeterminate).toBe(true);
      expect(all.closest('[data-state]')?.getAttribute('data-state')).toBe('indeterminate');
      expect(checkbox('Select Globex').checked).toBe(true);
      expect(screen.getAllByRole('row')[2]?.getAttribute('aria-selected')).toBe('true');

      fireEvent.click(all);
      // Only this table's rows are cleared; a selection kept from elsewhere (99) survives.
      await waitFor(() => expect(lastSelection(onChange)).toEqual([99]));
      await waitFor(() => expect(checkbox('Select all rows').indeterminate).toBe(false));
      expect(checkbox('Select all rows').checked).toBe(false);
    });

    it('toggles one row', async () => {
      const onChange = vi.fn();
      renderWithProviders(<Selectable onChange={onChange} />);
      fireEvent.click(checkbox('Select Initech'));
      await waitFor(() => expect(lastSelection(onChange)).toEqual([3]));
      await waitFor(() => expect(checkbox('Select all rows').indeterminate).toBe(true));
      fireEvent.click(checkbox('Select Initech'));
      await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(lastSelection(onChange)).toEqual([]);
    });
    it('selects both rows of two quick clicks, the second before the first is drawn', async () => {
      const onChange = vi.fn();
      renderWithProviders(<Selectable onChange={onChange} />);
      fireEvent.click(checkbox('Select Acme Corp'));
      fireEvent.click(checkbox('Select Initech'));
      await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(lastSelection(onChange).sort()).toEqual([1, 3]);
      await waitFor(() => expect(checkbox('Select Initech').checked).toBe(true));
      expect(checkbox('Select Acme Corp').checked).toBe(true);
    });

    it('draws new rows and keeps the selection current while they arrive', async () => {
      const onChange = vi.fn();
      function Paged() {
        const [selected, setSelected] = useState<Set<RowId>>(new Set());
        const [rows, setRows] = useState(COMPANIES.slice(0, 2));
        return (
          <>
            <Button onClick={() => setRows(COMPANIES.slice(1))}>Next page</Button>
            <DataTable
              caption="Companies"
              columns={COLUMNS}
              rows={rows}
              getRowId={(c) => c.id}
              rowLabel={(c) => c.name}
              selectedIds={selected}
              onSelectionChange={(ids) => {
                setSelected(ids);
                onChange(ids);
              }}
            />
          </>
        );
      }
      renderWithProviders(<Paged />);
      fireEvent.click(checkbox('Select Globex'));
      await waitFor(() => expect(lastSelection(onChange)).toEqual([2]));
      fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
      // Initech arrives in the background render; Globex stays selected across the change.
      await waitFor(() => expect(checkbox('Select Initech')).toBeTruthy());
      expect(screen.queryByRole('checkbox', { name: 'Select Acme Corp' })).toBeNull();
      expect(checkbox('Select Globex').checked).toBe(true);
      fireEvent.click(checkbox('Select Initech'));
      await waitFor(() => expect(lastSelection(onChange).sort()).toEqual([2, 3]));
    });
  });

  it('adds an Actions column and keeps clicks in it from counting as row clicks', () => {
    const onRowClick = vi.fn();
    const onAction = vi.fn();
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={COMPANIES}
        getRowId={(c) => c.id}
        onRowClick={onRowClick}
        rowActions={(c) => <Button onClick={() => onAction(c.id)}>{`Open ${c.name}`}</Button>}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Globex' }));
    expect(onAction).toHaveBeenCalledWith(2);
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Initech'));
    expect(onRowClick).toHaveBeenCalledWith(COMPANIES[2]);
  });

  it('keeps the header and shows skeleton rows while loading', () => {
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={[]}
        getRowId={(c) => c.id}
        isLoading
        loadingRows={3}
        emptyState={<p>No companies found</p>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeTruthy();
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(screen.queryByText('No companies found')).toBeNull();
  });

  it('shows the empty state when there are no rows', () => {
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={[]}
        getRowId={(c) => c.id}
        emptyState={<p>No companies found</p>}
      />,
    );
    expect(screen.getByText('No companies found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('DataTable redrawing', () => {
  it('draws again only the row whose object changed, when its handlers stay the same', async () => {
    const drawnRows: number[] = [];
    const columns: Array<DataTableColumn<Company>> = [
      {
        key: 'name',
        header: 'Name',
        render: (c) => {
          drawnRows.push(c.id);
          return c.name;
        },
      },
    ];
    const rowActions = (c: Company) => <Button>Open {c.name}</Button>;
    const getRowId = (c: Company) => c.id;
    function Table() {
      const [rows, setRows] = useState(COMPANIES);
      return (
        <>
          <Button
            onClick={() =>
              setRows((current) => current.map((c) => (c.id === 2 ? { ...c, name: 'Globex Ltd' } : c)))
            }
          >
            Rename
          </Button>
          <DataTable
            caption="Companies"
            columns={columns}
            rows={rows}
            getRowId={getRowId}
            rowActions={rowActions}
          />
        </>
      );
    }
    renderWithProviders(<Table />);
    await screen.findByText('Initech');
    drawnRows.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await screen.findByText('Globex Ltd');
    expect(drawnRows).toEqual([2]);
  });
});

describe('useSortedRows', () => {
  it('sorts by a dotted key and keeps the input order for none', () => {
    const rows = [{ a: { b: 2 } }, { a: { b: 1 } }, { a: { b: 3 } }];
    const { result, rerender } = renderHook(
      ({ sort }: { sort: SortConfig | null }) => useSortedRows(rows, sort),
      {
        initialProps: { sort: { key: 'a.b', direction: 'desc' } as SortConfig | null },
      },
    );
    expect(result.current.map((r) => r.a.b)).toEqual([3, 2, 1]);
    rerender({ sort: { key: 'a.b', direction: 'none' } });
    expect(result.current.map((r) => r.a.b)).toEqual([2, 1, 3]);
    const before = result.current;
    rerender({ sort: { key: 'a.b', direction: 'none' } });
    expect(result.current).toBe(before);
  });
});

describe('useTableSort', () => {
  it('starts from the initial sort and cycles on clicks', () => {
    const { result } = renderHook(() => useTableSort({ key: 'createdAt', direction: 'desc' }));
    expect(result.current.sort).toEqual({ key: 'createdAt', direction: 'desc' });
    act(() => result.current.onSortChange('createdAt'));
    expect(result.current.sort).toEqual({ key: 'createdAt', direction: 'none' });
    act(() => result.current.onSortChange('name'));
    expect(result.current.sort).toEqual({ key: 'name', direction: 'asc' });
  });
});
