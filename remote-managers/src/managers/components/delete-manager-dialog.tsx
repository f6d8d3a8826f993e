import { MANAGER_NOTICES, personName, type Manager } from 'shared-contracts';
import { recordDeleteDialog } from 'shared-ui/dialog';
import { deleteManager } from '../api/mutations';
import { MANAGER_TEXT } from '../manager-format';

/** Delete confirmation of one manager; deletes, notifies, then calls `onDeleted`. */
export const DeleteManagerDialog = recordDeleteDialog(
  (manager: Pick<Manager, 'id' | 'firstName' | 'lastName' | 'email'>) => ({
    title: `Delete ${personName(manager)}`,
    description: MANAGER_TEXT.deleteConfirm,
    confirmLabel: 'Delete Manager',
    action: () => deleteManager(manager.id),
    successMessage: MANAGER_NOTICES.deleted,
  }),
);
