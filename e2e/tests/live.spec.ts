// Issue 26: the live console. Two people in two browser contexts: one decides, the other's list
// row and stat cards change without a reload, through the event stream the signed-in layout opens.
import { expect, test } from '@playwright/test';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory, ApprovalListPage } from '../pages/approvals-page';
import { DEMO, signInFresh } from '../pages/sign-in-page';

test.use({ viewport: { width: 1440, height: 900 } });

test('a decision made by someone else shows in the list and stat cards without a reload', async ({
  page,
  browser,
  request,
}) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const vendor = `Live${Date.now().toString(36)}`;
  const approval = await factory.create(vendor, [42.5]);

  // The watcher (the signed-in admin of this project).
  const list = new ApprovalListPage(page);
  await list.goto(`?search=${vendor}`);
  await expect(list.rows).toHaveCount(1);
  await expect(list.row(approval)).toContainText('Pending');
  const indicator = page.getByTestId('live-indicator');
  await expect(indicator).toHaveText('Updates: Live');
  const approvedBefore = Number((await page.getByTestId('stat-approved').textContent())!.replace(/,/g, ''));
  const pendingBefore = Number((await page.getByTestId('stat-pending').textContent())!.replace(/,/g, ''));
  // A mark on this page's window: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { liveTestMark: true }));

  // The decider: another person in a browser context of their own.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const otherPage = await other.newPage();
    await signInFresh(otherPage, DEMO.user);
    const otherList = new ApprovalListPage(otherPage);
    await otherList.goto(`?search=${vendor}`);
    await otherList.quickApprove(approval).click();
    await expect(otherList.row(approval)).toContainText('Approved');

    // Within a few seconds, in place.
    await expect(list.row(approval)).toContainText('Approved', { timeout: 3_000 });
    await expect(page.getByTestId('stat-approved')).toHaveText((approvedBefore + 1).toLocaleString('en-US'), {
      timeout: 3_000,
    });
    await expect(page.getByTestId('stat-pending')).toHaveText((pendingBefore - 1).toLocaleString('en-US'), {
      timeout: 3_000,
    });
    expect(await page.evaluate(() => 'liveTestMark' in window)).toBe(true);
  } finally {
    await other.close();
  }

  // An open detail page that someone else decides updates in place and says who did it.
  const second = await factory.create(vendor, [10]);
  await page.goto(`/approvals/${second.id}`);
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  await expect(indicator).toHaveText('Updates: Live');
  await (
    await ApiClient.signIn(request, DEMO.user)
  ).put(`/api/bill-approval/approvals/${second.id}/reject`, {
    rejectionReason: 'Decided elsewhere',
  });
  await expect(page.getByText(/^Rejected by .+ just now$/)).toBeVisible({ timeout: 3_000 });
  await expect(page.getByRole('main').getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
});

// Signing out revokes the session, so this runs in a context of its own: the project's shared
// signed-in state must stay valid for the specs that follow.
test('signing out ends the stream with the layout', async ({ browser }) => {
  const own = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const page = await own.newPage();
    await signInFresh(page, DEMO.moderator);
    const indicator = page.getByTestId('live-indicator');
    await expect(indicator).toHaveText('Updates: Live');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await expect(indicator).toHaveCount(0);
  } finally {
    await own.close();
  }
});
