// Approval policies as staff meet them: a MODERATOR gives a company two steps above $5,000 and
// tries a bill against it; the change waits until an ADMIN (not its author) confirms it; the
// company's approver (a USER) approves step 1, the approval says 'Step 2 of 2', an ADMIN finds it
// under 'Waiting for me', approves it, and the bank file appears.
import { expect, test } from '../fixtures';
import { notice } from '../pages/layout';
import { ApiClient } from '../pages/api-client';
import { factoryCompany } from '../pages/approvals-page';
import { DEMO } from '../pages/sign-in-page';

/** The default policy, to put the company back on it at the end. */
const DEFAULT_POLICY = {
  rules: [
    {
      conditions: { minAmount: 10_000 },
      steps: [
        {
          mode: 'ANY',
          approvers: [
            { kind: 'assignee', assignee: 'approver' },
            { kind: 'role', role: 'MODERATOR' },
            { kind: 'role', role: 'ADMIN' },
          ],
        },
        { mode: 'ANY', approvers: [{ kind: 'role', role: 'ADMIN' }] },
      ],
    },
    {
      conditions: {},
      steps: [
        {
          mode: 'ANY',
          approvers: [
            { kind: 'assignee', assignee: 'approver' },
            { kind: 'role', role: 'MODERATOR' },
            { kind: 'role', role: 'ADMIN' },
          ],
        },
      ],
    },
  ],
};

interface CompanyRow {
  id: number;
  name: string;
  approverId: number | null;
}
interface AccountRow {
  vendorRef: string;
  vendorName: string;
  control: { status: string; changedBy: { email: string } | null; changedAt: string };
}

test.describe('approval policies', () => {
  test('a MODERATOR sets two steps above $5,000; a USER approves step 1, an ADMIN step 2 from Waiting for me; then the bank file', async ({
    page,
    browser,
    request,
    savedState,
  }) => {
    // Three people in three browser contexts, a policy edited, a bill tried, two approvals and the
    // bank file: about 40 s on a quiet machine, too close to the 45 s every other test gets.
    test.slow();
    const adminApi = await ApiClient.signIn(request);
    const users = (
      await adminApi.get<Array<{ id: number; email: string }>>('/api/user/users?search=user%40example.com')
    ).body.data;
    const uma = users.find((u) => u.email === DEMO.user)!;
    // Requests are entered by hand, so for companies without QuickBooks (theirs are imported).
    const first = await factoryCompany(adminApi);
    const companies = (
      await adminApi.get<CompanyRow[]>(
        '/api/company/companies?limit=100&status=ACTIVE&qbConnectionStatus=none',
      )
    ).body.data;
    // A company whose approver is the demo USER (the demo data makes one of every three), not the
    // one the other approval specs create their approvals in.
    let company: CompanyRow | undefined;
    let account: AccountRow | undefined;
    for (const candidate of companies.filter((c) => c.approverId === uma.id && c.id !== first.id)) {
      const accounts = (
        await adminApi.get<{ accounts: AccountRow[] }>(
          `/api/company/companies/${candidate.id}/vendor-accounts`,
        )
      ).body.data.accounts;
      account = accounts.find(
        (a) =>
          a.control.status === 'CONFIRMED' &&
          (a.control.changedBy === null || Date.now() - Date.parse(a.control.changedAt) > 8 * 86_400_000),
      );
      if (account) {
        company = candidate;
        break;
      }
    }
    expect(company, 'a demo company approved by the demo USER, with a confirmed vendor account').toBeTruthy();

    const moderatorContext = await browser.newContext({ storageState: await savedState('moderator') });
    const moderator = await moderatorContext.newPage();
    try {
      // The MODERATOR edits the policy: a rule from $5,000 with a second step by any admin.
      await moderator.goto(`/companies/${company!.id}`);
      const card = moderator.getByRole('region', { name: 'Approval policy' });
      await expect(card).toContainText(
        "Bills from $10,000: 1) the company's approver, any moderator or admin, then 2) any admin",
      );
      await card.getByRole('button', { name: 'Edit policy' }).click();
      await card.getByLabel('Rule 1: bills from ($)').fill('5000');
      const summary = card.getByTestId('policy-summary');
      await expect(summary).toContainText(
        "Bills from $5,000: 1) the company's approver, any moderator or admin, then 2) any admin",
      );
      // Step 1 only by the company's approver.
      const step1 = card.getByRole('group', { name: 'Rule 1, step 1' });
      await step1.getByText('Any MODERATOR', { exact: true }).click();
      await step1.getByText('Any ADMIN', { exact: true }).click();
      await expect(summary).toContainText("Bills from $5,000: 1) the company's approver, then 2) any admin");
      // An empty step is refused before saving, and named.
      await step1.getByText("The company's approver", { exact: true }).click();
      await expect(card.getByText('Step 1 of rule 1 names no approver')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Save for confirmation' })).toBeDisabled();
      await step1.getByText("The company's approver", { exact: true }).click();
      await expect(card.getByText('Step 1 of rule 1 names no approver')).toHaveCount(0);

      // Try a bill against the draft.
      const simulator = card.getByRole('region', { name: 'Try a bill' });
      await simulator.getByLabel('Amount ($)').fill('6000');
      await simulator.getByRole('button', { name: 'Try' }).click();
      await expect(simulator.getByTestId('simulation')).toContainText('Rule 1:');
      await expect(simulator.getByTestId('simulation')).toContainText(
        "Step 1 (the company's approver): Uma User",
      );
      await expect(simulator.getByTestId('simulation')).toContainText('Step 2 (any admin): ');
      await expect(simulator.getByTestId('simulation')).toContainText('Ada Admin');

      await card.getByRole('button', { name: 'Save for confirmation' }).click();
      await expect(
        notice(moderator, 'Change saved: it applies once another ADMIN confirms it'),
      ).toBeVisible();
      // The change waits: the company still follows the default policy, and its author cannot confirm it.
      const waiting = card.getByRole('region', { name: 'Change waiting for confirmation' });
      await expect(waiting).toContainText('Proposed by Morgan Moderator');
      await expect(waiting).toContainText('An ADMIN other than Morgan Moderator must confirm it');
      await expect(waiting).toContainText('Waiting for another ADMIN to confirm');
      await expect(waiting.getByTestId('pending-changes')).toContainText(
        "New: Bills from $5,000: 1) the company's approver, then 2) any admin",
      );
      await expect(waiting.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);
      await expect(waiting.getByRole('button', { name: 'Discard change' })).toBeVisible();
      await expect(card.getByLabel('Policy summary')).toContainText(
        "Bills from $10,000: 1) the company's approver, any moderator or admin, then 2) any admin",
      );
    } finally {
      await moderatorContext.close();
    }

    // The ADMIN, who did not propose it, reads the change and confirms it.
    await page.goto(`/companies/${company!.id}`);
    const card = page.getByRole('region', { name: 'Approval policy' });
    const waiting = card.getByRole('region', { name: 'Change waiting for confirmation' });
    await expect(waiting).toContainText('Proposed by Morgan Moderator');
    await waiting.getByRole('button', { name: 'Confirm change' }).click();
    await page
      .getByRole('alertdialog', { name: 'Confirm policy change' })
      .getByRole('button', { name: 'Confirm change' })
      .click();
    await expect(notice(page, 'Change confirmed: the company follows the new version')).toBeVisible();
    await expect(card).toContainText('Version 1, proposed by Morgan Moderator and confirmed by Ada Admin');
    await expect(card.getByLabel('Policy summary')).toContainText(
      "Bills from $5,000: 1) the company's approver, then 2) any admin",
    );
    await expect(waiting).toHaveCount(0);

    // A $6,000 bill submitted by the MODERATOR.
    const moderatorApi = await ApiClient.signIn(request, DEMO.moderator);
    const stamp = String(Date.now());
    const approval = await moderatorApi.post<{ id: string; currentStep: number; stepCount: number }>(
      '/api/bill-approval/approvals',
      {
        companyId: company!.id,
        priority: 'HIGH',
        bills: [
          {
            vendorRef: account!.vendorRef,
            DocNumber: `POLICY-${stamp}`,
            TxnDate: '2026-11-01',
            DueDate: '2026-12-31',
            TotalAmt: 6000,
            Line: [{ Description: 'Policy test bill', Amount: 6000 }],
          },
        ],
      },
    );
    expect(approval).toMatchObject({ currentStep: 1, stepCount: 2 });

    // The USER (the company's approver) approves step 1 on the detail page.
    const userContext = await browser.newContext({ storageState: await savedState('user') });
    const userPage = await userContext.newPage();
    try {
      await userPage.goto(`/approvals/${approval.id}`);
      const steps = userPage.getByRole('region', { name: 'Approval steps' });
      await expect(steps).toContainText("Step 1 of 2 · the company's approver");
      await expect(steps).toContainText('Waiting for Uma User');
      await userPage.getByRole('button', { name: 'Approve', exact: true }).click();
      await userPage
        .getByRole('alertdialog', { name: 'Approve Bills' })
        .getByRole('button', { name: /^Approve/ })
        .click();
      await expect(notice(userPage, 'Step approved; now Step 2 of 2 · any admin')).toBeVisible();
      await expect(steps).toContainText('Uma User,');
    } finally {
      await userContext.close();
    }

    // The ADMIN finds it under 'Waiting for me' (kept in the URL) and approves it from the list.
    await page.goto('/approvals');
    const show = page.getByLabel('Show');
    // The filter panel may start folded (it remembers how it was left).
    if (!(await show.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
    await show.selectOption('waiting');
    await expect(page).toHaveURL(/view=waiting/);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Approval ${approval.id.slice(0, 8)}` }) });
    // The step in the status column, who it waits for in the next approver's.
    await expect(row.getByRole('cell').filter({ hasText: 'Step 2 of 2' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'any admin', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Show')).toHaveValue('waiting');
    await row.getByRole('link', { name: `Approval ${approval.id.slice(0, 8)}` }).click();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Approve Bills' })
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    const nacha = page.getByRole('region', { name: 'NACHA Information' });
    await expect(nacha.getByText('Bank file ready', { exact: true })).toBeVisible();
    await expect(nacha.getByRole('button', { name: 'Download NACHA File' })).toBeVisible();
    const steps = page.getByRole('region', { name: 'Approval steps' });
    await expect(steps).toContainText('Ada Admin,');

    // Put the company back on the default policy (as a new version) for the specs after this one:
    // proposed by the MODERATOR, confirmed by the ADMIN.
    const back = await moderatorApi.put<{ pending: { id: number } }>(
      `/api/company/companies/${company!.id}/approval-policy`,
      { definition: DEFAULT_POLICY },
    );
    await adminApi.put(`/api/company/companies/${company!.id}/approval-policy/pending/confirm`, {
      changeId: back.pending.id,
    });
  });
});
