import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { DEMO, SignInPage } from '../pages/sign-in-page';

test('editing /remotes.json repoints a section without rebuilding the host', async ({ page, server }) => {
  // The remotes file of this worker's server.
  const { remotesFile } = server;
  const original = readFileSync(remotesFile, 'utf8');
  try {
    const remotes = JSON.parse(original) as Record<string, string>;
    writeFileSync(
      remotesFile,
      JSON.stringify({ ...remotes, approvals: '/remotes/approvals-v2/mf-manifest.json' }),
    );
    await page.goto('/approvals');
    await expect(page.getByText('The Approvals section could not be loaded')).toBeVisible();

    writeFileSync(remotesFile, original);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible();
  } finally {
    writeFileSync(remotesFile, original);
  }
});

test.describe('a remote on its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('runs standalone with its own sign-in and only its section', async ({ page }) => {
    await page.goto('/remotes/users/');
    await expect(page).toHaveURL(/\/remotes\/users\/login$/);
    await new SignInPage(page, '/remotes/users/login').signIn(DEMO.admin, DEMO.password);
    await expect(page).toHaveURL(/\/remotes\/users\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    // Signed in as the admin: the list loads and offers what only a moderator or admin may do.
    await expect(page.getByRole('link', { name: 'Add User' }).first()).toBeVisible();
    // The host's sidebar is not part of a standalone remote.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});
