import { expect, test } from '@playwright/test';
import { ApiClient } from '../pages/api-client';
import { DEMO, SignInPage, signInFresh } from '../pages/sign-in-page';

type U = { id: number; email: string; firstName: string | null; lastName: string | null; role: string };
const nameOf = (u: U) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

test.describe('users section', () => {
  test('overview and list: bar chart, filters, sort and page kept in the URL', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const {
      body: { data: stats },
    } = await api.get<{ totalUsers: number; usersByRole: Record<string, number> }>(
      '/api/user/overview-stats',
    );
    await expect(
      page.getByText(stats.totalUsers.toLocaleString('en-US'), { exact: true }).first(),
    ).toBeVisible();
    const adminShare = Math.round((stats.usersByRole.ADMIN! / stats.totalUsers) * 1000) / 10;
    await expect(page.getByTestId('role-bar-ADMIN')).toHaveAttribute('style', /width/);
    await expect(
      page.getByRole('listitem', { name: `Administrator: ${stats.usersByRole.ADMIN} users, ${adminShare}%` }),
    ).toBeVisible();

    await page.getByLabel('Role', { exact: true }).selectOption('GUEST');
    await expect(page).toHaveURL(/role=GUEST/);
    const guests = await api.get<U[]>('/api/user/users?role=GUEST&limit=10');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(10, guests.body.meta!.pagination.total));
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('button', { name: /^User/ }).click();
    await expect(page).toHaveURL(/sortBy=name/);
    const sorted = await api.get<U[]>('/api/user/users?sortBy=name&sortOrder=asc&limit=20');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.first()).toContainText(nameOf(sorted.body.data[10]!));
    await page.reload();
    await expect(rows.first()).toContainText(nameOf(sorted.body.data[10]!));
  });

  test('bulk activate goes on past a failing row and reports it', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    const a = await api.post<{ id: number }>('/api/auth/register', {
      email: 'bulk-a@users.test',
      password: DEMO.password,
      firstName: 'Bulk',
      lastName: 'Alpha',
      isActive: false,
    });
    await api.post('/api/auth/register', {
      email: 'bulk-b@users.test',
      password: DEMO.password,
      firstName: 'Bulk',
      lastName: 'Beta',
      isActive: false,
    });
    await page.goto('/users?search=bulk');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    // One row fails: it is deleted behind the screen's back before the bulk call.
    await request.delete(`/api/user/users/${a.id}`, {
      headers: {
        Authorization: `Bearer ${(await (await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO.password } })).json()).data.tokens.accessToken}`,
      },
    });
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await expect(page.getByText(/1 of 2 activated; failed: Bulk Alpha \(User not found\)/)).toBeVisible();
    await expect(page.locator('tbody tr').filter({ hasText: 'Bulk Beta' })).toContainText('Active');
  });

  test('create with validation errors, then success; edit; change role both ways; delete', async ({
    page,
  }) => {
    await page.goto('/users/new');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('GUEST@example.com');
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('A user with this email already exists').first()).toBeVisible();
    await page.getByLabel('Email').fill('e2e.person@users.test');
    await page.getByLabel('First Name').fill('Eve');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Eve Tester' })).toBeVisible();
    await expect(page.getByText('Total Logins')).toBeVisible();

    await page.getByRole('button', { name: 'Edit User' }).click();
    await page.getByLabel('Last Name').fill('Edited');
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Eve Edited' })).toBeVisible();

    await page.getByRole('button', { name: 'Change Role' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Upgrade Role' })).toBeDisabled();
    await dialog.getByLabel('Role').selectOption('MODERATOR');
    await dialog.getByRole('button', { name: 'Upgrade Role' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Change Role' }).click();
    await dialog.getByLabel('Role').selectOption('GUEST');
    await dialog.getByRole('button', { name: 'Downgrade Role' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();
    await expect(page.getByText('Guest', { exact: true }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Delete User' }).click();
    await expect(
      page.getByText(
        'Are you sure you want to delete this user? This action cannot be undone and will permanently remove all user data.',
      ),
    ).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete User' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText('User deleted successfully')).toBeVisible();
  });

  test('a GUEST sees no mutating action and Access Denied on the form', async ({ page }) => {
    await signInFresh(page, DEMO.guest);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /Actions for/ })
      .click();
    await expect(page.getByRole('menuitem')).toHaveText(['View Details']);
    await page.keyboard.press('Escape');
    await page.goto('/users/new');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('own profile from the sidebar: name and password change', async ({ page, request }) => {
    const api = await ApiClient.signIn(request);
    await api.post('/api/auth/register', {
      email: 'self@users.test',
      password: DEMO.password,
      firstName: 'Sam',
      lastName: 'Self',
    });
    await signInFresh(page, 'self@users.test');
    await page
      .getByRole('link', { name: /My profile/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await page.getByLabel('First Name').fill('Samuel');
    await page.getByRole('button', { name: 'Save Name' }).click();
    await expect(page.getByTestId('sidebar-user-name').first()).toHaveText('Samuel Self');
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password').fill('Another-Pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
    await page.getByLabel('Current Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { email: 'self@users.test', password: 'Another-Pass-1' },
    });
    expect(login.status()).toBe(200);
  });

  test('remote-users standalone: the list and a user page', async ({ page }) => {
    await page.goto('/remotes/users/');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/remotes/users/');
    await new SignInPage(page, '/remotes/users/login').signIn(DEMO.admin, DEMO.password);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await page.locator('tbody tr').first().getByRole('link').click();
    await expect(page.getByText('System Information')).toBeVisible();
  });
});
