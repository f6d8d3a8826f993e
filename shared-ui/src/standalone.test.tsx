import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startLiveEvents } from 'shared-auth';
import { StandaloneApp } from './standalone';
import { UiProvider } from './ui-provider';

const auth = vi.hoisted(() => ({
  user: { email: 'admin@example.com', role: 'ADMIN' } as null | { email: string; role: string },
  isAuthenticated: true,
  isLoading: false,
  login: vi.fn(),
  logout: vi.fn(async () => undefined),
}));

vi.mock('shared-auth', () => ({
  useAuth: () => auth,
  RequireAuth: ({ children }: { children: ReactNode }) => <>{children}</>,
  initializeSession: vi.fn(async () => undefined),
  configureHttp: vi.fn(),
  setNavigator: vi.fn(),
  startLiveEvents: vi.fn(() => () => undefined),
  getLoginErrorMessage: () => 'failed',
  getRedirectTarget: () => '/dashboard',
}));

const routes = [
  { index: true, element: <p>User list</p> },
  { path: ':id', element: <p>User detail</p> },
];

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <UiProvider>
      <StandaloneApp title="Users" basePath="/users" routes={routes} />
    </UiProvider>,
  );
}

beforeEach(() => {
  auth.isAuthenticated = true;
  auth.logout.mockClear();
  auth.logout.mockImplementation(async () => {
    auth.isAuthenticated = false;
  });
});

describe('StandaloneApp', () => {
  it("renders the section's routes under basePath inside a header with the user and Sign out", async () => {
    renderAt('/users/7');
    expect(await screen.findByText('User detail')).toBeTruthy();
    expect(screen.getByText('Users')).toBeTruthy();
    expect(screen.getByText('admin@example.com')).toBeTruthy();
    expect(screen.getByText('ADMIN')).toBeTruthy();
    // Run alone, the section opens the tab's live event stream itself.
    expect(vi.mocked(startLiveEvents)).toHaveBeenCalled();
  });

  it('sends any other path to basePath', async () => {
    renderAt('/dashboard');
    expect(await screen.findByText('User list')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/users'));
  });

  it('signs out and goes to /login', async () => {
    renderAt('/users');
    await screen.findByText('User list');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    expect(auth.logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeTruthy();
  });
});
