import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import { shortApprovalId, type Approval } from 'shared-contracts';
import { ConfirmDialog, notifyError, notifySuccess } from 'shared-ui';
import { deleteApproval } from '../api/mutations';

/** Delete confirmation of an approval (ADMIN; PENDING, REJECTED or EXPIRED only). */
export function DeleteApprovalDialog({
  approval,
  open,
  onOpenChange,
  onDeleted,
}: {
  approval: Pick<Approval, 'id'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteApproval(approval.id);
      notifySuccess('Approval deleted successfully');
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
      title={`Delete approval ${shortApprovalId(approval.id)}`}
      description="Are you sure you want to delete this approval? This action cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
