import { expect, test } from '../fixtures';
import { notice } from '../pages/layout';
import { ApiClient } from '../pages/api-client';
import { ManagerListPage } from '../pages/managers-page';
import { DEMO, SignInPage } from '../pages/sign-in-page';

test.describe('manager list', () => {
  test('filters, sorts and pages on the server with the view kept in the URL', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Urlstate${Date.now()}`;
    for (let i = 0; i < 3; i += 1)
      await api.createManager({ firstName: `${tag}${i}`, lastName: 'Listed', title: 'Sorter' });
    const list = new ManagerListPage(page);
    await list.goto();

    const { body } = await api.get<unknown[]>('/api/manager/managers?limit=10');
    const total = body.meta!.pagination.total;
    await expect(page.getByText(`${total} total managers`)).toBeVisible();
    await expect(list.summary).toHaveText(`Showing 1 to 10 of ${total} managers`);
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(list.rows.first()).toContainText(/\w{3} \d{1,2}, \d{4}/);

    await page.getByLabel('Search').fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await expect(list.rows).toHaveCount(3);
    await expect(list.rows.first()).toContainText('Not linked');

    await list.sortBy('Manager');
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(list.nameCells()).toHaveText([`${tag}0 Listed`, `${tag}1 Listed`, `${tag}2 Listed`]);
    await list.sortBy('Manager');
    await expect(list.nameCells()).toHaveText([`${tag}2 Listed`, `${tag}1 Listed`, `${tag}0 Listed`]);

    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(tag);
    await expect(list.nameCells()).toHaveText([`${tag}2 Listed`, `${tag}1 Listed`, `${tag}0 Listed`]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Linked user').selectOption('yes');
    await expect(page).toHaveURL(/linked=yes/);
    await expect(list.rows.first()).toBeVisible();
    await expect(list.rows.filter({ hasText: 'Not linked' })).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption('INACTIVE');
    await expect(page).toHaveURL(/status=INACTIVE/);
    // Other tests change managers meanwhile (the list follows them live): the page and a fresh read
    // of the API agree, read again until they do.
    await expect(async () => {
      const inactive = await api.get<unknown[]>('/api/manager/managers?status=INACTIVE&linked=yes');
      const count = inactive.body.meta!.pagination.total;
      if (count === 0) {
        await expect(page.getByText('No managers match your filters')).toBeVisible({ timeout: 1_000 });
      } else await expect(list.rows).toHaveCount(Math.min(count, 10), { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.goBack();
    await expect(page).not.toHaveURL(/status=INACTIVE/);
  });

  test('links a user from the row menu, and bulk unlinks', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Rowlink${Date.now()}`;
    const user = await api.createUser(`${tag}User`);
    await api.createManager({ firstName: tag, lastName: 'Alpha' });
    const list = new ManagerListPage(page);
    await list.goto(`?search=${tag}`);
    await expect(list.rows).toHaveCount(1);

    await list.rowMenu(`${tag} Alpha`).click();
    await page.getByRole('menuitem', { name: 'Link User' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Link User' });
    await expect(dialog.getByRole('button', { name: 'Link User' })).toBeDisabled();
    // Any user can be found by searching the server, not only the first 100.
    await dialog.getByLabel('Find a user account').fill(user.email);
    await expect(
      dialog.getByLabel('Linked User Account').locator('option', { hasText: user.email }),
    ).toHaveCount(1);
    await dialog
      .getByLabel('Linked User Account')
      .selectOption({ label: `${tag}User Account — ${user.email} (USER)` });
    await expect(dialog.getByRole('note', { name: 'Linked user' })).toContainText(user.email);
    await dialog.getByRole('button', { name: 'Link User' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.row(`${tag} Alpha`)).toContainText(user.email);

    // A second manager linked through the API, then both unlinked at once.
    const other = await api.createUser(`${tag}Other`);
    await api.createManager({ firstName: tag, lastName: 'Beta', userId: other.id });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(list.rows).toHaveCount(2);
    await list.select('Select all rows');
    await expect(page.getByText('2 manager(s) selected')).toBeVisible();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Unlink Users' })
      .click();
    await expect(notice(page, '2 managers unlinked')).toBeVisible();
    await expect(list.rows.filter({ hasText: 'Not linked' })).toHaveCount(2);
  });

  test('bulk delete asks with the count, then deletes them all', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Bulkdel${Date.now()}`;
    await api.createManager({ firstName: tag, lastName: 'One' });
    await api.createManager({ firstName: tag, lastName: 'Two' });
    const list = new ManagerListPage(page);
    await list.goto(`?search=${tag}`);
    await expect(list.rows).toHaveCount(2);
    await list.select(`Select ${tag} One`);
    await list.select(`Select ${tag} Two`);
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 managers' });
    await expect(dialog).toContainText('Are you sure you want to delete 2 managers?');
    await dialog.getByRole('button', { name: 'Delete 2 managers' }).click();
    await expect(notice(page, '2 managers deleted')).toBeVisible();
    // The search is still set: nothing matches it any more (not the first-use empty state).
    await expect(page.getByText('No managers match your filters')).toBeVisible();
    await expect(page.getByText('Create your first manager to get started')).toHaveCount(0);
  });
});

test.describe('manager form and detail', () => {
  test('create: validation errors, live preview, user picked by searching, then the detail page', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Formuser${Date.now()}`;
    const user = await api.createUser(tag);
    await page.goto('/managers/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Manager' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Manager' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    const preview = page.getByRole('region', { name: 'Preview' });
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email Address').fill(`ada.${tag.toLowerCase()}@example.com`);
    await page.getByLabel('Job Title').fill('Analytical Engine Lead');
    await expect(preview).toContainText('AL');
    await expect(preview).toContainText('Ada Lovelace');
    await expect(preview).toContainText(`ada.${tag.toLowerCase()}@example.com`);
    await expect(preview).toContainText('Analytical Engine Lead');
    await expect(page.getByText('First name is required')).toBeHidden();

    await page.getByLabel('Find a user account').fill(tag);
    const picker = page.getByLabel('Linked User Account');
    await expect(picker.locator('option', { hasText: user.email })).toHaveCount(1);
    await picker.selectOption({ label: `${tag} Account — ${user.email} (USER)` });
    await expect(page.getByRole('note', { name: 'Linked user' })).toContainText(`${tag} Account`);

    await page.getByRole('button', { name: 'Create Manager' }).click();
    await expect(notice(page, 'Manager created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/managers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await expect(
      page.getByText('This manager is linked to a user account and can access the system.'),
    ).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    // Unlink from the detail page: the other User Association state.
    await page.getByRole('button', { name: 'Unlink User Account' }).click();
    await expect(notice(page, 'User unlinked successfully')).toBeVisible();
    await expect(
      page.getByText('This manager is not linked to any user account and cannot access the system.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Link User Account' }).click();
    await expect(page).toHaveURL(/\/managers\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Manager' })).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  });

  test('a user linked elsewhere is refused on its field, naming the other manager', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Taken${Date.now()}`;
    const user = await api.createUser(tag);
    const owner = await api.createManager({ firstName: tag, lastName: 'Owner', userId: user.id });
    const other = await api.createManager({ firstName: tag, lastName: 'Other' });
    await page.goto(`/managers/${other.id}/edit`);
    await page.getByLabel('Find a user account').fill(user.email);
    await page
      .getByLabel('Linked User Account')
      .selectOption({ label: `${tag} Account — ${user.email} (USER)` });
    await page.getByLabel('Status').selectOption('SUSPENDED');
    await page.getByRole('button', { name: 'Update Manager' }).click();
    await expect(
      page.getByText(`is already linked to manager ${tag} Owner (#${owner.id})`).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/managers/${other.id}/edit$`));
  });

  test('delete from the detail page; unknown ids show Manager not found', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const manager = await api.createManager({ firstName: `Gone${Date.now()}`, lastName: 'Soon' });
    await page.goto(`/managers/${manager.id}`);
    await page.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete Manager' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Manager' }).click();
    await expect(notice(page, 'Manager deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/managers$/);
    await page.goto(`/managers/${manager.id}`);
    await expect(page.getByText('Manager not found').first()).toBeVisible();
    await page.goto('/managers/undefined');
    await expect(page.getByText('Manager not found').first()).toBeVisible();
  });
});

test.describe('roles', () => {
  test.use({ signedInAs: 'guest' });

  test('a GUEST sees no mutating action and Access Denied on the form pages', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const list0 = await api.get<
      Array<{ id: number; userId: number | null; firstName: string; lastName: string }>
    >('/api/manager/managers?linked=no&limit=1');
    const unlinked = list0.body.data[0]!;
    const list = new ManagerListPage(page);
    await list.goto();
    await expect(list.rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Manager' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await list.rowMenu(`${unlinked.firstName} ${unlinked.lastName}`).first().click();
    await expect(page.getByRole('menuitem')).toHaveText(['View Details']);
    await page.keyboard.press('Escape');

    await page.goto(`/managers/${unlinked.id}`);
    await expect(
      page.getByText('This manager is not linked to any user account and cannot access the system.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Link User Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

    for (const path of ['/managers/new', `/managers/${unlinked.id}/edit`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    }
  });
});

test.describe('a remote on its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('remote-managers runs standalone with its own sign-in', async ({ page }) => {
    await page.goto('/remotes/managers/');
    await expect(page).toHaveURL(/\/remotes\/managers\/login$/);
    await new SignInPage(page, '/remotes/managers/login').signIn(DEMO.moderator, DEMO.password);
    await expect(page).toHaveURL(/\/remotes\/managers\/managers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ managers$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});
