import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

// Automated WCAG 2.1 A/AA checks (axe-core) of the console's screens as a signed-in admin.

// Each test waits for the network to be idle, which the live event stream never is.
test.beforeEach(({ page }) => withoutLiveStream(page));

const screens: Array<[string, string, RegExp | string]> = [
  ['dashboard', '/dashboard', 'Dashboard'],
  ['company list', '/companies', 'Companies'],
  ['company detail', '/companies/1', /.+/],
  ['company form', '/companies/new', 'Create Company'],
  ['user list', '/users', 'User Management'],
  ['user detail', '/users/1', /.+/],
  ['profile page', '/users/profile', 'My Profile'],
  ['manager list', '/managers', 'Managers'],
  ['manager detail', '/managers/1', /.+/],
  ['approval list', '/approvals', 'Bill Approvals'],
  ['audit log', '/users/audit', 'Audit log'],
  ['bank returns page', '/approvals/bank-returns', 'Bank returns'],
  ['bank files list', '/approvals/bank-returns/files', 'Bank returns'],
];

// The whole tour in each theme: the stored choice is in place before the page's own theme script runs.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((choice) => localStorage.setItem('console-theme', choice), theme);
    });

    for (const [name, path, heading] of screens) {
      test(`the ${name} has no detectable accessibility violations`, async ({ page }, info) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: info.outputPath(`${theme}-${name.replace(/ /g, '-')}.png`),
          fullPage: true,
        });
        await expectNoViolations(page);
      });
    }

    // A pending approval is the page with the most actions (Approve, Reject, Delete): its buttons'
    // colours are what a settled approval never shows.
    test('a pending approval has no detectable accessibility violations', async ({ page, request }, info) => {
      const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
      const approval = await factory.create(`Axe${Date.now().toString(36)}`, [120]);
      await page.goto(`/approvals/${approval.id}`);
      await expect(
        page.getByRole('main').getByRole('button', { name: 'Approve', exact: true }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: info.outputPath(`${theme}-pending-approval.png`), fullPage: true });
      await expectNoViolations(page);
    });

    test.describe('signed out', () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test('the sign-in page has no detectable accessibility violations', async ({ page }, info) => {
        await page.goto('/login');
        await expect(page.getByRole('heading', { name: 'Sign in to Admin Dashboard' })).toBeVisible();
        await page.screenshot({ path: info.outputPath(`${theme}-sign-in.png`) });
        await expectNoViolations(page);
      });
    });
  });
}

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

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the approval policy editor has no detectable accessibility violations', async ({ page }, info) => {
      const card = await openPolicyEditor(page);
      await card.screenshot({ path: info.outputPath(`policy-editor-${width}.png`) });
      await expectNoViolations(page);
      await card.getByRole('button', { name: 'Cancel' }).click();
    });

    test('the approval chain on the detail page has no detectable accessibility violations', async ({
      page,
      request,
    }, info) => {
      const chain = await openApprovalChain(page, request);
      await chain.screenshot({ path: info.outputPath(`approval-chain-${width}.png`) });
      await page.screenshot({ path: info.outputPath(`approval-detail-${width}.png`), fullPage: true });
      await expectNoViolations(page);
    });
  });
}
