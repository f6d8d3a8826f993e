import { AUTH_ERRORS, LOGIN_ERRORS, type AuthResult, type SecondStep, type User } from 'shared-contracts';
import { startTransition } from 'react';
import { ApiError, isApiError } from './api-error';
import { request } from './api';
import {
  clearSessionUser,
  sessionStore,
  sessionAtom,
  isLoadingAtom,
  setSessionLoading,
  setSessionUser,
} from './session-store';
import { tokenStorage } from './token-storage';

// Codes the server (or the refresh logic) uses when the credentials themselves are the problem.
const AUTH_ERROR_CODES = new Set([
  'UNAUTHORIZED',
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'NO_REFRESH_TOKEN',
  'REFRESH_FAILED',
  'SESSION_EXPIRED',
  'ACCOUNT_DISABLED',
]);

function isAuthFailure(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 401 || error.status === 403 || AUTH_ERROR_CODES.has(error.code))
  );
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as Partial<User>).email === 'string';
}

function invalidAnswer(message: string): ApiError {
  return new ApiError(message, { status: 200, code: 'INVALID_RESPONSE' });
}

// Bumped by login and logout so a slower start-up check cannot overwrite what the user just did.
let sessionVersion = 0;
let initialization: Promise<void> | null = null;

async function fetchCurrentUser(authRedirect: boolean): Promise<User> {
  const { data } = await request('get', '/api/auth/me', {
    fallbackMessage: AUTH_ERRORS.currentUserFailed,
    context: { authRedirect },
  });
  if (!isUser(data)) throw invalidAnswer(AUTH_ERRORS.currentUserFailed);
  return data;
}

/** What a right password leads to when the person has a second factor: no session yet, a ticket. */
export interface SecondStepNeeded {
  secondStep: SecondStep;
}

/** Starts the session of a sign-in's answer: stores both tokens and the user; throws on a malformed answer. */
export function beginSession(answer: Partial<AuthResult> | null): User {
  if (!answer || !isUser(answer.user) || !answer.tokens?.accessToken || !answer.tokens.refreshToken) {
    throw invalidAnswer(LOGIN_ERRORS.fallback);
  }
  sessionVersion += 1;
  tokenStorage.setTokens(answer.tokens);
  setSessionUser(answer.user);
  setSessionLoading(false);
  return answer.user;
}

function isSecondStep(value: unknown): value is SecondStepNeeded {
  const step = (value as Partial<SecondStepNeeded> | null)?.secondStep;
  return typeof step?.ticket === 'string' && Array.isArray(step.methods);
}

/**
 * Signs in: stores both tokens and the user, or — for a person with a second factor — answers the
 * second step's ticket without starting a session; throws ApiError (see getLoginErrorMessage).
 */
export async function login(email: string, password: string): Promise<User | SecondStepNeeded> {
  const { data } = await request('post', '/api/auth/login', {
    json: { email, password },
    fallbackMessage: LOGIN_ERRORS.fallback,
  });
  if (isSecondStep(data)) return { secondStep: data.secondStep };
  return beginSession(data as Partial<AuthResult> | null);
}

/** Signs out on the server with the refresh token, then clears tokens and user even if that call failed. */
export async function logout(): Promise<void> {
  sessionVersion += 1;
  const refreshToken = tokenStorage.getRefreshToken();
  try {
    await request('post', '/api/auth/logout', {
      json: refreshToken ? { refreshToken } : undefined,
      context: { authRedirect: false },
    });
  } catch {
    // Signing out locally is what the user asked for; a dead server must not keep them in.
  } finally {
    tokenStorage.clear();
    clearSessionUser();
    setSessionLoading(false);
  }
}

/** Re-reads the signed-in user from GET /api/auth/me (after a profile change, say). */
export async function refreshUser(): Promise<void> {
  const version = sessionVersion;
  const user = await fetchCurrentUser(true);
  if (version === sessionVersion && tokenStorage.getAccessToken()) setSessionUser(user);
}

async function runInitialization(): Promise<void> {
  const version = sessionVersion;
  // Someone already signed in or out here (a remote's own sign-in page, say): that is the answer.
  if (version > 0) {
    setSessionLoading(false);
    return;
  }
  setSessionLoading(true);
  if (!tokenStorage.getAccessToken()) {
    clearSessionUser();
    setSessionLoading(false);
    return;
  }
  // What the check found, applied at the end together with the end of loading.
  let settle = clearSessionUser;
  try {
    // No navigation from here: RequireAuth sends the visitor to /login and remembers the page.
    const user = await fetchCurrentUser(false);
    if (version === sessionVersion) settle = () => setSessionUser(user);
    else settle = () => {};
  } catch (error) {
    if (version !== sessionVersion) settle = () => {};
    else if (isAuthFailure(error)) tokenStorage.clear();
  } finally {
    // The signed-in shell's first render (sidebar, the section, its list) is the biggest piece of
    // work of a page load: as a transition React renders it in short slices instead of one long task.
    // The user and the end of loading change in the same transition, so no render sees one without
    // the other (and sends a signed-in visitor to the sign-in page).
    startTransition(() => {
      settle();
      setSessionLoading(false);
    });
  }
}

/** Start-up check (stored token → GET /api/auth/me); runs once however often host and remotes call it. */
export function initializeSession(): Promise<void> {
  initialization ??= runInitialization();
  return initialization;
}

/** Test helper: forget the memoized start-up check and return to a fresh, loading, anonymous session. */
export function resetSessionForTests(): void {
  initialization = null;
  sessionVersion = 0;
  sessionStore.set(sessionAtom, { user: null, isAuthenticated: false });
  sessionStore.set(isLoadingAtom, true);
}
