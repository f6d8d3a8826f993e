// What the HTTP client does with the API's second-factor refusals: a 403 STEP_UP_REQUIRED asks the
// person to confirm with a factor (the signed-in layout registers the dialog) and sends the request
// again; a 403 MFA_ENROLMENT_REQUIRED sends them to the Security page. Kept small: the sign-in page
// loads this module, the dialog's code is fetched only when it is needed.

/** Where a person adds their second factors (the users section's page for the signed-in person). */
export const SECURITY_PAGE_PATH = '/users/profile/security';

/**
 * Asks the person for a fresh second factor; resolves true once the new access token is stored,
 * false when they cancelled (or have nothing to confirm with).
 */
export type StepUpPrompt = () => Promise<boolean>;

let prompt: StepUpPrompt | null = null;
let enrolmentRequired: (() => void) | null = null;
let inFlight: Promise<boolean> | null = null;
// The access token the last confirmed step-up stored: a request sent before it need not ask again.
let steppedUpToken: string | null = null;

/** Registers the step-up dialog (null: none, and a STEP_UP_REQUIRED answer fails the call as it is). */
export function setStepUpPrompt(fn: StepUpPrompt | null): void {
  prompt = fn;
}

/** Registers what to do on 403 MFA_ENROLMENT_REQUIRED (go to the Security page; null: nothing). */
export function setEnrolmentRequiredHandler(fn: (() => void) | null): void {
  enrolmentRequired = fn;
}

/** Calls the registered enrolment handler, if any. */
export function onEnrolmentRequired(): void {
  enrolmentRequired?.();
}

/**
 * One step-up for however many requests are refused together (a bulk action asks once). `sentToken`
 * is the bearer the refused request carried; `currentToken()` reads the stored one.
 */
export async function stepUpFor(
  sentToken: string | null,
  currentToken: () => string | null,
): Promise<boolean> {
  const stored = currentToken();
  if (!inFlight && stored !== null && stored === steppedUpToken && stored !== sentToken) return true;
  if (!prompt) return false;
  if (!inFlight) {
    const asking = prompt().then((confirmed) => {
      if (confirmed) steppedUpToken = currentToken();
      return confirmed;
    });
    inFlight = asking;
    const settle = (): void => {
      if (inFlight === asking) inFlight = null;
    };
    asking.then(settle, settle);
  }
  try {
    return await inFlight;
  } catch {
    return false;
  }
}

/** Test helper: forget the prompt, the handler and any step-up in flight. */
export function resetStepUpForTests(): void {
  prompt = null;
  enrolmentRequired = null;
  inFlight = null;
  steppedUpToken = null;
}
