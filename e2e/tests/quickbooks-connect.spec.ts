import { expect, test } from '@playwright/test';
import { ApiClient } from '../pages/api-client';
import { DEMO, signInFresh } from '../pages/sign-in-page';

// The demo server talks to the local QuickBooks Online emulator: its consent page is a real page
// on another origin, and its token and revoke endpoints are what the API calls.
test.describe('connecting a company to QuickBooks', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a MODERATOR connects through the consent page, then disconnects and the tokens are revoked', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request, DEMO.moderator);
    const name = `Quickbooks Connect Trading ${Date.now()}`;
    const created = await api.post<{ id: number }>('/api/company/companies', { name });

    await signInFresh(page, DEMO.moderator);
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
});
