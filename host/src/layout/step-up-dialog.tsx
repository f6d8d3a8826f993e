// The step-up dialog: a fresh second factor for an action the API refused with STEP_UP_REQUIRED.
// Fetched only when such an answer comes, so neither the sign-in page nor the layout carries it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError, loadSecondFactors } from 'shared-auth';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  TOTP_DIGITS,
  type FactorKind,
  type StepUpOptions,
} from 'shared-contracts';
import { Button, ErrorState, FormField, Input, Portal, Spinner, Stack, Text } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';

const CODE_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** Props of StepUpDialog. */
export interface StepUpDialogProps {
  /** true once the new access token is stored; false when the person cancelled or cannot confirm. */
  onDone: (confirmed: boolean) => void;
}

/** A refusal's message, or the passkey text for a browser that refused the ceremony. */
const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : SECOND_FACTOR_ERRORS.passkeyFailed;

/**
 * Asks for an authenticator code or a passkey, then stores the new token; the request that was
 * refused is then sent again by the HTTP client, so the page and the person's choice stay as they were.
 */
export function StepUpDialog({ onDone }: StepUpDialogProps) {
  const [options, setOptions] = useState<StepUpOptions | null>(null);
  const [method, setMethod] = useState<FactorKind>('totp');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  const finish = (confirmed: boolean) => {
    if (done.current) return;
    done.current = true;
    onDone(confirmed);
  };

  const readOptions = async () => {
    const factors = await loadSecondFactors();
    const next = await factors.stepUpOptions();
    setOptions(next);
    return next;
  };

  useEffect(() => {
    readOptions()
      .then((next) => {
        // Nobody to ask: the call fails with the API's own words (add a factor first).
        if (next.methods.length === 0) finish(false);
        else setMethod(next.methods.includes('totp') ? 'totp' : 'passkey');
      })
      .catch((error: unknown) => setAlert(messageOf(error)));
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function confirm(run: () => Promise<void>) {
    setBusy(true);
    setAlert(null);
    try {
      await run();
      finish(true);
    } catch (error) {
      setBusy(false);
      const inField = isApiError(error) && error.status === 400 ? error.fields?.code : undefined;
      if (inField && method === 'totp') {
        setFieldError(inField);
        codeRef.current?.select();
      } else setAlert(messageOf(error));
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The contract's rule (StepUpInputSchema), without carrying the schema library into the host.
    const code = (codeRef.current?.value ?? '').replace(/\s+/g, '');
    if (!CODE_PATTERN.test(code)) {
      setFieldError(SECOND_FACTOR_ERRORS.codeFormat);
      codeRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    void confirm(async () => (await loadSecondFactors()).confirmStepUp({ method: 'totp', code }));
  }

  function usePasskey() {
    void confirm(async () => {
      const factors = await loadSecondFactors();
      // A passkey challenge answers once: a second try needs a new one.
      const current = options?.passkey ? options : await readOptions();
      setOptions(null);
      if (!current.passkey) throw new Error(SECOND_FACTOR_ERRORS.passkeyFailed);
      const response = await factors.getPasskeyAssertion(current.passkey);
      await factors.confirmStepUp({ method: 'passkey', response });
    });
  }

  const methods = options?.methods ?? [];
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) finish(false);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '4', md: '0' }}>
          <Dialog.Content data-testid="step-up-dialog">
            <form onSubmit={submitCode} noValidate>
              <Dialog.Header>
                <Dialog.Title>{SECOND_FACTOR_TEXT.stepUpTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{SECOND_FACTOR_TEXT.stepUpBody}</Dialog.Description>
                  {alert ? <ErrorState message={alert} /> : null}
                  {!options && !alert ? <Spinner size="sm" aria-label="Loading" /> : null}
                  {method === 'totp' && methods.includes('totp') ? (
                    <FormField label={SECOND_FACTOR_TEXT.codeLabel} error={fieldError} disabled={busy}>
                      <Input
                        ref={codeRef}
                        name="code"
                        autoFocus
                        autoComplete="one-time-code"
                        inputMode="numeric"
                        spellCheck={false}
                        maxLength={10}
                      />
                    </FormField>
                  ) : null}
                  {method === 'passkey' ? (
                    <Button colorPalette="blue" loading={busy} onClick={usePasskey} autoFocus>
                      {SECOND_FACTOR_TEXT.usePasskey}
                    </Button>
                  ) : null}
                  {methods.length > 1 ? (
                    <Button
                      variant="plain"
                      size="sm"
                      color="blue.fg"
                      alignSelf="flex-start"
                      px="0"
                      disabled={busy}
                      onClick={() => {
                        setMethod(method === 'totp' ? 'passkey' : 'totp');
                        setFieldError(undefined);
                        setAlert(null);
                      }}
                    >
                      <Text as="span">
                        {method === 'totp' ? SECOND_FACTOR_TEXT.usePasskey : SECOND_FACTOR_TEXT.useCode}
                      </Text>
                    </Button>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => finish(false)} disabled={busy}>
                  Cancel
                </Button>
                {method === 'totp' && methods.includes('totp') ? (
                  <Button type="submit" colorPalette="blue" loading={busy}>
                    {SECOND_FACTOR_TEXT.verify}
                  </Button>
                ) : null}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
