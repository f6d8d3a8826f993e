import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RowActionsMenu } from './row-actions-menu';
import { renderWithProviders } from './test-utils';

describe('RowActionsMenu', () => {
  it('opens from an icon button named by label and runs the chosen item', async () => {
    const onView = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <RowActionsMenu
        label="Actions for Acme Corp"
        items={[
          { key: 'view', label: 'View', onSelect: onView },
          { key: 'refresh', label: 'Refresh QB Token', onSelect: vi.fn(), hidden: true },
          { key: 'edit', label: 'Edit', onSelect: vi.fn(), disabled: true },
          { key: 'delete', label: 'Delete', onSelect: onDelete, destructive: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions for Acme Corp' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View',
      'Edit',
      'Delete',
    ]);
    expect(screen.queryByText('Refresh QB Token')).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('aria-disabled')).toBe('true');
    expect(menu).toBeTruthy();

    // A real click starts with pointerdown, which highlights the item the menu then selects.
    const remove = screen.getByRole('menuitem', { name: 'Delete' });
    await waitFor(() => {
      fireEvent.pointerDown(remove, { pointerType: 'mouse' });
      expect(remove.hasAttribute('data-highlighted')).toBe(true);
    });
    fireEvent.click(remove);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(onView).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('works from the keyboard', async () => {
    const onView = vi.fn();
    renderWithProviders(
      <RowActionsMenu
        label="Actions for Globex"
        items={[
          { key: 'view', label: 'View', onSelect: onView },
          { key: 'delete', label: 'Delete', onSelect: vi.fn(), destructive: true },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions for Globex' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: 'View' }).hasAttribute('data-highlighted')).toBe(true),
    );
    fireEvent.keyDown(menu, { key: 'Enter' });
    await waitFor(() => expect(onView).toHaveBeenCalledTimes(1));
  });

  it('renders nothing when every item is hidden', () => {
    renderWithProviders(
      <RowActionsMenu
        label="Actions for Acme Corp"
        items={[{ key: 'delete', label: 'Delete', onSelect: vi.fn(), hidden: true }]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Actions for Acme Corp' })).toBeNull();
  });
});
