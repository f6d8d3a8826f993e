import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigationType } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteDialog, recordDeleteDialog, useRecordDelete } from './delete-dialog';
import { renderWithProviders } from './test-utils';
import { UiProvider } from './ui-provider';
import * as toaster from './toaster';
import { useDialogTarget } from './use-dialog-target';

afterEach(() => vi.restoreAllMocks());

function Harness({ action, onDeleted }: { action: () => Promise<unknown>; onDeleted: () => void }) {
  const deleting = useDialogTarget<{ id: number; name: string }>();
  return (
    <>
      <button type="button" onClick={() => deleting.openFor({ id: 7, name: 'Acme' })}>
        Delete Acme
      </button>
      <span data-testid="target">{deleting.target?.name ?? 'none'}</span>
      {deleting.target && (
        <DeleteDialog
          open
          onOpenChange={deleting.onOpenChange}
          title={`Delete ${deleting.target.name}`}
          description="This cannot be undone."
          action={action}
          successMessage="Company deleted successfully"
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}

describe('DeleteDialog', () => {
  it('opens for the row, deletes with a red Delete, says so, closes and calls onDeleted', async () => {
    const success = vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const action = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    renderWithProviders(<Harness action={action} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete Acme' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('target').textContent).toBe('none'));
    expect(action).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Company deleted successfully');
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('stays open for the same row when the delete fails', async () => {
    const failure = vi.spyOn(toaster, 'notifyError').mockImplementation(() => '');
    const onDeleted = vi.fn();
    renderWithProviders(
      <Harness action={() => Promise.reject(new Error('Company has payments'))} onDeleted={onDeleted} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Company has payments'));
    expect(screen.getByTestId('target').textContent).toBe('Acme');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe('useDialogTarget', () => {
  it('remembers the record it is open for and forgets it on close', () => {
    const { result } = renderHook(() => useDialogTarget<string>());
    expect(result.current.target).toBeNull();
    act(() => result.current.openFor('row 1'));
    expect(result.current.target).toBe('row 1');
    act(() => result.current.onOpenChange(true));
    expect(result.current.target).toBe('row 1');
    act(() => result.current.onOpenChange(false));
    expect(result.current.target).toBeNull();
    act(() => result.current.openFor('row 2'));
    act(() => result.current.close());
    expect(result.current.target).toBeNull();
  });
});

describe('recordDeleteDialog', () => {
  it("describes the record's delete from the record it is open for", async () => {
    vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    const remove = vi.fn().mockResolvedValue(undefined);
    const DeleteThing = recordDeleteDialog((thing: { id: number; name: string }) => ({
      title: `Delete ${thing.name}`,
      description: 'Gone for good.',
      confirmLabel: 'Delete Thing',
      action: () => remove(thing.id),
      successMessage: 'Thing deleted successfully',
    }));
    const onDeleted = vi.fn();
    renderWithProviders(
      <DeleteThing
        record={{ id: 4, name: 'Widget' }}
        open
        onOpenChange={() => undefined}
        onDeleted={onDeleted}
      />,
    );
    expect(await screen.findByRole('alertdialog', { name: 'Delete Widget' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Thing' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(4);
  });
});

describe('useRecordDelete', () => {
  const DeleteThing = recordDeleteDialog((thing: { id: number; name: string }) => ({
    title: `Delete ${thing.name}`,
    description: 'Gone for good.',
    action: () => Promise.resolve(thing.id),
    successMessage: 'Thing deleted successfully',
  }));

  function ThingPage() {
    const deleting = useRecordDelete('companies', DeleteThing, { id: 4, name: 'Widget' });
    return (
      <>
        <button type="button" onClick={deleting.open}>
          Delete
        </button>
        {deleting.dialog}
      </>
    );
  }

  function ListPage() {
    return <p>{`List page after a ${useNavigationType()}`}</p>;
  }

  it("opens the section's delete dialog for the record, then replaces the page with the section's list", async () => {
    vi.spyOn(toaster, 'notifySuccess').mockImplementation(() => '');
    render(
      <UiProvider>
        <MemoryRouter initialEntries={['/companies/4']}>
          <Routes>
            <Route path="/companies/4" element={<ThingPage />} />
            <Route path="/companies" element={<ListPage />} />
          </Routes>
        </MemoryRouter>
      </UiProvider>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Widget' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('List page after a REPLACE')).toBeTruthy();
  });
});
