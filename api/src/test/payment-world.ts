/** A company of its own with bank settings, confirmed vendor accounts and approved approvals, for the return tests. */
import { eq } from 'drizzle-orm';
import type { Bill } from 'shared-contracts';
import type { AppDeps } from '../app-deps';
import { approvals, companies, users, type UserRow } from '../db/schema';
import type { TestContext } from './build';
import { generateBankFile } from '../modules/payments/bank-files.service';
import {
  confirmSettlementAccount,
  confirmVendorAccount,
  createVendorAccount,
  savePaymentSettings,
} from '../modules/payments/payment-accounts.service';

export const ODFI = '121042882';
export const VENDOR_ROUTING = { 'V-1': '021000021', 'V-2': '121042882', 'V-3': '091000019' } as const;
export type VendorRef = keyof typeof VENDOR_ROUTING;

export const bill = (id: string, vendor: VendorRef, amount: number): Bill => ({
  Id: id,
  TotalAmt: amount,
  DocNumber: `INV-${id}`,
  VendorRef: { value: vendor, name: `Vendor ${vendor}` },
  Line: [{ Id: '1', Amount: amount, Description: 'Services' }],
});

export interface PaymentWorld {
  ctx: TestContext;
  admin: UserRow;
  moderator: UserRow;
  companyId: number;
  deps: () => AppDeps;
}

/**
 * `settlement`: the company also has a confirmed settlement account, so its bank files are
 * balanced (an offsetting debit beside the credits).
 */
export async function paymentWorld(
  ctx: TestContext,
  name: string,
  { settlement = false }: { settlement?: boolean } = {},
): Promise<PaymentWorld> {
  const byEmail = async (email: string) =>
    (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!;
  const admin = await byEmail('admin@example.com');
  const moderator = await byEmail('moderator@example.com');
  const [company] = await ctx.app.db.insert(companies).values({ name }).returning({ id: companies.id });
  const companyId = company!.id;
  const deps = (): AppDeps => ctx.app;
  const settings = await savePaymentSettings(deps(), admin, companyId, {
    odfiRoutingNumber: ODFI,
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'Acme Logistics',
    entryDescription: 'VENDOR PAY',
    originName: 'Acme Logistics LLC',
    ...(settlement
      ? { settlementAccount: { accountNumber: '99990000', accountType: 'checking' as const } }
      : {}),
  });
  if (settlement) {
    await confirmSettlementAccount(
      deps(),
      moderator,
      companyId,
      settings.settlementAccount!.control!.version,
    );
  }
  for (const [vendorRef, routingNumber] of Object.entries(VENDOR_ROUTING)) {
    // Entered by the MODERATOR, confirmed by the ADMIN: dual control as in production.
    const account = await createVendorAccount(deps(), moderator, companyId, {
      vendorRef,
      vendorName: `Vendor ${vendorRef}`,
      routingNumber,
      accountNumber: `00012345${vendorRef.slice(-1)}`,
      accountType: 'checking',
    });
    await confirmVendorAccount(deps(), admin, companyId, account.id, account.control.version);
  }
  return { ctx, admin, moderator, companyId, deps };
}

/** An APPROVED approval holding `bills`, as the approvals module leaves it. */
export async function approvedApproval(world: PaymentWorld, bills: Bill[]): Promise<string> {
  const cents = bills.reduce((sum, entry) => sum + Math.round(entry.TotalAmt * 100), 0);
  const [row] = await world.ctx.app.db
    .insert(approvals)
    .values({
      companyId: world.companyId,
      status: 'APPROVED',
      bills,
      approvedBills: bills,
      billIds: bills.map((entry) => entry.Id),
      approvedBillIds: bills.map((entry) => entry.Id),
      totalBills: bills.length,
      processedBills: bills.length,
      totalAmountCents: cents,
      approvedById: world.admin.id,
      approvedBy: 'Ada Admin',
      approvalDate: new Date(),
    })
    .returning({ id: approvals.id });
  return row!.id;
}

/** An approval of `bills` with its bank file written (NACHA_GENERATED). */
export async function paidApproval(world: PaymentWorld, bills: Bill[]): Promise<string> {
  const id = await approvedApproval(world, bills);
  const outcome = await generateBankFile(world.deps(), world.admin, id);
  if (outcome.status !== 'NACHA_GENERATED') throw new Error(`no bank file: ${outcome.nachaProcessingStatus}`);
  return id;
}
