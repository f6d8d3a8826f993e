import { apiSession, expect, test, useSession } from '../fixtures';
import { Layout } from '../pages/layout';
import { DEMO, signInFresh } from '../pages/sign-in-page';

test('the dashboard shows health and the real counts from the API', async ({ page, request }) => {
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome to the Agent API admin panel')).toBeVisible();
  await expect(page.getByTestId('health-status')).toHaveText('healthy');
  await expect(page.getByTestId('health-uptime')).toHaveText(/^\d+h \d+m$/);

  // The same figures, read straight from the API with the browser's token.
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await request.get('/api/dashboard/stats', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data } = await response.json();
  await expect(page.getByTestId('stat-totalCompanies')).toContainText(
    data.totalCompanies.toLocaleString('en-US'),
  );
  await expect(page.getByTestId('stat-activeUsers')).toContainText(data.activeUsers.toLocaleString('en-US'));
  await expect(page.getByTestId('stat-pendingApprovals')).toContainText(
    data.pendingApprovals.toLocaleString('en-US'),
  );
  expect(data.totalCompanies).toBeGreaterThanOrEqual(25);
  await expect(page.getByTestId('recent-activity').getByRole('listitem')).toHaveCount(5);
  // Recent activity is the work: no sign-ins (the audit log has them).
  await expect(page.getByTestId('recent-activity')).not.toContainText('signed in');
  await expect(page.getByRole('link', { name: 'Add New Company' })).toHaveAttribute('href', '/companies/new');
  await expect(page.getByRole('link', { name: 'Review Approvals' })).toHaveAttribute('href', '/approvals');

  // It leads with work: what waits for this person, linked to the inbox, the oldest first.
  const work = page.getByTestId('your-work');
  const waiting = await request.get('/api/bill-approval/approvals/waiting-count', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data: count } = await waiting.json();
  // The count, then the amount (payments-board.spec.ts reads the amount against the API).
  await expect(work.getByTestId('waiting-for-you')).toHaveText(
    new RegExp(`^Waiting for you: ${count.count.toLocaleString('en-US')}${count.capped ? '\\+' : ''} · \\$`),
  );
  await expect(work.getByTestId('waiting-for-you')).toHaveAttribute('href', '/approvals/inbox');
  await expect(work.getByTestId('oldest-waiting').getByRole('listitem')).toHaveCount(
    Math.min(5, count.count),
  );
  const workBox = (await work.boundingBox())!;
  const statsBox = (await page.getByTestId('stat-totalCompanies').boundingBox())!;
  expect(workBox.y).toBeLessThan(statsBox.y);
  // Health is a line; the build ids are on the About page its Details opens.
  await expect(page.getByTestId('releases')).toHaveCount(0);
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByTestId('release-host')).toBeVisible();
});

test('/ and unknown paths go to the dashboard, which names the path asked for', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('unknown-path-notice')).toHaveCount(0);
  // An unknown path of the console, and one inside a section (its remote's own catch-all).
  for (const path of ['/no/such/page', '/bills', '/approvals/x/y']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('unknown-path-notice')).toContainText(`There is no page at ${path}.`);
  }
  await page.getByTestId('unknown-path-notice').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('unknown-path-notice')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('unknown-path-notice')).toHaveCount(0);
});

const sections = [
  { entry: 'Companies', path: '/companies', remote: 'companies', heading: 'Companies' },
  { entry: 'Users', path: '/users', remote: 'users', heading: 'User Management' },
  { entry: 'Managers', path: '/managers', remote: 'managers', heading: 'Managers' },
  { entry: 'Approvals', path: '/approvals', remote: 'approvals', heading: 'Bill Approvals' },
];

test('every sidebar entry opens its remote, fetched from its own entry at run time', async ({ page }) => {
  const entries: string[] = [];
  page.on('request', (request) => {
    const match = request.url().match(/\/remotes\/(\w+)\/remoteEntry\.js$/);
    if (match?.[1]) entries.push(match[1]);
  });
  await page.goto('/dashboard');
  const layout = new Layout(page);
  for (const section of sections) {
    await layout.link(section.entry).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
    await expect(layout.link(section.entry)).toHaveAttribute('aria-current', 'page');
    // The remote reads the host's session: its API reads are signed in as the same user, and the
    // lists show the actions only a moderator or admin gets.
    const sessionProof = {
      companies: page.getByRole('link', { name: 'Add Company' }),
      users: page.getByRole('link', { name: 'Add User' }).first(),
      managers: page.getByRole('link', { name: 'Add Manager' }).first(),
      approvals: page.getByText(/^Showing 1 to \d+ of \d+ approvals/).first(),
    }[section.remote];
    await expect(sessionProof!).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
  }
  expect(entries.sort()).toEqual(['approvals', 'companies', 'managers', 'users']);

  // One React and one session store in the page: each shared singleton was loaded from one provider only.
  const shared = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<
            string,
            Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>
          >;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded) (result[pkg] ??= []).push(`${version}@${info.from}`);
          }
        }
      }
    }
    return result;
  });
  for (const pkg of ['react', 'react-dom', 'react-router-dom', 'jotai', 'shared-auth', 'shared-ui']) {
    expect(new Set(shared[pkg] ?? []).size, `${pkg} loaded once: ${JSON.stringify(shared[pkg])}`).toBe(1);
  }
});

test('a section whose remote cannot be reached shows a panel and the rest keeps working', async ({
  page,
}) => {
  let blocked = true;
  await page.route('**/remotes/users/**', (route) =>
    blocked ? route.abort('connectionrefused') : route.continue(),
  );
  await page.goto('/users');
  await expect(page.getByText('The Users section could not be loaded')).toBeVisible();
  const layout = new Layout(page);
  await layout.link('Managers').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
  await layout.link('Users').click();
  await expect(page.getByText('The Users section could not be loaded')).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});

test('an expired access token is recovered by one refresh', async ({ page, request }) => {
  // A session of its own: rotating a saved session's refresh token would end it for the tests that reuse it.
  await useSession(page, await apiSession(request, DEMO.user));
  // Let the dashboard's first reads finish: a refresh cut short by the reload below would leave the
  // browser holding a rotated refresh token, which the server rightly treats as reuse.
  await expect(page.getByTestId('stat-totalCompanies')).toBeVisible();
  await expect(page.getByTestId('health-status')).toBeVisible();
  const refreshes: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) refreshes.push(Date.now());
  });
  // A token the server cannot accept, as an expired one would be: every call answers 401 until refreshed.
  await page.evaluate(() =>
    localStorage.setItem('auth_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.invalid'),
  );
  await page.reload();
  await expect(page.getByTestId('stat-totalCompanies')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(refreshes.length).toBe(1);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).not.toContain('invalid');
});

test('sign out clears the session', async ({ page }) => {
  // Signed in on the page, a session of its own: signing out does not revoke a saved one.
  await signInFresh(page, DEMO.moderator);
  await new Layout(page).signOut();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('refresh_token')]),
  ).toEqual([null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone the sidebar slides in from the menu button and the backdrop closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toBeVisible();
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('link', { name: 'Approvals' })).toBeVisible();
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(drawer).toHaveCount(0);
  await menu.click();
  await drawer.getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(drawer).toHaveCount(0);
});
