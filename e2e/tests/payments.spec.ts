import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { notice } from '../pages/layout';
import { shotBothThemes } from '../pages/accessibility';
import { VENDOR_HISTORY_TEXT, type VendorHistory } from '../../shared-contracts/src/vendor-history';
// The same reader the API checks every file with, written apart from the writer.
import { validateNachaFile } from '../../api/src/payments/nacha-validator';
import { ApiClient } from '../pages/api-client';
import { DEMO } from '../pages/sign-in-page';

interface ApprovalRow {
  id: string;
  companyId: number;
  status: string;
  createdById: number | null;
  stepCount: number;
  approvedAmount: number;
  nachaProcessingStatus: string | null;
  nachaFileName: string | null;
  nachaBatchNumber: string | null;
  approvedBillIds: string[];
}

const nachaCard = (page: Page) => page.getByRole('region', { name: 'NACHA Information' });
/** The approval page's header: the payment stepper and the next step as its action. */
const pageHeader = (page: Page) => page.locator('main header').first();
const PAYMENT_BUTTONS = /^(Generate bank file|Download NACHA File|Mark uploaded|Mark paid)$/;
/** The vendor history strip's line for one vendor. */
const vendorLine = (page: Page, vendorName: string) =>
  page
    .getByRole('region', { name: VENDOR_HISTORY_TEXT.title })
    .getByRole('listitem')
    .filter({ has: page.getByText(vendorName, { exact: true }) });
const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' }).replaceAll('$', '\\$');

/** The header offers exactly these payment steps, and its stepper has `done` steps complete. */
async function expectNextSteps(page: Page, steps: string[], done: number) {
  const header = pageHeader(page);
  await expect(header.getByRole('button', { name: PAYMENT_BUTTONS })).toHaveText(steps);
  const progress = header.getByRole('list', { name: 'Payment progress' });
  await expect(progress.getByRole('listitem')).toHaveText([/Approved/, /File generated/, /Uploaded/, /Paid/]);
  await expect(progress.locator('[data-complete]')).toHaveCount(done);
  // The NACHA card below never offers the header's step a second time: its download only.
  await expect(nachaCard(page).getByRole('button', { name: /Generate|Mark (uploaded|paid)/ })).toHaveCount(0);
}

/**
 * Clicks Download NACHA File (or a history link) and checks what the browser saved: the file a bank
 * accepts, named `<batch>.txt`, whose credits add up to the approval's approved amount to the cent.
 */
async function downloadAndCheck(page: Page, trigger: () => Promise<void>, approval: ApprovalRow) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  await expect(notice(page, 'NACHA file download started')).toBeVisible();
  const batch = approval.nachaBatchNumber;
  expect(download.suggestedFilename()).toBe(`${batch}.txt`);
  const content = await readFile((await download.path())!, 'ascii');
  const { errors, file } = validateNachaFile(content);
  expect(errors).toEqual([]);
  const credits = file!.entries.filter(
    (entry) => entry.transactionCode === '22' || entry.transactionCode === '32',
  );
  expect(credits.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(
    Math.round(approval.approvedAmount * 100),
  );
  expect(file!.batchNumber).toBe(Number(batch));
}

test.describe('payments: bank files', () => {
  test('a failed file names what is missing; a vendor account entered by one person and confirmed by another is paid', async ({
    page,
    request,
    browser,
    savedState,
  }) => {
    const api = await ApiClient.signIn(request);
    const { body } = await api.get<ApprovalRow[]>('/api/bill-approval/approvals?status=APPROVED&limit=100');
    const failed = body.data.find((row) => /no bank account/i.test(row.nachaProcessingStatus ?? ''));
    expect(failed, 'the demo data keeps one approval whose bank file failed').toBeTruthy();
    const vendorName = /No bank account for vendor (.+)$/.exec(failed!.nachaProcessingStatus!)?.[1];

    await page.goto(`/approvals/${failed!.id}`);
    const card = nachaCard(page);
    await expect(card.getByText('Bank file not generated')).toBeVisible();
    await expect(card).toContainText(failed!.nachaProcessingStatus!);
    await expect(card.getByText('Refused', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Download NACHA File' })).toHaveCount(0);
    // Approved, its file still to write: the header's next step is writing it.
    await expectNextSteps(page, ['Generate bank file'], 1);
    // No account yet, so no change of one to warn of.
    await expect(vendorLine(page, vendorName!)).toHaveText(
      `${vendorName}${VENDOR_HISTORY_TEXT.firstPayment}`,
    );
    await shotBothThemes(page, 'approval-file-failed');

    // The failure links to the company's Payments card, which lists the vendor that lacks an account.
    await card.getByRole('link', { name: "Open the company's payment settings" }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${failed!.companyId}#payments$`));
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments.getByText('Vendors without a bank account')).toBeVisible();
    await payments.getByRole('button', { name: `Add account for ${vendorName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add vendor bank account' });
    await expect(dialog.getByLabel('Vendor name')).toHaveValue(vendorName!);
    await dialog.getByLabel('Routing number').fill('121042883'); // a wrong check digit is refused
    await dialog.getByLabel('Account number').fill('000123456789');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await expect(dialog.getByText('Enter a valid 9-digit routing number')).toBeVisible();
    await dialog.getByLabel('Routing number').fill('121042882');
    await dialog.getByRole('button', { name: 'Save account' }).click();
    await expect(dialog).toBeHidden();
    await expect(payments.getByRole('button', { name: `Add account for ${vendorName}` })).toHaveCount(0);
    const row = payments.getByRole('row').filter({ hasText: vendorName! });
    await expect(row).toContainText('••••6789');
    // Dual control: the account waits for a second person; the admin who entered it cannot confirm it.
    await expect(row.getByText('Awaiting confirmation')).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${vendorName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Confirm account' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/approvals/${failed!.id}$`));
    // The vendor history strip warns of the account entered a moment ago, and by whom.
    await expect(vendorLine(page, vendorName!)).toContainText(
      VENDOR_HISTORY_TEXT.accountChanged(0, 'Ada Admin'),
    );
    // The retry is the header's next step.
    await pageHeader(page).getByRole('button', { name: 'Generate bank file' }).click();
    await expect(nachaCard(page)).toContainText("is waiting for a second person's confirmation");
    const accounts = page.getByRole('region', { name: 'Payment Accounts' });
    await expect(accounts.getByText('Routing 121042882 · Account ••••6789 · Checking')).toBeVisible();
    await expect(accounts.getByText(/^Changed .* ago by Ada Admin \(admin@example\.com\)$/)).toBeVisible();

    // A second person (the demo moderator, in a browser of their own) confirms the account; the
    // approval that was waiting for it gets its file at once.
    const moderatorContext = await browser.newContext({ storageState: await savedState('moderator') });
    const moderator = await moderatorContext.newPage();
    await moderator.goto(`/companies/${failed!.companyId}#payments`);
    const theirRow = moderator
      .getByRole('region', { name: 'Payments' })
      .getByRole('row')
      .filter({ hasText: vendorName! });
    await theirRow.getByRole('button', { name: `Actions for ${vendorName}` }).click();
    await moderator.getByRole('menuitem', { name: 'Confirm account' }).click();
    const confirmDialog = moderator.getByRole('alertdialog', { name: 'Confirm bank account' });
    await expect(confirmDialog).toContainText('entered by Ada Admin (admin@example.com)');
    await confirmDialog.getByRole('button', { name: 'Confirm account' }).click();
    await expect(notice(moderator, 'Bank account confirmed')).toBeVisible();
    await expect(theirRow.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(
      theirRow.locator(
        '[title*="confirmed less than a minute ago by Morgan Moderator (moderator@example.com)"]',
      ),
    ).toHaveCount(1);
    await moderatorContext.close();

    await page.reload();
    await expect(nachaCard(page).getByText('Bank file ready', { exact: true })).toBeVisible();
    await expect(nachaCard(page).getByText('Bank file not generated')).toHaveCount(0);
    // Written: the header offers it for download and the upload as the next step.
    await expectNextSteps(page, ['Mark uploaded', 'Download NACHA File'], 2);

    const generated = (await api.get<ApprovalRow>(`/api/bill-approval/approvals/${failed!.id}`)).body.data;
    expect(generated.status).toBe('NACHA_GENERATED');
    await expect(nachaCard(page)).toContainText(generated.nachaFileName!);
    await downloadAndCheck(
      page,
      () => nachaCard(page).getByRole('button', { name: 'Download NACHA File' }).click(),
      generated,
    );
    // Each download is in the history, and a history link downloads the same file.
    const history = page.getByRole('region', { name: 'Activity History' });
    await expect(history.getByText(/downloaded/i).first()).toBeVisible();
    // One payment per bill paid (a balanced file's offsetting debit is an entry, not a payment).
    const bills = generated.approvedBillIds.length;
    await expect(history).toContainText(
      `generated for approval #${generated.id.slice(0, 8)}: ${bills} ${bills === 1 ? 'payment' : 'payments'},`,
    );
    await downloadAndCheck(
      page,
      () =>
        history
          .getByRole('button', { name: `Download ${generated.nachaFileName}` })
          .first()
          .click(),
      generated,
    );
  });

  test('approving a demo approval writes its bank file; ADMIN marks it uploaded, then paid', async ({
    page,
    request,
  }) => {
    const api = await ApiClient.signIn(request);
    const me = (await api.get<{ id: number }>('/api/auth/me')).body.data;
    const { body } = await api.get<ApprovalRow[]>(
      '/api/bill-approval/approvals?status=PENDING&limit=100&sortBy=createdAt&sortOrder=asc',
    );
    // Someone else's, one step (this admin approves it alone), and none of whose vendor accounts this
    // admin entered lately (that person may not approve payments to them: an earlier test entered
    // one); one of its vendors paid before by the demo's bank files, for the vendor history strip.
    let pending: ApprovalRow | undefined;
    let paidBefore: VendorHistory['vendors'] = [];
    for (const row of body.data.filter(
      (candidate) => candidate.createdById !== me.id && candidate.stepCount <= 1,
    )) {
      const accounts = await api.get<{
        accounts: Array<{ account: { control: { changedBy: { id: number } | null } } | null }>;
      }>(`/api/bill-approval/approvals/${row.id}/payment-accounts`);
      if (accounts.body.data.accounts.some((entry) => entry.account?.control.changedBy?.id === me.id))
        continue;
      const history = await api.get<VendorHistory>(`/api/bill-approval/approvals/${row.id}/vendor-history`);
      paidBefore = history.body.data.vendors.filter((vendor) => vendor.payments.length > 0);
      if (paidBefore.length > 0) {
        pending = row;
        break;
      }
    }
    expect(pending, 'a pending demo approval someone else created, to a vendor paid before').toBeTruthy();

    await page.goto(`/approvals/${pending!.id}`);
    await expect(nachaCard(page)).toHaveCount(0);
    // The vendor history strip: each vendor's last payments with amounts and dates, and its typical
    // amount.
    for (const vendor of paidBefore) {
      const payments = vendor.payments.map(
        (payment) =>
          `${usd(payment.amountCents)} [A-Z][a-z]{2} \\d{1,2}(, \\d{4})?${payment.status === 'returned' ? ' \\(returned\\)' : ''}`,
      );
      if (vendor.typicalCents !== null) payments.push(`typical ${usd(vendor.typicalCents)}`);
      await expect(vendorLine(page, vendor.vendorName)).toContainText(
        new RegExp(
          `${VENDOR_HISTORY_TEXT.lastPayments} ${payments.join(VENDOR_HISTORY_TEXT.separator)}(Bank account changed .*)?$`,
        ),
      );
    }
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    await dialog.getByRole('button', { name: /^Approve \d+ of \d+$/ }).click();
    await expect(notice(page, 'Approval approved successfully')).toBeVisible();

    const card = nachaCard(page);
    await expect(card.getByText('Bank file ready', { exact: true })).toBeVisible();
    // The header's stepper: approved and generated done, uploading next, with its action there.
    const header = pageHeader(page);
    const progress = header.getByRole('list', { name: 'Payment progress' });
    await expectNextSteps(page, ['Mark uploaded', 'Download NACHA File'], 2);
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/Uploaded/);
    await shotBothThemes(page, 'approval-file-written');
    const approved = (await api.get<ApprovalRow>(`/api/bill-approval/approvals/${pending!.id}`)).body.data;
    expect(approved.status).toBe('NACHA_GENERATED');
    expect(approved.nachaFileName).toBe(`${approved.nachaBatchNumber}.txt`);
    await expect(card).toContainText(approved.nachaBatchNumber!);
    // Downloaded from the header, beside its next step.
    await downloadAndCheck(
      page,
      () => header.getByRole('button', { name: 'Download NACHA File' }).click(),
      approved,
    );

    // The file holds account numbers: USER and GUEST cannot download it.
    for (const email of [DEMO.user, DEMO.guest]) {
      const other = await ApiClient.signIn(request, email);
      const refused = await other.get<unknown>(`/api/bill-approval/approvals/${pending!.id}/nacha`);
      expect(refused.status).toBe(403);
    }

    await header.getByRole('button', { name: 'Mark uploaded' }).click();
    await page
      .getByRole('alertdialog', { name: 'Mark bank file uploaded' })
      .getByRole('button', { name: 'Mark uploaded' })
      .click();
    await expect(notice(page, 'Bank file marked uploaded')).toBeVisible();
    await expect(card.getByText('Sent to the bank', { exact: true })).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/Paid/);
    await expectNextSteps(page, ['Mark paid'], 3);
    await header.getByRole('button', { name: 'Mark paid' }).click();
    await page
      .getByRole('alertdialog', { name: 'Mark payment completed' })
      .getByRole('button', { name: 'Mark paid' })
      .click();
    await expect(notice(page, 'Payment marked completed')).toBeVisible();
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /Mark (uploaded|paid)/ })).toHaveCount(0);
    await expectNextSteps(page, [], 4);
    // The file stays downloadable after the bank steps.
    await expect(card.getByRole('button', { name: 'Download NACHA File' })).toBeVisible();
  });
});
