// Approval requests entered by hand for a company without QuickBooks, and duplicate bills: a
// MODERATOR enters a bill of two lines on 'New approval request' (the form names a total the lines
// do not reach), the approval says 'Entered by hand'; the same bill spelled 'e2e 42' is flagged, the
// approval page shows the two side by side, and an ADMIN's approve asks for a reason.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { notice } from '../pages/layout';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalListPage, short } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );

interface Created {
  id: number;
  name: string;
}
interface Account {
  id: number;
  control: { version: number };
}

/** A company of this run (never connected to QuickBooks) with one confirmed vendor account. */
async function companyWithVendor(adminApi: ApiClient, moderatorApi: ApiClient, tag: string) {
  const company = await moderatorApi.post<Created>('/api/company/companies', { name: `Hand Co ${tag}` });
  const vendorName = `Paper Mill ${tag}`;
  // Entered by the MODERATOR and confirmed by the ADMIN (dual control); the ADMIN, who did not enter
  // it, may then approve its payments.
  const account = await moderatorApi.post<Account>(`/api/company/companies/${company.id}/vendor-accounts`, {
    vendorRef: `PM-${tag}`,
    vendorName,
    routingNumber: '021000021',
    accountNumber: '123456789',
    accountType: 'checking',
  });
  await adminApi.put(`/api/company/companies/${company.id}/vendor-accounts/${account.id}/confirm`, {
    version: account.control.version,
  });
  return { company, vendorName, vendorRef: `PM-${tag}` };
}

test.describe('approval requests entered by hand', () => {
  test('a MODERATOR enters two lines; it is Entered by hand; a duplicate is flagged and approving it asks for a reason', async ({
    page,
    browser,
    request,
    savedState,
  }) => {
    // Two people's browsers, a company set up through the API and four pages: over 45 s on a slow
    // two-core machine beside the eight-tab test.
    test.setTimeout(90_000);
    const tag = Date.now().toString(36);
    const adminApi = await ApiClient.signIn(request);
    const moderatorApi = await ApiClient.signIn(request, DEMO.moderator);
    const { company, vendorName, vendorRef } = await companyWithVendor(adminApi, moderatorApi, tag);
    const docNumber = `E2E-0042-${tag}`;

    const moderatorContext = await browser.newContext({ storageState: await savedState('moderator') });
    const moderator = await moderatorContext.newPage();
    let approvalId = '';
    try {
      await moderator.goto('/approvals');
      await moderator.getByRole('link', { name: 'New approval request' }).first().click();
      await expect(moderator.getByRole('heading', { level: 1, name: 'New approval request' })).toBeVisible();
      const form = moderator.getByRole('form', { name: 'New approval request' });
      await form.getByLabel('Company').selectOption({ label: company.name });
      await form.getByLabel('Priority').selectOption('HIGH');
      await form.getByLabel('Vendor').selectOption({ label: vendorName });
      await form.getByLabel('Bill number (DocNumber)').fill(docNumber);
      await form.getByLabel('Bill date').fill('2026-11-02');
      await form.getByLabel('Due date').fill('2026-12-02');
      await form.getByLabel('Total').fill('1250.00');
      await form.getByLabel('Line 1 description').fill('Paper, 40 reams');
      await form.getByLabel('Line 1 amount').fill('1000');
      await form.getByRole('button', { name: 'Add line' }).click();
      await form.getByLabel('Line 2 description').fill('Delivery');
      await form.getByLabel('Line 2 amount').fill('200');
      // The lines miss the total by $50: the form says so, with both sums, and sends nothing.
      await expect(form.getByText('Lines add up to $1,200.00 (total $1,250.00)')).toBeVisible();
      await form.getByRole('button', { name: 'Create request' }).click();
      await expect(
        form.getByText("The lines add up to $1,200.00, not the bill's total of $1,250.00"),
      ).toBeVisible();
      await form.getByLabel('Line 2 amount').fill('250');
      await expect(form.getByText('Lines add up to $1,250.00')).toBeVisible();

      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await moderator.setViewportSize({ width, height });
        await noSidewaysScroll(moderator);
        await shot(moderator, `new-approval-request-${width}`);
      }
      await moderator.setViewportSize({ width: 1440, height: 900 });

      await form.getByRole('button', { name: 'Create request' }).click();
      await expect(notice(moderator, 'Approval request created successfully')).toBeVisible();
      await expect(moderator).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
      approvalId = moderator.url().split('/').pop()!;
      await expect(moderator.getByText('Entered by hand', { exact: true })).toBeVisible();
      const bill = moderator.getByRole('article', { name: `Bill ${docNumber}` });
      await expect(bill).toContainText('Paper, 40 reams');
      await expect(bill).toContainText('Delivery');
      await expect(bill).toContainText('$1,250.00');

      // The list says where it came from.
      await moderator.goto(`/approvals?search=${encodeURIComponent(docNumber)}`);
      const row = moderator
        .getByRole('row')
        .filter({ has: moderator.getByRole('link', { name: `Approval ${approvalId.slice(0, 8)}` }) });
      await expect(row).toContainText('Entered by hand');
    } finally {
      await moderatorContext.close();
    }

    // The same bill again, spelled 'e2e 42 …' this time (the id that looks different).
    const twin = await moderatorApi.post<{
      id: string;
      duplicates: Array<{ kind: string; otherApprovalId: string }>;
    }>('/api/bill-approval/approvals/manual', {
      companyId: company.id,
      bills: [
        {
          vendorRef,
          DocNumber: `e2e 42 ${tag}`,
          TxnDate: '2026-11-04',
          DueDate: '2026-12-04',
          TotalAmt: 1250,
          Line: [{ Description: 'Paper, 40 reams, again', Amount: 1250 }],
        },
      ],
    });
    expect(twin.duplicates).toEqual([
      expect.objectContaining({ kind: 'BILL_NUMBER', otherApprovalId: approvalId }),
    ]);

    // The ADMIN sees the two bills side by side, and approving needs a reason.
    await page.goto(`/approvals/${twin.id}`);
    const duplicates = page.getByRole('region', { name: /Possible duplicates/ });
    await expect(duplicates).toContainText('Same vendor and the same bill number');
    await expect(duplicates.getByRole('article', { name: `Bill e2e 42 ${tag}` })).toBeVisible();
    await expect(duplicates.getByRole('article', { name: `Bill ${docNumber}` })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    await expect(dialog.getByText('Possible duplicate', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: /^Approve/ }).click();
    await expect(
      dialog.getByText(
        `Bill e2e 42 ${tag} may be a duplicate of another bill: give a reason to approve it anyway`,
      ),
    ).toBeVisible();
    await dialog
      .getByLabel(/Reason for approving a possible duplicate/)
      .fill('Vendor confirmed a second delivery');
    await dialog.getByRole('button', { name: /^Approve/ }).click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    const history = page.getByRole('region', { name: 'Activity History' });
    await expect(history).toContainText('Vendor confirmed a second delivery');
  });

  test("the list's quick approve of a possible duplicate opens the reason dialog; bulk approve names it and links to it", async ({
    page,
    request,
  }) => {
    const adminApi = await ApiClient.signIn(request, DEMO.admin);
    const moderatorApi = await ApiClient.signIn(request, DEMO.moderator);
    const tag = `${Date.now()}`;
    const { company, vendorRef } = await companyWithVendor(adminApi, moderatorApi, tag);
    const enter = (docNumber: string, date: string) =>
      moderatorApi.post<{ id: string; duplicates: unknown[] }>('/api/bill-approval/approvals/manual', {
        companyId: company.id,
        bills: [
          {
            vendorRef,
            DocNumber: docNumber,
            TxnDate: date,
            DueDate: '2026-12-20',
            TotalAmt: 310,
            Line: [{ Description: 'Toner', Amount: 310 }],
          },
        ],
      });
    await enter(`QA-0007-${tag}`, '2026-11-10');
    const twin = await enter(`qa 7 ${tag}`, '2026-11-11');
    expect(twin.duplicates).toHaveLength(1);
    const list = new ApprovalListPage(page);
    await list.goto(`?search=${tag}`);
    await expect(list.rows).toHaveCount(2);

    // Bulk approve cannot give a reason: the flagged approval is refused, named, and linked.
    await list.select(`Select approval ${short(twin)}`);
    await list.bulkBar.getByRole('button', { name: 'Approve' }).click();
    // Asked first, Approve focused: a bulk approve is many payments in one click.
    const confirm = page.getByRole('alertdialog', { name: 'Approve Selected' });
    await expect(confirm.getByRole('button', { name: 'Approve 1' })).toBeFocused();
    await page.keyboard.press('Enter');
    const summary = page.getByRole('status', { name: 'Bulk action result' });
    await expect(summary).toContainText('Bulk approve: 0 approved, 1 not approved');
    await expect(summary).toContainText(
      `Bill qa 7 ${tag} may be a duplicate of another bill: give a reason to approve it anyway (now pending)`,
    );
    await expect(summary.getByRole('link', { name: short(twin) })).toHaveAttribute(
      'href',
      `/approvals/${twin.id}`,
    );
    // The refusal would repeat: the approval leaves the selection.
    await expect(list.bulkBar).toHaveCount(0);

    // The row's quick approve opens the approve dialog with the reason instead of a bare error.
    await list.quickApprove(twin).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    await expect(dialog.getByText('Possible duplicate', { exact: true })).toBeVisible();
    await dialog.getByLabel(/Reason for approving a possible duplicate/).fill('Second delivery of toner');
    await dialog.getByRole('button', { name: /^Approve/ }).click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    await expect(list.row(twin)).not.toContainText('Pending');
    const history = await adminApi.get<Array<{ details: string | null }>>(
      `/api/bill-approval/approvals/${twin.id}/history`,
    );
    expect(history.body.data.some((entry) => entry.details?.includes('Second delivery of toner'))).toBe(true);
  });

  test('the New approval request screen has no detectable accessibility violations', async ({ page }) => {
    await withoutLiveStream(page);
    await page.goto('/approvals/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New approval request' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page);
  });
});
