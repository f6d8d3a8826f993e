import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SECOND_FACTOR_ERRORS, SECOND_FACTOR_TEXT } from '../../shared-contracts/src/second-factors';
import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { Layout } from '../pages/layout';
import { withoutLiveStream } from '../pages/live-stream';
import { NEW_ACCOUNT_PASSWORD, SignInPage } from '../pages/sign-in-page';

// A person adds an authenticator app on the Security page, keeps the recovery codes, and then signs
// in in two steps: with a code from the app, and once with a recovery code.

const STEP_MS = 30_000;

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Axe and a screenshot in both themes, at a desktop's width and a phone's; then back to the desktop. */
async function checkBothThemes(page: Page, name: string, outputPath: (file: string) => string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((choice) => {
        document.documentElement.classList.remove('light', 'dark');
        document.documentElement.classList.add(choice);
      }, theme);
      await page.screenshot({ path: outputPath(`${name}-${width}-${theme}.png`), fullPage: true });
      await expectNoViolations(page);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('second factors', () => {
  test.use({ signedInAs: null });
  test.beforeEach(({ page }) => withoutLiveStream(page));

  test('an authenticator app added from its key signs in with a code, and a recovery code leads to Security', async ({
    page,
    request,
  }, info) => {
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
    await checkBothThemes(page, 'security', (file) => info.outputPath(file));

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
    await checkBothThemes(page, 'second-step', (file) => info.outputPath(file));
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
    await expect(
      page.getByRole('alert').filter({ hasText: SECOND_FACTOR_ERRORS.enrolmentRequired }),
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
