import { useState } from 'react';
import { errorMessage } from 'shared-auth';
import { ROLE_LEVELS, type Role, type User } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { SelectField } from 'shared-ui/form';
import { changeUserRole } from '../api/mutations';
import { ROLE_OPTIONS, fullName, roleHint } from '../user-text';

export const CHANGE_ROLE_TEXT =
  "Update the user's role and permissions. This will affect their access to system features.";

/**
 * The Change Role dialog: a higher level reads 'Upgrade Role', a lower one 'Downgrade
 * Role' (destructive); disabled while the role is unchanged.
 */
export function ChangeRoleDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const [pending, setPending] = useState(false);
  const downgrade = ROLE_LEVELS[role] < ROLE_LEVELS[user.role];

  async function confirm() {
    setPending(true);
    try {
      await changeUserRole(user.id, role);
      notifySuccess('User role updated successfully');
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Change Role: ${fullName(user)}`}
      description={CHANGE_ROLE_TEXT}
      confirmLabel={downgrade ? 'Downgrade Role' : 'Upgrade Role'}
      pendingLabel="Updating..."
      destructive={downgrade}
      confirmDisabled={role === user.role}
      isPending={pending}
      onConfirm={() => void confirm()}
    >
      <SelectField
        label="Role"
        options={ROLE_OPTIONS}
        hint={roleHint(role)}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as Role)}
      />
    </ConfirmDialog>
  );
}
