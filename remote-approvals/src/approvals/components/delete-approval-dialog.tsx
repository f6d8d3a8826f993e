import { shortApprovalId, type Approval } from 'shared-contracts';
import { DeleteDialog } from 'shared-ui/dialog';
import { deleteApproval } from '../api/mutations';

/** Delete confirmation of an approval (its section's adminRole; PENDING, REJECTED or EXPIRED only). */
export function DeleteApprovalDialog({
  approval,
  ...dialog
}: {
  approval: Pick<Approval, 'id'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  return (
    <DeleteDialog
      {...dialog}
      title={`Delete approval ${shortApprovalId(approval.id)}`}
      description="Are you sure you want to delete this approval? This action cannot be undone."
      action={() => deleteApproval(approval.id)}
      successMessage="Approval deleted successfully"
    />
  );
}
