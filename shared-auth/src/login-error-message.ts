import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { LOGIN_ERRORS } from 'shared-contracts';
import { DEFAULT_MESSAGE, isApiError, readErrorBody } from './api-error';

/** Status of a failed call as far as it can be told; 0 means no answer arrived. */
function statusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  if (isHTTPError(error)) return error.response.status;
  if (isNetworkError(error) || isTimeoutError(error)) return 0;
  // fetch rejects with a bare TypeError when the network is down.
  if (error instanceof TypeError) return 0;
  return undefined;
}

function serverText(error: unknown): string | undefined {
  if (isApiError(error)) {
    const text = error.message.trim();
    return text === '' || text === DEFAULT_MESSAGE ? undefined : error.message;
  }
  if (isHTTPError(error)) return readErrorBody(error.data)?.message;
  return undefined;
}

/** The sign-in message for a failed login (401, network, ≥500, 429, else the server's text). */
export function getLoginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return LOGIN_ERRORS.invalidCredentials;
  if (status === 0) return LOGIN_ERRORS.network;
  if (status === 429) return LOGIN_ERRORS.tooManyAttempts;
  if (status !== undefined && status >= 500) return LOGIN_ERRORS.server;
  return serverText(error) ?? LOGIN_ERRORS.fallback;
}
