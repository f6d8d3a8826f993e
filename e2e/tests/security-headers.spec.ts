import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO, SignInPage } from '../pages/sign-in-page';

// The Content-Security-Policy and other security headers must not break any page: no resource
// blocked, no console error about one, on every screen and on a remote's standalone page.

/** Collects CSP violations (from the page's own event) and console errors about blocked loads. */
async function watchForBlocking(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to|blocked/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = found;
    document.addEventListener('securitypolicyviolation', (event) =>
      found.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

// Each test waits for the network to be idle, which the live event stream never is.
test.beforeEach(({ page }) => withoutLiveStream(page));

const screens: Array<[string, string, RegExp | string]> = [
  ['dashboard', '/dashboard', 'Dashboard'],
  ['company list', '/companies', 'Companies'],
  ['company detail', '/companies/1', /.+/],
  ['company form', '/companies/new', 'Create Company'],
  ['company edit form', '/companies/1/edit', 'Edit Company'],
];

for (const [name, path, heading] of screens) {
  test(`the ${name} loads under the security headers with nothing blocked`, async ({ page }) => {
    const blocked = await watchForBlocking(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blocked()).toEqual([]);
  });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sign-in and signing in load with nothing blocked', async ({ page }) => {
    const blocked = await watchForBlocking(page);
    const response = await page.goto('/login');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
    // The demo admin's second step included (pages/second-step.ts).
    await new SignInPage(page).signIn(DEMO.admin, DEMO.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blocked()).toEqual([]);
  });

  test("a remote's standalone page loads with nothing blocked", async ({ page }) => {
    const blocked = await watchForBlocking(page);
    await page.goto('/remotes/companies/');
    await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await blocked()).toEqual([]);
  });

  test('the API reference (/api/docs) loads its own assets with nothing blocked', async ({ page }) => {
    const blocked = await watchForBlocking(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/api/docs');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Swagger UI rendered the description: its title and the operations of every section.
    await expect(page.getByRole('heading', { name: /Agent API/ })).toBeVisible();
    await expect(page.locator('.opblock-tag', { hasText: 'Approvals' })).toBeVisible();
    await expect(
      page.locator('.opblock-summary-path', {
        hasText: /^\/api\/bill-approval\/approvals\/\{id\}\/approve$/,
      }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `api-docs-${width}`);
    }
    expect(await blocked()).toEqual([]);
    expect(errors).toEqual([]);
  });
});
