import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory, short } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';
import { expectNoViolations, THEMES, useTheme } from '../pages/accessibility';

test.beforeEach(({ page }) => withoutLiveStream(page));

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search and commands' });
// cmdk names its input by the palette's label.
const searchBox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search and commands' });

test('Ctrl+K finds an approval by the first 8 characters of its id and opens it', async ({
  page,
  request,
}) => {
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const approval = await factory.create(`Palette${Date.now().toString(36)}`, [310]);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(short(approval));
  const found = palette(page).getByRole('option', { name: new RegExp(`#${short(approval)}`) });
  await expect(found).toBeVisible();
  await expect(palette(page).getByRole('group', { name: 'Approvals' })).toBeVisible();
  await expect(palette(page)).toContainText('Pending');
  // Results are what the server found: moving onto one and Enter opens it.
  await found.hover();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/approvals/${approval.id}$`));
  await expect(palette(page)).toBeHidden();

  // On the approval, the page's own actions: 'Approve' opens its confirmation dialog.
  await expect(page.getByRole('heading', { level: 1, name: `Approval #${short(approval)}` })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Approve');
  await expect(palette(page).getByRole('group', { name: 'On this page' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole('alertdialog', { name: 'Approve Bills' })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('the palette goes to a page by name and is accessible', async ({ page }) => {
  await page.goto('/dashboard');
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Search', exact: true })
    .click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('managers');
  await expect(palette(page).getByRole('option', { name: 'Managers', exact: true })).toBeVisible();
  await shot(page, 'palette');
  // Every rule, aria-valid-attr-value included: the combobox's aria-activedescendant must name an
  // option in the page (cmdk is patched for that, patches/cmdk@1.1.1.patch).
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  const active = await searchBox(page).getAttribute('aria-activedescendant');
  expect(active).not.toBeNull();
  await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  await palette(page).getByRole('option', { name: 'Managers', exact: true }).click();
  await expect(page).toHaveURL(/\/managers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
});

test('the palette floats 15 % from the top, 640 px wide, readable in both themes, with key hints and Recent', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  const box = (await palette(page).boundingBox())!;
  expect(box.width).toBeGreaterThan(600);
  expect(box.width).toBeLessThanOrEqual(640);
  expect(box.y / 900).toBeGreaterThanOrEqual(0.14);
  expect(box.y / 900).toBeLessThanOrEqual(0.2);
  expect(box.height).toBeLessThanOrEqual(0.6 * 900);
  const look = await palette(page).evaluate((element) => {
    const style = getComputedStyle(element);
    return { radius: parseFloat(style.borderTopLeftRadius), shadow: style.boxShadow };
  });
  expect(look.radius).toBeGreaterThan(0);
  expect(look.shadow).not.toBe('none');
  await expect(palette(page).getByTestId('palette-hints')).toContainText('to move');
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await shot(page, `palette-${theme}`);
    await expectNoViolations(page, `palette ${theme}`, '[role="dialog"]');
  }
  // A place opened from the palette is first under Recent the next time, until something is typed.
  await page.keyboard.type('managers');
  await palette(page).getByRole('option', { name: 'Managers', exact: true }).click();
  await expect(page).toHaveURL(/\/managers$/);
  await page.keyboard.press('Control+k');
  const recent = palette(page).getByRole('group', { name: 'Recent' });
  await expect(recent.getByRole('option').first()).toHaveText('Managers');
  await page.keyboard.type('comp');
  await expect(recent).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header’s search button opens the palette, which finds a company', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('Acme');
    const company = palette(page).getByRole('group', { name: 'Companies' }).getByRole('option').first();
    await expect(company).toBeVisible();
    await shot(page, 'palette-phone');
    await company.click();
    await expect(page).toHaveURL(/\/companies\/\d+$/);
  });
});
