// The Approvals section's long names and phone layout (cut at 1440 px, cards with their actions in
// reach at 390 px) in Chromium against the real API, and the remote on its own sign-in.
import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import {
  ApprovalDetailPage,
  ApprovalFactory,
  ApprovalListPage,
  noSidewaysScroll,
  short,
  unique,
} from '../pages/approvals-page';
import { notice } from '../pages/layout';
import { shot } from '../pages/screenshots';
import { DEMO, SignInPage } from '../pages/sign-in-page';

test.use({ viewport: { width: 1440, height: 900 } });

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
