import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { shot } from '../pages/screenshots';
import { expectNoViolations, THEMES, useTheme } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { withoutLiveStream } from '../pages/live-stream';
import { DEMO } from '../pages/sign-in-page';

// The dashboard's charts: drawn from the demo data once scrolled into view, each with a summary
// sentence and a table of the same numbers for screen readers, and an empty state.

interface Charts {
  decidedPerDay: Array<{ day: string; approved: number; rejected: number }>;
  paidPerWeek: Array<{ weekStart: string; amountCents: number; payments: number }>;
}

test.beforeEach(({ page }) => withoutLiveStream(page));

const utcLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The rows of a figure's table: [row header, ...cells]. */
async function tableRows(figure: Locator): Promise<string[][]> {
  return figure
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
}

async function scrollToCharts(page: Page) {
  await page.getByTestId('dashboard-charts').scrollIntoViewIfNeeded();
}

test('the dashboard charts render the demo data and decisions made now, with their text alternatives', async ({
  page,
  request,
}) => {
  // One approval approved and one rejected today, on top of the demo's decisions of the last 30 days.
  const factory = await ApprovalFactory.for(await ApiClient.signIn(request, DEMO.moderator));
  const vendor = `Chart${Date.now().toString(36)}`;
  const [approve, reject] = [await factory.create(vendor, [100]), await factory.create(vendor, [200])];
  const user = await ApiClient.signIn(request, DEMO.user);
  await user.put(`/api/bill-approval/approvals/${approve.id}/approve`);
  await user.put(`/api/bill-approval/approvals/${reject.id}/reject`, { rejectionReason: 'Chart test' });
  const charts = (await (await ApiClient.signIn(request)).get<Charts>('/api/dashboard/charts')).body.data;
  const today = charts.decidedPerDay.at(-1)!;
  expect(today.approved).toBeGreaterThanOrEqual(1);
  expect(today.rejected).toBeGreaterThanOrEqual(1);
  const approved = charts.decidedPerDay.reduce((sum, day) => sum + day.approved, 0);
  const rejected = charts.decidedPerDay.reduce((sum, day) => sum + day.rejected, 0);
  // The demo's own decisions are in the window, not only this test's.
  expect(approved + rejected).toBeGreaterThan(2);
  const paidCents = charts.paidPerWeek.reduce((sum, week) => sum + week.amountCents, 0);
  const payments = charts.paidPerWeek.reduce((sum, week) => sum + week.payments, 0);
  // The demo data completes payments (the seed marks them paid through the real service).
  expect(payments).toBeGreaterThan(0);

  const chartsRequested = page.waitForRequest('**/api/dashboard/charts');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await scrollToCharts(page);
  await chartsRequested;

  const decided = page.getByTestId('decided-chart');
  await expect(decided.locator('svg.recharts-surface')).toBeVisible();
  await expect(decided.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(decided.locator('figcaption')).toContainText(
    `${approved.toLocaleString('en-US')} approved and ${rejected.toLocaleString('en-US')} rejected in the last 30 days`,
  );
  const table = decided.getByRole('table', { name: 'Approvals decided per day, last 30 days' });
  await expect(table).toBeAttached();
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Approved', 'Rejected']);
  expect(await tableRows(decided)).toEqual(
    charts.decidedPerDay.map((day) => [utcLabel(day.day), String(day.approved), String(day.rejected)]),
  );
  // The plot itself is hidden from assistive technology; the table and the sentence are not.
  await expect(decided.locator('svg.recharts-surface')).toHaveCount(1);
  expect(await decided.locator('[aria-hidden="true"]').first().locator('svg.recharts-surface').count()).toBe(
    1,
  );

  const paid = page.getByTestId('paid-chart');
  await expect(paid.locator('svg.recharts-surface')).toBeVisible();
  await expect(paid.locator('figcaption')).toHaveText(
    `${usd(paidCents)} paid in ${payments} ${payments === 1 ? 'payment' : 'payments'} over the last 12 weeks.`,
  );
  await expect(paid.getByRole('table', { name: 'Amount paid per week, last 12 weeks' })).toBeAttached();
  expect(await tableRows(paid)).toEqual(
    charts.paidPerWeek.map((week) => [utcLabel(week.weekStart), usd(week.amountCents)]),
  );
});

test('the charts are not fetched until scrolled to, and their place is reserved', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  let requested = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/dashboard/charts')) requested = true;
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-totalCompanies')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested).toBe(false);
  const before = await page.getByTestId('dashboard-charts').boundingBox();
  await scrollToCharts(page);
  await expect(page.getByTestId('decided-chart').locator('svg.recharts-surface')).toBeVisible();
  const after = await page.getByTestId('dashboard-charts').boundingBox();
  // The placeholders are as tall as the charts with their summaries (no layout shift below them).
  expect(Math.abs(after!.height - before!.height)).toBeLessThanOrEqual(2);
});

test('a chart with nothing to show says so', async ({ page }) => {
  await page.route('**/api/dashboard/charts', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.decidedPerDay = body.data.decidedPerDay.map((day: { day: string }) => ({
      day: day.day,
      approved: 0,
      rejected: 0,
    }));
    body.data.paidPerWeek = body.data.paidPerWeek.map((week: { weekStart: string }) => ({
      weekStart: week.weekStart,
      amountCents: 0,
      payments: 0,
    }));
    await route.fulfill({ response, json: body });
  });
  await page.goto('/dashboard');
  await scrollToCharts(page);
  await expect(page.getByTestId('decided-chart')).toHaveText('No approvals decided in the last 30 days.');
  await expect(page.getByTestId('paid-chart')).toHaveText('No payments completed in the last 12 weeks.');
  await expect(page.getByTestId('dashboard-charts').getByRole('table')).toHaveCount(0);
});

// Both themes at a desktop and a phone width, from one load: no axe violation with the charts
// drawn, and a screenshot of each for review.
test('the drawn charts pass axe in both themes at a desktop and a phone width', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await scrollToCharts(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('paid-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('decided-chart').locator('svg.recharts-surface')).toBeVisible();
    // Nothing wider than the page on a phone (the charts follow their box's new width).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await shot(page, `dashboard-${theme}-${width}`);
      await expectNoViolations(page, `charts ${theme} ${width}`, '[data-testid="dashboard-charts"]');
    }
  }
});

test('the users overview charts sign-ins per day, with a table of the same numbers', async ({
  page,
  request,
}) => {
  await ApiClient.signIn(request, DEMO.guest);
  const charts = (
    await (
      await ApiClient.signIn(request)
    ).get<{ signInsPerDay: Array<{ day: string; signIns: number }> }>('/api/dashboard/charts')
  ).body.data;
  // This run's own sign-ins are today's.
  expect(charts.signInsPerDay.at(-1)!.signIns).toBeGreaterThanOrEqual(2);
  await page.goto('/users');
  // The chart is fetched once its card is in view.
  await page.getByRole('heading', { name: 'Sign-ins per day, last 30 days' }).scrollIntoViewIfNeeded();
  const chart = page.getByTestId('sign-ins-chart');
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.getByRole('table', { name: 'Sign-ins per day, last 30 days' })).toBeAttached();
  const rows = await tableRows(chart);
  expect(rows).toHaveLength(30);
  // Earlier days as the API said; today's count may have grown with this page's own session.
  expect(rows.slice(0, -1)).toEqual(
    charts.signInsPerDay.slice(0, -1).map((day) => [utcLabel(day.day), String(day.signIns)]),
  );
  expect(Number(rows.at(-1)![1])).toBeGreaterThanOrEqual(charts.signInsPerDay.at(-1)!.signIns);
});

test('the approvals list status cards show their 30-day trends', async ({ page, request }) => {
  const charts = (
    await (
      await ApiClient.signIn(request)
    ).get<Charts & { createdPerDay: Array<{ day: string; created: number }> }>('/api/dashboard/charts')
  ).body.data;
  const created = charts.createdPerDay.reduce((sum, day) => sum + day.created, 0);
  const approved = charts.decidedPerDay.reduce((sum, day) => sum + day.approved, 0);
  await page.goto('/approvals');
  for (const card of ['total', 'approved', 'rejected']) {
    await expect(page.getByTestId(`trend-${card}`)).toBeAttached();
  }
  await expect(page.getByTestId('trend-total')).toContainText(`${created} created in the last 30 days`);
  await expect(page.getByTestId('trend-approved')).toContainText(`${approved} approved in the last 30 days`);
  // A card's text alternative is its summary sentence, not a table of every day (the dashboard has those).
  await expect(page.getByTestId('trend-approved').getByRole('table')).toHaveCount(0);
});
