import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { checkThemes, expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { shot } from '../pages/screenshots';
import { DEMO } from '../pages/sign-in-page';

// Automated WCAG 2.1 A/AA checks (axe-core) of the console's screens as a signed-in admin.

// Each test waits for the network to be idle, which the live event stream never is.
test.beforeEach(({ page }) => withoutLiveStream(page));

// Each test scans its page twice (in both themes, or at both widths): twice the usual time.
test.describe.configure({ timeout: 90_000 });

const screens: Array<[string, string, RegExp | string]> = [
  ['dashboard', '/dashboard', 'Dashboard'],
  ['company list', '/companies', 'Companies'],
  ['company detail', '/companies/1', /.+/],
  ['company form', '/companies/new', 'Create Company'],
  ['user list', '/users', 'User Management'],
  ['user detail', '/users/1', /.+/],
  ['user form', '/users/new', 'Create User'],
  ['user edit form', '/users/1/edit', 'Edit User'],
  ['profile page', '/users/profile', 'My Profile'],
  ['manager list', '/managers', 'Managers'],
  ['manager detail', '/managers/1', /.+/],
  ['approval list', '/approvals', 'Bill Approvals'],
  ['audit log', '/users/audit', 'Audit log'],
  ['bank returns page', '/approvals/bank-returns', 'Bank returns'],
  ['bank files list', '/approvals/bank-returns/files', 'Bank returns'],
];

// Each screen is loaded once and checked in both themes: the theme follows the system's setting,
// which the test switches without reloading (useTheme).
for (const [name, path, heading] of screens) {
  test(`the ${name} has no detectable accessibility violations in either theme`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await checkThemes(page, name.replace(/ /g, '-'));
  });
}

// A pending approval is the page with the most actions (Approve, Reject, Delete): its buttons'
// colours are what a settled approval never shows.
test('a pending approval has no detectable accessibility violations in either theme', async ({
  page,
  request,
}) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const approval = await factory.create(`Axe${Date.now().toString(36)}`, [120]);
  await page.goto(`/approvals/${approval.id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkThemes(page, 'pending-approval');
});

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the sign-in page has no detectable accessibility violations in either theme', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
    await checkThemes(page, 'sign-in');
  });
});

/**
 * The approval policy editor with its alert showing: a rule moved above another it then hides,
 * which the editor names. Left unsaved (Cancel), so the company keeps its policy.
 */
async function openPolicyEditor(page: Page) {
  await page.goto('/companies/1');
  const card = page.getByRole('region', { name: 'Approval policy' });
  await card.getByRole('button', { name: 'Edit policy' }).click();
  const summary = card.getByTestId('policy-summary');
  await expect(summary).toBeVisible();
  await card.getByRole('button', { name: 'Add rule' }).click();
  const added = card.getByRole('group', { name: 'Rule 2', exact: true });
  await added.getByLabel('Rule 2: bills from ($)').fill('500');
  await card.getByRole('button', { name: 'Move rule 2 up' }).click();
  await expect(summary.getByRole('listitem').first()).toHaveText('Bills from $500: 1) any admin');
  await expect(card.getByTestId('policy-problems')).toContainText(
    'Rule 2 can never apply: rule 1 above it matches every bill it would',
  );
  await expect(card.getByRole('button', { name: 'Save for confirmation' })).toBeDisabled();
  await page.waitForLoadState('networkidle');
  return card;
}

/** The chain of a pending approval created for the check, on its detail page. */
async function openApprovalChain(page: Page, request: APIRequestContext) {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const approval = await factory.create(`Chain${Date.now().toString(36)}`, [240]);
  await page.goto(`/approvals/${approval.id}`);
  const chain = page.getByRole('region', { name: 'Approval steps' });
  await expect(chain).toContainText('Step 1 of 1');
  await expect(chain).toContainText('Waiting for');
  await page.waitForLoadState('networkidle');
  return chain;
}

// The policy editor and the approval chain, at a desktop's width and a phone's, from one load each.
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

test('the approval policy editor has no detectable accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
  const card = await openPolicyEditor(page);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await shot(page, `policy-editor-${width}`);
    await expectNoViolations(page, `policy editor at ${width} px`);
  }
  await card.getByRole('button', { name: 'Cancel' }).click();
});

test('the approval chain on the detail page has no detectable accessibility violations', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
  await openApprovalChain(page, request);
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await shot(page, `approval-chain-${width}`);
    await expectNoViolations(page, `approval chain at ${width} px`);
  }
});
