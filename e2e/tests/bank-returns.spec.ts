// The bank sends a payment back: an approval is approved and its bank file written, the bank's
// return file for one of its bills is written with the bank simulator (as the receiving bank would),
// an ADMIN applies it on the Bank returns page, and the approval says which bill came back, for how
// much and why, and the vendor's account is blocked until it is changed and confirmed.
// A notification of change instead corrects the vendor's account, held until a second person confirms it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request as newRequestContext, type APIRequestContext } from '@playwright/test';
import { validateNachaFile } from '../../api/src/payments/nacha-validator';
import { apiSession, expect, SIGNED_OUT, test, useSession } from '../fixtures';
import { checkBothThemes } from '../pages/accessibility';
import { ApiClient } from '../pages/api-client';
import { ApprovalFactory } from '../pages/approvals-page';
import { OwnApi } from '../pages/own-api';
import { chooseFromMenu } from '../pages/layout';
import { DEMO } from '../pages/sign-in-page';

// The simulator is run as its command (tsx resolves its imports of the api package, which the
// browser tests' loader does not), as someone at the bank's end would.
const SIMULATOR = fileURLToPath(new URL('../../bank-simulator/src/cli.ts', import.meta.url));
const TSX = fileURLToPath(new URL('../../bank-simulator/node_modules/.bin/tsx', import.meta.url));

/** The return file the receiving bank sends back for `forward`: `trace=code` per returned entry. */
function bankReturnFile(forward: string, returns: string[], folder: (file: string) => string): string {
  const path = folder('forward.ach');
  writeFileSync(path, forward, 'latin1');
  return execFileSync(TSX, [SIMULATOR, path, ...returns.flatMap((entry) => ['--entry', entry])], {
    encoding: 'latin1',
  });
}

interface ApprovalRow {
  id: string;
  companyId: number;
  status: string;
  nachaFileGenerated: boolean;
  nachaProcessingStatus: string | null;
}

interface VendorAccountRow {
  id: number;
  vendorRef: string;
  control: { version: number; status: string };
}

/**
 * A request of two bills ($1,234.50 and $310) whose vendor account the moderator entered and the
 * admin confirmed, approved by the company's approver (the demo USER): its bank file is written.
 */
async function approvedWithBankFile(request: APIRequestContext, vendor: string) {
  const moderator = await ApiClient.signIn(request, DEMO.moderator);
  const admin = await ApiClient.signIn(request, DEMO.admin);
  const user = await ApiClient.signIn(request, DEMO.user);
  const factory = await ApprovalFactory.for(moderator);
  const created = await factory.create(vendor, [1234.5, 310]);
  const approval = (await admin.get<ApprovalRow>(`/api/bill-approval/approvals/${created.id}`)).body.data;
  const accounts = await admin.get<{ accounts: VendorAccountRow[] }>(
    `/api/company/companies/${approval.companyId}/vendor-accounts`,
  );
  const account = accounts.body.data.accounts.find((row) => row.vendorRef === vendor.slice(0, 60))!;
  if (account.control.status === 'PENDING') {
    await admin.put(`/api/company/companies/${approval.companyId}/vendor-accounts/${account.id}/confirm`, {
      version: account.control.version,
    });
  }
  await user.put(`/api/bill-approval/approvals/${approval.id}/approve`, {});
  // The whole answer, so a file that was not written says why (its processing status).
  await expect
    .poll(async () => {
      const { status, nachaProcessingStatus } = (
        await admin.get<ApprovalRow>(`/api/bill-approval/approvals/${approval.id}`)
      ).body.data;
      return { status, nachaProcessingStatus };
    })
    .toMatchObject({ status: 'NACHA_GENERATED' });
  return { approval, admin };
}

test('a return file applied on the Bank returns page shows on the approval and blocks the account', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const vendor = `Baker Lane ${tag}`;
  const { approval, admin } = await approvedWithBankFile(request, vendor);

  // The receiving bank cannot find the account of the $1,234.50 bill: its return file.
  const forward = await admin.getText(`/api/bill-approval/approvals/${approval.id}/nacha`);
  expect(forward.status).toBe(200);
  const { file } = validateNachaFile(forward.text);
  const entry = file!.entries.find((candidate) => candidate.amountCents === 123_450)!;
  const returnFile = bankReturnFile(forward.text, [`${entry.traceNumber}=R03`], (name) =>
    info.outputPath(name),
  );
  const fileName = `return-${tag}.txt`;

  await page.goto('/approvals/bank-returns');
  await expect(page.getByRole('heading', { name: 'Bank returns', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Bank returns' })).toBeVisible();
  await page.getByLabel('Return file', { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(returnFile, 'latin1'),
  });
  await page.getByRole('button', { name: 'Apply file' }).click();
  await expect(page.getByTestId('return-file-outcome')).toContainText(
    'Return file applied: 1 returned, 0 unmatched, 0 mismatched',
  );
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row).toContainText('R03 No account / unable to locate account');
  await expect(row).toContainText(`$1,234.50 to ${vendor}`);
  await checkBothThemes(page, 'bank-returns');

  // The same bytes again change nothing, and say so.
  await page.getByLabel('Return file', { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(returnFile, 'latin1'),
  });
  await page.getByRole('button', { name: 'Apply file' }).click();
  await expect(page.getByTestId('return-file-outcome')).toContainText('already applied');

  // The bank files' reconciliation: the file's returned total and its entries.
  await page.getByRole('link', { name: 'Bank files' }).click();
  await expect(page).toHaveURL(/\/approvals\/bank-returns\/files$/);
  const fileRow = page.getByRole('row').filter({ hasText: `Approval ${approval.id.slice(0, 8)}` });
  await expect(fileRow).toContainText('$1,234.50');
  await expect(fileRow).toContainText('1 payment');
  await checkBothThemes(page, 'bank-files');

  // The approval says which bill came back, for how much and why; the account is blocked.
  await page.goto(`/approvals/${approval.id}`);
  await expect(page.getByTestId('returned-payments')).toContainText(
    `Returned: R03 No account / unable to locate account — $1,234.50 to ${vendor}`,
  );
  await expect(page.getByText('Partly returned').first()).toBeVisible();
  const paymentAccounts = page.getByRole('region', { name: 'Payment Accounts' });
  await expect(paymentAccounts).toContainText(
    'Blocked after return R03 No account / unable to locate account — change it and have a second person confirm',
  );
  const reconciliation = page.getByRole('region', { name: 'Bank file reconciliation' });
  await expect(reconciliation.getByRole('row').filter({ hasText: vendor }).first()).toBeVisible();
  await checkBothThemes(page, 'approval-returned');

  // The company's Payments card says the same of the vendor's account.
  await page.goto(`/companies/${approval.companyId}#payments`);
  await expect(
    page
      .getByRole('region', { name: 'Payments' })
      .getByRole('row')
      .filter({ hasText: vendor })
      .getByText(/^Blocked after return R03/),
  ).toBeVisible();
});

// The demo's simulator is off on the worker's servers (as with a real bank): an API of the test's own
// has it on.
test('in the demo, an ADMIN has the bank return a bill from the approval page', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const api = await OwnApi.start(server.sparePort, { BANK_SIMULATOR: 'on' });
  const request = await newRequestContext.newContext({ baseURL: api.url });
  const context = await browser.newContext({ baseURL: api.url, storageState: SIGNED_OUT });
  try {
    const vendor = `Simulated Vendor ${Date.now().toString(36)}`;
    const { approval } = await approvedWithBankFile(request, vendor);
    const page = await context.newPage();
    await useSession(page, await apiSession(request, DEMO.admin), `/approvals/${approval.id}`);

    const card = page.getByRole('region', { name: 'Bank file reconciliation' });
    await card.getByRole('button', { name: 'Simulate a bank return' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Simulate a bank return' });
    await dialog.getByLabel('Return reason code').selectOption('R01');
    await checkBothThemes(page, 'simulate-return-dialog');
    await dialog.getByRole('button', { name: 'Apply return' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('returned-payments')).toContainText(
      new RegExp(`Returned: R01 Insufficient funds — \\$(1,234\\.50|310\\.00) to ${vendor}`),
    );
    await expect(card.getByRole('row').filter({ hasText: 'R01 Insufficient funds' })).toHaveCount(1);
  } finally {
    await context.close();
    await request.dispose();
    await api.dispose();
  }
});

// The bank posts a payment but says the account number was wrong (a notification of change): the
// console changes the vendor's account as the bank says, made by the ADMIN who applied the file, and
// a second person must confirm it before any bank file pays the vendor again.
test('a notification of change corrects the account, which a second person confirms', async ({
  page,
  request,
  browser,
  savedState,
  server,
}, info) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const vendor = `Corrected Creek ${tag}`;
  const { approval, admin } = await approvedWithBankFile(request, vendor);
  const corrected = `77${String(Date.now()).slice(-8)}`;
  const last4 = corrected.slice(-4);

  // The receiving bank posts the $1,234.50 bill and sends the right account number (C01).
  const forward = await admin.getText(`/api/bill-approval/approvals/${approval.id}/nacha`);
  expect(forward.status).toBe(200);
  const { file } = validateNachaFile(forward.text);
  const entry = file!.entries.find((candidate) => candidate.amountCents === 123_450)!;
  expect(entry.accountNumber).not.toBe(corrected);
  const nocFile = bankReturnFile(forward.text, [`${entry.traceNumber}=C01,account=${corrected}`], (name) =>
    info.outputPath(name),
  );
  const fileName = `noc-${tag}.txt`;

  await page.goto('/approvals/bank-returns');
  await page.getByLabel('Return file', { exact: true }).setInputFiles({
    name: fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(nocFile, 'latin1'),
  });
  await page.getByRole('button', { name: 'Apply file' }).click();
  await expect(page.getByTestId('return-file-outcome')).toContainText(
    'Return file applied: 0 returned, 1 corrected, 0 unmatched, 0 mismatched',
  );
  const row = page.getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('Corrected', { exact: true })).toBeVisible();
  await expect(row).toContainText('C01 Incorrect bank account number');
  await expect(row).toContainText(`to ${vendor}`);
  await expect(row).toContainText(`The bank says: ••••${last4}`);

  // The approval's Payment Accounts card: the corrected account, pending a second person.
  const pendingLine =
    'Bank correction C01 Incorrect bank account number — pending confirmation by a second person';
  await page.goto(`/approvals/${approval.id}`);
  const paymentAccounts = page.getByRole('region', { name: 'Payment Accounts' });
  await expect(paymentAccounts).toContainText(pendingLine);
  await expect(paymentAccounts).toContainText(`••••${last4}`);

  // The next approval of the vendor, approved before the confirmation, is held until then.
  const user = await ApiClient.signIn(request, DEMO.user);
  const moderatorApi = await ApiClient.signIn(request, DEMO.moderator);
  const next = await (await ApprovalFactory.for(moderatorApi)).create(vendor, [455]);
  await user.put(`/api/bill-approval/approvals/${next.id}/approve`, {});
  const nextRow = async () =>
    (
      await admin.get<ApprovalRow & { nachaProcessingStatus: string | null }>(
        `/api/bill-approval/approvals/${next.id}`,
      )
    ).body.data;
  // It stays approved, its bank file not written, with the reason.
  await expect
    .poll(async () => (await nextRow()).nachaProcessingStatus)
    .toContain(
      `The bank account of ${vendor} was corrected by the bank's notification of change C01 (Incorrect bank account number): the correction waits for a second person's confirmation`,
    );
  const held = await nextRow();
  expect(held.status).toBe('APPROVED');
  expect(held.nachaFileGenerated).toBe(false);

  // The company's Payments card: the uploader (the ADMIN) entered the change, so cannot confirm it,
  // in the menu or through the API.
  await page.goto(`/companies/${approval.companyId}#payments`);
  const adminRow = page
    .getByRole('region', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: vendor });
  await expect(adminRow.getByText(pendingLine)).toBeVisible();
  await expect(adminRow.getByText('Awaiting confirmation')).toBeVisible();
  await expect(adminRow).toContainText(`••••${last4}`);
  await adminRow.getByRole('button', { name: `Actions for ${vendor}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Confirm account' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const accounts = await admin.get<{ accounts: VendorAccountRow[] }>(
    `/api/company/companies/${approval.companyId}/vendor-accounts`,
  );
  const account = accounts.body.data.accounts.find(
    (candidate) => candidate.vendorRef === vendor.slice(0, 60),
  )!;
  expect(account.control.status).toBe('PENDING');
  await expect(
    admin.put(`/api/company/companies/${approval.companyId}/vendor-accounts/${account.id}/confirm`, {
      version: account.control.version,
    }),
  ).rejects.toThrow('You entered this bank account, so someone else must confirm it');

  // The demo moderator, in a browser of their own, confirms it.
  const moderatorContext = await browser.newContext({
    baseURL: server.baseURL,
    storageState: await savedState('moderator'),
  });
  try {
    const moderator = await moderatorContext.newPage();
    await moderator.goto(`/companies/${approval.companyId}#payments`);
    const theirRow = moderator
      .getByRole('region', { name: 'Payments' })
      .getByRole('row')
      .filter({ hasText: vendor });
    await expect(theirRow.getByText(pendingLine)).toBeVisible();
    const confirmDialog = moderator.getByRole('alertdialog', { name: 'Confirm bank account' });
    await chooseFromMenu(
      theirRow.getByRole('button', { name: `Actions for ${vendor}` }),
      moderator.getByRole('menuitem', { name: 'Confirm account' }),
      confirmDialog,
    );
    await expect(confirmDialog).toContainText('entered by Ada Admin (admin@example.com)');
    await confirmDialog.getByRole('button', { name: 'Confirm account' }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(theirRow.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(
      theirRow.getByText('Bank correction C01 Incorrect bank account number — confirmed'),
    ).toBeVisible();
  } finally {
    await moderatorContext.close();
  }

  // Confirmed, with the correction recorded, on the approval too; the held file is written now, to
  // the corrected account.
  await page.goto(`/approvals/${approval.id}`);
  await expect(paymentAccounts).toContainText(
    'Bank correction C01 Incorrect bank account number — confirmed',
  );
  await expect(paymentAccounts).toContainText(`••••${last4}`);
  await expect.poll(async () => (await nextRow()).status).toBe('NACHA_GENERATED');
  const written = await admin.getText(`/api/bill-approval/approvals/${next.id}/nacha`);
  const paid = validateNachaFile(written.text).file!.entries.find((line) => line.amountCents === 45_500)!;
  expect(paid.accountNumber).toBe(corrected);
});
