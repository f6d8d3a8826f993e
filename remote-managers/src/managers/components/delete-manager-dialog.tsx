import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import { MANAGER_NOTICES, type Manager } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { deleteManager } from '../api/mutations';
import { MANAGER_TEXT, managerLabel } from '../manager-format';

/** Delete confirmation of one manager; deletes, notifies, then calls `onDeleted`. */
export function DeleteManagerDialog({
  manager,
  open,
  onOpenChange,
  onDeleted,
}: {
  manager: Pick<Manager, 'id' | 'firstName' | 'lastName' | 'email'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteManager(manager.id);
      notifySuccess(MANAGER_NOTICES.deleted);
      onOpenChange(false);
      onDeleted?.();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${managerLabel(manager)}`}
      description={MANAGER_TEXT.deleteConfirm}
      confirmLabel="Delete Manager"
      pendingLabel="Deleting..."
      destructive
      isPending={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
