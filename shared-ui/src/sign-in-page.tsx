// The sign-in screen, used by the host at /login and by each remote's standalone QA shell.
import { Alert, Button, Card, Center, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import {
  getLoginErrorMessage,
  getRedirectTarget,
  initializeSession,
  SECURITY_PAGE_PATH,
  useAuth,
} from 'shared-auth';
import {
  AUTH_ERRORS,
  ERROR_CODES,
  LOGIN_FAILURE_WARNING_THRESHOLD,
  UI_TEXT,
  type SecondStep,
} from 'shared-contracts';
import { FormField } from './form-field';
import type { SignInValues } from './sign-in-validation';
import { FullPageSpinner } from './states';

// The second step's code is fetched only for a person who has a second factor.
const SecondStepForm = lazy(() => import('./second-step-form').then((m) => ({ default: m.SecondStepForm })));

/** Field labels and the e-mail placeholder (an example address, not a real account). */
export const SIGN_IN_LABELS = {
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
} as const;

/** A failure whose message contains this text moves focus back to the e-mail field. */
const INVALID_CREDENTIALS_MARKER = 'Invalid email or password';
/** Delay before that focus, so it lands after the fields are enabled again. */
const REFOCUS_DELAY_MS = 100;

// The shared LoginSchema and its schema library are fetched when the form is first focused (and at
// the latest on submit), not with the page: they would take 4 KB of its JavaScript budget.
const loadValidation = () => import('./sign-in-validation');

/**
 * What to say when the console sent the user here because their session reached its time limit:
 * the console's own words when it gave some (signed out for inactivity), else that it ended.
 */
function sessionEndNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { reason, notice } = state as { reason?: unknown; notice?: unknown };
  if (reason !== ERROR_CODES.sessionExpired) return null;
  return typeof notice === 'string' && notice !== '' ? notice : AUTH_ERRORS.sessionExpired;
}

/** Props of SignInPage. */
export interface SignInPageProps {
  /** Product label shown above the card, e.g. 'Agent API'. */
  productName?: string;
}

/**
 * The whole sign-in screen: validated on submit, failure counter and warning, redirect on success.
 * Two uncontrolled fields validated with the shared LoginSchema: no form library, so the sign-in page
 * (the first load of the console) does not carry one.
 */
export function SignInPage({ productName }: SignInPageProps) {
  const { isAuthenticated, isLoading, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const navigatedRef = useRef(false);
  const focusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [errors, setErrors] = useState<Partial<SignInValues>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  // Memoized in shared-auth: starts the session check if the app has not (a stored token → /login
  // must still end in a redirect, not a spinner forever).
  useEffect(() => {
    void initializeSession();
  }, []);
  useEffect(() => () => clearTimeout(focusTimer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    let validate: Awaited<ReturnType<typeof loadValidation>>['validate'];
    try {
      ({ validate } = await loadValidation());
    } catch (error) {
      // The rules' chunk did not arrive (offline, or a release replaced it): say so, never stay mute.
      setSubmitError(getLoginErrorMessage(error));
      return;
    }
    const { output, errors: invalid } = validate({
      email: fields.email.current?.value ?? '',
      password: fields.password.current?.value ?? '',
    });
    setErrors(invalid);
    if (!output) {
      fields[invalid.email ? 'email' : 'password'].current?.focus();
      return;
    }
    const { email, password } = output;
    setSubmitError(null);
    clearTimeout(focusTimer.current);
    setSubmitting(true);
    try {
      const answer = await login(email, password);
      setFailures(0);
      if ('secondStep' in answer) {
        setSecondStep(answer.secondStep);
        return;
      }
      navigatedRef.current = true;
      navigate(getRedirectTarget(location.state), { replace: true });
    } catch (error) {
      const message = getLoginErrorMessage(error);
      setSubmitError(message);
      setFailures((count) => count + 1);
      if (message.includes(INVALID_CREDENTIALS_MARKER)) {
        focusTimer.current = setTimeout(() => {
          // Someone already typing in a field keeps their focus; the jump is only for the idle form.
          const active = document.activeElement;
          if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) return;
          fields.email.current?.focus();
        }, REFOCUS_DELAY_MS);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const afterSecondStep = (mustEnrol: boolean) => {
    navigatedRef.current = true;
    // After a recovery code the person adds a new factor before anything else.
    if (mustEnrol) navigate(SECURITY_PAGE_PATH, { replace: true, state: { mustEnrol: true } });
    else navigate(getRedirectTarget(location.state), { replace: true });
  };
  const backToPassword = (message: string | null) => {
    setSecondStep(null);
    setSubmitError(message);
  };

  if (isAuthenticated && !navigatedRef.current && !secondStep) {
    return <Navigate to={getRedirectTarget(location.state)} replace />;
  }
  if (isLoading && !isSubmitting) return <FullPageSpinner />;
  const endNotice = sessionEndNotice(location.state);

  return (
    <Center
      minH="100dvh"
      px={{ base: '4', md: '6' }}
      py="10"
      bgGradient="to-b"
      gradientFrom="blue.subtle"
      gradientTo="bg.muted"
    >
      <Stack gap="6" w="full" maxW="md">
        <Stack direction="row" align="center" justify="center" gap="3">
          <Center
            boxSize="10"
            borderRadius="l3"
            bg="blue.solid"
            color="blue.contrast"
            fontWeight="bold"
            aria-hidden
          >
            {(productName ?? 'A').charAt(0).toUpperCase()}
          </Center>
          {productName ? (
            <Text fontWeight="semibold" fontSize="lg">
              {productName}
            </Text>
          ) : null}
        </Stack>

        {secondStep ? (
          <Suspense fallback={<FullPageSpinner />}>
            <SecondStepForm
              secondStep={secondStep}
              onSignedIn={afterSecondStep}
              onExpired={backToPassword}
              onCancel={() => backToPassword(null)}
            />
          </Suspense>
        ) : (
          <Card.Root as="main" variant="elevated" size={{ base: 'md', md: 'lg' }}>
            <Card.Header gap="1">
              <Heading as="h1" size="xl">
                {UI_TEXT.signInTitle}
              </Heading>
              <Text color="fg.muted">{UI_TEXT.signInHint}</Text>
            </Card.Header>

            <Card.Body>
              <form
                onSubmit={(event) => void onSubmit(event)}
                onFocus={() => void loadValidation()}
                noValidate
                aria-label={UI_TEXT.signInTitle}
              >
                <Stack gap="4">
                  {!submitError && endNotice ? (
                    <Alert.Root status="info" role="status">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{endNotice}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {submitError ? (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Description>{submitError}</Alert.Description>
                        {failures >= LOGIN_FAILURE_WARNING_THRESHOLD ? (
                          <Alert.Description fontWeight="medium" mt="1">
                            {UI_TEXT.multipleFailures}
                          </Alert.Description>
                        ) : null}
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}

                  <FormField label={SIGN_IN_LABELS.email} error={errors.email} disabled={isSubmitting}>
                    <Input
                      type="email"
                      inputMode="email"
                      autoComplete="username"
                      autoCapitalize="none"
                      spellCheck={false}
                      placeholder={SIGN_IN_LABELS.emailPlaceholder}
                      name="email"
                      ref={fields.email}
                    />
                  </FormField>

                  <FormField label={SIGN_IN_LABELS.password} error={errors.password} disabled={isSubmitting}>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      placeholder={UI_TEXT.passwordPlaceholder}
                      name="password"
                      ref={fields.password}
                    />
                  </FormField>

                  <Button
                    type="submit"
                    colorPalette="blue"
                    size="lg"
                    w="full"
                    loading={isSubmitting}
                    loadingText={UI_TEXT.signingIn}
                  >
                    {UI_TEXT.signIn}
                  </Button>
                </Stack>
              </form>
            </Card.Body>

            <Card.Footer justifyContent="center">
              <Text fontSize="sm" color="fg.muted" textAlign="center">
                {UI_TEXT.signInFooter}
              </Text>
            </Card.Footer>
          </Card.Root>
        )}
      </Stack>
    </Center>
  );
}
