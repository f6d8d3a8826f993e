import { shortApprovalId, type Approval } from 'shared-contracts';
import { ActionDialog } from 'shared-ui/dialog';
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
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete approval ${shortApprovalId(approval.id)}`}
      description="Are you sure you want to delete this approval? This action cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      action={() => deleteApproval(approval.id)}
      successMessage="Approval deleted successfully"
      onDone={onDeleted}
    />
  );
}
