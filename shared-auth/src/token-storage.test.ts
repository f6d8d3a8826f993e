import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from './token-storage';

beforeEach(() => window.localStorage.clear());

describe('tokenStorage', () => {
  it('stores the tokens under auth_token and refresh_token', () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(window.localStorage.getItem('auth_token')).toBe('a');
    expect(window.localStorage.getItem('refresh_token')).toBe('r');
    expect(tokenStorage.getAccessToken()).toBe('a');
    expect(tokenStorage.getRefreshToken()).toBe('r');
  });

  it('keeps the idle limit the server gave with the tokens (empty when it gave none)', () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r', idleTimeoutSeconds: 1800 });
    expect(window.localStorage.getItem('session_idle_timeout')).toBe('1800');
    tokenStorage.setTokens({ accessToken: 'b', refreshToken: 's' });
    expect(window.localStorage.getItem('session_idle_timeout')).toBe('');
  });

  it('clears both and leaves other keys alone', () => {
    window.localStorage.setItem('unrelated', 'keep');
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    tokenStorage.clear();
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('keep');
  });
});
