// The second step of sign-in: a code from the authenticator app, a passkey or a recovery code.
// Fetched only when a password was right and the person has a second factor, so the sign-in page's
// first JavaScript does not carry it.
import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError, loadSecondFactors } from 'shared-auth';
import {
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  SecondStepInputSchema,
  type SecondStep,
  type SecondStepMethod,
} from 'shared-contracts';
import { safeParse } from 'valibot';
import { FormField } from './form-field';
import { ErrorState } from './states';

/** Props of SecondStepForm. */
export interface SecondStepFormProps {
  secondStep: SecondStep;
  /** Signed in; `mustEnrol` after a recovery code (the person adds a new factor first). */
  onSignedIn: (mustEnrol: boolean) => void;
  /** The ticket is spent or expired: back to the password with this message. */
  onExpired: (message: string) => void;
  /** Back to the password step. */
  onCancel: () => void;
}

const SWITCH_LABEL: Record<SecondStepMethod, string> = {
  totp: SECOND_FACTOR_TEXT.useCode,
  passkey: SECOND_FACTOR_TEXT.usePasskey,
  recovery: SECOND_FACTOR_TEXT.useRecovery,
};

/** The first method offered: the authenticator app, else a passkey, else a recovery code. */
function firstMethod(methods: readonly SecondStepMethod[]): SecondStepMethod {
  if (methods.includes('totp')) return 'totp';
  if (methods.includes('passkey')) return 'passkey';
  return 'recovery';
}

/** The field's message of a refused code, or null when the refusal is about something else. */
function fieldMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return error.fields?.code ?? null;
}

/**
 * The second step's card: heading, the code (autofocus, one-time-code, paste allowed) or the
 * passkey button, and links to the person's other methods.
 */
export function SecondStepForm({ secondStep, onSignedIn, onExpired, onCancel }: SecondStepFormProps) {
  const { ticket, methods } = secondStep;
  const [method, setMethod] = useState<SecondStepMethod>(() => firstMethod(methods));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  async function attempt(run: () => Promise<{ mustEnrol: boolean }>) {
    setBusy(true);
    setAlert(null);
    try {
      const { mustEnrol } = await run();
      onSignedIn(mustEnrol);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 401) {
        onExpired(error.message || SECOND_FACTOR_ERRORS.ticketExpired);
        return;
      }
      const inField = fieldMessage(error);
      if (inField && method !== 'passkey') {
        setFieldError(inField);
        codeRef.current?.focus();
        codeRef.current?.select();
        return;
      }
      // A browser that refused or timed out the passkey ceremony says so in its own words; ours are clearer.
      setAlert(isApiError(error) ? error.message : SECOND_FACTOR_ERRORS.passkeyFailed);
    }
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || method === 'passkey') return;
    const parsed = safeParse(SecondStepInputSchema, {
      method,
      ticket,
      // Apps show a code as '123 456'; a pasted one keeps the space.
      code: (codeRef.current?.value ?? '').replace(method === 'totp' ? /\s+/g : /^$/, ''),
    });
    if (!parsed.success) {
      setFieldError(parsed.issues[0]?.message);
      codeRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    const input = parsed.output;
    void attempt(async () => (await loadSecondFactors()).finishSecondStep(input));
  }

  function usePasskey() {
    void attempt(async () => {
      const factors = await loadSecondFactors();
      const options = await factors.secondStepPasskeyOptions(ticket);
      const response = await factors.getPasskeyAssertion(options);
      return factors.finishSecondStep({ method: 'passkey', ticket, response });
    });
  }

  function switchTo(next: SecondStepMethod) {
    setMethod(next);
    setFieldError(undefined);
    setAlert(null);
  }

  const isCode = method === 'totp';
  return (
    <Card.Root as="main" variant="elevated" size={{ base: 'md', md: 'lg' }}>
      <Card.Header gap="1">
        <Heading as="h1" size="xl">
          {SECOND_FACTOR_TEXT.secondStepTitle}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submitCode} noValidate aria-label={SECOND_FACTOR_TEXT.secondStepTitle}>
          <Stack gap="4">
            {alert ? <ErrorState message={alert} /> : null}
            {method === 'passkey' ? (
              <Button colorPalette="blue" size="lg" w="full" loading={busy} onClick={usePasskey} autoFocus>
                {SECOND_FACTOR_TEXT.usePasskey}
              </Button>
            ) : (
              <>
                <FormField
                  label={isCode ? SECOND_FACTOR_TEXT.codeLabel : SECOND_FACTOR_TEXT.recoveryLabel}
                  error={fieldError}
                  disabled={busy}
                >
                  <Input
                    key={method}
                    ref={codeRef}
                    name="code"
                    autoFocus
                    autoComplete="one-time-code"
                    inputMode={isCode ? 'numeric' : 'text'}
                    autoCapitalize={isCode ? 'none' : 'characters'}
                    spellCheck={false}
                    maxLength={isCode ? 10 : 20}
                    placeholder={isCode ? '123456' : 'K7Q2M-9XWTR'}
                  />
                </FormField>
                <Button type="submit" colorPalette="blue" size="lg" w="full" loading={busy}>
                  {SECOND_FACTOR_TEXT.verify}
                </Button>
              </>
            )}
            <Stack gap="1" align="center">
              {methods
                .filter((other) => other !== method)
                .map((other) => (
                  <Button
                    key={other}
                    variant="plain"
                    size="sm"
                    color="blue.fg"
                    disabled={busy}
                    onClick={() => switchTo(other)}
                  >
                    {SWITCH_LABEL[other]}
                  </Button>
                ))}
            </Stack>
          </Stack>
        </form>
      </Card.Body>
      <Card.Footer justifyContent="center">
        <Button variant="plain" size="sm" color="fg.muted" onClick={onCancel} disabled={busy}>
          <Text as="span">{SECOND_FACTOR_TEXT.backToSignIn}</Text>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
