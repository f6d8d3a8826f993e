// The approval detail page in Chromium against the real API: partial approval, the Reject dialog, a
// decision lost to another tab, the header at 1440 and 390 px, the creator's own approval, unknown ids,
// and segregation of duties (who approved step 1 cannot approve step 2, on the page and the row).
import { APPROVAL_ERRORS } from '../../shared-contracts/src/approval-errors';
import { APPROVAL_LIST_TEXT } from '../../shared-contracts/src/approval-list-text';
import { INBOX_TEXT } from '../../shared-contracts/src/inbox-text';
import { expect, test } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import {
  ApprovalDetailPage,
  ApprovalFactory,
  ApprovalListPage,
  short,
  unique,
} from '../pages/approvals-page';
import { notice } from '../pages/layout';
import { DEMO } from '../pages/sign-in-page';
import { shot } from '../pages/screenshots';

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('approval detail', () => {
  test('partial approval: a checkbox per bill, the approved total, then the Approved Bills card', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Part');
    const approval = await factory.create(vendor, [100, 250.25, 49.75]);
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    await expect(page.getByText(/^Created .+ ago$/)).toBeVisible();
    await expect(detail.card('Bills Information')).toContainText('$400.00');
    await expect(page.getByRole('article', { name: `Bill ${vendor}-DOC2` })).toContainText('$250.25');
    await expect(detail.card('Approved Bills')).toHaveCount(0);
    await shot(page, 'detail-pending-1440');

    await detail.approveButton.click();
    const dialog = detail.approveDialog;
    const bills = dialog.getByRole('checkbox');
    await expect(bills).toHaveCount(3);
    for (const bill of await bills.all()) await expect(bill).toBeChecked();
    await expect(dialog.getByTestId('approved-total')).toHaveText('$400.00');
    await dialog.getByText(`${vendor} · ${vendor}-DOC2`).click();
    await expect(dialog.getByTestId('approved-total')).toHaveText('$149.75');
    await shot(page, 'approve-dialog-1440');
    await dialog.getByRole('button', { name: 'Approve 2 of 3' }).click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    await expect(detail.card('Approved Bills')).toContainText('2 of 3');
    await expect(detail.card('Approved Bills')).toContainText('$149.75');
    await expect(detail.approveButton).toHaveCount(0);
    await expect(detail.rejectButton).toHaveCount(0);
    await expect(detail.card('Activity History')).toBeVisible();
    const api = await ApiClient.signIn(request);
    const stored = await api.get<{ approvedBillIds: string[] }>(
      `/api/bill-approval/approvals/${approval.id}`,
    );
    expect(stored.body.data.approvedBillIds).toEqual([approval.billIds[0], approval.billIds[2]]);
    await shot(page, 'detail-approved-1440');
  });

  test('the Reject Approval dialog: disabled while blank, then the rejection details', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const approval = await factory.create(unique('Rej'), [75]);
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    await detail.rejectButton.click();
    const dialog = detail.rejectDialog;
    const confirm = dialog.getByRole('button', { name: 'Reject Approval' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Rejection Reason').fill('    ');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Rejection Reason').fill('  Duplicate of an invoice paid in May  ');
    await expect(confirm).toBeEnabled();
    await shot(page, 'reject-dialog-1440');
    // Disabled while the call is pending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/bill-approval/approvals/${approval.id}/reject`, async (route) => {
      await held;
      await route.continue();
    });
    await confirm.click();
    await expect(dialog.getByRole('button', { name: /Reject Approval|Rejecting/ })).toBeDisabled();
    release();
    await expect(notice(page, 'Approval rejected successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const details = detail.card('Rejection Details');
    await expect(details).toContainText('Duplicate of an invoice paid in May');
    await expect(details).toContainText('Ada Admin');
    await expect(detail.rejectButton).toHaveCount(0);
    await shot(page, 'detail-rejected-1440');
  });

  test('a decision made in another tab: the second decider sees it and the page refreshes', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const approval = await factory.create(unique('Tab'), [60]);
    // Without the live event stream (offline, which never blocks work) this tab cannot know of
    // the other decision until it tries its own.
    await page.route('**/api/events', (route) => route.abort());
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    await expect(detail.approveButton).toBeVisible();

    const otherTab = await page.context().newPage();
    const other = new ApprovalDetailPage(otherTab);
    await other.goto(approval);
    await other.reject('Decided in the other tab');
    await expect(notice(otherTab, 'Approval rejected successfully')).toBeVisible();
    await otherTab.close();

    // This tab still offers the decision; making it shows what happened instead of a generic error.
    await detail.approveButton.click();
    await detail.approveDialog.getByRole('button', { name: 'Approve 1 of 1' }).click();
    // Said as what happened, read from the server after its 409, never as a failed request.
    await expect(notice(page, /Rejected by .+ just now/)).toBeVisible();
    await expect(detail.card('Rejection Details')).toContainText('Decided in the other tab');
    await expect(detail.approveButton).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Rejected', { exact: true }).first()).toBeVisible();
  });

  test('the header puts the amount first, above the fold with Approve beside it, at 1440 and 390 px', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Headline');
    // An earlier bill of the same vendor and amount: the approval's $800.00 is a possible duplicate.
    await factory.create(vendor, [800]);
    const approval = await factory.create(vendor, [1_200, 34.5, 800]);
    const detail = new ApprovalDetailPage(page);
    const header = page.locator('main header').first();
    const below = (box: { y: number; height: number }, what: string, height: number) =>
      expect(box.y + box.height, what).toBeLessThanOrEqual(height);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await detail.goto(approval);
      const headline = page.getByTestId('approval-headline');
      await expect(headline).toHaveText(
        new RegExp(`^${vendor} · \\$2,034\\.50 · 3 bills · first due Dec 31`),
      );
      const box = (await headline.boundingBox())!;
      expect(box.y + box.height, `headline above the fold at ${viewport.width}`).toBeLessThan(
        viewport.height,
      );
      // The step it waits for and the duplicate mark, in the header, in view.
      const step = header.getByTestId('approval-step');
      await expect(step).toHaveText(
        "Step 1 of 1 — waiting for the company's approver, any moderator or admin",
      );
      below((await step.boundingBox())!, `step in view at ${viewport.width}`, viewport.height);
      const duplicate = header.getByText(APPROVAL_LIST_TEXT.possibleDuplicate, { exact: true });
      await expect(duplicate).toBeVisible();
      below((await duplicate.boundingBox())!, `duplicate mark in view at ${viewport.width}`, viewport.height);
      // Approve and Reject side by side in the header (on a phone, its bar fixed to the bottom).
      await expect(header.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
      const approve = (await detail.approveButton.boundingBox())!;
      below(approve, `Approve in view at ${viewport.width}`, viewport.height);
      await expect(header.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
      const reject = (await detail.rejectButton.boundingBox())!;
      below(reject, `Reject in view at ${viewport.width}`, viewport.height);
      expect(Math.abs(reject.y - approve.y), `Reject on Approve's line at ${viewport.width}`).toBeLessThan(2);
      expect(reject.x, `Reject right of Approve at ${viewport.width}`).toBeGreaterThanOrEqual(
        approve.x + approve.width,
      );
      expect(
        reject.x - (approve.x + approve.width),
        `Reject next to Approve at ${viewport.width}`,
      ).toBeLessThan(24);
    }
  });

  test('the creator sees why they can neither approve nor reject; unknown ids are not found', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.admin));
    const vendor = unique('Own');
    const approval = await factory.create(vendor, [42]);
    const reason = /You created this approval, so someone else must decide it/;
    // In the list: quick approve and quick reject disabled, saying why.
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.quickApprove(approval)).toBeDisabled();
    await expect(list.quickApprove(approval)).toHaveAccessibleDescription(reason);
    await expect(list.quickReject(approval)).toBeDisabled();
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    // On the detail too: Approve is there, disabled, saying why in words under it; the server stays
    // the judge.
    await expect(page.getByTestId('decision-reason')).toHaveText(reason);
    await expect(detail.approveButton).toBeDisabled();
    await expect(detail.approveButton).toHaveAccessibleDescription(reason);
    await expect(detail.rejectButton).toBeDisabled();
    await expect(detail.rejectButton).toHaveAccessibleDescription(reason);
    await page.goto('/approvals/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
    await page.goto('/approvals/undefined');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
  });
});

test.describe('deciding only when one may', () => {
  test('who approved step 1 of a two-step approval sees Approve and Reject disabled, saying why, on the page, the row and the inbox', async ({
    page,
    request,
  }) => {
    // From $10,000 the default policy asks two steps (the company's approver, a moderator or an
    // admin; then any admin). The signed-in ADMIN approves step 1 and so may not approve step 2.
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('TwoStep');
    const approval = await factory.create(vendor, [12_000]);
    await (
      await ApiClient.signIn(request, DEMO.admin)
    ).put(`/api/bill-approval/approvals/${approval.id}/approve`);
    const reason = APPROVAL_ERRORS.decidedEarlierStep;

    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    await expect(page.getByTestId('approval-step')).toContainText('Step 2 of 2');
    await expect(detail.approveButton).toBeDisabled();
    await expect(detail.approveButton).toHaveAccessibleDescription(reason);
    await expect(page.getByTestId('decision-reason')).toHaveText(reason);
    // Rejecting is a decision too: someone else decides this step.
    await expect(detail.rejectButton).toBeDisabled();
    await checkBothThemes(page, 'approval-decided-step');

    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.quickApprove(approval)).toBeDisabled();
    await expect(list.quickApprove(approval)).toHaveAccessibleDescription(reason);
    await expect(list.quickReject(approval)).toBeDisabled();
    await expect(list.quickReject(approval)).toHaveAccessibleDescription(reason);
    // Selected alone, the bulk bar offers neither decision.
    await list.select(`Select approval ${short(approval)}`);
    await expect(list.bulkBar.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(list.bulkBar.getByRole('button', { name: 'Reject' })).toHaveCount(0);

    // The inbox's bar says the same.
    await page.goto(`/approvals/inbox?tab=all&selected=${approval.id}`);
    const bar = page.getByRole('group', { name: INBOX_TEXT.decisionBar });
    await expect(bar.getByRole('button', { name: INBOX_TEXT.approveNext })).toBeDisabled();
    await expect(bar.getByRole('button', { name: INBOX_TEXT.rejectNext })).toBeDisabled();
    await expect(bar).toContainText(reason);
  });
});
