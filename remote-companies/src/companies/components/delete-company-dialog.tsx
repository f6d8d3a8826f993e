import type { Company } from 'shared-contracts';
import { recordDeleteDialog } from 'shared-ui/dialog';
import { deleteCompany } from '../api/mutations';

export const DELETE_COMPANY_TEXT =
  'Are you sure you want to delete this company? This action cannot be undone and will remove all associated data.';

/** The delete confirmation; deletes, notifies, then calls `onDeleted`. */
export const DeleteCompanyDialog = recordDeleteDialog((company: Pick<Company, 'id' | 'name'>) => ({
  title: `Delete ${company.name}`,
  description: DELETE_COMPANY_TEXT,
  action: () => deleteCompany(company.id),
  successMessage: 'Company deleted successfully',
}));
