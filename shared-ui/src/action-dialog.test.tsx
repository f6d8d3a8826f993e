import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActionDialog } from './action-dialog';
import { renderWithProviders } from './test-utils';
import * as toaster from './toaster';

function Harness({ action, onDone }: { action: () => Promise<unknown>; onDone?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete Acme"
        description="Are you sure?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        action={action}
        successMessage="Company deleted successfully"
        onDone={onDone}
      />
    </>
  );
}

describe('ActionDialog', () => {
  it('runs the action, shows the success notice, closes, then calls onDone', async () => {
    const success = vi.spyOn(toaster, 'notifySuccess');
    const onDone = vi.fn();
    const action = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<Harness action={action} onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('closed'));
    expect(action).toHaveBeenCalledTimes(1);
    expect(success).toHaveBeenCalledWith('Company deleted successfully');
    expect(onDone).toHaveBeenCalledTimes(1);
    success.mockRestore();
  });

  it('keeps the dialog open with the server message when the action fails', async () => {
    const failure = vi.spyOn(toaster, 'notifyError');
    const onDone = vi.fn();
    renderWithProviders(
      <Harness action={() => Promise.reject(new Error('Company has payment records'))} onDone={onDone} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith('Company has payment records'));
    expect(screen.getByTestId('state').textContent).toBe('open');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    failure.mockRestore();
  });
});
