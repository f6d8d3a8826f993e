import { expect, test, useSession } from '../fixtures';
import { shot } from '../pages/screenshots';
import { notice } from '../pages/layout';
import { ApiClient } from '../pages/api-client';
import { ApprovalDetailPage } from '../pages/approvals-page';
import { DEMO } from '../pages/sign-in-page';
import type { WorkerServer } from '../servers';

interface ApprovalRow {
  id: string;
  status: string;
  billStats: { totalAmount: number; totalBills: number };
  approvedBillIds: string[];
  bills: string | null;
}
interface QbBill {
  Id: string;
  Balance: number;
  TotalAmt: number;
  SyncToken: string;
  DocNumber?: string;
  Line: Array<Record<string, unknown> & { Amount: number }>;
}
interface QbBillPayment {
  Id: string;
  TotalAmt: number;
  CheckPayment: { BankAccountRef: { value: string } };
  Line: Array<{ Amount: number; LinkedTxn: Array<{ TxnId: string; TxnType: string }> }>;
}

const REALM = '9341453050071001';

/**
 * A token of our own for the realm, as another app of the same developer would get one on
 * Intuit's consent page, to read what QuickBooks holds (not what the console says it holds): the
 * worker's server's app credentials and its registered redirect URI (the console's callback page,
 * never visited: the code is read from the redirect itself).
 */
async function readRealm(emulatorOrigin: string, server: WorkerServer) {
  const client = server.qbClient;
  const redirectUri = `${server.baseURL}/companies/quickbooks/callback`;
  const consent = await fetch(`${emulatorOrigin}/connect/oauth2/consent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: client.id,
      redirect_uri: redirectUri,
      state: 'e2e',
      realmId: REALM,
      decision: 'connect',
    }).toString(),
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(`${emulatorOrigin}/oauth2/v1/tokens/bearer`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
    }).toString(),
  });
  const { access_token: token } = (await tokens.json()) as { access_token: string };
  /**
   * One call of the accounting API. QuickBooks throttles each realm (10 requests a second, which
   * this reader and the console's own payment job share): a 429 is waited out for its Retry-After
   * and sent again, as any well-behaved app does.
   */
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await fetch(`${emulatorOrigin}/v3/company/${REALM}/${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...init.headers },
      });
      if (answer.status !== 429 || attempt === 10) return answer;
      const wait = Number(answer.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
    }
  };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await call(path);
    expect(answer.status).toBe(200);
    return (await answer.json()) as T;
  };
  return {
    billPayments: async () =>
      (
        await get<{ QueryResponse: { BillPayment?: QbBillPayment[] } }>(
          `query?${new URLSearchParams({ query: 'select * from BillPayment MAXRESULTS 1000', minorversion: '75' })}`,
        )
      ).QueryResponse.BillPayment ?? [],
    bill: async (id: string) => (await get<{ Bill: QbBill }>(`bill/${id}?minorversion=75`)).Bill,
    /** A sparse update, as a bookkeeper's edit in QuickBooks (SyncToken: the version edited). */
    updateBill: async (bill: Pick<QbBill, 'Id' | 'SyncToken' | 'Line'>) => {
      const answer = await call('bill?minorversion=75', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...bill, sparse: true }),
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { Bill: QbBill }).Bill;
    },
  };
}

test.describe('QuickBooks: from a connected company to the payment recorded in QuickBooks', () => {
  // The MODERATOR connects the company; the USER and the ADMIN approve later.
  test.use({ signedInAs: 'moderator' });

  test('connect → Sync now → approve → bank file → uploaded → paid → a BillPayment per paid bill in QuickBooks', async ({
    page,
    request,
    browser,
    savedState,
    server,
  }) => {
    test.setTimeout(240_000);
    const admin = await ApiClient.signIn(request, DEMO.admin);
    const moderator = await ApiClient.signIn(request, DEMO.moderator);
    const name = `Quickbooks Payment Trading ${Date.now()}`;
    const company = await moderator.post<{ id: number }>('/api/company/companies', { name });
    // The demo USER is the company's approver (the first step of the default policy); the vendor
    // accounts below are entered by the MODERATOR and confirmed by the ADMIN, so neither of them
    // approves (a person who entered an account does not pay it).
    const uma = (
      await admin.get<Array<{ id: number; email: string }>>('/api/user/users?search=user%40example.com')
    ).body.data.find((u) => u.email === DEMO.user)!;
    await admin.put(`/api/company/companies/${company.id}`, { approverId: uma.id });

    // Connect through the consent page, then 'Sync now'.
    await page.goto(`/companies/${company.id}`);
    await page.getByRole('button', { name: 'Configure Connection' }).click();
    await expect(page.getByRole('heading', { name: 'Connect to QuickBooks' })).toBeVisible();
    const emulatorOrigin = new URL(page.url()).origin;
    await page.getByLabel(/Sandbox Company US 1/).check();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByTestId('qb-state')).toHaveText('Connected');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('qb-bills-imported')).not.toHaveText('0', { timeout: 60_000 });
    await expect(page.getByTestId('qb-sync-state')).toHaveCount(0, { timeout: 60_000 });

    // The smallest imported approval: the realm's bills and vendors.
    const imported = (
      await admin.get<ApprovalRow[]>(
        `/api/bill-approval/approvals?companyId=${company.id}&limit=100&sortBy=billStats.totalAmount&sortOrder=asc`,
      )
    ).body.data;
    expect(imported.length).toBeGreaterThan(0);
    const chosen = (await admin.get<ApprovalRow>(`/api/bill-approval/approvals/${imported[0]!.id}`)).body
      .data;
    const bills = JSON.parse(chosen.bills!) as Array<{
      Id: string;
      TotalAmt: number;
      VendorRef: { value: string; name: string };
    }>;

    // A bill edited in QuickBooks reaches its pending approval through the emulator's signed
    // webhook (the API verifies intuit-signature, then syncs the change in a job): the approval
    // page shows the new amount and the history says 'changed in QuickBooks'.
    const realm = await readRealm(emulatorOrigin, server);
    const otherId = imported.find((approval) => approval.id !== chosen.id)!.id;
    const other = (await admin.get<ApprovalRow>(`/api/bill-approval/approvals/${otherId}`)).body.data;
    // A bill owed in full (an approval carries what is owed: a partly paid bill's balance stays).
    let before: QbBill | undefined;
    for (const { Id } of JSON.parse(other.bills!) as Array<{ Id: string }>) {
      const candidate = await realm.bill(Id);
      if (candidate.Balance === candidate.TotalAmt) {
        before = candidate;
        break;
      }
    }
    expect(before, 'a bill owed in full').toBeDefined();
    const lines = before!.Line.map((line, index) =>
      index === 0 ? { ...line, Amount: Math.round((line.Amount + 123.45) * 100) / 100 } : line,
    );
    const after = await realm.updateBill({ Id: before!.Id, SyncToken: before!.SyncToken, Line: lines });
    expect(after.TotalAmt).toBeCloseTo(before!.TotalAmt + 123.45, 2);
    expect(after.Balance).toBe(after.TotalAmt);
    await page.goto(`/approvals/${other.id}`);
    const changed = page.getByText(`Bill ${before!.DocNumber ?? before!.Id} changed in QuickBooks`);
    await expect(async () => {
      await page.reload();
      await expect(changed).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    const total = (await admin.get<ApprovalRow>(`/api/bill-approval/approvals/${other.id}`)).body.data;
    expect(total.status).toBe('PENDING');
    expect(total.billStats.totalAmount).toBeCloseTo(other.billStats.totalAmount + 123.45, 2);

    // What the bank file needs: the settings (with the QuickBooks bank account payments come from)
    // and a confirmed bank account for each vendor.
    await moderator.put(`/api/company/companies/${company.id}/payment-settings`, {
      odfiRoutingNumber: '121042882',
      odfiName: 'First Example Bank',
      companyIdentification: '1234567890',
      achCompanyName: 'QB Payment Co',
      originName: 'QB Payment Co LLC',
      qbBankAccountId: '35',
    });
    const vendors = new Map(bills.map((bill) => [bill.VendorRef.value, bill.VendorRef.name]));
    for (const [vendorRef, vendorName] of vendors) {
      const account = await moderator.post<{ id: number; control: { version: number } }>(
        `/api/company/companies/${company.id}/vendor-accounts`,
        {
          vendorRef,
          vendorName,
          routingNumber: '021000021',
          accountNumber: `7700${vendorRef.padStart(4, '0')}`,
          accountType: 'checking',
        },
      );
      await admin.put(`/api/company/companies/${company.id}/vendor-accounts/${account.id}/confirm`, {
        version: account.control.version,
      });
    }

    // The USER approves the first step; from $10,000 an ADMIN approves the second.
    const userContext = await browser.newContext({ storageState: await savedState('user') });
    try {
      const userPage = await userContext.newPage();
      const asUser = new ApprovalDetailPage(userPage);
      await asUser.goto(chosen);
      await asUser.approveButton.click();
      await asUser.approveDialog.getByRole('button', { name: /^Approve \d+ of \d+$/ }).click();
      await expect(notice(userPage, /Approval approved successfully|Step approved/)).toBeVisible();
    } finally {
      await userContext.close();
    }
    await useSession(page, await savedState('admin'), null);
    const detail = new ApprovalDetailPage(page);
    await detail.goto(chosen);
    if (chosen.billStats.totalAmount >= 10_000) {
      await detail.approveButton.click();
      await detail.approveDialog.getByRole('button', { name: /^Approve \d+ of \d+$/ }).click();
      await expect(notice(page, 'Approval approved successfully')).toBeVisible();
    }

    // The bank file follows the approval; the ADMIN marks it uploaded, then paid (the header's next step).
    const nacha = detail.card('NACHA Information');
    await expect(nacha.getByRole('button', { name: 'Download NACHA File' })).toBeVisible();
    await detail.header.getByRole('button', { name: 'Mark uploaded' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark uploaded' }).click();
    await expect(notice(page, 'Bank file marked uploaded')).toBeVisible();
    await detail.header.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect(notice(page, 'Payment marked completed')).toBeVisible();

    // The job records each paid bill in QuickBooks; the approval page shows the BillPayment ids.
    const payments = detail.card('Payment in QuickBooks');
    // The page follows the approval's live events; a reload covers a missed one.
    await expect(async () => {
      await page.reload();
      await expect(payments.getByText('Recorded', { exact: true })).toHaveCount(bills.length, {
        timeout: 20_000,
      });
    }).toPass({ timeout: 120_000 });
    await shot(page, 'quickbooks-payment-1440');

    // What QuickBooks holds: one BillPayment per paid bill, from bank account 35, each bill paid off.
    const held = await realm.billPayments();
    for (const bill of bills) {
      const paid = held.filter((payment) =>
        payment.Line.some((line) => line.LinkedTxn.some((txn) => txn.TxnId === bill.Id)),
      );
      expect(paid, `one BillPayment for bill ${bill.Id}`).toHaveLength(1);
      expect(paid[0]!.TotalAmt).toBe(bill.TotalAmt);
      expect(paid[0]!.CheckPayment.BankAccountRef.value).toBe('35');
      await expect(payments).toContainText(`QuickBooks BillPayment ${paid[0]!.Id}`);
      expect((await realm.bill(bill.Id)).Balance).toBe(0);
    }
    const history = (
      await admin.get<Array<{ action: string; userName: string }>>(
        `/api/bill-approval/approvals/${chosen.id}/history`,
      )
    ).body.data;
    const recorded = history.filter((entry) => entry.action === 'approval.qb_bill_payment');
    expect(recorded).toHaveLength(bills.length);
    expect(recorded.every((entry) => entry.userName === 'QuickBooks payment')).toBe(true);
  });
});

test.describe('the dashboard QuickBooks line', () => {
  test("'QuickBooks: N connected, M need attention' opens the Companies list filtered by that status", async ({
    page,
    request,
  }) => {
    const admin = await ApiClient.signIn(request, DEMO.admin);
    const count = async (status: string) =>
      (await admin.get<unknown[]>(`/api/company/companies?qbConnectionStatus=${status}&limit=1`)).body.meta!
        .pagination.total;
    const [connected, attention] = [await count('connected'), await count('error')];
    await page.goto('/dashboard');
    const line = page.getByTestId('quickbooks-line');
    await expect(line).toHaveText(
      `QuickBooks: ${connected.toLocaleString('en-US')} connected, ${attention.toLocaleString('en-US')} need attention`,
    );
    await line.getByRole('link', { name: /need attention/ }).click();
    await expect(page).toHaveURL(/\/companies\?qb=error$/);
    await expect(page.getByLabel('QuickBooks status')).toHaveValue('error');
    await shot(page, 'dashboard-quickbooks-1440');
  });
});
