import { useState } from 'react';
import { ROLE_LEVELS, personName, type Role, type User } from 'shared-contracts';
import { ActionDialog } from 'shared-ui/dialog';
import { SelectField } from 'shared-ui/form';
import { changeUserRole } from '../api/mutations';
import { ROLE_OPTIONS, roleHint } from '../user-text';

export const CHANGE_ROLE_TEXT =
  "Update the user's role and permissions. This will affect their access to system features.";

/**
 * The Change Role dialog: a higher level reads 'Upgrade Role', a lower one 'Downgrade
 * Role' (destructive); disabled while the role is unchanged.
 */
export function ChangeRoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const downgrade = ROLE_LEVELS[role] < ROLE_LEVELS[user.role];

  return (
    <ActionDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Change Role: ${personName(user)}`}
      description={CHANGE_ROLE_TEXT}
      confirmLabel={downgrade ? 'Downgrade Role' : 'Upgrade Role'}
      pendingLabel="Updating..."
      destructive={downgrade}
      confirmDisabled={role === user.role}
      action={() => changeUserRole(user.id, role)}
      successMessage="User role updated successfully"
    >
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        hint={roleHint(role)}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as Role)}
      />
    </ActionDialog>
  );
}
