import { expect, test } from '../fixtures';
import { DEMO, SignInPage } from '../pages/sign-in-page';

// These tests start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

test('shows the sign-in page texts', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Enter your email and password to access the admin panel')).toBeVisible();
  await expect(page.getByPlaceholder('Enter your password')).toBeVisible();
  await expect(page.getByText('Need help? Contact your system administrator.')).toBeVisible();
});

test('the sign-in form arrives already rendered and styled, and is usable once the console runs', async ({
  browser,
  page,
}) => {
  // Without JavaScript: what the HTML itself paints (login.html, rendered at build time).
  const staticContext = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await staticContext.newPage();
  await staticPage.goto('/login');
  await expect(staticPage.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
  await expect(staticPage.getByLabel('Email')).toBeDisabled();
  await expect(staticPage.getByLabel('Password')).toBeDisabled();
  const staticButton = staticPage.getByRole('button', { name: 'Sign in' });
  await expect(staticButton).toBeDisabled();
  // Chakra's styles came with the page, and the waiting controls do not look disabled.
  await expect(staticButton).toHaveCSS('opacity', '1');
  await expect(staticButton).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  // The global styles (reset, tokens) are in the page once, written at build time: the page's
  // background is the bg.subtle token (gray.50).
  await expect(staticPage.locator('style#chakra-global')).toHaveCount(1);
  await expect(staticPage.locator('body')).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  await staticContext.close();

  // With JavaScript: the console takes the form over, with no error on the way.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.email).toBeEnabled();
  await expect(signIn.submit).toBeEnabled();
  await signIn.signIn(DEMO.guest, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The console inserted no second copy of the global styles while it ran.
  await expect(page.locator('style#chakra-global')).toHaveCount(1);
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  expect(errors).toEqual([]);
});

test('validates on submit with the field messages', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('not-an-email', '123');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the invalid-credentials message and focuses the email field', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('moderator@example.com', 'wrong-password');
  await expect(
    page.getByText('Invalid email or password. Please check your credentials and try again.'),
  ).toBeVisible();
  await expect(signIn.email).toBeFocused();
});

test('three consecutive failures show the warning line', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  const warning = page.getByText('Multiple failed attempts detected. Please double-check your credentials.');
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await expect(warning).toHaveCount(0);
    await signIn.signIn('user@example.com', `wrong-${attempt}`);
    await expect(page.getByText(/Invalid email or password/)).toBeVisible();
    await expect(signIn.submit).toHaveText('Sign in');
  }
  await expect(warning).toBeVisible();
});

test('an unreachable server shows the connection message', async ({ page }) => {
  await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO.guest, DEMO.password);
  await expect(
    page.getByText('Unable to connect to the server. Please check your internet connection and try again.'),
  ).toBeVisible();
});

test('a protected page sends the visitor to sign in and back to where they were going', async ({ page }) => {
  await page.goto('/managers');
  await expect(page).toHaveURL(/\/login$/);
  await new SignInPage(page).signIn(DEMO.guest, DEMO.password);
  await expect(page).toHaveURL(/\/managers$/);
  await expect(page.getByRole('heading', { name: 'Managers' })).toBeVisible();
});

test('sign-in goes to the dashboard and replaces the history entry', async ({ page }) => {
  await page.goto('/login');
  await new SignInPage(page).signIn(DEMO.moderator, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('sidebar-user-role')).toHaveText('MODERATOR');
});
