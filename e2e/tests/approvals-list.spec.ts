// The approval list in Chromium against the real API: stat cards, filters and sort in the URL, what a
// row shows, quick approve and reject from the row, bulk reject and the CSV export.
import { readFileSync } from 'node:fs';
import { APPROVAL_LIST_TEXT } from '../../shared-contracts/src/approval-list-text';
import { expect, test } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory, ApprovalListPage, noSidewaysScroll, short, unique } from '../pages/approvals-page';
import { notice } from '../pages/layout';
import { DEMO } from '../pages/sign-in-page';
import { shot } from '../pages/screenshots';

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
  }) => {
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
    await checkBothThemes(page, 'approval-list-columns');
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
