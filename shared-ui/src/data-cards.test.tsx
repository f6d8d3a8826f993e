import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './chakra';
import { DataTable, type DataTableColumn, type RowId } from './data-table';
import type { SortConfig } from './sort';
import { renderWithProviders } from './test-utils';
import { PHONE_QUERY } from './use-media-query';

interface Company {
  id: number;
  name: string;
  status: string;
  email: string | null;
  industry: string;
}

const ROWS: Company[] = [
  { id: 1, name: 'Acme Corp', status: 'ACTIVE', email: 'hello@acme.test', industry: 'Retail' },
  { id: 2, name: 'Globex', status: 'SUSPENDED', email: null, industry: 'Finance' },
];

const COLUMNS: Array<DataTableColumn<Company>> = [
  { key: 'email', header: 'Email', sortable: true },
  { key: 'name', header: 'Name', sortable: true, card: 'title' },
  { key: 'status', header: 'Status', card: 'badge', render: (c) => <span>{`Status ${c.status}`}</span> },
  { key: 'industry', header: 'Industry', card: 'hidden' },
];

function phone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matches && query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function Selectable({ onSort }: { onSort: (key: string) => void }) {
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [sort] = useState<SortConfig>({ key: 'name', direction: 'asc' });
  return (
    <DataTable
      caption="Companies"
      columns={COLUMNS}
      rows={ROWS}
      getRowId={(c) => c.id}
      rowLabel={(c) => c.name}
      selectedIds={selected}
      onSelectionChange={setSelected}
      sort={sort}
      onSortChange={onSort}
      rowActions={(c) => <Button>{`Actions for ${c.name}`}</Button>}
    />
  );
}

describe('DataTable on a phone', () => {
  beforeEach(() => phone(true));
  afterEach(() => vi.restoreAllMocks());

  it('shows each row as a card: title, badges, labelled fields and the row menu, no table', () => {
    renderWithProviders(<Selectable onSort={vi.fn()} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Companies' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(first.querySelector('[data-card-title]')?.textContent).toBe('Acme Corp');
    expect(within(first).getByText('Status ACTIVE')).toBeTruthy();
    // Fields are a description list labelled by the column headers; hidden columns stay out.
    expect(within(first).getByText('Email').tagName).toBe('DT');
    expect(within(first).getByText('hello@acme.test')).toBeTruthy();
    expect(within(first).queryByText('Retail')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByText('—')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Actions for Acme Corp' })).toBeTruthy();
  });

  it('keeps selection: a checkbox per card and Select all', async () => {
    renderWithProviders(<Selectable onSort={vi.fn()} />);
    const acme = screen.getByRole('checkbox', { name: 'Select Acme Corp' }) as HTMLInputElement;
    fireEvent.click(acme);
    await waitFor(() => expect(acme.checked).toBe(true));
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    await waitFor(() =>
      expect(all.closest('[data-state]')?.getAttribute('data-state')).toBe('indeterminate'),
    );
    fireEvent.click(all);
    await waitFor(() => expect(acme.checked).toBe(false));
  });

  it('sorts through a Sort by select and a direction button that cycle like the headers', () => {
    const onSort = vi.fn();
    renderWithProviders(<Selectable onSort={onSort} />);
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(select.value).toBe('name');
    fireEvent.change(select, { target: { value: 'email' } });
    expect(onSort).toHaveBeenLastCalledWith('email');
    fireEvent.click(screen.getByRole('button', { name: 'Sorted ascending, switch to descending' }));
    expect(onSort).toHaveBeenLastCalledWith('name');
  });

  it('keeps the table when cardLayout is false', () => {
    renderWithProviders(
      <DataTable caption="Bills" columns={COLUMNS} rows={ROWS} getRowId={(c) => c.id} cardLayout={false} />,
    );
    expect(screen.getByRole('table', { name: 'Bills' })).toBeTruthy();
  });
});

describe('DataTable at desktop width', () => {
  beforeEach(() => phone(false));
  afterEach(() => vi.restoreAllMocks());

  it('is a table whose cells cut long values, with the full text on hover', async () => {
    const long = `Very Long Company ${'Name '.repeat(50)}`.trim();
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.textContent === long ? 2000 : 0;
    });
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={[{ ...ROWS[0]!, name: long }]}
        getRowId={(c) => c.id}
      />,
    );
    expect(screen.getByRole('table', { name: 'Companies' })).toBeTruthy();
    const cell = screen.getByText(long);
    await waitFor(() => expect(cell.getAttribute('title')).toBe(long));
    expect(screen.getByText('hello@acme.test').getAttribute('title')).toBeNull();
    widths.mockRestore();
  });
});
