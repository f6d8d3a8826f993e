import { useState } from 'react';
import { errorMessage, isApiError } from 'shared-auth';
import { personName, type Manager } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { linkUser } from '../api/mutations';
import { managerLabel } from '../manager-format';
import { UserPicker } from './user-picker';

/** The row menu's Link User: pick a user account (searching the server) and link it. */
export function LinkUserDialog({
  manager,
  open,
  onOpenChange,
}: {
  manager: Manager;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      const linked = await linkUser(manager.id, Number(userId));
      notifySuccess(`${managerLabel(manager)} linked to ${personName(linked.user)}`);
      onOpenChange(false);
    } catch (failure) {
      // 409 (linked to another manager) and 404 (user gone) name the field: show it under the picker.
      setError(isApiError(failure) && failure.fields?.userId ? failure.fields.userId : errorMessage(failure));
      notifyError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link User"
      description={`Choose the user account ${managerLabel(manager)} signs in with. A user account can belong to one manager only.`}
      confirmLabel="Link User"
      pendingLabel="Linking..."
      isPending={pending}
      confirmDisabled={userId === ''}
      onConfirm={() => void confirm()}
    >
      <UserPicker
        value={userId}
        onChange={(value) => {
          setUserId(value);
          setError(undefined);
        }}
        error={error}
        allowNone={false}
      />
    </ConfirmDialog>
  );
}
