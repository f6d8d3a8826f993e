import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

test.use({ viewport: { width: 390, height: 844 } });
test.beforeEach(({ page }) => withoutLiveStream(page));

test('on a phone the approval’s decision stays in reach at any scroll position', async ({
  page,
  request,
}) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  // Many bills make a long page.
  const approval = await factory.create(`Phone${Date.now().toString(36)}`, [10, 20, 30, 40, 50, 60, 70, 80]);
  await page.goto(`/approvals/${approval.id}`);
  const bar = page.getByTestId('decision-bar');
  const approve = bar.getByRole('button', { name: 'Approve', exact: true });
  await expect(approve).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
  await expect(approve).toBeInViewport();
  await expect(bar.getByRole('button', { name: 'Reject', exact: true })).toBeInViewport();
  await shot(page, 'decision-bar-390');
  await approve.click();
  await expect(page.getByRole('alertdialog', { name: 'Approve Bills' })).toBeVisible();
  await page.keyboard.press('Escape');
});
