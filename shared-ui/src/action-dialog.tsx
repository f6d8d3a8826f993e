// A ConfirmDialog that runs its action: pending while the call is in flight, the success notice and
// close when it settles, the server's message when it fails (the dialog stays open to retry). The
// delete confirmations and the payment steps share this instead of each keeping its own copy.
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { useRowAction, type SuccessNotice } from './use-row-action';

/** Props of ActionDialog: ConfirmDialog's, with the action instead of onConfirm/isPending. */
export interface ActionDialogProps<T = unknown> extends Omit<ConfirmDialogProps, 'onConfirm' | 'isPending'> {
  /** The call the confirm button makes. */
  action: () => Promise<T>;
  /** Notice shown when it succeeds, e.g. 'Company deleted successfully', or made from the call's answer. */
  successMessage: SuccessNotice<T>;
  /** The failure notice when the error carries no message of its own. */
  failureMessage?: string;
  /** After success and the dialog closed, e.g. navigate away from a deleted item. */
  onDone?: () => void;
}

/**
 * @example <ActionDialog open={open} onOpenChange={setOpen} title="Delete Acme" description={DELETE_COMPANY_TEXT} confirmLabel="Delete" pendingLabel="Deleting..." destructive action={() => deleteCompany(id)} successMessage="Company deleted successfully" onDone={() => navigate('/companies')} />
 */
export function ActionDialog<T>({
  action,
  successMessage,
  failureMessage,
  onDone,
  onOpenChange,
  ...dialog
}: ActionDialogProps<T>) {
  const { busy, run } = useRowAction();
  const confirm = () =>
    run(action, successMessage, {
      failure: failureMessage,
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
