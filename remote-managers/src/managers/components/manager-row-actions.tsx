import { useNavigate } from 'react-router-dom';
import { useCanAdminister, useCanManage } from 'shared-auth';
import { MANAGER_NOTICES, personName, type Manager } from 'shared-contracts';
import { RowActionsMenu, useRowAction } from 'shared-ui/dialog';
import { unlinkUser } from '../api/mutations';

/**
 * The manager list's row menu: View Details, Edit Manager, Unlink User or Link User (each
 * a working action), Delete Manager. Hidden when the role may not.
 */
export function ManagerRowActions({
  manager,
  onLink,
  onDelete,
}: {
  manager: Manager;
  onLink: (manager: Manager) => void;
  onDelete: (manager: Manager) => void;
}) {
  const navigate = useNavigate();
  const canManage = useCanManage('managers');
  const canDelete = useCanAdminister('managers');
  const { run } = useRowAction();

  return (
    <RowActionsMenu
      label={`Actions for ${personName(manager)}`}
      items={[
        { key: 'view', label: 'View Details', onSelect: () => navigate(`/managers/${manager.id}`) },
        {
          key: 'edit',
          label: 'Edit Manager',
          hidden: !canManage,
          onSelect: () => navigate(`/managers/${manager.id}/edit`),
        },
        manager.userId !== null
          ? {
              key: 'unlink',
              label: 'Unlink User',
              hidden: !canManage,
              onSelect: () => void run(() => unlinkUser(manager.id), MANAGER_NOTICES.unlinked),
            }
          : { key: 'link', label: 'Link User', hidden: !canManage, onSelect: () => onLink(manager) },
        {
          key: 'delete',
          label: 'Delete Manager',
          destructive: true,
          hidden: !canDelete,
          onSelect: () => onDelete(manager),
        },
      ]}
    />
  );
}
