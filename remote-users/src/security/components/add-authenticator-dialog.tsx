import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  TotpConfirmSchema,
  type FactorAdded,
  type TotpEnrolment,
} from 'shared-contracts';
import { Box, Center, chakra, ErrorState, FormField, Input, Spinner, Stack, Text } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { safeParse } from 'valibot';
import { confirmTotp, startTotpEnrolment } from '../api/security-mutations';
import { splitFactorError } from './factor-errors';

type Field = 'code' | 'name';

/** The secret in groups of four, as apps show it (spaces are ignored when typed in). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Props of AddAuthenticatorDialog. */
export interface AddAuthenticatorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (result: FactorAdded) => void;
}

/**
 * Adding an authenticator app: a new secret as a QR code and as text, then the app's current code
 * and a name make it a factor.
 */
export function AddAuthenticatorDialog({ open, onOpenChange, onAdded }: AddAuthenticatorDialogProps) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const start = () => {
    setEnrolment(null);
    setQr(null);
    setAlert(null);
    startTotpEnrolment()
      .then(async (next) => {
        setEnrolment(next);
        // The QR library is fetched only here, with the secret it draws.
        const { toDataURL } = await import('qrcode');
        setQr(await toDataURL(next.otpauthUri, { margin: 1, width: 192 }));
      })
      .catch((error: unknown) => setAlert(splitFactorError(error, []).message));
  };

  useEffect(() => {
    if (open) start();
    else setErrors({});
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment || pending) return;
    const parsed = safeParse(TotpConfirmSchema, {
      enrolmentId: enrolment.enrolmentId,
      code: (codeRef.current?.value ?? '').replace(/\s+/g, ''),
      name: nameRef.current?.value ?? '',
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.issues) {
        const key = issue.path?.[0]?.key;
        if ((key === 'code' || key === 'name') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setAlert(null);
    setPending(true);
    try {
      const result = await confirmTotp(parsed.output);
      onOpenChange(false);
      onAdded(result);
    } catch (error) {
      const { fields, message } = splitFactorError(error, ['code', 'name']);
      setErrors(fields);
      setAlert(message);
      // The secret waits 5 minutes: after that a new one is needed.
      if (message === SECOND_FACTOR_ERRORS.enrolmentExpired) start();
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={SECOND_FACTOR_TEXT.addAuthenticator}
      description="Scan the QR code with your authenticator app, or type the key into it, then enter the code it shows."
      submitLabel="Add authenticator"
      pendingLabel="Adding..."
      isPending={pending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="4">
        {alert ? <ErrorState message={alert} /> : null}
        <Center minH="48">
          {qr ? (
            <Box bg="white" p="2" borderRadius="l2" borderWidth="1px" borderColor="border">
              <chakra.img src={qr} alt="QR code for your authenticator app" boxSize="48" />
            </Box>
          ) : (
            <Spinner size="lg" aria-label="Loading the QR code" />
          )}
        </Center>
        {enrolment ? (
          <Box>
            <Text fontSize="sm" color="fg.muted">
              Key
            </Text>
            <Text
              fontFamily="mono"
              fontSize="md"
              wordBreak="break-all"
              data-testid="totp-secret"
              data-secret={enrolment.secret}
            >
              {grouped(enrolment.secret)}
            </Text>
          </Box>
        ) : null}
        <FormField label={SECOND_FACTOR_TEXT.codeLabel} required error={errors.code}>
          <Input
            ref={codeRef}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            maxLength={10}
          />
        </FormField>
        <FormField
          label={SECOND_FACTOR_TEXT.factorName}
          required
          hint={SECOND_FACTOR_TEXT.totpNameHint}
          error={errors.name}
        >
          <Input ref={nameRef} name="name" defaultValue="Authenticator app" maxLength={80} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
