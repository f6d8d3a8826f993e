import { useRef, useState, type FormEvent } from 'react';
import { PasskeyRegisterSchema, SECOND_FACTOR_TEXT, type FactorAdded } from 'shared-contracts';
import { ErrorState, FormField, Input, Stack } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { safeParse } from 'valibot';
import { addPasskey } from '../api/security-mutations';
import { splitFactorError } from './factor-errors';

/** Props of AddPasskeyDialog. */
export interface AddPasskeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (result: FactorAdded) => void;
}

/** Adding a passkey: a name, then the browser's own dialog (this device, a phone or a security key). */
export function AddPasskeyDialog({ open, onOpenChange, onAdded }: AddPasskeyDialogProps) {
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // The name's rule from the contract (the response is checked by the server).
    const parsed = safeParse(PasskeyRegisterSchema.entries.name, nameRef.current?.value ?? '');
    if (!parsed.success) {
      setError(parsed.issues[0]?.message);
      return;
    }
    setError(undefined);
    setAlert(null);
    setPending(true);
    try {
      const result = await addPasskey(parsed.output);
      onOpenChange(false);
      onAdded(result);
    } catch (failure) {
      const { fields, message } = splitFactorError(failure, ['name']);
      setError(fields.name);
      setAlert(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setError(undefined);
          setAlert(null);
        }
        onOpenChange(next);
      }}
      title={SECOND_FACTOR_TEXT.addPasskey}
      description="Name it, then follow your browser: it keeps the passkey on this device, a phone or a security key."
      submitLabel="Add passkey"
      pendingLabel="Waiting for the browser..."
      isPending={pending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="4">
        {alert ? <ErrorState message={alert} /> : null}
        <FormField
          label={SECOND_FACTOR_TEXT.factorName}
          required
          hint={SECOND_FACTOR_TEXT.passkeyNameHint}
          error={error}
        >
          <Input ref={nameRef} name="name" defaultValue="Passkey" maxLength={80} autoFocus />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
