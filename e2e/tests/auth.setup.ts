import { readFileSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { ROLES, saveSignIn } from '../fixtures';
import { ALL_SERVERS } from '../servers';

// One saved sign-in per demo role on every worker's server, made through the API (no sign-in page:
// sign-in.spec.ts and the other sign-in journeys go through it), before any other test runs.
setup('each demo role is signed in once per worker server, through the API', async ({ browser, request }) => {
  for (const server of ALL_SERVERS) {
    for (const role of ROLES) {
      const file = await saveSignIn(server, role, true);
      // The saved token is this role's on this server.
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
      };
      expect(saved.origins.map((entry) => entry.origin)).toEqual([server.baseURL]);
      const token = saved.origins[0]!.localStorage.find((item) => item.name === 'auth_token')!.value;
      const me = await request.get(`${server.baseURL}/api/auth/me`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { data: { role: string } }).data.role).toBe(role.toUpperCase());
    }
    // The console takes a saved state as signed in: the dashboard opens, not the sign-in page.
    const context = await browser.newContext({
      baseURL: server.baseURL,
      storageState: await saveSignIn(server, 'moderator'),
    });
    try {
      const page = await context.newPage();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByTestId('sidebar-user-role')).toHaveText('MODERATOR');
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await context.close();
    }
  }
});
