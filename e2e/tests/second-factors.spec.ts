import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { FACTOR_RESET_TEXT, type FactorResetState } from '../../shared-contracts/src/factor-resets';
import { STORAGE_KEYS } from '../../shared-contracts/src/limits';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TEXT } from '../../shared-contracts/src/second-factors';
import { expect, test, type StorageState } from '../fixtures';
import { shot } from '../pages/screenshots';
import { checkBothThemes, expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { Layout } from '../pages/layout';
import { withoutLiveStream } from '../pages/live-stream';
import { NEW_ACCOUNT_PASSWORD, SignInPage } from '../pages/sign-in-page';

// A person adds an authenticator app on the Security page, keeps the recovery codes, and then signs
// in in two steps: with a code from the app, and once with a recovery code.

const STEP_MS = 30_000;

test.describe('second factors', () => {
  test.use({ signedInAs: null });
  test.beforeEach(({ page }) => withoutLiveStream(page));

  test('an authenticator app added from its key signs in with a code, and a recovery code leads to Security', async ({
    page,
    request,
  }) => {
    // Three sign-ins and eight accessibility checks.
    test.setTimeout(75_000);
    const person = await (await ApiClient.signIn(request)).createUser('Factors');
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(person.email, NEW_ACCOUNT_PASSWORD);
    await page.waitForURL(/\/dashboard$/);

    // The profile links to the Security page.
    await page.goto('/users/profile');
    await page
      .getByRole('main')
      .getByRole('link', { name: SECOND_FACTOR_TEXT.securityTitle, exact: true })
      .click();
    await expect(page).toHaveURL(/\/users\/profile\/security$/);
    await expect(
      page.getByRole('heading', { level: 1, name: SECOND_FACTOR_TEXT.securityTitle }),
    ).toBeVisible();

    // The key as text, the code computed here as an app would.
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.addAuthenticator }).click();
    const dialog = page.getByRole('dialog', { name: SECOND_FACTOR_TEXT.addAuthenticator });
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = await dialog.getByTestId('totp-secret').getAttribute('data-secret');
    const totp = new TOTP({
      secret: Secret.fromBase32(secret ?? ''),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const enrolledAt = Date.now();
    await dialog.getByLabel(SECOND_FACTOR_TEXT.codeLabel).fill(totp.generate({ timestamp: enrolledAt }));
    await dialog.getByLabel('Name').fill('Phone');
    await dialog.getByRole('button', { name: 'Add authenticator' }).click();

    // Ten recovery codes, shown once.
    const codesDialog = page.getByTestId('recovery-codes');
    await expect(codesDialog.locator('[data-recovery-code]')).toHaveCount(10);
    const codes = await codesDialog.locator('[data-recovery-code]').allTextContents();
    await codesDialog.getByRole('button', { name: SECOND_FACTOR_TEXT.codesSaved }).click();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left.');
    await expect(page.getByRole('listitem').filter({ hasText: 'Phone' })).toContainText('Authenticator app');
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, 'security');

    // Password, then a code of a later step than the enrolment's (a used step is refused). Signed
    // out from the dashboard, since signing in returns to the page signed out from.
    await page.goto('/dashboard');
    await new Layout(page).signOut();
    await page.waitForURL(/\/login/);
    await signIn.signIn(person.email, NEW_ACCOUNT_PASSWORD);
    await expect(
      page.getByRole('heading', { level: 1, name: SECOND_FACTOR_TEXT.secondStepTitle }),
    ).toBeVisible();
    const codeField = page.getByLabel(SECOND_FACTOR_TEXT.codeLabel);
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await checkBothThemes(page, 'second-step');
    await codeField.fill(totp.generate({ timestamp: Math.max(Date.now(), enrolledAt + STEP_MS) }));
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).click();
    await page.waitForURL(/\/dashboard$/);

    // A recovery code signs in once, and the person is asked to add a new factor.
    await new Layout(page).signOut();
    await page.waitForURL(/\/login/);
    await signIn.signIn(person.email, NEW_ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.useRecovery }).click();
    await page.getByLabel(SECOND_FACTOR_TEXT.recoveryLabel).fill(codes[0]?.toLowerCase() ?? '');
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.verify }).click();
    await page.waitForURL(/\/users\/profile\/security$/);
    // Their authenticator is still registered (the lost device): the page says a recovery code was used.
    await expect(
      page.getByRole('alert').filter({ hasText: SECOND_FACTOR_ERRORS.enrolAfterRecovery }),
    ).toBeVisible();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left.');
  });
  test('a passkey added through a virtual authenticator signs in', async ({ page, request, server }) => {
    // WebAuthn needs a domain (the API's RP ID is localhost by default), not an IP address.
    const origin = server.baseURL.replace('127.0.0.1', 'localhost');
    const person = await (await ApiClient.signIn(request)).createUser('Passkey');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const signIn = new SignInPage(page, `${origin}/login`);
    await signIn.goto();
    await signIn.signIn(person.email, NEW_ACCOUNT_PASSWORD);
    await page.waitForURL(/\/dashboard$/);

    await page.goto(`${origin}/users/profile/security`);
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.addPasskey }).click();
    const dialog = page.getByRole('dialog', { name: SECOND_FACTOR_TEXT.addPasskey });
    await dialog.getByLabel('Name').fill('Laptop');
    await dialog.getByRole('button', { name: 'Add passkey' }).click();
    await expect(page.getByTestId('recovery-codes').locator('[data-recovery-code]')).toHaveCount(10);
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.codesSaved }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Laptop' })).toContainText('Passkey');

    await page.goto(`${origin}/dashboard`);
    await new Layout(page).signOut();
    await page.waitForURL(/\/login/);
    await signIn.signIn(person.email, NEW_ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: SECOND_FACTOR_TEXT.usePasskey }).click();
    await page.waitForURL(/\/dashboard$/);
  });
});

/** A new account of `role`, signed in through the API with an authenticator app added (its code computed here). */
async function personWithAuthenticator(
  request: APIRequestContext,
  admin: ApiClient,
  firstName: string,
  role: 'ADMIN' | 'USER',
) {
  const email = `${firstName.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const { user } = await admin.post<{ user: { id: number } }>('/api/auth/register', {
    email,
    password: NEW_ACCOUNT_PASSWORD,
    firstName,
    lastName: 'Reset',
    role,
    isActive: true,
  });
  // No factor yet, so the password alone signs in.
  const login = await request.post('/api/auth/login', { data: { email, password: NEW_ACCOUNT_PASSWORD } });
  const session = (await login.json()).data as {
    user: { id: number };
    tokens: { accessToken: string; refreshToken: string; idleTimeoutSeconds?: number };
  };
  const auth = { Authorization: `Bearer ${session.tokens.accessToken}` };
  const started = (await (await request.post('/api/user/security/totp', { headers: auth })).json()).data as {
    enrolmentId: string;
    secret: string;
  };
  const totp = new TOTP({
    secret: Secret.fromBase32(started.secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  const confirmed = await request.post('/api/user/security/totp/confirm', {
    headers: auth,
    data: { enrolmentId: started.enrolmentId, code: totp.generate(), name: 'Phone' },
  });
  const added = (await confirmed.json()) as { success: boolean; data: { accessToken: string } };
  expect(added.success, JSON.stringify(added)).toBe(true);
  // The access token adding the factor answers names it: fresh for the step-up the reset asks.
  const tokens = { ...session.tokens, accessToken: added.data.accessToken };
  const state: StorageState = {
    cookies: [],
    origins: [
      {
        origin: new URL(login.url()).origin,
        localStorage: [
          { name: STORAGE_KEYS.accessToken, value: tokens.accessToken },
          { name: STORAGE_KEYS.refreshToken, value: tokens.refreshToken },
          {
            name: STORAGE_KEYS.session,
            value: JSON.stringify({ user: session.user, isAuthenticated: true }),
          },
          ...(tokens.idleTimeoutSeconds
            ? [{ name: STORAGE_KEYS.idleTimeout, value: String(tokens.idleTimeoutSeconds) }]
            : []),
        ],
      },
    ],
  };
  return { id: user.id, email, name: `${firstName} Reset`, accessToken: tokens.accessToken, state };
}

test.describe('second factors of another person', () => {
  test.use({ signedInAs: null });

  test('a factor reset confirmed by a second ADMIN', async ({ browser, request, baseURL }) => {
    const admin = await ApiClient.signIn(request);
    const asker = await personWithAuthenticator(request, admin, 'Asker', 'ADMIN');
    const confirmer = await personWithAuthenticator(request, admin, 'Confirmer', 'ADMIN');
    const target = await personWithAuthenticator(request, admin, 'Target', 'USER');

    const open = async (state: StorageState) => {
      const context = await browser.newContext({ baseURL, storageState: state });
      const page = await context.newPage();
      await withoutLiveStream(page);
      await page.goto(`/users/${target.id}`);
      const card = page.getByRole('region', { name: FACTOR_RESET_TEXT.title });
      return { context, page, card };
    };

    // One ADMIN asks.
    const first = await open(asker.state);
    await expect(first.card.getByText('1 second factor', { exact: true })).toBeVisible();
    await expect(first.card.getByText('1 authenticator app, 10 recovery codes left')).toBeVisible();
    await first.card.getByRole('button', { name: FACTOR_RESET_TEXT.reset }).click();
    const askDialog = first.page.getByRole('alertdialog', { name: FACTOR_RESET_TEXT.askTitle });
    await askDialog.getByRole('button', { name: FACTOR_RESET_TEXT.ask }).click();
    await expect(first.card.getByText(FACTOR_RESET_TEXT.waitingForSecond)).toBeVisible();
    await expect(first.card.getByText(`${asker.name} asked for a reset on`, { exact: false })).toBeVisible();
    // The asker is offered no confirmation of their own request.
    await expect(first.card.getByRole('button', { name: FACTOR_RESET_TEXT.confirm })).toHaveCount(0);
    await first.page.setViewportSize({ width: 390, height: 900 });
    await first.card.scrollIntoViewIfNeeded();
    await shot(first.page, 'factor-reset-asked-390');
    await expectNoViolations(first.page);

    // The target still has their factor while the request waits.
    const waiting = await admin.get<FactorResetState>(`/api/user/users/${target.id}/factor-reset`);
    expect(waiting.body.data).toMatchObject({ factors: 1, pending: { requestedBy: { id: asker.id } } });

    // A second ADMIN confirms.
    const second = await open(confirmer.state);
    await expect(second.card.getByText(`${asker.name} asked for a reset on`, { exact: false })).toBeVisible();
    await second.page.setViewportSize({ width: 390, height: 900 });
    await second.card.getByRole('button', { name: FACTOR_RESET_TEXT.confirm }).click();
    const confirmDialog = second.page.getByRole('alertdialog', { name: FACTOR_RESET_TEXT.confirmTitle });
    await shot(second.page, 'factor-reset-confirm-390');
    await confirmDialog.getByRole('button', { name: FACTOR_RESET_TEXT.confirm }).click();
    await expect(second.card.getByText('No second factors', { exact: true })).toBeVisible();
    await expect(second.card.getByRole('button', { name: FACTOR_RESET_TEXT.reset })).toHaveCount(0);

    // Gone on the server, and the target's session with them.
    const after = await admin.get<FactorResetState>(`/api/user/users/${target.id}/factor-reset`);
    expect(after.body.data).toMatchObject({ factors: 0, recoveryCodesLeft: 0, pending: null });
    const me = await request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${target.accessToken}` },
    });
    expect(me.status()).toBe(401);
    await first.context.close();
    await second.context.close();
  });
});
