import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ApiClient } from '../pages/api-client';
import { DEMO, SignInPage } from '../pages/sign-in-page';

interface ApprovalDto {
  id: string;
  status: string;
  approvedBillIds: string[];
  billStats: { totalAmount: number };
}

let runId = 0;
const unique = (label: string) => `${label}${Date.now().toString(36)}${(runId += 1)}`;

/** A PENDING approval with `amounts.length` bills from one vendor named `vendor`, created by `as`. */
async function createApproval(
  request: Parameters<typeof ApiClient.signIn>[0],
  vendor: string,
  amounts: number[],
  as: string = DEMO.moderator,
): Promise<ApprovalDto> {
  const api = await ApiClient.signIn(request, as);
  const { body } = await api.get<Array<{ id: number }>>('/api/company/companies?limit=5');
  return api.post<ApprovalDto>('/api/bill-approval/approvals', {
    companyId: body.data[0]!.id,
    priority: 'HIGH',
    bills: amounts.map((amount, index) => ({
      Id: `${vendor}-${index + 1}`,
      TotalAmt: amount,
      DocNumber: `${vendor}-DOC${index + 1}`,
      DueDate: '2026-12-31',
      VendorRef: { name: vendor, value: vendor },
      VendorInfo: { CompanyName: vendor, Email: 'ap@vendor.example', Phone: '(555) 010-0000' },
      VendorAddr: {
        Line1: '1 Main St',
        City: 'Springfield',
        CountrySubDivisionCode: 'IL',
        PostalCode: '62701',
      },
      Line: [
        {
          Id: '1',
          Description: 'Services',
          Amount: amount,
          ItemBasedExpenseLineDetail: { Qty: 1, ItemRef: { name: 'Consulting' } },
        },
      ],
    })),
  });
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

test.describe('approval list', () => {
  test('stat cards, filters from the URL with the Active badge, server sort and page size', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const stats = (await api.get<Record<string, number>>('/api/bill-approval/approvals/stats')).body.data;
    await page.goto('/approvals');
    await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
    for (const key of ['total', 'pending', 'approved', 'rejected', 'expired']) {
      await expect(page.getByTestId(`stat-${key}`)).toHaveText(stats[key]!.toLocaleString('en-US'));
    }
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const total = stats.total!;
    await expect(page.getByText(`Showing 1 to 10 of ${total} approvals`)).toBeVisible();
    await expect(
      page.getByText(`Page 1 of ${Math.ceil(total / 10)} • Total: ${total} approvals`),
    ).toBeVisible();

    // Filters live in the URL: a shared link opens the same view, with the panel and the badge.
    await page.goto('/approvals?status=PENDING&priority=HIGH');
    const filtered = await api.get<unknown[]>(
      '/api/bill-approval/approvals?status=PENDING&priority=HIGH&limit=10',
    );
    const filteredTotal = filtered.body.meta!.pagination.total;
    await expect(page.getByRole('button', { name: /Filters/ })).toContainText('Active');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('PENDING');
    await expect(rows(page)).toHaveCount(Math.min(10, filteredTotal));
    await expect(rows(page).filter({ hasText: 'Pending' }).filter({ hasText: 'High' })).toHaveCount(
      Math.min(10, filteredTotal),
    );
    await page.getByLabel('Priority').selectOption('');
    await expect(page).not.toHaveURL(/priority=/);
    await expect(page).toHaveURL(/status=PENDING/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('button', { name: /Filters/ })).not.toContainText('Active');

    // Sort by Total Amount: the server orders every row; the page shows its first 10.
    await page.getByRole('button', { name: /Total Amount/ }).click();
    await expect(page).toHaveURL(/sortBy=billStats\.totalAmount/);
    const sorted = await api.get<Array<{ id: string }>>(
      '/api/bill-approval/approvals?sortBy=billStats.totalAmount&sortOrder=asc&limit=10',
    );
    await expect(rows(page).locator('td a').first()).toHaveText(sorted.body.data[0]!.id.slice(0, 8));
    await page.getByRole('button', { name: /Total Amount/ }).click();
    await expect(page).toHaveURL(/sortOrder=desc/);

    // Page size 25, then the last page.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/limit=25/);
    await expect(rows(page)).toHaveCount(25);
    await page.getByRole('button', { name: 'Last' }).click();
    const last = Math.ceil(total / 25);
    await expect(page.getByText(`Page ${last} of ${last} • Total: ${total} approvals`)).toBeVisible();
    await expect(rows(page)).toHaveCount(total - (last - 1) * 25);
  });

  test('quick approve, and quick reject with and without a reason', async ({ page, request }) => {
    const vendor = unique('Quick');
    const [a, b] = [
      await createApproval(request, vendor, [120.5]),
      await createApproval(request, vendor, [80]),
    ];
    await page.goto(`/approvals?search=${vendor}`);
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('button', { name: `Approve ${a.id.slice(0, 8)}` }).click();
    await expect(page.getByText('Approval approved successfully')).toBeVisible();
    await expect(rows(page).filter({ hasText: a.id.slice(0, 8) })).toContainText('Approved');

    // An empty answer (or Cancel) does nothing.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Please provide a reason for rejection:');
      void dialog.accept('   ');
    });
    await page.getByRole('button', { name: `Reject ${b.id.slice(0, 8)}` }).click();
    await expect(rows(page).filter({ hasText: b.id.slice(0, 8) })).toContainText('Pending');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: `Reject ${b.id.slice(0, 8)}` }).click();
    await expect(rows(page).filter({ hasText: b.id.slice(0, 8) })).toContainText('Pending');

    page.once('dialog', (dialog) => void dialog.accept('Amount does not match the PO'));
    await page.getByRole('button', { name: `Reject ${b.id.slice(0, 8)}` }).click();
    await expect(page.getByText('Approval rejected successfully')).toBeVisible();
    await expect(rows(page).filter({ hasText: b.id.slice(0, 8) })).toContainText('Rejected');
    const api = await ApiClient.signIn(request);
    const rejected = await api.get<{ rejectionReason: string }>(`/api/bill-approval/approvals/${b.id}`);
    expect(rejected.body.data.rejectionReason).toBe('Amount does not match the PO');
  });

  test('bulk reject asks one reason and summarises what succeeded and what did not', async ({
    page,
    request,
  }) => {
    const vendor = unique('Bulk');
    const pending = [
      await createApproval(request, vendor, [10]),
      await createApproval(request, vendor, [20]),
    ];
    const decided = await createApproval(request, vendor, [30]);
    const user = await ApiClient.signIn(request, DEMO.user);
    await user.put(`/api/bill-approval/approvals/${decided.id}/approve`, {});
    await page.goto(`/approvals?search=${vendor}`);
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await expect(page.getByText('3 approvals selected')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept('Vendor under review'));
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Reject' }).click();
    const summary = page.getByRole('status', { name: 'Bulk action result' });
    await expect(summary).toContainText('Bulk reject: 2 rejected, 1 not rejected');
    await expect(summary).toContainText(
      `${decided.id.slice(0, 8)}: This approval is no longer pending (now approved)`,
    );
    for (const approval of pending) {
      await expect(rows(page).filter({ hasText: approval.id.slice(0, 8) })).toContainText('Rejected');
    }
  });

  test('Export downloads the current view as CSV, every row', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const total = (await api.get<unknown[]>('/api/bill-approval/approvals?status=REJECTED&limit=10')).body
      .meta!.pagination.total;
    await page.goto('/approvals?status=REJECTED');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^approvals-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Company,Status,Priority,Bills,Processed,Amount,Manager,Created,Decided By,Decided At',
    );
    expect(lines).toHaveLength(total + 1);
    for (const line of lines.slice(1)) expect(line).toContain(',REJECTED,');
    await expect(page.getByText(/Download started/)).toBeVisible();
  });
});

test.describe('approval detail', () => {
  test('partial approval: a checkbox per bill, the approved total, then the Approved Bills card', async ({
    page,
    request,
  }) => {
    const vendor = unique('Part');
    const approval = await createApproval(request, vendor, [100, 250.25, 49.75]);
    await page.goto(`/approvals/${approval.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Approval #${approval.id.slice(0, 8)}` }),
    ).toBeVisible();
    await expect(page.getByText(/Created .* ago/)).toBeVisible();
    await expect(page.getByRole('article', { name: `Bill ${vendor}-DOC2` })).toContainText('$250.25');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    await expect(dialog.getByRole('checkbox')).toHaveCount(3);
    await expect(dialog.getByTestId('approved-total')).toHaveText('$400.00');
    await dialog.getByText(`${vendor} · ${vendor}-DOC2`).click();
    await expect(dialog.getByTestId('approved-total')).toHaveText('$149.75');
    await dialog.getByRole('button', { name: 'Approve 2 of 3' }).click();
    await expect(page.getByText('Approval approved successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Approved Bills' })).toBeVisible();
    await expect(page.getByText('2 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    const api = await ApiClient.signIn(request);
    const stored = await api.get<ApprovalDto>(`/api/bill-approval/approvals/${approval.id}`);
    expect(stored.body.data.approvedBillIds).toEqual([`${vendor}-1`, `${vendor}-3`]);
    await expect(page.getByRole('heading', { name: 'Activity History' })).toBeVisible();
  });

  test('the Reject Approval dialog: disabled while blank, then the rejection details', async ({
    page,
    request,
  }) => {
    const approval = await createApproval(request, unique('Rej'), [75]);
    await page.goto(`/approvals/${approval.id}`);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
    const confirm = dialog.getByRole('button', { name: 'Reject Approval' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Rejection Reason').fill('    ');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Rejection Reason').fill('  Duplicate of an invoice paid in May  ');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(page.getByText('Approval rejected successfully')).toBeVisible();
    const details = page.getByRole('region', { name: 'Rejection Details' });
    await expect(details).toContainText('Duplicate of an invoice paid in May');
    await expect(details).toContainText('Ada Admin');
  });

  test('a decision made in another tab shows that decision instead of a generic error', async ({
    page,
    request,
  }) => {
    const approval = await createApproval(request, unique('Tab'), [60]);
    await page.goto(`/approvals/${approval.id}`);
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
    const user = await ApiClient.signIn(request, DEMO.user);
    await user.put(`/api/bill-approval/approvals/${approval.id}/reject`, {
      rejectionReason: 'Decided elsewhere',
    });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve Bills' })
      .getByRole('button', { name: /Approve 1 of 1/ })
      .click();
    await expect(page.getByText(/This approval is no longer pending: someone else decided it/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rejection Details' })).toContainText('Decided elsewhere');
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
  });

  test('the creator sees why they cannot approve; an unknown id is not found', async ({ page, request }) => {
    const approval = await createApproval(request, unique('Own'), [42], DEMO.admin);
    await page.goto(`/approvals/${approval.id}`);
    await expect(page.getByText('You cannot approve this request')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeVisible();
    await page.goto('/approvals/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
    await page.goto('/approvals/undefined');
    await expect(page.getByText('Approval not found').first()).toBeVisible();
  });

  test('screens at 1440 and 390 px', async ({ page, request }) => {
    const approval = await createApproval(request, unique('Shot'), [1200, 345.67]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/approvals');
      await expect(rows(page).first()).toBeVisible();
      await page.screenshot({ path: `test-results/approvals-list-${width}.png`, fullPage: true });
      await page.goto(`/approvals/${approval.id}`);
      await expect(page.getByRole('heading', { name: 'Bills Information' })).toBeVisible();
      await page.screenshot({ path: `test-results/approval-detail-${width}.png`, fullPage: true });
    }
  });
});

test.describe('remote-approvals standalone', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('runs alone with its own sign-in and only its section', async ({ page }) => {
    await page.goto('/remotes/approvals/');
    await expect(page).toHaveURL(/\/remotes\/approvals\/login$/);
    await new SignInPage(page, '/remotes/approvals/login').signIn(DEMO.admin, DEMO.password);
    await expect(page).toHaveURL(/\/remotes\/approvals\/approvals$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  });
});
