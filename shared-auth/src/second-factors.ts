// The second factor calls every screen shares: the second step of sign-in, the step-up
// confirmation, and the browser's passkey ceremonies (their library is fetched only when used).
import {
  LOGIN_ERRORS,
  SECOND_FACTOR_ERRORS,
  type SecondStepInput,
  type SecondStepResult,
  type StepUpInput,
  type StepUpOptions,
  type StepUpResult,
  type User,
  type WebAuthnOptions,
} from 'shared-contracts';
import type * as PasskeyBrowserModule from '@simplewebauthn/browser';
import { request } from './api';
import { beginSession } from './auth-actions';
import { tokenStorage } from './token-storage';

export { installSecondFactorRefusals } from './step-up';

type PasskeyBrowser = typeof PasskeyBrowserModule;
let browserLibrary: Promise<PasskeyBrowser> | null = null;
const passkeyBrowser = (): Promise<PasskeyBrowser> => (browserLibrary ??= import('@simplewebauthn/browser'));

/** What the browser answers a passkey request with, as the API takes it. */
export type WebAuthnAnswer = Record<string, unknown> & {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
};

/** The person's answer to a passkey request (an assertion), for a second step or a step-up. */
export async function getPasskeyAssertion(options: Record<string, unknown>): Promise<WebAuthnAnswer> {
  const { startAuthentication } = await passkeyBrowser();
  const answer = await startAuthentication({ optionsJSON: options as never });
  return answer as unknown as WebAuthnAnswer;
}

/** A new passkey made by the browser for registration options from the server. */
export async function createPasskey(options: Record<string, unknown>): Promise<WebAuthnAnswer> {
  const { startRegistration } = await passkeyBrowser();
  const answer = await startRegistration({ optionsJSON: options as never });
  return answer as unknown as WebAuthnAnswer;
}

/** POST /api/auth/second-step/passkey-options: a passkey challenge for this sign-in's ticket. */
export async function secondStepPasskeyOptions(ticket: string): Promise<Record<string, unknown>> {
  const { data } = await request('post', '/api/auth/second-step/passkey-options', {
    json: { ticket },
    fallbackMessage: SECOND_FACTOR_ERRORS.passkeyFailed,
    context: { authRedirect: false },
  });
  return (data as WebAuthnOptions).options;
}

/**
 * POST /api/auth/second-step: finishes a sign-in with a code, passkey or recovery code, and starts
 * the session as a one-step sign-in does. `mustEnrol`: a recovery code was used; the console sends
 * the person to add a new factor.
 */
export async function finishSecondStep(input: SecondStepInput): Promise<{ user: User; mustEnrol: boolean }> {
  const { data } = await request('post', '/api/auth/second-step', {
    json: input,
    fallbackMessage: LOGIN_ERRORS.fallback,
    context: { authRedirect: false },
  });
  const result = data as SecondStepResult;
  const user = beginSession(result);
  return { user, mustEnrol: result.mustEnrol === true };
}

/** POST /api/auth/step-up/options: what the signed-in person can confirm with now. */
export async function stepUpOptions(): Promise<StepUpOptions> {
  const { data } = await request('post', '/api/auth/step-up/options', {
    fallbackMessage: SECOND_FACTOR_ERRORS.stepUpRequired,
  });
  return data as StepUpOptions;
}

/** POST /api/auth/step-up: a second factor given again; the new access token replaces the stored one. */
export async function confirmStepUp(input: StepUpInput): Promise<void> {
  const { data } = await request('post', '/api/auth/step-up', {
    json: input,
    fallbackMessage: SECOND_FACTOR_ERRORS.stepUpRequired,
  });
  tokenStorage.setAccessToken((data as StepUpResult).accessToken);
}
