import type { Page, Route } from '@playwright/test';
import { apiSession, expect, test, useSession } from '../fixtures';
import { Layout, notice } from '../pages/layout';
import { DEMO, SignInPage } from '../pages/sign-in-page';

// Frontend faults. page.route is used only to break the network the way infrastructure
// fails — a remote's files refused or held back, API calls refused or answered 503 by an API whose
// database is away — never to stand in for the API's answers: everything that gets through is
// served by the real API on a real database.

const CONNECTION_MESSAGE =
  'Unable to connect to the server. Please check your internet connection and try again.';
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

let runId = 0;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${(runId += 1)}`;

/** A switch for a network fault: while `on`, matching requests get `fault`; otherwise they go through. */
async function faultSwitch(page: Page, url: string, fault: (route: Route) => Promise<void>) {
  const state = { on: true };
  await page.route(url, (route) => (state.on ? fault(route) : route.continue()));
  return state;
}

/** Proves later that the page was never reloaded: the marker lives only in this document. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __faultsMarker: boolean }).__faultsMarker = true;
  });
  return async () =>
    expect(
      await page.evaluate(() => (window as unknown as { __faultsMarker?: boolean }).__faultsMarker),
      'the page was not reloaded',
    ).toBe(true);
}

test.describe('a remote that is down', () => {
  const faults = [
    { name: 'its remoteEntry.js refused', url: '**/remotes/managers/remoteEntry.js', status: 0 },
    { name: 'its remoteEntry.js answering 502', url: '**/remotes/managers/remoteEntry.js', status: 502 },
    { name: 'its manifest refused', url: '**/remotes/managers/mf-manifest.json', status: 0 },
  ];
  for (const fault of faults) {
    test(`(${fault.name}) shows a message for that section; the rest of the console works`, async ({
      page,
    }) => {
      const down = await faultSwitch(page, fault.url, (route) =>
        fault.status === 0
          ? route.abort('connectionrefused')
          : route.fulfill({ status: fault.status, contentType: 'text/html', body: 'Bad Gateway' }),
      );
      await page.goto('/managers');
      await expect(page.getByText('The Managers section could not be loaded')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      const unreloaded = await markDocument(page);

      const layout = new Layout(page);
      await layout.link('Companies').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
      await expect(page.getByText(/^Showing 1 to 10 of \d+ companies$/)).toBeVisible();
      await layout.link('Dashboard').click();
      await expect(page.getByText('Welcome to the Agent API admin panel')).toBeVisible();
      await layout.link('Managers').click();
      await expect(page.getByText('The Managers section could not be loaded')).toBeVisible();

      // The remote is back: Retry loads it in this same page.
      down.on = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
      await expect(page.getByText(/^Showing 1 to \d+ of \d+ managers$/)).toBeVisible();
      await unreloaded();
    });
  }
});

test('a remote that answers slowly: the section says it is loading and the sidebar keeps working', async ({
  page,
}) => {
  // Every file of the approvals remote is held until the test lets it through (no timer involved).
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route('**/remotes/approvals/**', async (route) => {
    held += 1;
    await released;
    await route.continue();
  });

  await page.goto('/dashboard');
  await expect(page.getByText('Welcome to the Agent API admin panel')).toBeVisible();
  const layout = new Layout(page);
  await layout.link('Approvals').click();
  await expect(page).toHaveURL(/\/approvals$/);
  const loading = page.getByRole('status').filter({ hasText: 'Loading the Approvals section...' });
  await expect(loading).toBeVisible();
  // The remote's first file is requested just after the section starts loading (remotes.json comes first).
  await expect.poll(() => held).toBeGreaterThan(0);

  // Meanwhile the rest of the console answers.
  await layout.link('Companies').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await layout.link('Dashboard').click();
  await expect(page.getByTestId('health-status')).toHaveText('healthy');
  await layout.link('Approvals').click();
  await expect(loading).toBeVisible();
  await expect(layout.link('Approvals')).toHaveAttribute('aria-current', 'page');

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test.describe('the API going down during use', () => {
  for (const outage of [
    { name: 'refusing connections', message: CONNECTION_MESSAGE },
    { name: 'answering 503 while its database is away', message: UNAVAILABLE_MESSAGE },
  ]) {
    test(`(${outage.name}) shows clear messages and recovers without a reload`, async ({ page }) => {
      await page.goto('/companies/new');
      await expect(page.getByRole('heading', { level: 1, name: 'Create Company' })).toBeVisible();
      const unreloaded = await markDocument(page);

      const down = await faultSwitch(page, '**/api/**', (route) =>
        outage.message === CONNECTION_MESSAGE
          ? route.abort('connectionrefused')
          : route.fulfill({
              status: 503,
              headers: { 'Retry-After': '2' },
              json: { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE } },
            }),
      );

      // A save: the notice says why, and the form keeps what was typed.
      const name = unique('Outage Supplies');
      await page.getByLabel('Company Name').fill(name);
      await page.getByLabel('Email').fill('billing@outage.example.com');
      await page.getByRole('button', { name: 'Create Company' }).click();
      await expect(notice(page, outage.message)).toBeVisible();
      await expect(page.getByLabel('Company Name')).toHaveValue(name);
      await expect(page).toHaveURL(/\/companies\/new$/);

      // The API is back: the same save goes through.
      down.on = false;
      await page.getByRole('button', { name: 'Create Company' }).click();
      await expect(notice(page, 'Company created successfully')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText('billing@outage.example.com')).toBeVisible();

      // Down again: a list read says what went wrong and offers Retry; the user stays signed in.
      down.on = true;
      const layout = new Layout(page);
      await layout.link('Managers').click();
      await expect(page.getByText(`Error loading managers: ${outage.message}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

      // Back: Retry reads the list (SWR's own single retry may get there first).
      down.on = false;
      const summary = page.getByText(/^Showing 1 to \d+ of \d+ managers$/);
      await expect(async () => {
        const retry = page.getByRole('button', { name: 'Retry' });
        if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
        await expect(summary).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page).toHaveURL(/\/managers$/);
      await unreloaded();
    });
  }
});

test.describe('a session that expires while a form is being filled', () => {
  test('an expired access token: the save refreshes once and goes through with the input', async ({
    page,
    request,
  }) => {
    // A session of its own: the refresh rotates its token, which must not be a saved one.
    await useSession(page, await apiSession(request, DEMO.moderator), '/companies/new');
    const name = unique('Expired Token Traders');
    await page.getByLabel('Company Name').fill(name);
    await page.getByLabel('Phone').fill('+1 555 0100');
    // The access token runs out while the form is open (an unacceptable token is what the server sees).
    await page.evaluate(() =>
      localStorage.setItem('auth_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.invalid'),
    );
    const refreshed = page.waitForResponse('**/api/auth/refresh');
    await page.getByRole('button', { name: 'Create Company' }).click();
    expect((await refreshed).status()).toBe(200);
    await expect(notice(page, 'Company created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('+1 555 0100')).toBeVisible();
  });

  test('a session ended on the server: sign in again and the form comes back filled', async ({
    page,
    request,
  }) => {
    // A session of its own: the test ends it on the server.
    await useSession(page, await apiSession(request, DEMO.moderator), '/companies/new');
    const name = unique('Resumed Session Supply');
    await page.getByLabel('Company Name').fill(name);
    await page.getByLabel('Address').fill('1 Continuity Way');
    await page.getByLabel('Description').fill('Typed before the session ended');
    // A reload keeps the input too.
    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue(name);

    // The session ends on the server (signed out elsewhere): access and refresh tokens stop working.
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const logout = await request.post('/api/auth/logout', { data: { refreshToken } });
    expect(logout.status()).toBe(200);

    // The console learns it from the save, refused, or first by itself: the server closes the
    // session's event stream and the stream's reconnect is refused. Either way it asks to sign in
    // again, the form kept; a click that finds the button gone is that second way.
    await page
      .getByRole('button', { name: 'Create Company' })
      .click({ timeout: 15_000 })
      .catch((error: unknown) => {
        if (!/\/login$/.test(page.url())) throw error;
      });
    await expect(page).toHaveURL(/\/login$/);
    await new SignInPage(page).signIn(DEMO.moderator, DEMO.password);
    await expect(page).toHaveURL(/\/companies\/new$/);
    await expect(notice(page, 'Your unsaved changes were restored')).toBeVisible();
    await expect(page.getByLabel('Company Name')).toHaveValue(name);
    await expect(page.getByLabel('Address')).toHaveValue('1 Continuity Way');
    await expect(page.getByLabel('Description')).toHaveValue('Typed before the session ended');

    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(notice(page, 'Company created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // Saved, so the draft is gone: a new form starts empty.
    await page.goto('/companies/new');
    await expect(page.getByLabel('Company Name')).toHaveValue('');
  });
});
