// Money rules about people, as staff meet them in the console: an account a MODERATOR registered
// cannot decide payments until an ADMIN grants it on the user's page, and an approval names its
// deciders by account e-mail, not only by the name they chose.
import { apiSession, expect, test } from '../fixtures';
import { notice } from '../pages/layout';
import { ApiClient } from '../pages/api-client';
import { DEMO } from '../pages/sign-in-page';

/** A strong password the sign-up rules accept. */
const PASSWORD = 'Quartz-Harbor-Ledger-71';

test.describe('money safety', () => {
  test('an account a MODERATOR registers decides payments only after an ADMIN grants it on its page', async ({
    page,
    request,
    browser,
  }) => {
    const moderatorApi = await ApiClient.signIn(request, DEMO.moderator);
    const email = `second.login.${Date.now()}@example.com`;
    const { user } = await moderatorApi.post<{ user: { id: number } }>('/api/auth/register', {
      email,
      password: PASSWORD,
      firstName: 'Second',
      lastName: 'Login',
      role: 'USER',
    });

    // The new account sees why it cannot decide, and no Approve button.
    const context = await browser.newContext({ storageState: await apiSession(request, email, PASSWORD) });
    const newcomer = await context.newPage();
    const adminApi = await ApiClient.signIn(request);
    const { body } = await adminApi.get<Array<{ id: string }>>(
      '/api/bill-approval/approvals?status=PENDING&limit=10&sortBy=createdAt&sortOrder=asc',
    );
    await newcomer.goto(`/approvals/${body.data[0]!.id}`);
    await expect(
      newcomer.getByText('Your account may not decide payments until an ADMIN allows it.'),
    ).toBeVisible();
    await expect(newcomer.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await context.close();

    // The ADMIN sees who registered it and grants it, with a confirmation; the grant is in history.
    await page.goto(`/users/${user.id}`);
    await expect(page.getByText('Morgan Moderator (moderator@example.com)')).toBeVisible();
    const card = page.getByRole('region', { name: 'Payment Decisions' });
    await expect(card.getByText('May not decide payments')).toBeVisible();
    await card.getByRole('button', { name: 'Allow deciding payments' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Allow deciding payments' });
    await expect(dialog).toContainText('a different person than the one who registered it');
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await expect(notice(page, 'Payment decisions allowed')).toBeVisible();
    await expect(card.getByText('May decide payments', { exact: true })).toBeVisible();
    const after = (await adminApi.get<{ mayDecidePayments: boolean }>(`/api/user/users/${user.id}`)).body
      .data;
    expect(after.mayDecidePayments).toBe(true);
  });

  test('a rejection names the decider by account e-mail, whatever name they gave themselves', async ({
    page,
    request,
  }) => {
    const userApi = await ApiClient.signIn(request, DEMO.user);
    await userApi.put('/api/user/profile', { firstName: 'Ada', lastName: 'Admin' });
    try {
      // One whose open step waits for them: a rejection is a decision like an approval.
      const { body } = await userApi.get<Array<{ id: string }>>(
        '/api/bill-approval/approvals?view=waiting&limit=25',
      );
      const target = body.data[0]!;
      await userApi.put(`/api/bill-approval/approvals/${target.id}/reject`, {
        rejectionReason: 'Duplicate invoice',
      });

      await page.goto(`/approvals/${target.id}`);
      const details = page.getByRole('region', { name: 'Rejection Details' });
      await expect(details.getByText('Ada Admin (user@example.com)')).toBeVisible();
      const history = page.getByRole('region', { name: 'Activity History' });
      await expect(history.getByText('Ada Admin (user@example.com)').first()).toBeVisible();
    } finally {
      await userApi.put('/api/user/profile', { firstName: 'Uma', lastName: 'User' });
    }
  });
});
