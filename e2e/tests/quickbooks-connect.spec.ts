import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { DEMO } from '../pages/sign-in-page';

// The demo server talks to the local QuickBooks Online emulator: its consent page is a real page
// on another origin, and its token and revoke endpoints are what the API calls.
test.describe('connecting a company to QuickBooks', () => {
  test.use({ signedInAs: 'moderator' });

  test('a MODERATOR connects through the consent page, then disconnects and the tokens are revoked', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request, DEMO.moderator);
    const name = `Quickbooks Connect Trading ${Date.now()}`;
    const created = await api.post<{ id: number }>('/api/company/companies', { name });

    await page.goto(`/companies/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('qb-state')).toHaveText('Not connected');

    await page.getByRole('button', { name: 'Configure Connection' }).click();
    await expect(page.getByRole('heading', { name: 'Connect to QuickBooks' })).toBeVisible();
    await page.getByLabel(/Sandbox Company US 2/).check();
    await page.getByRole('button', { name: 'Connect' }).click();

    await expect(page.getByText('QuickBooks connected successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/companies/${created.id}$`));
    await expect(page.getByTestId('qb-state')).toHaveText('Connected');
    // The realm id is shown in the company's details and on the QuickBooks card.
    await expect(page.getByText('9341453050071002', { exact: true })).toHaveCount(2);

    await page.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Its tokens are revoked at QuickBooks');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('QuickBooks disconnected')).toBeVisible();
    await expect(page.getByTestId('qb-state')).toHaveText('Not connected');

    // Every step is in the company's history.
    const history = await api.get<Array<{ description: string }>>(
      `/api/company/companies/${created.id}/activity`,
    );
    const text = history.body.data.map((entry) => entry.description).join('\n');
    expect(text).toContain(`started connecting ${name} to QuickBooks`);
    expect(text).toContain(`connected ${name} to QuickBooks company 9341453050071002`);
    expect(text).toContain(`disconnected ${name} from QuickBooks and revoked its tokens`);
  });

  test("'Sync now' imports the realm's unpaid bills as approval requests, with its vendors", async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request, DEMO.moderator);
    const name = `Quickbooks Sync Trading ${Date.now()}`;
    const created = await api.post<{ id: number }>('/api/company/companies', { name });

    await page.goto(`/companies/${created.id}`);
    await page.getByRole('button', { name: 'Configure Connection' }).click();
    await page.getByLabel(/Sandbox Company US 3/).check();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByTestId('qb-state')).toHaveText('Connected');

    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByText('QuickBooks sync started')).toBeVisible();
    // The job runs in the server's queue; the panel re-reads every 2 s while it runs.
    await expect(page.getByTestId('qb-bills-imported')).not.toHaveText('0', { timeout: 60_000 });
    await expect(page.getByTestId('qb-sync-state')).toHaveCount(0, { timeout: 60_000 });

    const imported = await api.get<Array<{ id: string; billStats: { totalBills: number }; origin: string }>>(
      `/api/bill-approval/approvals?companyId=${created.id}&limit=100`,
    );
    const approvals = imported.body.data;
    expect(approvals.length).toBeGreaterThan(5);
    expect(
      approvals.every(
        (approval) =>
          approval.origin === 'QUICKBOOKS' &&
          approval.billStats.totalBills >= 1 &&
          approval.billStats.totalBills <= 25,
      ),
    ).toBe(true);
    const total = approvals.reduce((sum, approval) => sum + approval.billStats.totalBills, 0);
    await expect(page.getByTestId('qb-bills-imported')).toHaveText(String(total));

    // One of them, as a person sees it: the realm's vendors and invoice numbers, created by the import.
    await page.goto(`/approvals/${approvals[0]!.id}`);
    await expect(page.getByText('by Imported from QuickBooks').first()).toBeVisible();
    await expect(page.getByText(/INV-\d{5} · Bill ID \d+/).first()).toBeVisible();
    await expect(
      page
        .getByText(
          /Acme Office Supply|Blue Ridge Utilities|Cedar Logistics|Delta Janitorial|Evergreen Landscaping|Falcon IT Services|Granite Legal LLP|Harbor Insurance|Iron Gate Security|Juniper Catering|Keystone Printing|Lakeside Telecom/,
        )
        .first(),
    ).toBeVisible();
  });
});
