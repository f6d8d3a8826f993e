import { useState } from 'react';
import { errorMessage, isApiError } from 'shared-auth';
import { personName, type Manager } from 'shared-contracts';
import { ConfirmDialog, useRowAction } from 'shared-ui/dialog';
import { linkUser } from '../api/mutations';
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
  const { busy: pending, run } = useRowAction();

  async function confirm() {
    setError(undefined);
    try {
      await run(
        () => linkUser(manager.id, Number(userId)),
        (linked) => `${personName(manager)} linked to ${personName(linked.user)}`,
        { onDone: () => onOpenChange(false), rethrow: true },
      );
    } catch (failure) {
      // 409 (linked to another manager) and 404 (user gone) name the field: show it under the picker.
      setError(isApiError(failure) && failure.fields?.userId ? failure.fields.userId : errorMessage(failure));
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link User"
      description={`Choose the user account ${personName(manager)} signs in with. A user account can belong to one manager only.`}
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
