import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

// Automated WCAG 2.1 A/AA checks (axe-core) of the console's screens as a signed-in admin.
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

// Each test waits for the network to be idle, which the live event stream never is.
test.beforeEach(({ page }) => withoutLiveStream(page));

const screens: Array<[string, string, RegExp | string]> = [
  ['dashboard', '/dashboard', 'Dashboard'],
  ['company list', '/companies', 'Companies'],
  ['company detail', '/companies/1', /.+/],
  ['company form', '/companies/new', 'Create Company'],
  ['approval list', '/approvals', 'Bill Approvals'],
];

for (const [name, path, heading] of screens) {
  test(`the ${name} has no detectable accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page);
  });
}

// A pending approval is the page with the most actions (Approve, Reject, Delete): its buttons' colours
// are what a settled approval never shows.
test('a pending approval has no detectable accessibility violations', async ({ page, request }) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const approval = await factory.create(`Axe${Date.now().toString(36)}`, [120]);
  await page.goto(`/approvals/${approval.id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page);
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in page has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
    await expectNoViolations(page);
  });
});
