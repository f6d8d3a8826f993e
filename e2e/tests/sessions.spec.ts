// Ending sessions from the console: the person's own "Sign out other sessions" on the profile page
// and an ADMIN's "End all sessions" on a user's page. Each uses an account of its own in two
// browsers (two contexts), so no saved sign-in of another test is signed out.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiSession, expect, SIGNED_OUT, test } from '../fixtures';
import { notice } from '../pages/layout';
import { ApiClient } from '../pages/api-client';
import { NEW_ACCOUNT_PASSWORD, signInFresh } from '../pages/sign-in-page';

/** A browser signed in (through the API) as `email`, on the dashboard. */
async function signedInBrowser(
  browser: Browser,
  baseURL: string,
  state: Awaited<ReturnType<typeof apiSession>>,
) {
  const context = await browser.newContext({ baseURL, storageState: state });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { context, page };
}

/** The other browser's next page load finds its session ended: it is on the sign-in page. */
async function expectSentToSignIn(page: Page) {
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();
}

test.describe('sessions', () => {
  test.use({ signedInAs: null });

  test('"Sign out other sessions" on the profile sends the other browser to sign-in; this one goes on', async ({
    browser,
    request,
    server,
  }) => {
    const admin = await ApiClient.signIn(request);
    const person = await admin.createUser('Sessions');
    const contexts: BrowserContext[] = [];
    try {
      // Signed in on the sign-in page, so the session is this Chromium's.
      const laptopContext = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
      contexts.push(laptopContext);
      const laptop = { context: laptopContext, page: await laptopContext.newPage() };
      await signInFresh(laptop.page, person.email, NEW_ACCOUNT_PASSWORD);
      const elsewhere = await signedInBrowser(
        browser,
        server.baseURL,
        await apiSession(request, person.email, NEW_ACCOUNT_PASSWORD),
      );
      contexts.push(elsewhere.context);

      const { page } = laptop;
      await page.goto('/users/profile');
      const card = page.getByRole('region', { name: 'Sessions' });
      const sessions = card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
      await expect(sessions).toHaveCount(2);
      await expect(sessions.first()).toContainText('This session');
      // Debian's Chromium, or the Windows Chrome the project's device settings name.
      await expect(sessions.first()).toContainText(/Chrome on (Linux|Windows)/);
      await expect(sessions.nth(1)).toContainText('IP 127.0.0.1');
      await expect(sessions.nth(1)).not.toContainText('This session');

      await card.getByRole('button', { name: 'Sign out other sessions' }).click();
      await expect(notice(page, '1 other session signed out')).toBeVisible();
      await expect(sessions).toHaveCount(1);

      await expectSentToSignIn(elsewhere.page);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
      await expect(card.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
    } finally {
      for (const context of contexts) await context.close();
    }
  });

  test('an ADMIN ends every session of a person from their page, after confirming', async ({
    browser,
    request,
    server,
    savedState,
  }) => {
    const adminApi = await ApiClient.signIn(request);
    const person = await adminApi.createUser('Ended');
    const contexts: BrowserContext[] = [];
    try {
      const theirs = await signedInBrowser(
        browser,
        server.baseURL,
        await apiSession(request, person.email, NEW_ACCOUNT_PASSWORD),
      );
      const admin = await browser.newContext({
        baseURL: server.baseURL,
        storageState: await savedState('admin'),
      });
      contexts.push(theirs.context, admin);
      const page = await admin.newPage();

      await page.goto(`/users/${person.id}`);
      const card = page.getByRole('region', { name: 'Sessions' });
      await card.getByRole('button', { name: 'End all sessions' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'End all sessions' });
      await expect(dialog).toContainText('signed out of every browser');
      await dialog.getByRole('button', { name: 'End sessions' }).click();
      await expect(notice(page, /1 session of .* ended/)).toBeVisible();

      await expectSentToSignIn(theirs.page);
      const audit = await adminApi.get<Array<{ action: string }>>(
        `/api/audit?action=user.sessions_end&entityType=user&entityId=${person.id}`,
      );
      expect(audit.body.data.map((entry) => entry.action)).toEqual(['user.sessions_end']);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
