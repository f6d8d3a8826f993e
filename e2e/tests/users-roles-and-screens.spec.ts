// Who may do what in the Users section (GUEST, USER and MODERATOR against the screens and the server),
// the remote on its own sign-in, and how its screens hold at the desktop width and on a phone.
import type { Page } from '@playwright/test';
import { expect, test, useSession } from '../fixtures';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { DEMO, NEW_ACCOUNT_PASSWORD, SignInPage } from '../pages/sign-in-page';
import { UserListPage, nameOf, newUser, tokenOf, type U } from '../pages/users-page';

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
/**
 * On a phone, axe on the screen once its figures are in (at a desktop's width these screens are in
 * the console-wide tour, accessibility.spec.ts, in both themes).
 */
async function checkOnPhone(page: Page, phone: boolean, label: string) {
  if (!phone) return;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoViolations(page, label);
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 768;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`the list: a 255-character name is cut with the full text on hover; cards${phone ? ' and axe' : ''} on a phone`, async ({
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
      await checkOnPhone(page, phone, 'user list');

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
      await checkOnPhone(page, phone, 'user detail');
      if (phone) {
        await page.goto(`/users/${user.id}/edit`);
        await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
        await checkOnPhone(page, phone, 'user edit form');
      }
    });

    test(`the form and the own profile fit the screen${phone ? ', axe clean' : ''}`, async ({ page }) => {
      await page.goto('/users/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `users-form-${viewport.width}`);
      await checkOnPhone(page, phone, 'user form');

      await page.goto('/users/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await shot(page, `users-profile-${viewport.width}`);
      await checkOnPhone(page, phone, 'profile page');
    });
  });
}
