// The payments board (/approvals/payments) and the dashboard's "Your work", read against the API
// on the demo data: each column's count and total, what waits for the approver with its amount.
import { expect, test } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';

interface WorkItem {
  id: string;
  amountCents: number;
}
interface Board {
  columns: Array<{ status: string; count: number; amountCents: number; approvals: WorkItem[] }>;
}
interface Stats {
  yourWork: { waiting: { count: number; capped: boolean; amountCents: number }; oldest: WorkItem[] };
}

const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const approvalsCount = (n: number) => (n === 1 ? '1 approval' : `${n.toLocaleString('en-US')} approvals`);
const LABELS: Record<string, string> = {
  APPROVED: 'Approved',
  NACHA_GENERATED: 'File generated',
  BANK_UPLOADED: 'Uploaded',
  PAYMENT_COMPLETED: 'Paid',
};

test('the payments board shows each status with its count and total; the dashboard leads with what waits', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await ApiClient.signIn(request);
  const board = (await admin.get<Board>('/api/bill-approval/payments-board')).body.data;
  expect(board.columns.map((column) => column.status)).toEqual(Object.keys(LABELS));
  expect(board.columns.some((column) => column.approvals.length > 0)).toBe(true);

  await page.goto('/approvals/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payments', exact: true }).first()).toHaveAttribute(
    'href',
    '/approvals/payments',
  );
  for (const column of board.columns) {
    const shown = page.getByTestId(`board-column-${column.status}`);
    await expect(shown.getByRole('heading', { level: 2 })).toHaveText(LABELS[column.status]!);
    await expect(shown.getByTestId('board-column-total')).toHaveText(
      `${approvalsCount(column.count)} · ${usd(column.amountCents)}`,
    );
    await expect(shown.getByRole('listitem')).toHaveCount(column.approvals.length);
    const first = column.approvals[0];
    if (first) {
      await expect(shown.getByRole('listitem').first().getByRole('link')).toHaveAttribute(
        'href',
        `/approvals/${first.id}`,
      );
    }
    const more = column.count - column.approvals.length;
    if (more > 0) {
      await expect(shown.getByRole('link', { name: new RegExp(`^${more} more`) })).toHaveAttribute(
        'href',
        `/approvals?status=${column.status}`,
      );
    }
  }
  await checkBothThemes(page, 'payments-board');

  // The dashboard: how many wait for the ADMIN and for how much, linked to the inbox; the oldest
  // opens in the inbox.
  const { yourWork } = (await admin.get<Stats>('/api/dashboard/stats')).body.data;
  await page.goto('/dashboard');
  const work = page.getByTestId('your-work');
  const plus = yourWork.waiting.capped ? '+' : '';
  await expect(work.getByTestId('waiting-for-you')).toHaveText(
    `Waiting for you: ${yourWork.waiting.count.toLocaleString('en-US')}${plus} · ${usd(yourWork.waiting.amountCents)}${plus}`,
  );
  await expect(work.getByTestId('waiting-for-you')).toHaveAttribute('href', '/approvals/inbox');
  expect(yourWork.oldest.length).toBeGreaterThan(0);
  await expect(work.getByTestId('oldest-waiting').getByRole('link').first()).toHaveAttribute(
    'href',
    `/approvals/inbox?selected=${yourWork.oldest[0]!.id}`,
  );
  await expect(work.getByTestId('overdue-bills')).toBeVisible();
  await expect(work.getByTestId('stuck-payments')).toBeVisible();
  await checkBothThemes(page, 'dashboard-your-work');

  // The build ids moved to the About page, which System Health's Details opens.
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page.getByTestId('release-host')).toBeVisible();
  await checkBothThemes(page, 'about');
});
