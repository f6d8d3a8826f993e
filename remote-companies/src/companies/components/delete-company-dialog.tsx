import type { Company } from 'shared-contracts';
import { DeleteDialog } from 'shared-ui/dialog';
import { deleteCompany } from '../api/mutations';

export const DELETE_COMPANY_TEXT =
  'Are you sure you want to delete this company? This action cannot be undone and will remove all associated data.';

/** The delete confirmation; deletes, notifies, then calls `onDeleted`. */
export function DeleteCompanyDialog({
  company,
  ...dialog
}: {
  company: Pick<Company, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  return (
    <DeleteDialog
      {...dialog}
      title={`Delete ${company.name}`}
      description={DELETE_COMPANY_TEXT}
      action={() => deleteCompany(company.id)}
      successMessage="Company deleted successfully"
    />
  );
}
