// The user list of the Users section: overview figures and chart, filters, sort and page in the URL,
// bulk actions and the row menu, against the real API and database.
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';
import { UserListPage, nameOf, newUser, tokenOf, type U } from '../pages/users-page';
import { notice } from '../pages/layout';

type Overview = {
  totalUsers: number;
  activeUsers: number;
  newUsersThisMonth: number;
  activityRate: number;
  usersByRole: Record<U['role'], number>;
};
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const ROLE_LABELS = { ADMIN: 'Administrator', MODERATOR: 'Moderator', USER: 'User', GUEST: 'Guest' } as const;

/** Whether a click in the middle of `control` reaches it (nothing, a notice say, is drawn over it). */
const takesTheClick = (control: Locator) =>
  control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });

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
