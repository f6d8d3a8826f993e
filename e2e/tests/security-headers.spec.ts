import { expect, test, type Page } from '@playwright/test';

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
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
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
});
