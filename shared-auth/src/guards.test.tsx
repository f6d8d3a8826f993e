import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { initializeSession } from './auth-actions';
import { getRedirectTarget } from './redirect-target';
import { RequireAuth, RequireRole } from './guards';
import { clearSessionUser, setSessionLoading, setSessionUser } from './session-store';
import { useAuth, useHasRole } from './use-session';
import { tokenStorage } from './token-storage';
import { installFakeApi, ok, resetAll, TEST_USER } from './testing/fake-api';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, back to {getRedirectTarget(location.state)}</p>;
}

/** A stored token and a successful start-up check, as after a reload of a signed-in page. */
async function signIn() {
  tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
  installFakeApi({ 'GET /api/auth/me': () => ok(TEST_USER) });
  await initializeSession();
}

function renderProtected(initialPath: string) {
  return render(
    <MemoryRouter initialEntries={[initialPath]}>
      <Routes>
        <Route path="/login" element={<LoginProbe />} />
        <Route
          path="*"
          element={
            <RequireAuth loadingFallback={<p>Loading...</p>}>
              <p>secret page</p>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetAll();
  // RequireAuth starts the (memoized) session check; with no token it needs no network.
  installFakeApi({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('shows the loading fallback while the session is checked', () => {
    // Keep the check pending: a token is stored and /me never answers.
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderProtected('/companies');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('sends an anonymous visitor to /login, remembering the page', async () => {
    setSessionLoading(false);
    renderProtected('/companies/5/edit?tab=qb#top');
    expect(await screen.findByText('login page, back to /companies/5/edit?tab=qb#top')).toBeTruthy();
  });

  it('renders the page for a signed-in user', async () => {
    await signIn();
    renderProtected('/companies');
    expect(screen.getByText('secret page')).toBeTruthy();
  });

  it('leaves the page when the session ends', async () => {
    await signIn();
    renderProtected('/users');
    expect(screen.getByText('secret page')).toBeTruthy();
    act(() => clearSessionUser());
    expect(await screen.findByText('login page, back to /users')).toBeTruthy();
  });

  it('runs the start-up check itself when the app did not', async () => {
    tokenStorage.setTokens({ accessToken: 'a', refreshToken: 'r' });
    installFakeApi({ 'GET /api/auth/me': () => ok(TEST_USER) });
    renderProtected('/dashboard');
    expect(await screen.findByText('secret page')).toBeTruthy();
  });
});

describe('RequireRole and useHasRole', () => {
  function RoleProbe() {
    return <p>moderator: {String(useHasRole('MODERATOR'))}</p>;
  }
  function renderForRole() {
    return render(
      <>
        <RequireRole role="MODERATOR" fallback={<p>Access Denied</p>}>
          <p>edit form</p>
        </RequireRole>
        <RoleProbe />
      </>,
    );
  }

  it('renders children for an equal or higher role', () => {
    setSessionUser({ ...TEST_USER, role: 'MODERATOR' });
    renderForRole();
    expect(screen.getByText('edit form')).toBeTruthy();
    expect(screen.getByText('moderator: true')).toBeTruthy();
    cleanup();
    setSessionUser({ ...TEST_USER, role: 'ADMIN' });
    renderForRole();
    expect(screen.getByText('edit form')).toBeTruthy();
  });

  it('renders the fallback for a lower or unknown role, or nobody', () => {
    setSessionUser({ ...TEST_USER, role: 'USER' });
    renderForRole();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('moderator: false')).toBeTruthy();
    cleanup();
    setSessionUser({ ...TEST_USER, role: 'SUPERUSER' as never });
    renderForRole();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    cleanup();
    clearSessionUser();
    renderForRole();
    expect(screen.getByText('Access Denied')).toBeTruthy();
  });
});

describe('useAuth', () => {
  it('signs in and out through the hook, re-rendering with the session', async () => {
    installFakeApi({
      'POST /api/auth/login': () => ok({ user: TEST_USER, tokens: { accessToken: 'a', refreshToken: 'r' } }),
      'POST /api/auth/logout': () => ok(null),
    });
    let auth: ReturnType<typeof useAuth> | undefined;
    function Probe() {
      auth = useAuth();
      return <p>{auth.user ? `hello ${auth.user.email}` : 'anonymous'}</p>;
    }
    setSessionLoading(false);
    render(<Probe />);
    expect(screen.getByText('anonymous')).toBeTruthy();
    await act(async () => {
      await auth?.login('admin@example.com', 'Password123!');
    });
    expect(screen.getByText('hello admin@example.com')).toBeTruthy();
    expect(auth?.isAuthenticated).toBe(true);
    await act(async () => {
      await auth?.logout();
    });
    expect(screen.getByText('anonymous')).toBeTruthy();
  });
});
