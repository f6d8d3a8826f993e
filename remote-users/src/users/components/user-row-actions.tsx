import { useNavigate } from 'react-router-dom';
import { useSession } from 'shared-auth';
import { personName, userActionDenial, type User } from 'shared-contracts';
import { RowActionsMenu, useActivation, useRowAction } from 'shared-ui/dialog';
import { deleteUser, setUserActive } from '../api/mutations';

/**
 * The user list's row menu: View Details, Edit User, Change Role, Activate/Deactivate,
 * Delete User (no confirmation on the list: the product's fixed behaviour). Actions the role may not use are
 * hidden; ones refused for this user (yourself) are disabled with the reason as their label's hint.
 */
export function UserRowActions({ user, onChangeRole }: { user: User; onChangeRole: (user: User) => void }) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const denial = (action: Parameters<typeof userActionDenial>[2]) =>
    me ? userActionDenial(me, user, action) : 'x';
  const isSelf = me?.id === user.id;
  const shown = (action: Parameters<typeof userActionDenial>[2]) => !denial(action) || isSelf;

  const { run } = useRowAction();
  const activation = useActivation('User', user.isActive, (active) => setUserActive(user.id, active));

  const toggle = user.isActive ? 'deactivate' : 'activate';
  return (
    <RowActionsMenu
      label={`Actions for ${personName(user)}`}
      items={[
        { key: 'view', label: 'View Details', onSelect: () => navigate(`/users/${user.id}`) },
        {
          key: 'edit',
          label: 'Edit User',
          hidden: !!denial('edit'),
          onSelect: () => navigate(`/users/${user.id}/edit`),
        },
        {
          key: 'role',
          label: isSelf && denial('changeRole') ? `Change Role (${denial('changeRole')})` : 'Change Role',
          hidden: !shown('changeRole'),
          disabled: !!denial('changeRole'),
          onSelect: () => onChangeRole(user),
        },
        {
          key: 'toggle-active',
          label: isSelf && denial(toggle) ? `Deactivate (${denial(toggle)})` : activation.label,
          hidden: !shown(toggle),
          disabled: !!denial(toggle),
          onSelect: () => void activation.toggle(),
        },
        {
          key: 'delete',
          label: isSelf && denial('delete') ? `Delete User (${denial('delete')})` : 'Delete User',
          destructive: true,
          hidden: !shown('delete'),
          disabled: !!denial('delete'),
          onSelect: () => void run(() => deleteUser(user.id), 'User deleted successfully'),
        },
      ]}
    />
  );
}
