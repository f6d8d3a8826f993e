// The approver's inbox: the queue beside the approval, worked through with the keyboard alone. The
// first waiting approval is shown, approved with a then Enter, the next one comes up, is rejected
// with r and a reason, and the one after it comes up; the views are axe clean in both themes.
import type { Page } from '@playwright/test';
import { APPROVAL_ERRORS } from '../../shared-contracts/src/approval-errors';
import { INBOX_TEXT } from '../../shared-contracts/src/inbox-text';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { notice } from '../pages/layout';
import { checkBothThemes, shotBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory, short, type ApprovalDto } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

test.use({ viewport: { width: 1440, height: 900 } });
// The page's network never idles with the live stream open; the decisions here are this tab's own.
test.beforeEach(({ page }) => withoutLiveStream(page));

/** The approval the right pane shows, by its heading. */
const shown = (page: Page, approval: ApprovalDto) =>
  page.getByRole('heading', { level: 2, name: `Approval #${short(approval)}` });
const tabsOf = (page: Page) => page.getByRole('navigation', { name: INBOX_TEXT.tabs.label });
const queue = (page: Page) => page.getByRole('list', { name: INBOX_TEXT.queueLabel });
const queueItem = (page: Page, approval: ApprovalDto) =>
  queue(page)
    .getByRole('link')
    .filter({ hasText: `#${short(approval)}` });

/** The 'Waiting for me (n)' tab and the sidebar's badge beside Inbox say the same count. */
async function expectWaitingCountsAgree(page: Page) {
  const tab = tabsOf(page).getByRole('link', { name: /^Waiting for me \(\d+\+?\)$/ });
  await expect(tab).toBeVisible();
  const [, count, capped] = /\((\d+)(\+?)\)$/.exec((await tab.textContent()) ?? '')!;
  expect(Number(count)).toBeGreaterThan(0);
  await expect(page.getByTestId('waiting-badge')).toHaveText(
    `${Number(count).toLocaleString('en-US')}${capped}`,
  );
}

test('an approver works through the inbox with the keyboard', async ({ page, request }) => {
  // The moderator creates them, oldest first (the queue is newest first); the signed-in admin (the
  // saved state) may decide them.
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const vendor = `Inbox${Date.now().toString(36)}`;
  const third = await factory.create(vendor, [75]);
  const toReject = await factory.create(vendor, [310]);
  const toApprove = await factory.create(vendor, [120.5]);

  await page.goto('/approvals/inbox');
  await expect(page.getByRole('heading', { level: 1, name: INBOX_TEXT.title })).toBeVisible();
  await expect(tabsOf(page).getByRole('link', { name: /^Waiting for me \(\d+\+?\)$/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectWaitingCountsAgree(page);

  // The first waiting approval is selected, in the queue and in the pane (amount first).
  await expect(shown(page, toApprove)).toBeVisible();
  await expect(queueItem(page, toApprove)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('approval-headline')).toContainText('$120.50');

  // j and k move the selection, kept in the URL.
  await page.keyboard.press('j');
  await expect(shown(page, toReject)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`selected=${toReject.id}`));
  await page.keyboard.press('k');
  await expect(shown(page, toApprove)).toBeVisible();

  // a opens Approve Bills with Approve focused; Enter approves; the next one is selected.
  await page.keyboard.press('a');
  const approveDialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
  await expect(approveDialog.getByRole('button', { name: 'Approve 1 of 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Approval approved successfully')).toBeVisible();
  await expect(approveDialog).toBeHidden();
  await expect(shown(page, toReject)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`selected=${toReject.id}`));
  await expect(queueItem(page, toApprove)).toHaveCount(0);

  // r asks for the reason, typed and sent by keyboard; the one after it is selected.
  await page.keyboard.press('r');
  const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
  await expect(rejectDialog.getByLabel('Rejection Reason')).toBeFocused();
  await expect(rejectDialog).toContainText('Please provide a reason for rejection:');
  await page.keyboard.type('Duplicate of last week: ask AP, regards');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(rejectDialog.getByRole('button', { name: 'Reject Approval' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(notice(page, 'Approval rejected successfully')).toBeVisible();
  await expect(rejectDialog).toBeHidden();
  await expect(shown(page, third)).toBeVisible();
  await expect(queueItem(page, toReject)).toHaveCount(0);

  const admin = await ApiClient.signIn(request);
  const read = async (approval: ApprovalDto) =>
    (await admin.get<ApprovalDto & { status: string }>(`/api/bill-approval/approvals/${approval.id}`)).body
      .data;
  expect((await read(toApprove)).status).toBe('APPROVED');
  const rejected = await read(toReject);
  expect(rejected.status).toBe('REJECTED');
  expect(rejected.rejectionReason).toBe('Duplicate of last week: ask AP, regards');

  // '?' lists the inbox's keys.
  await page.keyboard.press('Shift+Slash');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const label of Object.values(INBOX_TEXT.shortcuts).filter((text) => text !== 'Inbox')) {
    await expect(help.getByRole('definition').filter({ hasText: label })).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Screens: the split view with the approval, then (from a link) the phone's approval screen.
  await page.goto(`/approvals/inbox?selected=${third.id}`);
  await expect(shown(page, third)).toBeVisible();
  // After the two decisions, read afresh, the tab and the sidebar still agree.
  await expectWaitingCountsAgree(page);
  await expect(page.getByRole('group', { name: INBOX_TEXT.decisionBar })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await checkBothThemes(page, 'inbox-approval');

  // Enter opens the full page; Back comes to the same selection.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/approvals/${third.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Approval #${short(third)}` })).toBeVisible();
  await page.goBack();
  await expect(shown(page, third)).toBeVisible();

  // On a phone the queue is a screen of its own: tapping an item opens it with the bar at the bottom
  // and the way back.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/approvals/inbox');
  await expect(queueItem(page, third)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await checkBothThemes(page, 'inbox-queue');
  await page.setViewportSize({ width: 390, height: 844 });
  await queueItem(page, third).click();
  await expect(shown(page, third)).toBeVisible();
  const bar = page.getByRole('group', { name: INBOX_TEXT.decisionBar });
  await expect(bar.getByRole('button', { name: INBOX_TEXT.approveNext })).toBeInViewport();
  await shot(page, 'inbox-phone-approval');
  await page.getByRole('link', { name: new RegExp(INBOX_TEXT.backToQueue) }).click();
  await expect(queueItem(page, third)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });

  // Decided lists the approved ones, then the rejected ones, each with the bar saying why not.
  await tabsOf(page).getByRole('link', { name: INBOX_TEXT.tabs.decided }).click();
  await expect(page).toHaveURL(/tab=decided/);
  await queueItem(page, toApprove).click();
  await expect(shown(page, toApprove)).toBeVisible();
  await expect(bar).toContainText(INBOX_TEXT.notPending);
  // Approved, its bank file not written (the vendor's account awaits confirmation): the pane offers
  // the next payment step as the approval's page does.
  await expect(
    page
      .getByRole('region', { name: `Approval #${short(toApprove)}` })
      .getByRole('button', { name: 'Generate bank file' }),
  ).toBeVisible();
  await shotBothThemes(page, 'inbox-decided-approval');
  await page
    .getByRole('navigation', { name: INBOX_TEXT.decidedStatus.label })
    .getByRole('link', { name: INBOX_TEXT.decidedStatus.rejected })
    .click();
  await expect(queueItem(page, toReject)).toBeVisible();
  await expect(queueItem(page, toApprove)).toHaveCount(0);

  // Their own request: Approve & next and Reject & next disabled with the reason in words.
  const own = await (await ApprovalFactory.for(admin)).create(vendor, [42]);
  await page.goto(`/approvals/inbox?tab=all&selected=${own.id}`);
  await expect(shown(page, own)).toBeVisible();
  await expect(bar.getByRole('button', { name: INBOX_TEXT.approveNext })).toBeDisabled();
  await expect(bar.getByRole('button', { name: INBOX_TEXT.rejectNext })).toBeDisabled();
  await expect(bar).toContainText(APPROVAL_ERRORS.ownApproval);
});
