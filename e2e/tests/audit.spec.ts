import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { expectNoViolations } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

// The audit log (/users/audit, ADMIN): every recorded action, filtered in the URL, exported as CSV.

test.beforeEach(({ page }) => withoutLiveStream(page));

const CSV_HEADER = 'ID,Time,User ID,User,Action,Entity Type,Entity ID,Description,Details';

async function moderatorId(api: ApiClient): Promise<number> {
  const found = await api.get<Array<{ id: number }>>(
    `/api/user/users?search=${encodeURIComponent(DEMO.moderator)}`,
  );
  return found.body.data[0]!.id;
}

test('ADMIN opens the audit log from the sidebar, filters by person and exports exactly the filtered rows', async ({
  page,
  request,
}) => {
  // A sign-in of the moderator's own, so the filter has a fresh row to find.
  await ApiClient.signIn(request, DEMO.moderator);
  const api = await ApiClient.signIn(request);
  const id = await moderatorId(api);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/users\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Person' }).selectOption(String(id));
  await expect(page).toHaveURL(new RegExp(`[?&]userId=${id}(&|$)`));
  await page.getByRole('combobox', { name: 'Action' }).selectOption('auth.login');
  await expect(page).toHaveURL(/[?&]action=auth\.login(&|$)/);
  const rows = table.locator('tbody tr');
  // The action in words; its code in the row's details (and the CSV below).
  await expect(rows.first()).toContainText('Signed in');
  await expect(rows.first()).not.toContainText('auth.login');
  await rows.first().getByRole('button', { name: 'Details' }).click();
  const details = page.getByTestId('audit-details');
  await expect(details.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(details.getByTestId('audit-action-code')).toHaveText('auth.login');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  const listed = await api.get<Array<{ id: number; userId: number }>>(
    `/api/audit?userId=${id}&action=auth.login&limit=10`,
  );
  const total = listed.body.meta!.pagination.total;
  expect(total).toBeGreaterThan(0);
  await expect(rows).toHaveCount(Math.min(10, total));
  // Each row links to the person and to the entity it is about (here the moderator's own account).
  await expect(rows.first().getByRole('link', { name: 'User #' + id })).toHaveAttribute(
    'href',
    `/users/${id}`,
  );

  // The filters survive a reload (kept in the URL).
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Person' })).toHaveValue(String(id));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  // Every matching row (not one page), each the moderator's sign-in, newest first as listed.
  expect(lines).toHaveLength(total + 1);
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect(cells[2]).toBe(String(id));
    expect(cells[4]).toBe('"auth.login"');
  }
  expect(lines.slice(1, 1 + listed.body.data.length).map((line) => Number(line.split(',')[0]))).toEqual(
    listed.body.data.map((row) => row.id),
  );
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`the audit log has no detectable accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/users/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByText(/^Showing \d+ to \d+ of/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoViolations(page);
  });
}

test.describe('other roles', () => {
  test.use({ signedInAs: 'moderator' });

  test('a MODERATOR has no Audit log entry and gets Access Denied at /users/audit', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }),
    ).toHaveCount(0);
    await page.goto('/users/audit');
    await expect(page.getByTestId('access-denied')).toBeVisible();
  });
});
