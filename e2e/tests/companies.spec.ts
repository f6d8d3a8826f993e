import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { CompanyListPage } from '../pages/companies-page';
import { DEMO, SignInPage } from '../pages/sign-in-page';

const CONNECTION_ISSUE =
  'There was an error connecting to QuickBooks. Please check your credentials and try refreshing the token.';

async function openCompany(page: Page, api: ApiClient, name: string) {
  const id = await api.companyId(name);
  await page.goto(`/companies/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return id;
}

test.describe('company list', () => {
  test('filters, sorts over all rows and pages, with the view kept in the URL', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const list = new CompanyListPage(page);
    await list.goto();

    const { body: all } = await api.get<unknown[]>('/api/company/companies?limit=10');
    const total = all.meta!.pagination.total;
    await expect(list.summary).toHaveText(`Showing 1 to 10 of ${total} companies`);
    await expect(page.getByText(`Page 1 of ${Math.ceil(total / 10)}`)).toBeVisible();
    // Default order: created, newest first.
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await page.getByLabel('Search').fill('cobalt');
    await expect(page).toHaveURL(/search=cobalt/);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText('Cobalt Cloud Systems');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('SUSPENDED');
    await expect(page).toHaveURL(/status=SUSPENDED/);
    const suspended = await api.get<unknown[]>('/api/company/companies?status=SUSPENDED&limit=10');
    await expect(list.rows).toHaveCount(Math.min(10, suspended.body.meta!.pagination.total));
    await expect(list.rows.filter({ hasText: 'Suspended' })).toHaveCount(await list.rows.count());

    // Sorting is done by the server over every row: page 2 continues where page 1 stopped.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await list.sortBy('Name');
    await expect(page).toHaveURL(/sortBy=name&sortOrder=asc|sortOrder=asc.*sortBy=name/);
    const expected = await api.get<Array<{ name: string }>>(
      '/api/company/companies?sortBy=name&sortOrder=asc&limit=20',
    );
    const names = expected.body.data.map((company) => company.name);
    await expect(list.nameCells()).toHaveText(names.slice(0, 10));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(list.summary).toHaveText(`Showing 11 to 20 of ${total} companies`);
    await expect(list.nameCells()).toHaveText(names.slice(10, 20));

    await page.reload();
    await expect(list.nameCells()).toHaveText(names.slice(10, 20));
    await page.goBack();
    await expect(list.summary).toHaveText(`Showing 1 to 10 of ${total} companies`);

    // Second click sorts descending, third removes the sort.
    await list.sortBy('Name');
    const header = page.getByRole('columnheader', { name: /Name/ });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await list.sortBy('Name');
    await expect(header).toHaveAttribute('aria-sort', 'none');
  });

  test('the row menu offers Refresh QB Token only for companies with a QuickBooks status', async ({
    page,
  }) => {
    const list = new CompanyListPage(page);
    await list.goto('?search=Brightline');
    await list.rowMenu('Brightline Analytics').click();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Refresh QB Token' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await list.goto('?search=Northwind');
    await list.rowMenu('Northwind Software').click();
    await expect(page.getByRole('menuitem', { name: 'Refresh QB Token' })).toBeVisible();
  });

  test('a failed load shows the error with Retry, and Retry loads the list', async ({ page }) => {
    let failing = true;
    await page.route('**/api/company/companies?*', (route) =>
      failing ? route.abort('connectionrefused') : route.continue(),
    );
    await page.goto('/companies');
    await expect(page.getByText(/^Error loading companies: /)).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(new CompanyListPage(page).rows.first()).toBeVisible();
  });

  test('bulk activate turns the selected companies active', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const list = new CompanyListPage(page);
    await list.goto('?status=INACTIVE');
    const names = (await list.names()).slice(0, 2);
    for (const name of names) await list.selectRow(name);
    await expect(page.getByText('2 companies selected')).toBeVisible();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Activate', exact: true })
      .click();
    await expect(page.getByText('2 companies activated successfully')).toBeVisible();
    for (const name of names) {
      await expect(list.rows.filter({ hasText: name })).toHaveCount(0);
      const { body } = await api.get<{ status: string }>(
        `/api/company/companies/${await api.companyId(name)}`,
      );
      expect(body.data.status).toBe('ACTIVE');
    }
  });
});

test.describe('company form', () => {
  test('create shows the validation messages, then creates and opens the company', async ({ page }) => {
    await page.goto('/companies/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Company' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();

    await page.getByLabel('Company Name').fill('x'.repeat(256));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Website').fill('not a url');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('Name is too long')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Invalid website URL')).toBeVisible();

    const name = `Playwright Holdings ${Date.now()}`;
    await page.getByLabel('Company Name').fill(name);
    await page.getByLabel('Email').fill('ap@playwright-holdings.example');
    await page.getByLabel('Website').fill('https://playwright-holdings.example');
    await page.getByLabel('Industry').selectOption('Consulting');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('Company created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/companies\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Consulting').first()).toBeVisible();
  });

  test("the server's field error is shown on its field", async ({ page }) => {
    // The form only offers existing managers; send an unknown one as a stale page would, and let the
    // real API refuse it.
    await page.route('**/api/company/companies', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = { ...route.request().postDataJSON(), managerId: 999999 };
      return route.continue({ postData: JSON.stringify(body) });
    });
    await page.goto('/companies/new');
    await page.getByLabel('Company Name').fill(`Stale Form Ltd ${Date.now()}`);
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('No manager with id 999999').first()).toBeVisible();
    await expect(page.getByLabel('Manager')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/companies\/new$/);
  });

  test('edit saves the changed fields', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const id = await openCompany(page, api, 'Golden Crust Bakery');
    await page.getByRole('link', { name: 'Edit Company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Company' })).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue('Golden Crust Bakery');
    await page.getByLabel('Phone').fill('(555) 010-2030');
    await page.getByRole('button', { name: 'Update Company' }).click();
    await expect(page.getByText('Company updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/companies/${id}$`));
    await expect(page.getByText('(555) 010-2030')).toBeVisible();
  });
});

test.describe('company detail', () => {
  test('an assignment is changed inline and then cleared', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const id = await openCompany(page, api, 'Copper Kettle Brewing');
    await page.getByRole('button', { name: 'Change Processor' }).click();
    const select = page.getByLabel('Processor', { exact: true });
    const option = await select.locator('option').nth(1).innerText();
    await select.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User assignment updated successfully')).toBeVisible();
    await expect(page.getByText(option.replace(/ \(.*$/, '')).first()).toBeVisible();
    expect(
      (await api.get<{ processorId: number | null }>(`/api/company/companies/${id}`)).body.data.processorId,
    ).not.toBeNull();

    await page.getByRole('button', { name: 'Change Processor' }).click();
    await page.getByLabel('Processor', { exact: true }).selectOption({ label: 'No assignment' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User assignment updated successfully').last()).toBeVisible();
    await expect
      .poll(
        async () =>
          (await api.get<{ processorId: number | null }>(`/api/company/companies/${id}`)).body.data
            .processorId,
      )
      .toBeNull();
  });

  test('the QuickBooks card shows each of its states', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const cases: Array<[string, string, boolean]> = [
      ['Northwind Software', 'Connected', false],
      ['Brightline Analytics', 'Not connected', false],
      // Its access token lapsed hours ago: expired, as the spec's states say (the API renews it
      // when it next calls QuickBooks, and the token row says so).
      ['Cobalt Cloud Systems', 'Token expired', true],
      // QuickBooks refused the last renewal.
      ['Evergreen Health Partners', 'Token expired', true],
      ['Riverside Family Clinic', 'No tokens', false],
      ['Summit Ridge Capital', 'Unable to check', true],
    ];
    for (const [name, state, issue] of cases) {
      await openCompany(page, api, name);
      await expect(page.getByTestId('qb-state'), name).toHaveText(state);
      await expect(page.getByText(CONNECTION_ISSUE)).toHaveCount(issue ? 1 : 0);
      await expect(page.getByRole('button', { name: 'Refresh Token' })).toHaveCount(
        state === 'Connected' ? 1 : 0,
      );
    }
    // While the status read is under way the card says Checking: the read is held until then.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/qb-token-status', async (route) => {
      await held;
      await route.continue();
    });
    await openCompany(page, api, 'Northwind Software');
    await expect(page.getByTestId('qb-state')).toHaveText('Checking');
    release();
    await expect(page.getByTestId('qb-state')).toHaveText('Connected');
    await expect(
      page.getByText(/^Renews automatically when used · current one expires in \d+ minutes?$/),
    ).toBeVisible();
    // The sync panel tells imported bills apart from the company's whole queue.
    const sync = page.getByRole('region', { name: 'QuickBooks sync' });
    await expect(sync).toContainText('Bills imported from QuickBooks');
    await expect(sync).toContainText(/Approvals waiting \(all sources\)\d+/);
    // Configure Connection starts QuickBooks' OAuth flow: the browser lands on the consent page
    // (the local emulator in demo mode; quickbooks-connect.spec.ts goes the whole way).
    await page.getByRole('button', { name: 'Configure Connection' }).click();
    await expect(page.getByRole('heading', { name: 'Connect to QuickBooks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  });

  test('refreshing a token rotates it, and a revoked one shows the QuickBooks error', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    await openCompany(page, api, 'Maple & Main Outfitters');
    await expect(page.getByTestId('qb-state')).toHaveText('Connected');
    await page.getByRole('button', { name: 'Refresh Token' }).click();
    await expect(page.getByText('QuickBooks token refreshed successfully')).toBeVisible();
    await expect(page.getByText('Last refreshed')).toBeVisible();

    await openCompany(page, api, 'Harborview Credit Union');
    await page.getByRole('button', { name: 'Refresh Token' }).click();
    await expect(
      page.getByText('QuickBooks rejected the refresh token; reconnect the company to QuickBooks'),
    ).toBeVisible();
  });

  test('delete asks for confirmation, then removes the company', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const name = `Disposable Ventures ${Date.now()}`;
    const created = await api.post<{ id: number }>('/api/company/companies', { name });
    await page.goto(`/companies/${created.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Are you sure you want to delete this company? This action cannot be undone and will remove all associated data.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Company deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/companies$/);
    expect((await api.get(`/api/company/companies/${created.id}`)).status).toBe(404);
  });

  test('delete from the list row menu asks for confirmation too', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const name = `Row Menu Removals ${Date.now()}`;
    const created = await api.post<{ id: number }>('/api/company/companies', { name });
    const list = new CompanyListPage(page);
    await list.goto(`?search=${encodeURIComponent(name)}`);
    await list.rowMenu(name).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Company deleted successfully')).toBeVisible();
    // The search is still set, so the list says that nothing matches it.
    await expect(page.getByText('No companies match your filters')).toBeVisible();
    expect((await api.get(`/api/company/companies/${created.id}`)).status).toBe(404);
  });

  test("the company page's View approvals opens the approvals list filtered by that company", async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const { body: first } = await api.get<Array<{ companyId: number }>>(
      '/api/bill-approval/approvals?limit=10',
    );
    const { companyId } = first.data[0]!;
    const { body: company } = await api.get<{ name: string }>(`/api/company/companies/${companyId}`);
    const companyName = company.data.name;
    const { body: ofCompany } = await api.get<unknown[]>(
      `/api/bill-approval/approvals?companyId=${companyId}&limit=10`,
    );
    await page.goto(`/companies/${companyId}`);
    await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    await page.getByRole('link', { name: 'View approvals' }).click();
    await expect(page).toHaveURL(new RegExp(`/approvals\\?companyId=${companyId}$`));
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue(String(companyId));
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(10, ofCompany.meta!.pagination.total));
    await expect(rows.filter({ hasText: companyName })).toHaveCount(await rows.count());
    // The page links to nothing that does not exist.
    await page.goBack();
    await expect(page.getByRole('link', { name: 'View bills' })).toHaveCount(0);
  });

  test('an unknown company shows Company Not Found, names the path, offers no Retry', async ({ page }) => {
    await page.goto('/companies/999999');
    await expect(page.getByText('Company Not Found').first()).toBeVisible();
    await expect(page.getByTestId('not-found-path')).toHaveText('There is no page at /companies/999999.');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});

test.describe('as a guest', () => {
  test.use({ signedInAs: 'guest' });

  test('no mutating action is offered and the form pages are denied', async ({ page, request }) => {
    const list = new CompanyListPage(page);
    await list.goto();
    await expect(page.getByRole('link', { name: 'Add Company' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    const [first] = await list.names();
    await list.rowMenu(first!).click();
    await expect(page.getByRole('menuitem')).toHaveText(['View']);
    await page.keyboard.press('Escape');

    const api = await ApiClient.signIn(request, DEMO.guest);
    await openCompany(page, api, 'Northwind Software');
    for (const name of ['Edit Company', 'Deactivate', 'Delete', 'Refresh Token', 'Configure Connection']) {
      await expect(page.getByRole('button', { name }).or(page.getByRole('link', { name }))).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);

    for (const path of ['/companies/new', `/companies/${await api.companyId('Northwind Software')}/edit`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    }
  });
});

test.describe('remote-companies on its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('runs standalone with its own sign-in', async ({ page }) => {
    await page.goto('/remotes/companies/');
    await expect(page).toHaveURL(/\/remotes\/companies\/login$/);
    await new SignInPage(page, '/remotes/companies/login').signIn(DEMO.moderator, DEMO.password);
    await expect(page).toHaveURL(/\/remotes\/companies\/companies$/);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Company' })).toBeVisible();
    // Its own page carries the console's global styles (written into every app's page at build time).
    await expect(page.locator('style#chakra-global')).toHaveCount(1);
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  });
});
