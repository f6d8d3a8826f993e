// Keyboard-first review. A reviewer moves through the approvals list, opens one, approves it
// and rejects another without touching the mouse; shortcuts leave typing alone; '?' lists them all.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { notice } from '../pages/layout';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory, short, type ApprovalDto } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';
import { animationsSettled } from '../pages/screenshots';

test.use({ viewport: { width: 1440, height: 900 } });
// The page's network never idles with the live stream open; the decisions here are this tab's own.
test.beforeEach(({ page }) => withoutLiveStream(page));

/** The row the keyboard is on (it has the focus). */
const focusedRow = (page: Page) => page.locator('tbody tr:focus');
const activeRows = (page: Page) => page.locator('tbody tr[data-active]');

/** Presses j until the focused row is `approval`'s (the list is newest first: a few presses at most). */
async function moveTo(page: Page, approval: ApprovalDto) {
  // Rows, not the loading skeleton: the cursor moves over what is shown.
  await expect(page.locator('tbody tr a[href^="/approvals/"]').first()).toBeVisible();
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('j');
    await expect(focusedRow(page)).toHaveCount(1);
    if ((await focusedRow(page).textContent())?.includes(short(approval))) return;
  }
  throw new Error(`approval ${short(approval)} is not on the first page`);
}

test('an approval is approved and another rejected with the keyboard alone', async ({ page, request }) => {
  // The moderator creates them; the signed-in admin (the saved state) may decide them.
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const vendor = `Keys${Date.now().toString(36)}`;
  const toReject = await factory.create(vendor, [310]);
  const toApprove = await factory.create(vendor, [120.5]);

  await page.goto(`/approvals?search=${vendor}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);

  // Keys typed into the search field are text, not shortcuts: no row, no help, no navigation.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.focus();
  await page.keyboard.press('j');
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await page.keyboard.press('Shift+Slash');
  await expect(search).toHaveValue(`${vendor}jgc?`);
  await expect(activeRows(page)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/approvals\?/);
  await search.fill(vendor);
  await expect(rows).toHaveCount(2);
  await search.blur();

  // j and k move a visible, focused row cursor (newest first: the one to approve, then the other).
  await page.keyboard.press('j');
  await expect(focusedRow(page)).toContainText(short(toApprove));
  await expect(focusedRow(page)).toHaveAttribute('data-active', '');
  await page.keyboard.press('j');
  await expect(focusedRow(page)).toContainText(short(toReject));
  await page.keyboard.press('k');
  await expect(focusedRow(page)).toContainText(short(toApprove));
  await expect(activeRows(page)).toHaveCount(1);

  // Enter opens it; a opens the Approve Bills dialog with Approve focused; Enter approves.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/approvals/${toApprove.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Approval #${short(toApprove)}` })).toBeVisible();
  await page.keyboard.press('a');
  const approveDialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
  await expect(approveDialog.getByRole('button', { name: 'Approve 1 of 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Approval approved successfully')).toBeVisible();
  await expect(approveDialog).toBeHidden();
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  // g a goes back to the list; j to the other one; r asks for the reason, typed and sent by keyboard.
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/approvals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
  await moveTo(page, toReject);
  await page.keyboard.press('r');
  const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
  await expect(rejectDialog.getByLabel('Rejection Reason')).toBeFocused();
  // Letters that are shortcuts (a, r, g) are text here.
  await page.keyboard.type('Wrong vendor: ask AP to resubmit, regards');
  await expect(rejectDialog.getByLabel('Rejection Reason')).toHaveValue(
    'Wrong vendor: ask AP to resubmit, regards',
  );
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(rejectDialog.getByRole('button', { name: 'Reject Approval' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Approval rejected successfully')).toBeVisible();
  await expect(rejectDialog).toBeHidden();
  const rejectedRow = rows.filter({ hasText: short(toReject) });
  await expect(rejectedRow).toContainText('Rejected');
  // Focus is back on the row the decision was made from.
  await expect(focusedRow(page)).toContainText(short(toReject));

  const admin = await ApiClient.signIn(request);
  const read = async (approval: ApprovalDto) =>
    (await admin.get<ApprovalDto & { status: string }>(`/api/bill-approval/approvals/${approval.id}`)).body
      .data;
  expect((await read(toApprove)).status).toBe('APPROVED');
  const rejected = await read(toReject);
  expect(rejected.status).toBe('REJECTED');
  expect(rejected.rejectionReason).toBe('Wrong vendor: ask AP to resubmit, regards');
});

test("'?' lists every shortcut (also from a button), axe clean; g c goes to the companies", async ({
  page,
}) => {
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();

  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const label of [
    'Next row',
    'Previous row',
    'Open the approval',
    'Select or clear the row',
    'Approve the approval (asks first)',
    'Reject the approval (asks for the reason)',
    'Approve the selected approvals (asks first)',
    'Reject the selected approvals (asks for the reason)',
    'Show keyboard shortcuts',
    'Go to Dashboard',
    'Go to Companies',
    'Go to Users',
    'Go to Managers',
    'Go to Approvals',
  ]) {
    await expect(help.getByRole('definition').filter({ hasText: label })).toHaveCount(1);
  }
  // Not mid-animation when axe reads the colours.
  await animationsSettled(page);
  await expectNoViolations(page, 'keyboard help', '[role="dialog"]');

  // While the help is open the page's keys do nothing; Escape closes it.
  await page.keyboard.press('j');
  await expect(activeRows(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The mouse way to the same help.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
});
