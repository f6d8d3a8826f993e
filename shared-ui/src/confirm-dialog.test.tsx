import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { renderWithProviders } from './test-utils';

const DESCRIPTION =
  'Are you sure you want to delete this company? This action cannot be undone and will remove all associated data.';

function Harness(props: Partial<ConfirmDialogProps> & { onOpenChangeSpy?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const { onOpenChangeSpy, ...rest } = props;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChangeSpy?.(next);
        setOpen(next);
      }}
      title="Delete Company"
      description={DESCRIPTION}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      onConfirm={vi.fn()}
      {...rest}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its text, with Cancel focused', async () => {
    // jsdom has no layout, so the focus trap would find nothing visible and focus the dialog itself;
    // give elements a width as a browser would.
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    onTestFinished(() => width.mockRestore());
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Company' });
    expect(within(dialog).getByText(DESCRIPTION)).toBeTruthy();
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(DESCRIPTION);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });

  it('calls onConfirm from the confirm button', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the confirm button named while pending without a pendingLabel', async () => {
    renderWithProviders(<Harness isPending pendingLabel={undefined} />);
    const dialog = await screen.findByRole('alertdialog');
    expect((within(dialog).getByRole('button', { name: /Delete/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes from Cancel', async () => {
    const onOpenChangeSpy = vi.fn();
    renderWithProviders(<Harness onOpenChangeSpy={onOpenChangeSpy} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onOpenChangeSpy).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows the pending label and disables both buttons while pending; Escape does not close', async () => {
    const onConfirm = vi.fn();
    const onOpenChangeSpy = vi.fn();
    renderWithProviders(<Harness isPending onConfirm={onConfirm} onOpenChangeSpy={onOpenChangeSpy} />);
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: /Deleting\.\.\./ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChangeSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('renders extra content and honours confirmDisabled', async () => {
    renderWithProviders(
      <Harness confirmDisabled title="Reject Approval" confirmLabel="Reject Approval">
        <label>
          Rejection Reason *
          <textarea />
        </label>
      </Harness>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject Approval' });
    expect(within(dialog).getByLabelText('Rejection Reason *')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Reject Approval' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
