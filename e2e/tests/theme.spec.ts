import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { withoutLiveStream } from '../pages/live-stream';

// The page's background in each theme: bg.subtle, gray 50 in light and gray 950 in dark.
const BACKGROUND = { light: 'rgb(250, 250, 250)', dark: 'rgb(17, 17, 17)' } as const;

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * The page as its first paint shows it: every script file refused, so only the HTML, its inline theme
 * script and the build-time styles act. If the theme waited for the app's JavaScript, this page
 * would be in the wrong colours (a flash of them on a real load).
 */
async function firstPaint(page: Page, path: string) {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const state = {
    theme: await page.evaluate(() => document.documentElement.className),
    background: await bodyBackground(page),
  };
  await page.unroute('**/*.js');
  return state;
}

test.beforeEach(({ page }) => withoutLiveStream(page));

test('the theme chosen in the layout holds after a reload, from the first paint', async ({ page }) => {
  await page.goto('/dashboard');
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');

  await theme.getByRole('button', { name: 'Dark' }).click();
  await expect(theme.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
  await shot(page, 'dashboard-dark');

  // Reloaded, and before any of the app's JavaScript: dark already.
  expect(await firstPaint(page, '/dashboard')).toEqual({ theme: 'dark', background: BACKGROUND.dark });
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(
    page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Back to light, which is stored as a choice of its own.
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(await firstPaint(page, '/companies')).toEqual({ theme: 'light', background: BACKGROUND.light });
});

test.describe('following the system', () => {
  test.use({ colorScheme: 'dark' });

  test("'System' follows the system's dark setting, and a stored choice wins over it", async ({ page }) => {
    expect(await firstPaint(page, '/dashboard')).toEqual({ theme: 'dark', background: BACKGROUND.dark });
    await page.goto('/dashboard');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
    // The system's setting changes while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await theme.getByRole('button', { name: 'Light' }).click();
    expect(await firstPaint(page, '/dashboard')).toEqual({ theme: 'light', background: BACKGROUND.light });
  });
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] }, colorScheme: 'light' });

  test('the sign-in page opens in the stored theme', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('console-theme', 'dark'));
    const state = await firstPaint(page, '/login');
    expect(state.theme).toBe('dark');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await shot(page, 'sign-in-dark');
  });
});
