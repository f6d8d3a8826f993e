import { STORAGE_KEYS, type AuthTokens } from 'shared-contracts';
import { forgetAnswers } from './conditional-reads';

// localStorage can throw (privacy modes, quota, sandboxed iframes): treat that as "no token"
// rather than crashing the console.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing useful to do: the session simply will not survive a reload.
  }
}

/** Access and refresh tokens in localStorage under `auth_token` / `refresh_token`. */
export const tokenStorage = {
  /** The stored access token, or null. */
  getAccessToken(): string | null {
    return read(STORAGE_KEYS.accessToken);
  },
  /** The stored refresh token, or null. */
  getRefreshToken(): string | null {
    return read(STORAGE_KEYS.refreshToken);
  },
  /** Stores both tokens (after sign-in or a refresh). */
  setTokens(tokens: AuthTokens): void {
    write(STORAGE_KEYS.accessToken, tokens.accessToken);
    write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    // Empty when absent (an older server): the idle watch then uses 30 minutes.
    write(STORAGE_KEYS.idleTimeout, String(tokens.idleTimeoutSeconds ?? ''));
  },
  /** Replaces only the access token (after a step-up or a new factor: the refresh token stays). */
  setAccessToken(accessToken: string): void {
    write(STORAGE_KEYS.accessToken, accessToken);
  },
  /** Forgets both tokens. */
  clear(): void {
    write(STORAGE_KEYS.accessToken, null);
    write(STORAGE_KEYS.refreshToken, null);
    forgetAnswers();
  },
};
