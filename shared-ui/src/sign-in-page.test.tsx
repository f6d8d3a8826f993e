import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  AUTH_ERRORS,
  LOGIN_ERRORS,
  SECOND_FACTOR_ERRORS,
  SECOND_FACTOR_TEXT,
  UI_TEXT,
  VALIDATION,
} from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from './sign-in-page';
import { renderWithProviders } from './test-utils';

const auth = vi.hoisted(() => ({
  user: null as null | { email: string },
  isAuthenticated: false,
  isLoading: false,
  login: vi.fn<(email: string, password: string) => Promise<unknown>>(),
  logout: vi.fn(),
}));

const secondFactors = vi.hoisted(() => ({
  finish: vi.fn<(input: unknown) => Promise<{ mustEnrol: boolean }>>(),
}));

vi.mock('shared-auth', () => ({
  useAuth: () => auth,
  initializeSession: vi.fn(async () => undefined),
  getLoginErrorMessage: (error: unknown) =>
    error instanceof Error ? error.message : 'Login failed. Please try again.',
  isApiError: (error: unknown) => error instanceof Error && error.name === 'ApiError',
  loadSecondFactors: async () => ({ finishSecondStep: secondFactors.finish }),
  SECURITY_PAGE_PATH: '/users/profile/security',
  getRedirectTarget: (state: unknown) =>
    (state as { from?: { pathname?: string } } | null)?.from?.pathname ?? '/dashboard',
}));

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: UI_TEXT.signIn });

function fill(email: string, password: string) {
  fireEvent.input(emailInput(), { target: { value: email } });
  fireEvent.input(passwordInput(), { target: { value: password } });
}

function renderLogin(state?: unknown) {
  return renderWithProviders(<SignInPage productName="Agent API" />, {
    path: '/login',
    initialEntries: [{ pathname: '/login', state }],
  });
}

beforeEach(() => {
  auth.isAuthenticated = false;
  auth.isLoading = false;
  auth.login.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SignInPage', () => {
  it('shows its texts with labelled fields and autocomplete hints', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: UI_TEXT.signInTitle })).toBeTruthy();
    expect(screen.getByText(UI_TEXT.signInHint)).toBeTruthy();
    expect(screen.getByText(UI_TEXT.signInFooter)).toBeTruthy();
    expect(emailInput().getAttribute('autocomplete')).toBe('username');
    expect(passwordInput().getAttribute('autocomplete')).toBe('current-password');
    expect(passwordInput().getAttribute('placeholder')).toBe(UI_TEXT.passwordPlaceholder);
    expect(passwordInput().type).toBe('password');
  });

  it('validates on submit only, showing the schema messages under each field', async () => {
    renderLogin();
    fireEvent.input(emailInput(), { target: { value: 'not-an-email' } });
    fireEvent.blur(emailInput());
    expect(screen.queryByText(VALIDATION.email)).toBeNull();

    fireEvent.click(submitButton());
    const emailError = await screen.findByText(VALIDATION.email);
    const passwordError = await screen.findByText(VALIDATION.loginPassword);
    expect(auth.login).not.toHaveBeenCalled();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
    // Each input is described by the element holding its message.
    await waitFor(() => {
      const describedBy = emailInput().getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.contains(emailError)).toBe(true);
    });
    await waitFor(() => {
      const describedBy = passwordInput().getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.contains(passwordError)).toBe(true);
    });

    // Still on submit only: fixing the value does not clear the message until the next submit.
    fireEvent.input(emailInput(), { target: { value: 'admin@example.com' } });
    expect(screen.getByText(VALIDATION.email)).toBeTruthy();
  });

  it('signs in with the normalised e-mail and goes to the remembered page, replacing /login', async () => {
    auth.login.mockResolvedValue({ email: 'admin@example.com' });
    renderLogin({ from: { pathname: '/companies/1' } });
    fill('  Admin@Example.com ', 'Password123!');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(auth.login).toHaveBeenCalledWith('admin@example.com', 'Password123!');
  });

  it('asks a person with a second factor for it before going to the remembered page', async () => {
    auth.login.mockResolvedValue({
      secondStep: { ticket: 't-1', methods: ['totp'], expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    secondFactors.finish.mockImplementation(async () => {
      auth.isAuthenticated = true;
      return { mustEnrol: false };
    });
    renderLogin({ from: { pathname: '/companies/1' } });
    fill('admin@example.com', 'Password123!');
    fireEvent.click(submitButton());
    expect(await screen.findByRole('heading', { name: SECOND_FACTOR_TEXT.secondStepTitle })).toBeTruthy();
    expect(screen.queryByText('Company page')).toBeNull();
    fireEvent.input(screen.getByLabelText(SECOND_FACTOR_TEXT.codeLabel), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect(await screen.findByText('Company page')).toBeTruthy();
    expect(secondFactors.finish).toHaveBeenCalledWith({ method: 'totp', ticket: 't-1', code: '123456' });
  });

  it('says the sign-in took too long and shows the password again', async () => {
    auth.login.mockResolvedValue({
      secondStep: { ticket: 't-1', methods: ['totp'], expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    secondFactors.finish.mockRejectedValue(
      Object.assign(new Error(SECOND_FACTOR_ERRORS.ticketExpired), {
        name: 'ApiError',
        status: 401,
        code: 'UNAUTHORIZED',
      }),
    );
    renderLogin();
    fill('admin@example.com', 'Password123!');
    fireEvent.click(submitButton());
    fireEvent.input(await screen.findByLabelText(SECOND_FACTOR_TEXT.codeLabel), {
      target: { value: '123456' },
    });
    fireEvent.click(screen.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }));
    expect((await screen.findByRole('alert')).textContent).toContain(SECOND_FACTOR_ERRORS.ticketExpired);
    expect(emailInput()).toBeTruthy();
  });

  it('says the session ended at its time limit, then goes back to the page it was on', async () => {
    auth.login.mockResolvedValue({ email: 'admin@example.com' });
    renderLogin({ from: { pathname: '/companies/1' }, reason: 'SESSION_EXPIRED' });
    expect(screen.getByRole('status').textContent).toContain(AUTH_ERRORS.sessionExpired);
    fill('admin@example.com', 'Password123!');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Company page')).toBeTruthy();
  });

  it('says the console signed itself out for inactivity, in the words it gave', () => {
    const notice = 'You were signed out after 30 minutes without activity.';
    renderLogin({ from: { pathname: '/companies/1' }, reason: 'SESSION_EXPIRED', notice });
    expect(screen.getByRole('status').textContent).toContain(notice);
    expect(screen.queryByText(AUTH_ERRORS.sessionExpired)).toBeNull();
  });

  it('gives no notice of the console’s after another sign-out', () => {
    renderLogin({ from: { pathname: '/companies/1' }, reason: 'SESSION_ENDED', notice: 'Signed out' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing about a time limit after another sign-out', () => {
    renderLogin({ from: { pathname: '/companies/1' }, reason: 'SESSION_ENDED' });
    expect(screen.queryByText(AUTH_ERRORS.sessionExpired)).toBeNull();
  });

  it("reads 'Signing in...' and disables the fields and button while busy", async () => {
    let resolveLogin: (value: unknown) => void = () => undefined;
    auth.login.mockReturnValue(new Promise((resolve) => (resolveLogin = resolve)));
    renderLogin();
    fill('admin@example.com', 'Password123!');
    fireEvent.click(submitButton());
    const busyButton = await screen.findByRole('button', { name: /Signing in\.\.\./ });
    expect((busyButton as HTMLButtonElement).disabled).toBe(true);
    expect(emailInput().disabled).toBe(true);
    expect(passwordInput().disabled).toBe(true);
    await act(async () => resolveLogin({ email: 'admin@example.com' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('shows the failure message, warns after 3 failures and refocuses the e-mail field', async () => {
    auth.login.mockRejectedValue(new Error(LOGIN_ERRORS.invalidCredentials));
    renderLogin();
    fill('admin@example.com', 'wrong-password');

    for (let attempt = 1; attempt <= 3; attempt += 1) {
      fireEvent.click(submitButton());
      await waitFor(() => expect(auth.login).toHaveBeenCalledTimes(attempt));
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert.textContent).toContain(LOGIN_ERRORS.invalidCredentials));
      if (attempt < 3) expect(screen.queryByText(UI_TEXT.multipleFailures)).toBeNull();
    }
    expect(await screen.findByText(UI_TEXT.multipleFailures)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(emailInput()), { timeout: 1000 });
  });

  it('leaves focus where the user already started typing again', async () => {
    auth.login.mockRejectedValue(new Error(LOGIN_ERRORS.invalidCredentials));
    renderLogin();
    fill('admin@example.com', 'wrong-password');
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    await waitFor(() => expect(passwordInput().disabled).toBe(false));
    passwordInput().focus();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(document.activeElement).toBe(passwordInput());
  });

  it('does not refocus the e-mail field for other failures', async () => {
    auth.login.mockRejectedValue(new Error(LOGIN_ERRORS.server));
    renderLogin();
    fill('admin@example.com', 'Password123!');
    submitButton().focus();
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toContain(LOGIN_ERRORS.server);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.activeElement).not.toBe(emailInput());
  });

  it('counts only sign-in failures, not validation errors, toward the warning', async () => {
    auth.login.mockRejectedValue(new Error(LOGIN_ERRORS.invalidCredentials));
    renderLogin();
    fill('admin@example.com', 'wrong-password');
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      fireEvent.click(submitButton());
      await waitFor(() => expect(auth.login).toHaveBeenCalledTimes(attempt));
      await screen.findByRole('alert');
    }
    fill('admin@example.com', '123');
    fireEvent.click(submitButton());
    await screen.findByText(VALIDATION.loginPassword);
    expect(auth.login).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(UI_TEXT.multipleFailures)).toBeNull();
  });

  it('redirects an already signed-in visitor', async () => {
    auth.isAuthenticated = true;
    renderLogin({ from: { pathname: '/companies/1' } });
    expect(await screen.findByText('Company page')).toBeTruthy();
  });
});
