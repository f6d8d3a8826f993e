// What the HTTP client does with the API's second-factor refusals once the signed-in console
// installs it: a 403 STEP_UP_REQUIRED asks the person to confirm with a factor (the layout's
// dialog) and sends the request again; a 403 MFA_ENROLMENT_REQUIRED sends them to the Security
// page. Part of the lazily loaded second-factor module: the sign-in page carries none of it.
import { ERROR_CODES } from 'shared-contracts';
import { readErrorBody } from './api-error';
import { bearerOf, setRefusalHandler } from './http';
import { tokenStorage } from './token-storage';

// A refused step-up itself must never ask for a step-up.
const STEP_UP_PATH = '/api/auth/step-up';

/**
 * Asks the person for a fresh second factor; resolves true once the new access token is stored,
 * false when they cancelled (or have nothing to confirm with).
 */
export type StepUpPrompt = () => Promise<boolean>;

/** What the console does for each refusal. */
export interface SecondFactorRefusals {
  prompt: StepUpPrompt;
  /** 403 MFA_ENROLMENT_REQUIRED: go to the Security page. */
  enrolmentRequired: () => void;
}

let inFlight: Promise<boolean> | null = null;
// The access token the last confirmed step-up stored: a request sent before it need not ask again.
let steppedUpToken: string | null = null;

/** One step-up for however many requests are refused together (a bulk action asks once). */
async function stepUpFor(sentToken: string | null, prompt: StepUpPrompt): Promise<boolean> {
  const stored = tokenStorage.getAccessToken();
  if (!inFlight && stored !== null && stored === steppedUpToken && stored !== sentToken) return true;
  if (!inFlight) {
    const asking = prompt().then((confirmed) => {
      if (confirmed) steppedUpToken = tokenStorage.getAccessToken();
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

/** The `error.code` of a JSON failure answer, read from a copy so the caller can still read it. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return readErrorBody(body)?.code;
}

/**
 * Installs the answers to the second-factor refusals in the HTTP client; returns the uninstall.
 * STEP_UP_REQUIRED → `prompt`, then the same request with the new token (Cancel: the call fails
 * with the API's error); MFA_ENROLMENT_REQUIRED → `enrolmentRequired`, and the call fails.
 */
export function installSecondFactorRefusals({ prompt, enrolmentRequired }: SecondFactorRefusals): () => void {
  const handler = async (request: Request, response: Response): Promise<Request | undefined> => {
    const code = await errorCodeOf(response);
    if (code === ERROR_CODES.mfaEnrolmentRequired) {
      enrolmentRequired();
      return undefined;
    }
    if (code !== ERROR_CODES.stepUpRequired) return undefined;
    if (new URL(request.url, window.location.href).pathname.startsWith(STEP_UP_PATH)) return undefined;
    const confirmed = await stepUpFor(bearerOf(request), prompt);
    const token = tokenStorage.getAccessToken();
    if (!confirmed || !token) return undefined;
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return new Request(request, { headers });
  };
  setRefusalHandler(handler);
  return () => {
    setRefusalHandler(null);
    inFlight = null;
    steppedUpToken = null;
  };
}
