import { SECOND_FACTOR_DUTY_TEXT } from '../../shared-contracts/src/second-factor-duty';
import { SECOND_FACTOR_TEXT } from '../../shared-contracts/src/second-factors';
import { expect, test } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { withoutLiveStream } from '../pages/live-stream';
import { NEW_ACCOUNT_PASSWORD, SignInPage } from '../pages/sign-in-page';

// A MODERATOR made without a second factor is within the grace the e2e servers give new accounts
// (MFA_GRACE_DAYS=7): every signed-in page counts the days down and links to the Security page,
// which says the same in its own alert (the banner leaves it).

test.describe('second factor grace', () => {
  test.use({ signedInAs: null });
  test.beforeEach(({ page }) => withoutLiveStream(page));

  test('a person who must add a factor sees the days left on every page, in both themes and on a phone', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const admin = await ApiClient.signIn(request);
    const email = `grace.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
    await admin.post('/api/auth/register', {
      email,
      password: NEW_ACCOUNT_PASSWORD,
      firstName: 'Grace',
      lastName: 'Period',
      role: 'MODERATOR',
      isActive: true,
    });
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(email, NEW_ACCOUNT_PASSWORD);
    await page.waitForURL(/\/dashboard$/);

    const banner = page.getByTestId('second-factor-banner');
    await expect(banner).toContainText('Your account must have a second factor. 7 days left to add one');
    for (const path of ['/companies', '/dashboard']) {
      await page.goto(path);
      await expect(banner).toBeVisible();
    }
    await checkBothThemes(page, 'grace-banner');

    await banner.getByRole('link', { name: SECOND_FACTOR_DUTY_TEXT.addOne }).click();
    await expect(page).toHaveURL(/\/users\/profile\/security$/);
    await expect(
      page.getByRole('heading', { level: 1, name: SECOND_FACTOR_TEXT.securityTitle }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('7 days left to add one');
    await expect(banner).toHaveCount(0);
  });
});
