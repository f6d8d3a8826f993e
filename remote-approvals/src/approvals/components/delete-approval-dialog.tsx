import { shortApprovalId, type Approval } from 'shared-contracts';
import { recordDeleteDialog, type DeleteDialogState } from 'shared-ui/dialog';
import { deleteApproval } from '../api/mutations';

const DeleteDialogOf = recordDeleteDialog((approval: Pick<Approval, 'id'>) => ({
  title: `Delete approval ${shortApprovalId(approval.id)}`,
  description: 'Are you sure you want to delete this approval? This action cannot be undone.',
  action: () => deleteApproval(approval.id),
  successMessage: 'Approval deleted successfully',
}));

/** Delete confirmation of an approval (its section's adminRole; PENDING, REJECTED or EXPIRED only). */
export const DeleteApprovalDialog = ({
  approval,
  ...state
}: { approval: Pick<Approval, 'id'> } & DeleteDialogState) => <DeleteDialogOf record={approval} {...state} />;
