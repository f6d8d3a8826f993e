import { and, asc, eq } from 'drizzle-orm';
import type { Bill } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals, companies, nachaFiles, paidBills, users, type UserRow } from '../../db/schema';
import { validateNachaFile } from '../../payments/nacha-validator';
import { build, type TestContext } from '../../test/build';
import { markPayment as advancePaymentStatus } from '../../flows/payment-status';
import { generateBankFile, nachaDownloadPath } from './bank-files.service';
import { downloadBankFile } from './payment-status.service';
import {
  confirmVendorAccount,
  createVendorAccount,
  getVendorAccounts,
  savePaymentSettings,
} from './payment-accounts.service';

let ctx: TestContext;
let admin: UserRow;
let moderator: UserRow;
let companyId: number;

const deps = () => ({ db: ctx.app.db, config: ctx.config, passwords: ctx.app.passwords, log: ctx.app.log });

const bill = (id: string, vendor: string, amount: number): Bill => ({
  Id: id,
  TotalAmt: amount,
  DocNumber: `INV-${id}`,
  VendorRef: { value: vendor, name: `Vendor ${vendor}` },
  Line: [{ Id: '1', Amount: amount, Description: 'Services' }],
});

/** An APPROVED approval holding `bills`, as the approvals module leaves it. */
async function approvedApproval(bills: Bill[], company = companyId): Promise<string> {
  const cents = bills.reduce((sum, entry) => sum + Math.round(entry.TotalAmt * 100), 0);
  const [row] = await ctx.app.db
    .insert(approvals)
    .values({
      companyId: company,
      status: 'APPROVED',
      bills,
      approvedBills: bills,
      billIds: bills.map((entry) => entry.Id),
      approvedBillIds: bills.map((entry) => entry.Id),
      totalBills: bills.length,
      processedBills: bills.length,
      totalAmountCents: cents,
      approvedById: admin.id,
      approvedBy: 'Ada Admin',
      approvalDate: new Date(),
    })
    .returning({ id: approvals.id });
  return row!.id;
}

const approval = async (id: string) =>
  (await ctx.app.db.select().from(approvals).where(eq(approvals.id, id)))[0]!;

const history = async (id: string) =>
  (
    await ctx.app.db
      .select({ action: activity.action, details: activity.details })
      .from(activity)
      .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id)))
      .orderBy(asc(activity.id))
  ).map((row) => row.action);

const settings = {
  odfiRoutingNumber: '121042882',
  odfiName: 'First Example Bank',
  companyIdentification: '1234567890',
  achCompanyName: 'Acme Logistics',
  entryDescription: 'VENDOR PAY',
  originName: 'Acme Logistics LLC',
};

beforeAll(async () => {
  ctx = await build();
  admin = (await ctx.app.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0]!;
  moderator = (await ctx.app.db.select().from(users).where(eq(users.email, 'moderator@example.com')))[0]!;
  // A company of its own: the demo companies come with bank file settings and vendor accounts.
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Bank Files Test Co' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(() => ctx.close());

describe('bank files', () => {
  it('says what is missing, keeps the approval APPROVED, and generates once it is fixed', async () => {
    const id = await approvedApproval([bill('101', 'V-1', 1200.5), bill('102', 'V-2', 99.99)]);

    expect(await generateBankFile(deps(), admin, id)).toEqual({
      status: 'APPROVED',
      nachaProcessingStatus: expect.stringMatching(/^Bank file settings are missing for /),
    });
    await savePaymentSettings(deps(), admin, companyId, settings);
    const v1 = await createVendorAccount(deps(), admin, companyId, {
      vendorRef: 'V-1',
      vendorName: 'Vendor V-1',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      accountType: 'checking',
    });
    const missing = await generateBankFile(deps(), admin, id);
    expect(missing).toEqual({
      status: 'APPROVED',
      nachaProcessingStatus: 'No bank account for vendor Vendor V-2',
    });
    expect((await approval(id)).nachaProcessingStatus).toBe('No bank account for vendor Vendor V-2');
    // The Payments card lists the vendors of unpaid bills that still lack an account.
    const { missingVendors } = await getVendorAccounts(ctx.app.db, companyId);
    expect(missingVendors).toContainEqual({ vendorRef: 'V-2', vendorName: 'Vendor V-2', billCount: 1 });
    expect(missingVendors.map((vendor) => vendor.vendorRef)).not.toContain('V-1');
    const v2 = await createVendorAccount(deps(), admin, companyId, {
      vendorRef: 'V-2',
      vendorName: 'Vendor V-2',
      routingNumber: '121042882',
      accountNumber: '55556666',
      accountType: 'savings',
    });
    // Dual control: both accounts wait for a second person, and no file pays them meanwhile.
    expect(await generateBankFile(deps(), admin, id)).toEqual({
      status: 'APPROVED',
      nachaProcessingStatus:
        "The bank account of Vendor V-1, Vendor V-2 is waiting for a second person's confirmation",
    });
    await expect(
      confirmVendorAccount(deps(), admin, companyId, v1.id, v1.control.version),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    await confirmVendorAccount(deps(), moderator, companyId, v1.id, v1.control.version);
    expect((await approval(id)).nachaProcessingStatus).toBe(
      "The bank account of Vendor V-2 is waiting for a second person's confirmation",
    );
    // The last confirmation retries the approvals that were waiting for it: the file is written.
    await confirmVendorAccount(deps(), moderator, companyId, v2.id, v2.control.version);
    const row = await approval(id);
    expect(row).toMatchObject({
      status: 'NACHA_GENERATED',
      nachaFileGenerated: true,
      nachaFileName: `${row.nachaBatchNumber}.txt`,
      nachaFileUrl: nachaDownloadPath(id),
    });
    expect(row.nachaBatchNumber).toMatch(/^\d{7}$/);
    const { content } = await downloadBankFile(deps(), admin, id);
    const { errors, file } = validateNachaFile(content);
    expect(errors).toEqual([]);
    expect(file!.totalCreditCents).toBe(120_050 + 9_999);
    expect(
      file!.entries.map((entry) => [entry.transactionCode, entry.accountNumber, entry.amountCents]),
    ).toEqual([
      ['22', '000123456789', 120_050],
      ['32', '55556666', 9_999],
    ]);
    expect(file!.entries[0]!.addenda).toBe('BILL INV-101');
    expect(await history(id)).toEqual([
      'approval.nacha_pending',
      'approval.nacha_failed',
      'approval.vendor_account_change',
      'approval.nacha_pending',
      'approval.nacha_failed',
      'approval.vendor_account_change',
      'approval.nacha_pending',
      'approval.nacha_failed',
      'approval.vendor_account_confirm',
      'approval.nacha_pending',
      'approval.nacha_failed',
      'approval.vendor_account_confirm',
      'approval.nacha_pending',
      'approval.nacha_generated',
      'approval.nacha_download',
    ]);

    await expect(generateBankFile(deps(), admin, id)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('pays a bill held by two approvals once, also when both are generated at the same moment', async () => {
    const shared = bill('201', 'V-1', 10);
    const first = await approvedApproval([shared]);
    const second = await approvedApproval([shared, bill('202', 'V-1', 5)]);
    const outcomes = await Promise.all([
      generateBankFile(deps(), admin, first),
      generateBankFile(deps(), admin, second),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['APPROVED', 'NACHA_GENERATED']);
    const loser = outcomes[0]!.status === 'APPROVED' ? first : second;
    const winner = loser === first ? second : first;
    expect((await approval(loser)).nachaProcessingStatus).toBe(
      `Bill 201 (INV-201) was already paid by approval #${winner.slice(0, 8)}`,
    );
    const paid = await ctx.app.db.select().from(paidBills).where(eq(paidBills.billId, '201'));
    expect(paid).toHaveLength(1);
    expect(paid[0]!.approvalId).toBe(winner);
  });

  it('gives the next File ID Modifier to the next file of the day', async () => {
    const files = await ctx.app.db
      .select({ modifier: nachaFiles.fileIdModifier, date: nachaFiles.creationDate })
      .from(nachaFiles)
      .where(eq(nachaFiles.companyId, companyId))
      .orderBy(asc(nachaFiles.id));
    const today = files.filter((entry) => entry.date === files[0]!.date).map((entry) => entry.modifier);
    expect(today).toEqual(['A', 'B'].slice(0, today.length));
    expect(today.length).toBe(2);
  });

  it('moves a generated file to uploaded, then paid, only in that order', async () => {
    const id = await approvedApproval([bill('301', 'V-2', 42)]);
    await generateBankFile(deps(), admin, id);
    await expect(advancePaymentStatus(deps(), admin, id, 'PAYMENT_COMPLETED')).rejects.toMatchObject({
      statusCode: 409,
      message: 'An approval in status NACHA_GENERATED cannot be marked PAYMENT_COMPLETED',
    });
    await advancePaymentStatus(deps(), admin, id, 'BANK_UPLOADED');
    await advancePaymentStatus(deps(), admin, id, 'PAYMENT_COMPLETED');
    expect((await approval(id)).status).toBe('PAYMENT_COMPLETED');
    await expect(advancePaymentStatus(deps(), admin, id, 'BANK_UPLOADED')).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('never answers an account number, only its last 4 digits', async () => {
    const answer = JSON.stringify(await getVendorAccounts(ctx.app.db, companyId));
    expect(answer).not.toContain('000123456789');
    expect(answer).not.toContain('55556666');
    expect(answer).toContain('"accountLast4":"6789"');
    const stored = JSON.stringify(await ctx.app.db.select().from(paidBills));
    expect(stored).not.toContain('000123456789');
  });
});
