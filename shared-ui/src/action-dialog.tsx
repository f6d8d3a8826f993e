// A ConfirmDialog that runs its action: pending while the call is in flight, the success notice and
// close when it settles, the server's message when it fails (the dialog stays open to retry). The
// delete confirmations and the payment steps share this instead of each keeping its own copy.
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { useRowAction } from './use-row-action';

/** Props of ActionDialog: ConfirmDialog's, with the action instead of onConfirm/isPending. */
export interface ActionDialogProps extends Omit<ConfirmDialogProps, 'onConfirm' | 'isPending'> {
  /** The call the confirm button makes. */
  action: () => Promise<unknown>;
  /** Notice shown when it succeeds, e.g. 'Company deleted successfully'. */
  successMessage: string;
  /** After success and the dialog closed, e.g. navigate away from a deleted item. */
  onDone?: () => void;
}

/**
 * @example <ActionDialog open={open} onOpenChange={setOpen} title="Delete Acme" description={DELETE_COMPANY_TEXT} confirmLabel="Delete" pendingLabel="Deleting..." destructive action={() => deleteCompany(id)} successMessage="Company deleted successfully" onDone={() => navigate('/companies')} />
 */
export function ActionDialog({ action, successMessage, onDone, onOpenChange, ...dialog }: ActionDialogProps) {
  const { busy, run } = useRowAction();
  const confirm = () =>
    run(action, successMessage, {
      onDone: () => {
        onOpenChange(false);
        onDone?.();
      },
    });

  return (
    <ConfirmDialog
      {...dialog}
      onOpenChange={onOpenChange}
      isPending={busy}
      onConfirm={() => void confirm()}
    />
  );
}
