import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { ConfirmDialog, notifyError, notifySuccess } from 'shared-ui';
import { deleteCompany } from '../api/mutations';

export const DELETE_COMPANY_TEXT =
  'Are you sure you want to delete this company? This action cannot be undone and will remove all associated data.';

/** The §8 delete confirmation; deletes, notifies, then calls `onDeleted`. */
export function DeleteCompanyDialog({
  company,
  open,
  onOpenChange,
  onDeleted,
}: {
  company: Pick<Company, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await deleteCompany(company.id);
      notifySuccess('Company deleted successfully');
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
      title={`Delete ${company.name}`}
      description={DELETE_COMPANY_TEXT}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      destructive
      isPending={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
