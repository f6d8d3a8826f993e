// The Approvals section in Chromium against the real API — the list's URL state, decisions
// from the list and the detail page, decisions that lose to someone else's, segregation of duties, bulk
// reject, export, the phone layout and the remote on its own.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { APPROVAL_ERRORS } from '../../shared-contracts/src/approval-errors';
import { APPROVAL_LIST_TEXT } from '../../shared-contracts/src/approval-list-text';
import { INBOX_TEXT } from '../../shared-contracts/src/inbox-text';
import { expect, test } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalDetailPage, ApprovalFactory, ApprovalListPage, short } from '../pages/approvals-page';
import { DEMO, SignInPage } from '../pages/sign-in-page';

/** The one notice on screen (one at a time). */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

let runId = 0;
/** A vendor name no other test (or earlier run) uses, so a search finds only this test's approvals. */
const unique = (label: string) => `${label}${Date.now().toString(36)}${(runId += 1)}`;

/** With E2E_SCREENSHOTS=dir, full-page screenshots for review (not compared). */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  // A dialog is shown over the viewport: the full page would stretch the backdrop.
  const fullPage = !name.includes('dialog');
  if (!dir) return;
  // Not mid-animation (a dialog fades in).
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('approval list', () => {
  test('stat cards, filters from the URL, no-match state, server sort and page size', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const stats = (await api.get<Record<string, number>>('/api/bill-approval/approvals/stats')).body.data;
    const list = new ApprovalListPage(page);

    // Filters live in the URL: a shared link opens the same view, with the panel and the badge.
    await list.goto('?status=PENDING&priority=HIGH');
    for (const key of ['total', 'pending', 'approved', 'rejected', 'expired']) {
      await expect(page.getByTestId(`stat-${key}`)).toHaveText(stats[key]!.toLocaleString('en-US'));
    }
    const filtered = await api.get<unknown[]>(
      '/api/bill-approval/approvals?status=PENDING&priority=HIGH&limit=10',
    );
    const filteredCount = Math.min(10, filtered.body.meta!.pagination.total);
    expect(filteredCount).toBeGreaterThan(0);
    await expect(list.filtersToggle).toContainText('Active');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('PENDING');
    await expect(page.getByLabel('Priority')).toHaveValue('HIGH');
    await expect(list.rows).toHaveCount(filteredCount);
    await expect(list.rows.filter({ hasText: 'Pending' }).filter({ hasText: 'High' })).toHaveCount(
      filteredCount,
    );
    await shot(page, 'list-filters-1440');

    // Changing a filter keeps the others and returns to page 1.
    await page.getByLabel('Priority').selectOption('');
    await expect(page).not.toHaveURL(/priority=/);
    await expect(page).toHaveURL(/status=PENDING/);

    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.filtersToggle).not.toContainText('Active');
    await expect(page).not.toHaveURL(/status=/);

    // Default order Created descending; the pagination texts.
    const total = stats.total!;
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByText(`Showing 1 to 10 of ${total} approvals`)).toBeVisible();
    await expect(
      page.getByText(`Page 1 of ${Math.ceil(total / 10)} • Total: ${total} approvals`),
    ).toBeVisible();

    // Sort by Total Amount: the server orders every row; the page shows its first 10.
    await list.sortBy('Total Amount');
    await expect(page).toHaveURL(/sortBy=billStats\.totalAmount&sortOrder=asc/);
    const sorted = await api.get<Array<{ id: string }>>(
      '/api/bill-approval/approvals?sortBy=billStats.totalAmount&sortOrder=asc&limit=10',
    );
    await expect(list.idLinks()).toHaveText(sorted.body.data.map(short));
    await list.sortBy('Total Amount');
    // Descending is the default direction, so the URL keeps only the key.
    await expect(page).not.toHaveURL(/sortOrder=asc/);
    await expect(page).toHaveURL(/sortBy=billStats\.totalAmount/);
    await expect(page.getByRole('columnheader', { name: /Total Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Page size 25, kept in the URL, then the last page.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/limit=25/);
    await expect(list.rows).toHaveCount(25);
    await page.getByRole('button', { name: 'Last' }).click();
    const last = Math.ceil(total / 25);
    await expect(page.getByText(`Page ${last} of ${last} • Total: ${total} approvals`)).toBeVisible();
    await expect(list.rows).toHaveCount(total - (last - 1) * 25);
    await page.reload();
    await expect(page.getByLabel('Rows per page')).toHaveValue('25');
    await expect(list.rows).toHaveCount(total - (last - 1) * 25);

    // A search that matches nothing says so (not the first-use empty state) and offers to clear.
    await list.filtersToggle.click();
    await page.getByLabel('Search').fill('zz-no-approval-matches-this');
    await expect(page.getByRole('heading', { name: 'No approvals match your filters' })).toBeVisible();
    await expect(page.getByText('Create your first approval to get started')).toHaveCount(0);
    await expect(page.getByText(/^Showing 0 to 0/)).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(list.rows).toHaveCount(25);
  });

  test('a row shows its vendor, first due date, next approver and age; a possible duplicate is marked', async ({
    page,
    request,
  }, info) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Columns');
    const first = await factory.create(vendor, [640.5]);
    // The same vendor and amount again (bills dated alike): flagged as a possible duplicate.
    const twin = await factory.create(vendor, [640.5]);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.rows).toHaveCount(2);
    const row = list.row(first);
    await expect(row).toContainText(vendor);
    await expect(row).toContainText('Dec 31, 2026');
    await expect(row).toContainText('Step 1 of 1');
    await expect(row).toContainText("the company's approver, any moderator or admin");
    await expect(row).toContainText(/less than a minute|\d+ minutes?/);
    await expect(row.getByText(APPROVAL_LIST_TEXT.possibleDuplicate)).toHaveCount(0);
    await expect(list.row(twin).getByText(APPROVAL_LIST_TEXT.possibleDuplicate)).toBeVisible();
    // Every column fits beside the sidebar, the row's actions in view.
    await expect(list.rowMenu(twin)).toBeInViewport();
    await noSidewaysScroll(page);

    // On a phone the card keeps the vendor, the amount, the due date and the mark.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = list.cards.filter({ has: page.getByRole('link', { name: `Approval ${short(twin)}` }) });
    for (const text of [vendor, '$640.50', 'Dec 31, 2026', APPROVAL_LIST_TEXT.possibleDuplicate]) {
      await expect(card).toContainText(text);
    }
    await noSidewaysScroll(page);
    await checkBothThemes(page, 'approval-list-columns', (file) => info.outputPath(file));
  });

  test('quick approve and quick reject ask first, in the app: Approve focused, a reason required', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Quick');
    const a = await factory.create(vendor, [120.5, 30]);
    const b = await factory.create(vendor, [80]);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.rows).toHaveCount(2);
    // No browser prompt anywhere: the decision dialogs are the console's own.
    page.on('dialog', (dialog) => {
      throw new Error(`a browser dialog opened: ${dialog.message()}`);
    });

    // The click decides nothing: the bills, their total, and Approve focused so Enter confirms.
    await list.quickApprove(a).click();
    const approveDialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    await expect(approveDialog.getByTestId('approved-total')).toHaveText('$150.50');
    await expect(approveDialog.getByRole('checkbox')).toHaveCount(2);
    // (The modal hides the page from the accessibility tree: the row is checked once it closes.)
    await expect(approveDialog.getByRole('button', { name: 'Approve 2 of 2' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(approveDialog).toBeHidden();
    await expect(list.row(a)).toContainText('Pending');
    await list.quickApprove(a).click();
    await expect(approveDialog.getByRole('button', { name: 'Approve 2 of 2' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    await expect(list.row(a)).toContainText('Approved');
    await expect(list.quickApprove(a)).toHaveCount(0);

    // Reject asks with the list's words; a blank reason is refused, Cancel does nothing.
    await list.quickReject(b).click();
    const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
    await expect(rejectDialog).toContainText('Please provide a reason for rejection:');
    const reason = rejectDialog.getByLabel('Rejection Reason');
    await expect(reason).toBeFocused();
    await reason.fill('   ');
    await expect(rejectDialog.getByRole('button', { name: 'Reject Approval' })).toBeDisabled();
    await rejectDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(rejectDialog).toBeHidden();
    await expect(list.row(b)).toContainText('Pending');

    await list.quickReject(b).click();
    await reason.fill('  Amount does not match the PO  ');
    await rejectDialog.getByRole('button', { name: 'Reject Approval' }).click();
    await expect(notice(page, 'Approval rejected successfully')).toBeVisible();
    await expect(list.row(b)).toContainText('Rejected');
    const api = await ApiClient.signIn(request);
    const rejected = await api.get<{ rejectionReason: string }>(`/api/bill-approval/approvals/${b.id}`);
    expect(rejected.body.data.rejectionReason).toBe('Amount does not match the PO');
  });

  test('bulk reject asks one reason and summarises what succeeded and what did not', async ({
    page,
    request,
  }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Bulk');
    const pending = [await factory.create(vendor, [10]), await factory.create(vendor, [20])];
    const decided = await factory.create(vendor, [30]);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.rows).toHaveCount(3);
    await list.select('Select all rows');
    await expect(list.bulkBar).toContainText('3 approvals selected');
    // Decided meanwhile by someone else: the bulk call reports it instead of failing them all.
    await (
      await ApiClient.signIn(request, DEMO.user)
    ).put(`/api/bill-approval/approvals/${decided.id}/approve`);
    await list.bulkBar.getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
    await expect(rejectDialog).toContainText('Please provide a reason for rejection:');
    await rejectDialog.getByLabel('Rejection Reason').fill('Vendor under review');
    await rejectDialog.getByRole('button', { name: 'Reject Approval' }).click();
    const summary = page.getByRole('status', { name: 'Bulk action result' });
    await expect(summary).toContainText('Bulk reject: 2 rejected, 1 not rejected');
    await expect(summary).toContainText(
      `${short(decided)}: This approval is no longer pending (now approved)`,
    );
    for (const approval of pending) await expect(list.row(approval)).toContainText('Rejected');
    await expect(list.row(decided)).toContainText('Approved');
    await expect(list.bulkBar).toHaveCount(0);
  });

  test('Export downloads the current view as CSV: every matching row, in the view’s order', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const view = 'status=REJECTED&sortBy=billStats.totalAmount&sortOrder=asc';
    const listed = await api.get<Array<{ id: string }>>(`/api/bill-approval/approvals?${view}&limit=5`);
    const total = listed.body.meta!.pagination.total;
    expect(total).toBeGreaterThan(5);
    const fromApi = await api.getText(`/api/bill-approval/approvals/export?${view}`);
    const list = new ApprovalListPage(page);
    await list.goto(`?${view}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^approvals-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(fromApi.text.split('\r\n')[0]);
    expect(lines[0]).toBe(
      'ID,Company,Status,Priority,Bills,Processed,Amount,Manager,Created,Decided By,Decided At,Source',
    );
    // Every matching row, not one page; the list's filter and sort went along.
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).every((line) => line.includes(',REJECTED,'))).toBe(true);
    expect(lines.slice(1, 6).map((line) => line.split(',')[0])).toEqual(
      listed.body.data.map((approval) => approval.id),
    );
    await expect(notice(page, `Download started: ${total} approvals`)).toBeVisible();
  });
});

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

  test('the creator sees why they cannot approve; unknown ids are not found', async ({ page, request }) => {
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.admin));
    const vendor = unique('Own');
    const approval = await factory.create(vendor, [42]);
    const reason = /You created this approval, so someone else must approve it/;
    // In the list: quick approve disabled, saying why; reject stays available.
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.quickApprove(approval)).toBeDisabled();
    await expect(list.quickApprove(approval)).toHaveAccessibleDescription(reason);
    await expect(list.quickReject(approval)).toBeEnabled();
    const detail = new ApprovalDetailPage(page);
    await detail.goto(approval);
    // On the detail too: Approve is there, disabled, saying why in words under it; the server stays
    // the judge.
    await expect(page.getByTestId('decision-reason')).toHaveText(reason);
    await expect(detail.approveButton).toBeDisabled();
    await expect(detail.approveButton).toHaveAccessibleDescription(reason);
    await expect(detail.rejectButton).toBeVisible();
    await page.goto('/approvals/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
    await page.goto('/approvals/undefined');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
  });
});

test.describe('deciding only when one may', () => {
  test('who approved step 1 of a two-step approval sees Approve disabled, saying why, on the page and the row', async ({
    page,
    request,
  }, info) => {
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
    // Rejecting stays theirs to do: it pays nobody.
    await expect(detail.rejectButton).toBeEnabled();
    await checkBothThemes(page, 'approval-decided-step', (file) => info.outputPath(file));

    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);
    await expect(list.quickApprove(approval)).toBeDisabled();
    await expect(list.quickApprove(approval)).toHaveAccessibleDescription(reason);
    await expect(list.quickReject(approval)).toBeEnabled();
    // Selected alone, the bulk bar does not offer Approve; Reject it still does.
    await list.select(`Select approval ${short(approval)}`);
    await expect(list.bulkBar.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(list.bulkBar.getByRole('button', { name: 'Reject' })).toBeVisible();

    // The inbox's bar says the same.
    await page.goto(`/approvals/inbox?tab=all&selected=${approval.id}`);
    const bar = page.getByRole('group', { name: INBOX_TEXT.decisionBar });
    await expect(bar.getByRole('button', { name: INBOX_TEXT.approveNext })).toBeDisabled();
    await expect(bar).toContainText(reason);
  });
});

test.describe('long names and the phone layout', () => {
  test('long names are cut at 1440 px; at 390 px rows are cards with their actions in reach', async ({
    page,
    request,
  }) => {
    const admin = await ApiClient.signIn(request);
    const stamp = Date.now().toString(36);
    const companyName = `Longname Approvals ${stamp} ${'Incorporated Holdings '.repeat(12)}`
      .slice(0, 255)
      .trim();
    const company = await admin.post<{ id: number }>('/api/company/companies', { name: companyName });
    const managerFirstName = `Maximiliana${stamp}`;
    const manager = await admin.createManager({
      firstName: managerFirstName,
      lastName: 'Featherstonehaugh-Cholmondeley-Wolfeschlegelsteinhausen',
    });
    const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
    const vendor = unique('Phone');
    const options = { companyId: company.id, managerId: manager.id };
    const toApprove = await factory.create(vendor, [1200, 345.67], options);
    const toReject = await factory.create(vendor, [99.99], options);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${vendor}`);

    // Desktop: one line per name, the full name on hover, the row's actions in view. The columns an
    // approver reads first fit; the bookkeeping ones after them scroll within the table, under the
    // actions, which stay at its end; the page itself never scrolls sideways.
    await expect(list.rows).toHaveCount(2);
    await expect(list.row(toApprove).getByText(companyName)).toHaveAttribute('title', companyName);
    expect((await list.row(toApprove).boundingBox())!.height).toBeLessThan(80);
    const region = page.getByRole('region', { name: 'Bill approvals' });
    const regionBox = (await region.boundingBox())!;
    for (const header of ['Vendor', 'Company', 'Total Amount', 'Due', 'Status', 'Next approver', 'Age']) {
      const box = (await list.table
        .getByRole('columnheader', { name: new RegExp(`^${header}`) })
        .boundingBox())!;
      expect(box.x + box.width, `${header} in view`).toBeLessThanOrEqual(regionBox.x + regionBox.width);
    }
    await expect(list.rowMenu(toApprove)).toBeInViewport();
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(list.rowMenu(toApprove)).toBeInViewport();
    await expect(list.row(toApprove).getByText(managerFirstName, { exact: false })).toBeInViewport();
    await noSidewaysScroll(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(list.cards).toHaveCount(2);
    const card = list.cards.filter({ has: page.getByRole('link', { name: `Approval ${short(toApprove)}` }) });
    await expect(card).toContainText('$1,545.67');
    await expect(card).toContainText(companyName.slice(0, 20));
    await expect(card).toContainText('Pending');
    await expect(card.getByRole('checkbox', { name: `Select approval ${short(toApprove)}` })).toHaveCount(1);
    await noSidewaysScroll(page);
    for (const control of [
      list.quickApprove(toApprove),
      list.quickReject(toApprove),
      list.rowMenu(toApprove),
    ]) {
      // Within the card's width, not cut off or behind a sideways scroll.
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // The filter panel opened with the search it was given.
    await expect(page.getByLabel('Search')).toHaveValue(vendor);
    await shot(page, 'list-filters-390');

    // Quick approve from a card (confirmed in its dialog), then the row menu opens the detail.
    await list.quickApprove(toApprove).click();
    await page
      .getByRole('alertdialog', { name: 'Approve Bills' })
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    await expect(card).toContainText('Approved');
    await list.rowMenu(toApprove).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const detail = new ApprovalDetailPage(page);
    await expect(
      page.getByRole('heading', { level: 1, name: `Approval #${short(toApprove)}` }),
    ).toBeVisible();
    await expect(detail.card('Approved Bills')).toContainText('2 of 2');
    await noSidewaysScroll(page);
    await shot(page, 'detail-approved-390');

    await detail.goto(toReject);
    await expect(detail.card('Company & Assignment')).toContainText(companyName.slice(0, 20));
    await noSidewaysScroll(page);
    await shot(page, 'detail-pending-390');
    await detail.approveButton.click();
    await expect(detail.approveDialog.getByTestId('approved-total')).toHaveText('$99.99');
    await expect(detail.approveDialog.getByRole('button', { name: 'Approve 1 of 1' })).toBeInViewport();
    await shot(page, 'approve-dialog-390');
    await detail.approveDialog.getByRole('button', { name: 'Cancel' }).click();
    await detail.rejectButton.click();
    await detail.rejectDialog.getByLabel('Rejection Reason').fill('Wrong remittance account');
    await expect(detail.rejectDialog.getByRole('button', { name: 'Reject Approval' })).toBeInViewport();
    await shot(page, 'reject-dialog-390');
    await detail.rejectDialog.getByRole('button', { name: 'Reject Approval' }).click();
    await expect(detail.card('Rejection Details')).toContainText('Wrong remittance account');
    await noSidewaysScroll(page);
    await shot(page, 'detail-rejected-390');
  });
});

test.describe('remote-approvals on its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('runs standalone with its own sign-in and only its section', async ({ page }) => {
    await page.goto('/remotes/approvals/');
    await expect(page).toHaveURL(/\/remotes\/approvals\/login$/);
    await new SignInPage(page, '/remotes/approvals/login').signIn(DEMO.user, DEMO.password);
    await expect(page).toHaveURL(/\/remotes\/approvals\/approvals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
    await expect(page.getByText(/^Showing 1 to 10 of \d+ approvals$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // The section's own links stay inside the standalone app.
    await page.getByRole('table').locator('tbody tr a').first().click();
    await expect(page).toHaveURL(/\/remotes\/approvals\/approvals\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Approval #/ })).toBeVisible();
  });
});
