// What a review of the shell, the dashboard and the Companies section found, checked at the
// desktop width and on a phone. The fixes live in shared-ui / host, so these rules hold in every section.
import type { Locator } from '@playwright/test';
import { expect, test, useSession } from '../fixtures';
import { shot } from '../pages/screenshots';
import { ApiClient } from '../pages/api-client';
import { NEW_ACCOUNT_PASSWORD } from '../pages/sign-in-page';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** True when the two boxes share any area. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Access Denied is a full-screen view without the sidebar or the menu button', async ({
      page,
      savedState,
    }) => {
      await useSession(page, await savedState('guest'), '/companies/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
      const box = await page.getByTestId('access-denied').boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.width).toBe(viewport.width);
      await shot(page, `access-denied-${viewport.width}`);

      // The way back restores the layout.
      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      if (viewport.width >= 1024) await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      else await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    });

    test('dashboard quick actions follow the role', async ({ page, savedState }) => {
      await useSession(page, await savedState('user'));
      const actions = page.getByRole('region', { name: 'Quick Actions' }).getByRole('link');
      await expect(actions).toHaveText(['Review Approvals']);
      await useSession(page, await savedState('guest'));
      await expect(actions).toHaveText(['Review Approvals']);
      await useSession(page, await savedState('moderator'));
      await expect(actions).toHaveText(['Add New Company', 'Create User Account', 'Review Approvals']);
      await shot(page, `dashboard-${viewport.width}`);
    });

    test('a 255-character name is cut with the full text on hover, and the row menu stays in reach', async ({
      page,
      request,
    }) => {
      const api = await ApiClient.signIn(request);
      const name = `Longname ${viewport.width} ${Date.now()} ${'Incorporated Holdings '.repeat(12)}`
        .slice(0, 255)
        .trim();
      const created = await api.post<{ id: number }>('/api/company/companies', {
        name,
        email: 'long.name@example.com',
        industry: 'Consulting',
      });
      await page.goto('/companies');
      await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      const menu = page.getByRole('button', { name: `Actions for ${name}` });
      await expect(menu).toBeVisible();
      // Nothing scrolls sideways: not the page, not the list.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const menuBox = await menu.boundingBox();
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(viewport.width);
      const nameLink = page.getByRole('link', { name, exact: true });
      if (viewport.width >= 768) {
        const region = page.getByRole('region', { name: 'Companies' });
        const [scroll, client] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scroll).toBeLessThanOrEqual(client);
        // Cut to one line, the full name in the tooltip.
        await expect(nameLink.locator('xpath=..')).toHaveAttribute('title', name);
        expect((await nameLink.boundingBox())!.height).toBeLessThan(40);
      } else {
        // A card per row: name, badges, fields, the row menu and the selection checkbox.
        await expect(page.getByRole('table')).toHaveCount(0);
        const card = page
          .getByRole('list', { name: 'Companies' })
          .getByRole('listitem')
          .filter({ has: menu });
        await expect(card.getByText('long.name@example.com')).toBeVisible();
        await expect(card.getByText('Consulting')).toBeVisible();
        await expect(card.getByText('Active', { exact: true })).toBeVisible();
        await expect(card.getByRole('checkbox', { name: `Select ${name}` })).toHaveCount(1);
        await menu.click();
        await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
        await page.keyboard.press('Escape');
      }
      await shot(page, `company-list-${viewport.width}`);

      await page.goto(`/companies/${created.id}`);
      const current = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
      await expect(current).toContainText(name.slice(0, 20));
      // The breadcrumb stays on one line; the step keeps the full name on hover.
      expect((await page.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox())!.height).toBeLessThan(
        40,
      );
      await expect(current.locator('[title]')).toHaveAttribute('title', name);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name.slice(0, 20));
      await expect(page.getByRole('link', { name: 'Edit Company' })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shot(page, `company-detail-${viewport.width}`);
    });

    test('a search without matches says so and offers to clear the filters', async ({ page }) => {
      await page.goto('/companies?search=zz-no-company-is-called-this');
      // The first visit loads the companies remote; allow for a slow, shared machine.
      await expect(page.getByRole('heading', { name: 'No companies match your filters' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Get started by creating your first company')).toHaveCount(0);
      await expect(page.getByText(/^Showing 0 to 0/)).toHaveCount(0);
      await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
      await expect(page).toHaveURL(/\/companies$/);
      await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible();
      await expect(page.getByLabel('Search')).toHaveValue('');
    });

    test('managers: phone cards keep the row menu in reach, and a search without matches says so', async ({
      page,
    }) => {
      await page.goto('/managers');
      await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible({
        timeout: 30_000,
      });
      const menu = page.getByRole('button', { name: /^Actions for / }).first();
      await expect(menu).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const menuBox = await menu.boundingBox();
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(viewport.width);
      if (viewport.width < 768) {
        await expect(page.getByRole('table')).toHaveCount(0);
        const card = page.getByRole('list', { name: 'Managers' }).getByRole('listitem').first();
        await expect(card.getByRole('button', { name: /^Actions for / })).toBeVisible();
      }
      await shot(page, `manager-list-${viewport.width}`);

      await page.getByLabel('Search').fill('zz-no-manager-is-called-this');
      await expect(page.getByRole('heading', { name: 'No managers match your filters' })).toBeVisible();
      await expect(page.getByText('Create your first manager to get started')).toHaveCount(0);
      await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
      await expect(page.getByLabel('Search')).toHaveValue('');
      await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible();
    });

    test('a success notice leaves the detail header actions uncovered', async ({ page, request }) => {
      const api = await ApiClient.signIn(request);
      const created = await api.post<{ id: number }>('/api/company/companies', {
        name: `Notice Placement ${viewport.width} ${Date.now()}`,
      });
      await page.goto(`/companies/${created.id}`);
      await page.getByRole('button', { name: 'Deactivate' }).click();
      const notice = page.getByRole('status').filter({ hasText: 'Company deactivated successfully' });
      await expect(notice).toBeVisible();
      for (const name of ['Activate', 'Edit Company', 'Delete']) {
        const control = page.getByRole('main').getByRole(name === 'Edit Company' ? 'link' : 'button', {
          name,
          exact: true,
        });
        await expect(control).toBeVisible();
        expect(await overlaps(notice, control), `${name} is covered by the notice`).toBe(false);
      }
      // Still usable while the notice is shown.
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await expect(page.getByText('Company activated successfully')).toBeVisible();
    });
  });
}

test('an inline assignment failure without a server message says Failed to update assignment', async ({
  page,
  request,
}) => {
  const api = await ApiClient.signIn(request);
  const id = await api.companyId('Copper Kettle Brewing');
  await page.route(`**/api/company/companies/${id}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' })
      : route.continue(),
  );
  await page.goto(`/companies/${id}`);
  await page.getByRole('button', { name: 'Change Approver' }).click();
  await page.getByLabel('Approver', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save Approver' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Error' });
  await expect(notice).toContainText('Failed to update assignment');
  await expect(notice).not.toContainText('Request failed');
  // The editor stays open for another try.
  await expect(page.getByRole('button', { name: 'Save Approver' })).toBeVisible();
});

test('person pickers are sorted by name with the e-mail beside it, so namesakes differ', async ({
  page,
  request,
}) => {
  const api = await ApiClient.signIn(request);
  const stamp = Date.now();
  for (const suffix of ['a', 'b']) {
    await api.post('/api/auth/register', {
      email: `namesake.${suffix}.${stamp}@example.com`,
      password: NEW_ACCOUNT_PASSWORD,
      firstName: 'Aaron',
      lastName: 'Namesake',
      role: 'USER',
      isActive: true,
    });
  }
  const id = await api.companyId('Copper Kettle Brewing');
  await page.goto(`/companies/${id}`);
  await page.getByRole('button', { name: 'Change Accountant' }).click();
  const select = page.getByLabel('Accountant', { exact: true });
  await expect(select.locator('option', { hasText: 'Namesake' })).toHaveCount(2);
  const labels = (await select.locator('option').allInnerTexts()).slice(1);
  const names = labels.map((label) => label.replace(/ \(.*$/, ''));
  const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  expect(names).toEqual(sorted);
  for (const label of labels) expect(label).toMatch(/\(.+@.+\)/);
  const namesakes = labels.filter((label) => label.startsWith('Aaron Namesake'));
  expect(namesakes).toEqual([
    `Aaron Namesake (namesake.a.${stamp}@example.com) · User`,
    `Aaron Namesake (namesake.b.${stamp}@example.com) · User`,
  ]);
  // The same order in the edit form.
  await page.goto(`/companies/${id}/edit`);
  const formOptions = page.getByLabel('Accountant').locator('option');
  await expect(formOptions).toHaveCount(labels.length + 1);
  const formLabels = (await formOptions.allInnerTexts()).slice(1);
  expect(formLabels).toEqual(labels);
});

test('the health card says the same state as its badge', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('health-status')).toHaveText('healthy');
  await expect(page.getByTestId('health-summary')).toHaveText('All systems operational');

  await page.route('**/api/health/detailed', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByTestId('health-status')).toHaveText('down');
  await expect(page.getByTestId('health-summary')).toHaveText(/^Service down/);
});

for (const viewport of VIEWPORTS) {
  test(`the dashboard does not move when its figures arrive (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The figures held back until the placeholders are on screen, then let through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/(health\/detailed|dashboard\/stats)$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-placeholder')).toHaveCount(4);
    release();
    await expect(page.getByTestId('health-status')).toHaveText('healthy');
    await expect(page.getByTestId('stat-totalCompanies')).toBeVisible();
    await expect(page.getByTestId('stat-placeholder')).toHaveCount(0);
    // Two frames for the shift entries of the last change to be reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    // Lighthouse counts a page as stable below 0.1; the placeholders keep it well under that.
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
  });
}
