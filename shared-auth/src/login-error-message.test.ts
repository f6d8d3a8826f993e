import { describe, expect, it } from 'vitest';
import { LOGIN_ERRORS } from 'shared-contracts';
import { ApiError } from './api-error';
import { getLoginErrorMessage } from './login-error-message';

const apiError = (status: number, message = 'Request failed', code = 'X') =>
  new ApiError(message, { status, code });

describe('getLoginErrorMessage', () => {
  it('401 → invalid credentials', () => {
    expect(getLoginErrorMessage(apiError(401, 'Invalid email or password'))).toBe(
      LOGIN_ERRORS.invalidCredentials,
    );
  });

  it('no response or network error → cannot connect', () => {
    expect(getLoginErrorMessage(apiError(0, 'whatever', 'NETWORK_ERROR'))).toBe(LOGIN_ERRORS.network);
    expect(getLoginErrorMessage(new TypeError('Failed to fetch'))).toBe(LOGIN_ERRORS.network);
  });

  it('500 or above → server error', () => {
    expect(getLoginErrorMessage(apiError(500, 'boom'))).toBe(LOGIN_ERRORS.server);
    expect(getLoginErrorMessage(apiError(503))).toBe(LOGIN_ERRORS.server);
  });

  it('429 → too many attempts', () => {
    expect(getLoginErrorMessage(apiError(429, 'slow down'))).toBe(LOGIN_ERRORS.tooManyAttempts);
  });

  it("otherwise → the server's text", () => {
    expect(getLoginErrorMessage(apiError(403, 'This account is disabled.'))).toBe(
      'This account is disabled.',
    );
    expect(getLoginErrorMessage(apiError(400, 'Please enter a valid email address'))).toBe(
      'Please enter a valid email address',
    );
  });

  it('otherwise, without server text → Login failed. Please try again.', () => {
    expect(getLoginErrorMessage(apiError(400))).toBe(LOGIN_ERRORS.fallback);
    expect(getLoginErrorMessage(apiError(418, ''))).toBe(LOGIN_ERRORS.fallback);
    expect(getLoginErrorMessage(new Error('something odd'))).toBe(LOGIN_ERRORS.fallback);
    expect(getLoginErrorMessage(undefined)).toBe(LOGIN_ERRORS.fallback);
  });
});
