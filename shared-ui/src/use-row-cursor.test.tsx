import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './chakra';
import { DataTable, type DataTableColumn } from './data-table';
import { ShortcutsHelpButton, ShortcutsHelpDialog } from './shortcuts-help';
import { GO_TO_GROUP } from './shortcut-keys';
import { renderWithProviders } from './test-utils';
import { useShortcuts } from './use-shortcuts';
import { useRowCursor } from './use-row-cursor';
import { useState } from 'react';

interface Item {
  id: number;
  name: string;
}
const ITEMS: Item[] = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Globex' },
  { id: 3, name: 'Initech' },
];
const COLUMNS: Array<DataTableColumn<Item>> = [{ key: 'name', header: 'Name' }];

describe('useRowCursor', () => {
  it('starts at the first row going down (the last going up) and stops at the ends', () => {
    const { result, rerender } = renderHook(({ ids }) => useRowCursor(ids), {
      initialProps: { ids: [1, 2, 3] },
    });
    expect(result.current.activeId).toBeNull();
    act(() => result.current.move(-1));
    expect(result.current.activeId).toBe(3);
    act(() => result.current.move(1));
    expect(result.current.activeId).toBe(3);
    act(() => result.current.move(-1));
    act(() => result.current.move(-1));
    act(() => result.current.move(-1));
    expect(result.current.activeId).toBe(1);
    // Its row left the page (a filter, the next page): none is active, the next move starts over.
    rerender({ ids: [4, 5] });
    expect(result.current.activeId).toBeNull();
    act(() => result.current.move(1));
    expect(result.current.activeId).toBe(4);
  });
});

function CursorTable() {
  const cursor = useRowCursor(ITEMS.map((item) => item.id));
  useShortcuts({ j: () => cursor.move(1), k: () => cursor.move(-1) });
  return (
    <DataTable
      caption="Companies"
      columns={COLUMNS}
      rows={ITEMS}
      getRowId={(item) => item.id}
      rowActions={(item) => <Button size="xs">Edit {item.name}</Button>}
      activeRowId={cursor.activeId}
      onActiveRowChange={cursor.setActiveId}
      cardLayout={false}
    />
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('DataTable row cursor', () => {
  it('is one Tab stop (roving tabindex) that j and k move, focusing and marking the row', async () => {
    renderWithProviders(<CursorTable />);
    expect(row('Acme').tabIndex).toBe(0);
    expect(row('Globex').tabIndex).toBe(-1);
    fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ' });
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
    expect(row('Acme').hasAttribute('data-active')).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'j', code: 'KeyJ' });
    await waitFor(() => expect(document.activeElement).toBe(row('Globex')));
    expect(row('Globex').tabIndex).toBe(0);
    expect(row('Acme').tabIndex).toBe(-1);
    expect(row('Acme').hasAttribute('data-active')).toBe(false);
    fireEvent.keyDown(document.activeElement!, { key: 'k', code: 'KeyK' });
    await waitFor(() => expect(document.activeElement).toBe(row('Acme')));
  });

  it('follows focus into a row without taking it from the control that has it', async () => {
    renderWithProviders(<CursorTable />);
    const edit = screen.getByRole('button', { name: 'Edit Initech' });
    act(() => edit.focus());
    await waitFor(() => expect(row('Initech').hasAttribute('data-active')).toBe(true));
    expect(document.activeElement).toBe(edit);
  });

  it('leaves rows out of Tab when the table has no cursor', () => {
    renderWithProviders(
      <DataTable
        caption="Companies"
        columns={COLUMNS}
        rows={ITEMS}
        getRowId={(item) => item.id}
        cardLayout={false}
      />,
    );
    expect(row('Acme').hasAttribute('tabindex')).toBe(false);
  });
});

function Help() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ShortcutsHelpButton onClick={() => setOpen(true)} />
      <ShortcutsHelpDialog
        open={open}
        onOpenChange={setOpen}
        groups={[
          {
            title: 'List',
            shortcuts: [
              { keys: ['j', 'ArrowDown'], label: 'Next row' },
              { keys: ['Shift+A'], label: 'Approve the selection' },
            ],
          },
          GO_TO_GROUP,
        ]}
      />
    </>
  );
}

describe('ShortcutsHelpDialog', () => {
  it('opens from its button and lists every shortcut with its keys', async () => {
    renderWithProviders(<Help />);
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = [...dialog.querySelectorAll('dt')].map((term) => term.textContent);
    const labels = [...dialog.querySelectorAll('dd')].map((definition) => definition.textContent);
    expect(terms).toEqual([
      'j or ↓Down arrow',
      'Shift + A',
      'g then d',
      'g then c',
      'g then u',
      'g then m',
      'g then a',
    ]);
    expect(labels).toEqual([
      'Next row',
      'Approve the selection',
      'Go to Dashboard',
      'Go to Companies',
      'Go to Users',
      'Go to Managers',
      'Go to Approvals',
    ]);
  });
});
