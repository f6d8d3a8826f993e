import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiClient } from './api-client';
import { DEMO } from './sign-in-page';

/** What the tests read of an approval from the API. */
export interface ApprovalDto {
  id: string;
  status: string;
  rejectionReason: string | null;
  billIds: string[];
  approvedBillIds: string[];
  billStats: { totalAmount: number };
}

/** The first 8 characters the console shows of an approval id. */
export const short = (approval: { id: string }) => approval.id.slice(0, 8);

let runId = 0;
/** A vendor name no other test (or earlier run) uses, so a search finds only this test's approvals. */
export const unique = (label: string) => `${label}${Date.now().toString(36)}${(runId += 1)}`;

export const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/**
 * The company the approval specs create their requests in: the oldest active demo company without
 * QuickBooks (a connected company's bills come only from its import). The oldest, not the first of
 * the list's default order (newest first): a spec that creates a company of its own on the same
 * server would otherwise become everyone's, with no bank file settings, so nothing it approves
 * would be paid.
 */
export async function factoryCompany(api: ApiClient): Promise<{ id: number; approverId: number | null }> {
  const { body } = await api.get<Array<{ id: number; approverId: number | null }>>(
    '/api/company/companies?limit=1&status=ACTIVE&qbConnectionStatus=none&sortBy=createdAt&sortOrder=asc',
  );
  return body.data[0]!;
}

/**
 * Creates PENDING approvals through the API as a request entered by hand: `amounts.length` bills
 * of one vendor named `vendor` (so a search for the vendor finds exactly the approvals of one test),
 * for a company without QuickBooks (a connected company's bills come only from its import).
 */
export class ApprovalFactory {
  private constructor(
    private readonly api: ApiClient,
    private readonly companyId: number,
  ) {}

  /** Bills made so far per vendor, so each approval of a vendor numbers its bills on. */
  private static readonly billsOf = new Map<string, number>();
  /** Vendors made the company's (company id and vendor), once each. */
  private static readonly vendors = new Set<string>();

  /** `api` is the creator (segregation of duties: the creator cannot approve). */
  static async for(api: ApiClient): Promise<ApprovalFactory> {
    const company = await factoryCompany(api);
    // Under the default approval policy a USER approves only for companies whose approver they
    // are: the specs' USER decides these approvals, so the demo USER is this company's approver.
    const users = (
      await api.get<Array<{ id: number; email: string }>>('/api/user/users?search=user%40example.com')
    ).body.data;
    const demoUser = users.find((user) => user.email === DEMO.user);
    if (demoUser && company.approverId !== demoUser.id) {
      await api.put(`/api/company/companies/${company.id}`, { approverId: demoUser.id });
    }
    return new ApprovalFactory(api, company.id);
  }

  /**
   * A request must name one of the company's vendors: the vendor gets a bank account first (left
   * waiting for a second person's confirmation, so an approval of it is decided but not paid).
   */
  private async vendorOf(companyId: number, vendor: string): Promise<string> {
    const vendorRef = vendor.slice(0, 60);
    const key = `${companyId}:${vendorRef}`;
    if (!ApprovalFactory.vendors.has(key)) {
      await this.api.post(`/api/company/companies/${companyId}/vendor-accounts`, {
        vendorRef,
        vendorName: vendor,
        routingNumber: '021000021',
        accountNumber: String(Date.now()).slice(-9),
        accountType: 'checking',
      });
      ApprovalFactory.vendors.add(key);
    }
    return vendorRef;
  }

  async create(
    vendor: string,
    amounts: number[],
    extra: { companyId?: number; managerId?: number } = {},
  ): Promise<ApprovalDto> {
    const companyId = extra.companyId ?? this.companyId;
    const vendorRef = await this.vendorOf(companyId, vendor);
    const first = ApprovalFactory.billsOf.get(vendor) ?? 0;
    ApprovalFactory.billsOf.set(vendor, first + amounts.length);
    return this.api.post<ApprovalDto>('/api/bill-approval/approvals', {
      companyId,
      ...(extra.managerId ? { managerId: extra.managerId } : {}),
      priority: 'HIGH',
      bills: amounts.map((amount, index) => ({
        vendorRef,
        // Numbered on across the approvals of one vendor: the same vendor and bill number twice would
        // be flagged as a duplicate bill, whose approval needs a reason.
        DocNumber: `${vendor}-DOC${first + index + 1}`,
        TxnDate: '2026-11-01',
        DueDate: '2026-12-31',
        TotalAmt: amount,
        Line: [{ Description: 'Consulting services, November', Amount: amount }],
      })),
    });
  }
}

/** /approvals ('Bill Approvals'). */
export class ApprovalListPage {
  readonly table: Locator;
  /** Table rows at desktop width. */
  readonly rows: Locator;
  /** Phone cards (below the md breakpoint the table is a list of cards). */
  readonly cards: Locator;
  readonly filtersToggle: Locator;
  readonly bulkBar: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.cards = page.getByRole('list', { name: 'Bill approvals' }).getByRole('listitem');
    this.filtersToggle = page.getByRole('button', { name: /^Filters/ });
    this.bulkBar = page.getByRole('region', { name: 'Bulk actions' });
  }

  /** `timeout`: how long the page may take to show its heading (the expect timeout by default). */
  async goto(query = '', { timeout }: { timeout?: number } = {}) {
    await this.page.goto(`/approvals${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Bill Approvals' })).toBeVisible({
      timeout,
    });
  }

  /** The row (table) of an approval. */
  row(approval: { id: string }) {
    return this.rows.filter({ has: this.page.getByRole('link', { name: `Approval ${short(approval)}` }) });
  }

  /** The ID links of the rows, in order. */
  idLinks() {
    return this.rows.locator('a[href^="/approvals/"]');
  }

  sortBy(header: string) {
    return this.table.getByRole('button', { name: new RegExp(`^${header}`) }).click();
  }

  quickApprove(approval: { id: string }) {
    return this.page.getByRole('button', { name: `Approve ${short(approval)}`, exact: true });
  }

  quickReject(approval: { id: string }) {
    return this.page.getByRole('button', { name: `Reject ${short(approval)}`, exact: true });
  }

  rowMenu(approval: { id: string }) {
    return this.page.getByRole('button', { name: `Actions for approval ${short(approval)}` });
  }

  /** Ticks a checkbox by clicking its control (the input itself is visually hidden). */
  select(label: string) {
    return this.page
      .locator('label')
      .filter({ has: this.page.getByRole('checkbox', { name: label, exact: true }) })
      .click();
  }
}

/** /approvals/{id}. */
export class ApprovalDetailPage {
  /** The page's header: the headline, the payment stepper and the next step as its action. */
  readonly header: Locator;
  readonly approveButton: Locator;
  readonly rejectButton: Locator;
  readonly approveDialog: Locator;
  readonly rejectDialog: Locator;

  constructor(private readonly page: Page) {
    this.header = page.locator('main header').first();
    const main = page.getByRole('main');
    this.approveButton = main.getByRole('button', { name: 'Approve', exact: true });
    this.rejectButton = main.getByRole('button', { name: 'Reject', exact: true });
    this.approveDialog = page.getByRole('alertdialog', { name: 'Approve Bills' });
    this.rejectDialog = page.getByRole('alertdialog', { name: 'Reject Approval' });
  }

  async goto(approval: { id: string }) {
    await this.page.goto(`/approvals/${approval.id}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: `Approval #${short(approval)}` }),
    ).toBeVisible();
  }

  card(title: string) {
    return this.page.getByRole('region', { name: title });
  }

  /** Rejects through the 'Reject Approval' dialog. */
  async reject(reason: string) {
    await this.rejectButton.click();
    await this.rejectDialog.getByLabel('Rejection Reason').fill(reason);
    await this.rejectDialog.getByRole('button', { name: 'Reject Approval' }).click();
  }
}
