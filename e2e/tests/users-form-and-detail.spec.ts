// The user form, the detail page and the own profile of the Users section: create and edit with the
// server's validation, role changes and deletes from the detail, the last-admin guard, name and password.
import { expect, test } from '../fixtures';
import { ApiClient } from '../pages/api-client';
import { DEMO, NEW_ACCOUNT_PASSWORD, signInFresh } from '../pages/sign-in-page';
import { nameOf, newUser, tokenOf, type U } from '../pages/users-page';
import { notice } from '../pages/layout';

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
