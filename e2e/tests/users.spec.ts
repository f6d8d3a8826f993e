// The Users section (list, create and edit, detail, validation, roles, notices):
// every screen against the real API and database, and the server rules per role.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, useSession } from '../fixtures';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { withoutLiveStream } from '../pages/live-stream';
import { signInThroughApi } from '../pages/second-step';
import { DEMO, NEW_ACCOUNT_PASSWORD, SignInPage, signInFresh } from '../pages/sign-in-page';
import { UserListPage } from '../pages/users-page';

type U = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'ADMIN' | 'MODERATOR' | 'USER' | 'GUEST';
  isActive: boolean;
};
type Overview = {
  totalUsers: number;
  activeUsers: number;
  newUsersThisMonth: number;
  activityRate: number;
  usersByRole: Record<U['role'], number>;
};
const nameOf = (u: Pick<U, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const ROLE_LABELS = { ADMIN: 'Administrator', MODERATOR: 'Moderator', USER: 'User', GUEST: 'Guest' } as const;

/** The one notice on screen (one at a time). */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** Whether a click in the middle of `control` reaches it (nothing, a notice say, is drawn over it). */
const takesTheClick = (control: Locator) =>
  control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });

/** A fresh account through the API; `tag` makes its name and e-mail unique. */
async function newUser(
  api: ApiClient,
  tag: string,
  fields: Partial<Pick<U, 'role' | 'isActive' | 'firstName' | 'lastName'>> = {},
): Promise<U> {
  const { user } = await api.post<{ user: U }>('/api/auth/register', {
    email: `${tag.toLowerCase()}.${Date.now()}${Math.floor(Math.random() * 1000)}@users.test`,
    password: NEW_ACCOUNT_PASSWORD,
    firstName: tag,
    lastName: 'Person',
    ...fields,
  });
  return user;
}

/** An access token of a new session of `email` for direct API calls (a demo account's second step passed). */
async function tokenOf(request: APIRequestContext, email: string, password: string = DEMO.password) {
  const { data } = await signInThroughApi<{ tokens: { accessToken: string } }>(request, email, password);
  return data.tokens.accessToken;
}

test.describe('user list', () => {
  test('overview figures and the users-by-role bar chart come from the API', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const list = new UserListPage(page);
    await list.goto();
    const { body } = await api.get<Overview>('/api/user/overview-stats');
    const stats = body.data;
    const fmt = (n: number) => n.toLocaleString('en-US');
    await expect(list.figure('Total Users')).toContainText(fmt(stats.totalUsers));
    await expect(list.figure('Active Users')).toContainText(fmt(stats.activeUsers));
    await expect(list.figure('Active Users')).toContainText(
      `${percent(stats.activeUsers, stats.totalUsers)}% of total`,
    );
    await expect(list.figure('New This Month')).toContainText(fmt(stats.newUsersThisMonth));
    await expect(list.figure('Activity Rate')).toContainText(`${stats.activityRate}%`);

    // A real bar per role: its width is the role's share of all users.
    const chart = page.getByRole('list', { name: 'Users by role' });
    for (const role of ['ADMIN', 'MODERATOR', 'USER', 'GUEST'] as const) {
      const share = percent(stats.usersByRole[role], stats.totalUsers);
      const item = chart.getByRole('listitem', {
        name: `${ROLE_LABELS[role]}: ${stats.usersByRole[role]} users, ${share}%`,
      });
      await expect(item).toContainText(`${fmt(stats.usersByRole[role])} (${share}%)`);
      const bar = page.getByTestId(`role-bar-${role}`);
      const [barBox, trackBox] = [await bar.boundingBox(), await bar.locator('..').boundingBox()];
      expect(Math.abs((barBox!.width / trackBox!.width) * 100 - share)).toBeLessThan(1);
    }

    // The list: its columns, newest first, page size 10.
    await expect(list.table.getByRole('columnheader')).toContainText([
      'User',
      'Role',
      'Status',
      'Created',
      'Last Updated',
    ]);
    await expect(page.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(list.rows).toHaveCount(10);
    await expect(list.summary).toHaveText(`Showing 1 to 10 of ${stats.totalUsers} users`);
    const newest = await api.get<U[]>('/api/user/users?limit=10');
    await expect(list.rows.locator('a[href^="/users/"]')).toHaveText(newest.body.data.map(nameOf));
    await expect(list.rows.first()).toContainText(/\w{3} \d{1,2}, \d{4}/);
  });

  test('the table does not move when the overview figures arrive', async ({ page }) => {
    // Hold the overview's answer until the table is on screen, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/overview-stats', async (route) => {
      await held;
      await route.continue();
    });
    const list = new UserListPage(page);
    await list.goto();
    await expect(list.rows.first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(1);
    const before = (await list.table.boundingBox())!.y;
    release();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'Users by role' }).getByRole('listitem').first(),
    ).toHaveAccessibleName(/users, /);
    expect((await list.table.boundingBox())!.y).toBe(before);
  });

  test('search, role and status filters, sort and page are kept in the URL', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Urlkeep${Date.now()}`;
    // 12 guests (3 of them inactive) and one user, all found by the tag.
    for (let i = 0; i < 12; i += 1) {
      await newUser(api, `${tag}${String.fromCharCode(97 + i)}`, { role: 'GUEST', isActive: i % 4 !== 0 });
    }
    await newUser(api, `${tag}user`, { role: 'USER' });
    const list = new UserListPage(page);
    await list.goto();

    await page.getByLabel('Search').fill(tag.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`search=${tag.toLowerCase()}`));
    await expect(list.summary).toHaveText('Showing 1 to 10 of 13 users');
    await page.getByLabel('Role', { exact: true }).selectOption('GUEST');
    await expect(page).toHaveURL(/role=GUEST/);
    await expect(list.summary).toHaveText('Showing 1 to 10 of 12 users');
    await expect(list.rows.filter({ hasText: 'Guest' })).toHaveCount(10);

    // Sort by the User column, then page 2 of it: the server's order.
    await list.sortBy('User');
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(page.getByRole('columnheader', { name: /^User/ })).toHaveAttribute('aria-sort', 'ascending');
    const sorted = await api.get<U[]>(
      `/api/user/users?search=${tag}&role=GUEST&sortBy=name&sortOrder=asc&limit=100`,
    );
    const names = sorted.body.data.map(nameOf);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await expect(list.rows.locator('a[href^="/users/"]')).toHaveText(names.slice(0, 10));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(list.summary).toHaveText('Showing 11 to 12 of 12 users');
    await expect(list.rows.locator('a[href^="/users/"]')).toHaveText(names.slice(10));
    await list.sortBy('User');
    await expect(page.getByRole('columnheader', { name: /^User/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // A new sort starts again at page 1.
    await expect(page).not.toHaveURL(/page=2/);
    await expect(list.rows.locator('a[href^="/users/"]')).toHaveText([...names].reverse().slice(0, 10));

    // The status filter; a reload keeps every choice.
    await page.getByLabel('Status', { exact: true }).selectOption('false');
    await expect(page).toHaveURL(/status=false/);
    await expect(list.rows).toHaveCount(3);
    await expect(list.rows.filter({ hasText: 'Inactive' })).toHaveCount(3);
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(tag.toLowerCase());
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('GUEST');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('false');
    await expect(list.rows).toHaveCount(3);
    await page.goBack();
    await expect(page).not.toHaveURL(/status=false/);
    await expect(list.rows).toHaveCount(10);

    // Filters that match nothing say so (not the first-use empty state) and offer to clear them.
    await page.getByLabel('Search').fill('zz-nobody-is-called-this');
    await expect(page.getByRole('heading', { name: 'No users match your filters' })).toBeVisible();
    await expect(page.getByText('Create your first user to get started')).toHaveCount(0);
    await expect(page.getByText(/^Showing 0 to 0/)).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
    await expect(page).toHaveURL(/\/users(\?(sortBy|sortOrder)=[^&]*(&(sortBy|sortOrder)=[^&]*)*)?$/);
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('');
    await expect(list.rows).toHaveCount(10);
  });

  test('bulk activate goes on past a failing row and reports it', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Bulk${Date.now()}`;
    const alpha = await newUser(api, tag, { lastName: 'Alpha', isActive: false });
    const beta = await newUser(api, tag, { lastName: 'Beta', isActive: false });
    // A screen that has not heard of the deletion yet: with the live stream open the deleted row
    // would leave the list (and the selection) before the click.
    await withoutLiveStream(page);
    const list = new UserListPage(page);
    await list.goto(`?search=${tag.toLowerCase()}`);
    await expect(list.rows).toHaveCount(2);
    await list.select('Select all rows');
    await expect(page.getByText('2 users selected')).toBeVisible();
    // One row fails: it is deleted behind the screen's back before the bulk call.
    const gone = await request.delete(`/api/user/users/${alpha.id}`, {
      headers: { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` },
    });
    expect(gone.status()).toBe(200);
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Activate', exact: true })
      .click();
    await expect(notice(page, `1 of 2 activated; failed: ${nameOf(alpha)} (User not found)`)).toBeVisible();
    await expect(list.row(nameOf(beta))).toContainText('Active');
    await expect(list.row(nameOf(beta))).not.toContainText('Inactive');
    const after = await api.get<U>(`/api/user/users/${beta.id}`);
    expect(after.body.data.isActive).toBe(true);
  });

  test('row menu: deactivate, activate, change role and delete without confirmation', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const target = await newUser(api, `Rowmenu${Date.now()}`, { role: 'USER' });
    const name = nameOf(target);
    const list = new UserListPage(page);
    await list.goto(`?search=${encodeURIComponent(target.email)}`);
    await expect(list.rows).toHaveCount(1);

    await list.rowMenu(name).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'View Details',
      'Edit User',
      'Change Role',
      'Deactivate',
      'Delete User',
    ]);
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await expect(notice(page, 'User deactivated successfully')).toBeVisible();
    await expect(list.row(name)).toContainText('Inactive');
    await list.rowMenu(name).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await expect(notice(page, 'User activated successfully')).toBeVisible();
    await expect(list.row(name)).not.toContainText('Inactive');

    await list.rowMenu(name).click();
    await page.getByRole('menuitem', { name: 'Change Role' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      "Update the user's role and permissions. This will affect their access to system features.",
    );
    await dialog.getByLabel('Role').selectOption('MODERATOR');
    await dialog.getByRole('button', { name: 'Upgrade Role' }).click();
    await expect(notice(page, 'User role updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(list.row(name)).toContainText('MODERATOR');

    // At 1280 × 720 the menu of this row opens into the corner where the notice of the role change
    // still shows: the menu is drawn above the notice, so its last item takes the click at once.
    await list.rowMenu(name).click();
    const deleteItem = page.getByRole('menuitem', { name: 'Delete User' });
    await expect(deleteItem).toBeVisible();
    expect(await takesTheClick(deleteItem), 'Delete User is under the notice').toBe(true);
    // The role change's live event re-reads the list while the menu is open and may close it under
    // the click: open it again then, as a person would.
    await expect(async () => {
      if (!(await deleteItem.isVisible())) await list.rowMenu(name).click({ timeout: 2_000 });
      await deleteItem.click({ timeout: 2_000 });
      await expect(notice(page, 'User deleted successfully')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No users match your filters' })).toBeVisible();
    expect((await api.get(`/api/user/users/${target.id}`)).status).toBe(404);
  });
});

test.describe('user form and detail', () => {
  test('create with validation errors, then success, then the detail page with its statistics', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const email = `eve.${Date.now()}@users.test`;
    await page.goto('/users/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
    await expect(
      page.getByText('Must be at least 12 characters long, hard to guess, without the name or e-mail'),
    ).toBeVisible();
    // The role select describes each role.
    await expect(page.getByLabel('Role').locator('option', { hasText: /^Administrator — / })).toHaveCount(1);
    await expect(page.getByLabel('Role')).toHaveValue('USER');
    await expect(page.getByLabel('Active', { exact: true })).toBeChecked();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 12 characters', { exact: true })).toBeVisible();
    // Long enough but weak: the server's reason shows on the field.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Create User' }).click();
    const passwordField = page.getByRole('group').filter({ has: page.getByLabel('Password') });
    await expect(passwordField).toContainText(/This password is too easy to guess: \S/);
    await page.getByLabel('Password').fill(`${email}-Quartz`);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(passwordField).toContainText('Password must not contain your e-mail name');
    await expect(page).toHaveURL(/\/users\/new$/);
    // A taken e-mail (case-insensitive) is refused on its field.
    await page.getByLabel('Email').fill('GUEST@example.com');
    await page.getByLabel('Password').fill(NEW_ACCOUNT_PASSWORD);
    await page.getByRole('button', { name: 'Create User' }).click();
    const emailField = page.getByRole('group').filter({ has: page.getByLabel('Email') });
    await expect(emailField).toContainText('A user with this email already exists');
    await expect(page).toHaveURL(/\/users\/new$/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First Name').fill('Eve');
    await page.getByLabel('Role').selectOption('MODERATOR');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(notice(page, 'User created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // Detail: header, information with 'Not provided', system information, statistics.
    await expect(page.getByRole('heading', { level: 1, name: 'Eve' })).toBeVisible();
    const header = page.getByRole('region', { name: 'Profile' });
    await expect(header).toContainText('E');
    await expect(header).toContainText(email);
    await expect(header).toContainText('MODERATOR');
    await expect(header).toContainText('Active');
    const info = page.getByRole('region', { name: 'User Information' });
    await expect(info).toContainText('First NameEve');
    await expect(info).toContainText('Last NameNot provided');
    await expect(info).toContainText(/Created.*\(.*(ago|now).*\)/);
    const system = page.getByRole('region', { name: 'System Information' });
    await expect(system).toContainText(`User ID${id}`);
    await expect(system).toContainText('Permission Level');
    const stats = page.getByRole('region', { name: 'Activity Statistics' });
    await expect(stats).toContainText('Total Logins0');
    await expect(stats).toContainText('Last LoginNever');
    await expect(stats).toContainText('Login FrequencyLow');
    await expect(stats).toContainText('System UsageModerate');

    // Real rows: two sign-ins and a company assignment show up after a refresh.
    await tokenOf(request, email, NEW_ACCOUNT_PASSWORD);
    await tokenOf(request, email, NEW_ACCOUNT_PASSWORD);
    const [company] = (await api.get<Array<{ id: number }>>('/api/company/companies?limit=1')).body.data;
    await api.put(`/api/company/companies/${company!.id}`, { processorId: id });
    await header.getByRole('button', { name: 'Refresh' }).click();
    await expect(stats).toContainText('Total Logins2');
    await expect(stats).toContainText('Companies Managed1');
    await expect(stats).toContainText(/Last Login DetailsFrom /);
    // The cards keep the specification's rows: the e-mail and role, the status, the account status.
    await expect(info).toContainText('RoleModerator');
    await expect(system).toContainText('StatusActive');
    await expect(stats).toContainText('Account StatusActive');
    const apiStats = await api.get<{ totalLogins: number; companiesManaged: number }>(
      `/api/user/statistics?userId=${id}`,
    );
    expect(apiStats.body.data).toMatchObject({ totalLogins: 2, companiesManaged: 1 });
  });

  test('edit, change role both ways and delete from the detail dialog', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const target = await newUser(api, `Edit${Date.now()}`, { role: 'USER' });
    await page.goto(`/users/${target.id}`);
    await expect(page.getByRole('heading', { level: 1, name: nameOf(target) })).toBeVisible();

    await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('button', { name: 'Edit User' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/users/${target.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.getByLabel('First Name')).toHaveValue(target.firstName!);
    await page.getByLabel('Last Name').fill('Edited');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(notice(page, 'User updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `${target.firstName} Edited` })).toBeVisible();

    const quick = page.getByRole('region', { name: 'Quick Actions' });
    await quick.getByRole('button', { name: 'Change Role' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Upgrade Role' })).toBeDisabled();
    await dialog.getByLabel('Role').selectOption('MODERATOR');
    await dialog.getByRole('button', { name: 'Upgrade Role' }).click();
    await expect(notice(page, 'User role updated successfully')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('MODERATOR');
    await quick.getByRole('button', { name: 'Change Role' }).click();
    await dialog.getByLabel('Role').selectOption('GUEST');
    const downgrade = dialog.getByRole('button', { name: 'Downgrade Role' });
    await expect(downgrade).toBeEnabled();
    await downgrade.click();
    await expect(dialog).toBeHidden();
    const header = page.getByRole('region', { name: 'Profile' });
    await expect(header).toContainText('GUEST');
    await expect(page.getByRole('region', { name: 'User Information' })).toContainText('RoleGuest');

    await quick.getByRole('button', { name: 'Deactivate' }).click();
    await expect(notice(page, 'User deactivated successfully')).toBeVisible();
    await expect(header).toContainText('Inactive');
    await expect(page.getByRole('region', { name: 'System Information' })).toContainText('StatusInactive');

    await quick.getByRole('button', { name: 'Delete User' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Are you sure you want to delete this user? This action cannot be undone and will permanently remove all user data.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await api.get(`/api/user/users/${target.id}`)).status).toBe(200);
    await quick.getByRole('button', { name: 'Delete User' }).click();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(notice(page, 'User deleted successfully')).toBeVisible();
    expect((await api.get(`/api/user/users/${target.id}`)).status).toBe(404);
  });

  test("unknown, 'undefined' and word ids show User not found with the path and a way back, no Retry", async ({
    page,
  }) => {
    for (const path of ['/users/undefined', '/users/overview', '/users/99999999', '/users/99999999/edit']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('User not found');
      await expect(page.getByTestId('not-found-path')).toHaveText(`There is no page at ${path}.`);
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Back to users' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test('yourself and the last active admin: actions disabled with the reason, the API refuses too', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const me = (await api.get<U>('/api/auth/me')).body.data;
    // Make the demo admin the only active ADMIN for this test, and put things back afterwards.
    const others = (
      await api.get<U[]>('/api/user/users?role=ADMIN&isActive=true&limit=100')
    ).body.data.filter((user) => user.id !== me.id);
    for (const other of others) await api.put(`/api/user/users/${other.id}/deactivate`);
    try {
      await page.goto(`/users/${me.id}`);
      const quick = page.getByRole('region', { name: 'Quick Actions' });
      await expect(quick.getByRole('button', { name: 'Edit User' })).toBeEnabled();
      for (const [action, what] of [
        ['Change Role', 'demoted'],
        ['Deactivate', 'deactivated'],
        ['Delete User', 'deleted'],
      ] as const) {
        await expect(quick.getByRole('button', { name: action })).toBeDisabled();
        await expect(quick).toContainText(
          `This is the last active administrator and cannot be ${what}. Make another user an active ADMIN first.`,
        );
      }
      await expect(quick).toContainText('You cannot change your own role');
      await expect(quick).toContainText('You cannot deactivate your own account');
      await expect(quick).toContainText('You cannot delete your own account');

      // The API refuses what the screen disables.
      const token = await tokenOf(request, DEMO.admin);
      const headers = { Authorization: `Bearer ${token}` };
      const role = await request.put(`/api/user/users/${me.id}/role`, { headers, data: { role: 'USER' } });
      expect(role.status()).toBe(403);
      expect((await role.json()).error.message).toBe('You cannot change your own role');
      const off = await request.put(`/api/user/users/${me.id}/deactivate`, { headers });
      expect(off.status()).toBe(403);
      const del = await request.delete(`/api/user/users/${me.id}`, { headers });
      expect(del.status()).toBe(403);
    } finally {
      for (const other of others) await api.put(`/api/user/users/${other.id}/reactivate`);
    }
  });
});

test.describe('roles', () => {
  for (const who of ['guest', 'user'] as const) {
    test(`a ${who.toUpperCase()} sees no mutating action, gets Access Denied on the forms, and the API refuses`, async ({
      page,
      request,
      savedState,
    }) => {
      const api = await ApiClient.signIn(request);
      const target = await newUser(api, `Victim${who}${Date.now()}`, { role: 'GUEST' });
      await useSession(page, await savedState(who), null);
      const list = new UserListPage(page);
      await list.goto(`?search=${encodeURIComponent(target.email)}`);
      await expect(list.rows).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
      await list.rowMenu(nameOf(target)).click();
      await expect(page.getByRole('menuitem')).toHaveText(['View Details']);
      await page.getByRole('menuitem', { name: 'View Details' }).click();
      await expect(page.getByRole('heading', { level: 1, name: nameOf(target) })).toBeVisible();
      // No action for this role: no Quick Actions card standing empty.
      await expect(page.getByRole('region', { name: 'Quick Actions' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
      // Someone else's sign-ins are told to MODERATOR and up only: the card shows the rest.
      const statistics = page.getByRole('region', { name: 'Activity Statistics' });
      await expect(statistics).toContainText('Approvals Created');
      await expect(statistics).not.toContainText('Total Logins');
      await expect(statistics).not.toContainText('Last Login');

      for (const path of ['/users/new', `/users/${target.id}/edit`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
        await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      }

      const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO[who])}` };
      const calls = [
        request.put(`/api/user/users/${target.id}/deactivate`, { headers }),
        request.put(`/api/user/users/${target.id}/role`, { headers, data: { role: 'USER' } }),
        request.put(`/api/user/users/${target.id}`, {
          headers,
          data: { email: target.email, role: 'GUEST', isActive: true, firstName: 'Hacked' },
        }),
        request.delete(`/api/user/users/${target.id}`, { headers }),
        request.post('/api/auth/register', {
          headers,
          data: { email: `x${Date.now()}@users.test`, password: DEMO.password },
        }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status()).toBe(403);
      const unchanged = (await api.get<U>(`/api/user/users/${target.id}`)).body.data;
      expect(unchanged).toMatchObject({ isActive: true, role: 'GUEST', firstName: target.firstName });
    });
  }

  test('a MODERATOR manages USER and GUEST accounts only; roles and deletes are refused', async ({
    page,
    request,
    savedState,
  }) => {
    const api = await ApiClient.signIn(request);
    const tag = `Modscope${Date.now()}`;
    const plain = await newUser(api, tag, { role: 'USER', lastName: 'Plain' });
    const staff = await newUser(api, tag, { role: 'MODERATOR', lastName: 'Staff' });
    await useSession(page, await savedState('moderator'), null);
    const list = new UserListPage(page);
    await list.goto(`?search=${tag.toLowerCase()}`);
    await expect(list.rows).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Add User' })).toBeVisible();
    await list.rowMenu(nameOf(plain)).click();
    await expect(page.getByRole('menuitem')).toHaveText(['View Details', 'Edit User', 'Deactivate']);
    await page.keyboard.press('Escape');
    await list.rowMenu(nameOf(staff)).click();
    await expect(page.getByRole('menuitem')).toHaveText(['View Details']);
    await page.keyboard.press('Escape');

    // Another user's last sign-in address and browser are not a moderator's to see: the counts are.
    await tokenOf(request, plain.email, NEW_ACCOUNT_PASSWORD);
    await page.goto(`/users/${plain.id}`);
    const stats = page.getByRole('region', { name: 'Activity Statistics' });
    await expect(stats).toContainText('Total Logins1');
    await expect(stats).not.toContainText('Last Login Details');

    // The form offers only the roles a moderator may give.
    await page.goto('/users/new');
    await expect(page.getByLabel('Role').locator('option')).toHaveCount(2);

    const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.moderator)}` };
    const role = await request.put(`/api/user/users/${plain.id}/role`, { headers, data: { role: 'GUEST' } });
    expect(role.status()).toBe(403);
    const onStaff = await request.put(`/api/user/users/${staff.id}/deactivate`, { headers });
    expect(onStaff.status()).toBe(403);
    expect((await onStaff.json()).error.message).toBe(
      'Only an administrator can manage MODERATOR and ADMIN accounts',
    );
    expect((await request.delete(`/api/user/users/${plain.id}`, { headers })).status()).toBe(403);
    const ok = await request.put(`/api/user/users/${plain.id}/deactivate`, { headers });
    expect(ok.status()).toBe(200);
    const after = (await api.get<U>(`/api/user/users/${plain.id}`)).body.data;
    expect(after).toMatchObject({ role: 'USER', isActive: false });
  });
});

test.describe('own profile', () => {
  test('from the sidebar: name and password change', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const self = await newUser(api, `Sam${Date.now()}`, { lastName: 'Self', role: 'USER' });
    await signInFresh(page, self.email, NEW_ACCOUNT_PASSWORD);
    await page.getByRole('link', { name: /^My profile/ }).click();
    await expect(page).toHaveURL(/\/users\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(self.email);
    await page.getByLabel('First Name').fill('Samuel');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(notice(page, 'Profile updated successfully')).toBeVisible();
    await expect(page.getByTestId('sidebar-user-name').first()).toHaveText('Samuel Self');

    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
    // A weak new password is refused with the server's reason.
    await page.getByLabel('Current Password').fill(NEW_ACCOUNT_PASSWORD);
    await page.getByLabel('New Password').fill('iloveyou1234');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText(/This password is too easy to guess: \S/).first()).toBeVisible();
    await page.getByLabel('Current Password').fill(NEW_ACCOUNT_PASSWORD);
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(notice(page, 'Password changed successfully')).toBeVisible();
    const oldPassword = await request.post('/api/auth/login', {
      data: { email: self.email, password: NEW_ACCOUNT_PASSWORD },
    });
    expect(oldPassword.status()).toBe(401);
    await tokenOf(request, self.email, 'Another-Pass-1');
  });
});

test.describe('a remote on its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('remote-users runs standalone with its own sign-in', async ({ page }) => {
    await page.goto('/remotes/users/');
    await expect(page).toHaveURL(/\/remotes\/users\/login$/);
    await new SignInPage(page, '/remotes/users/login').signIn(DEMO.admin, DEMO.password);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Users' }).locator('tbody tr').first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'System Information' })).toBeVisible();
  });
});

// The shared layout's rules in this section, at the desktop width and on a phone: rows as cards with the row
// menu in reach, long names cut with the full text on hover, nothing scrolling sideways.
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // Let the notice area and skeletons settle: wait until no skeleton is left.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  // A viewer scales the whole page down; these viewport-sized parts are looked at 1:1.
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < total && part <= 4; y += height, part += 1) {
    await page.screenshot({
      path: `${SHOTS}/${name}-part${part}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, total - y) },
    });
  }
}
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 768;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the list: a 255-character name is cut with the full text on hover; cards on a phone', async ({
      page,
      request,
    }) => {
      const api = await ApiClient.signIn(request);
      const longName = `Longname${viewport.width}${Date.now()} ${'Bartholomew-Alexander '.repeat(12)}`
        .slice(0, 255)
        .trim();
      const user = await newUser(api, 'Long', { firstName: longName, lastName: 'Surname', role: 'GUEST' });
      const name = nameOf(user);
      const list = new UserListPage(page);
      await list.goto();
      const menu = list.rowMenu(name);
      await expect(menu).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      const menuBox = await menu.boundingBox();
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(viewport.width);
      const link = page.getByRole('link', { name, exact: true });
      await expect(link.locator('xpath=..')).toHaveAttribute('title', name);
      if (!phone) {
        const region = page.getByRole('region', { name: 'Users', exact: true });
        const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scroll).toBeLessThanOrEqual(client);
        expect((await link.boundingBox())!.height).toBeLessThan(40);
      } else {
        // A card per row: name, e-mail, role and status badges, dates, the row menu and the checkbox.
        await expect(page.getByRole('table')).toHaveCount(0);
        const card = list.cards.filter({ has: menu });
        await expect(card).toContainText(user.email);
        await expect(card.getByText('GUEST', { exact: true })).toBeVisible();
        await expect(card.getByText('Active', { exact: true })).toBeVisible();
        await expect(card.getByText('Created')).toBeVisible();
        await expect(card.getByText('Last Updated')).toBeVisible();
        await expect(card.getByRole('checkbox', { name: `Select ${name}` })).toHaveCount(1);
        await menu.click();
        await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
        await page.keyboard.press('Escape');
        // Sorting stays reachable without the table's headers.
        await page.getByLabel('Sort by').selectOption('name');
        await expect(page).toHaveURL(/sortBy=name/);
        await expect(list.cards.first()).toBeVisible();
        await page.goto('/users?search=zz-nobody-is-called-this');
        await expect(page.getByRole('heading', { name: 'No users match your filters' })).toBeVisible();
        await expectNoSidewaysScroll(page, viewport.width);
        await list.goto();
      }
      await shot(page, `users-list-${viewport.width}`);

      await page.goto(`/users/${user.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(longName.slice(0, 20));
      const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
      await expect(crumb.locator('[title]')).toHaveAttribute('title', name);
      expect((await page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox())!.height).toBeLessThan(
        40,
      );
      await expect(page.getByRole('region', { name: 'Activity Statistics' })).toContainText('Total Logins');
      await expectNoSidewaysScroll(page, viewport.width);
      await expect(page.getByRole('button', { name: `Actions for ${name}` })).toBeInViewport();
      await shot(page, `users-detail-${viewport.width}`);
    });

    test('the form and the own profile fit the screen', async ({ page }) => {
      await page.goto('/users/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `users-form-${viewport.width}`);

      await page.goto('/users/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `users-profile-${viewport.width}`);
    });
  });
}

test.describe('accessibility', () => {
  for (const viewport of VIEWPORTS) {
    test(`the user list, detail, form and profile have no detectable violations at ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await withoutLiveStream(page);
      const api = await ApiClient.signIn(request);
      const user = await newUser(api, `Axe${viewport.width}`, { role: 'USER' });
      const screens: Array<[string, string]> = [
        ['/users', 'User Management'],
        [`/users/${user.id}`, nameOf(user)],
        ['/users/new', 'Create User'],
        [`/users/${user.id}/edit`, 'Edit User'],
        ['/users/profile', 'My Profile'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoViolations(page, path);
      }
    });
  }
});
