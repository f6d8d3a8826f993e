import { and, eq } from 'drizzle-orm';
import type { Bill } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals, bankFileEntries, companies, users, type UserRow } from '../../db/schema';
import { validateNachaFile } from '../../payments/nacha-validator';
import { build, type TestContext } from '../../test/build';
import { generateBankFile } from './bank-files.service';
import { getBankFiles } from './bank-reconciliation.service';
import { downloadBankFile } from './payment-status.service';
import {
  confirmSettlementAccount,
  confirmVendorAccount,
  createVendorAccount,
  savePaymentSettings,
} from './payment-accounts.service';

/**
 * A bank file with a settlement account is balanced: beside one credit per bill it holds an
 * offsetting debit, so its entries outnumber the bills. The history and the bank file's totals
 * count payments by bill: two bills paid are two payments.
 */

let ctx: TestContext;
let admin: UserRow;
let moderator: UserRow;
let approvalId = '';

const deps = () => ({ db: ctx.app.db, config: ctx.config, passwords: ctx.app.passwords, log: ctx.app.log });

const bill = (id: string, vendor: string, amount: number): Bill => ({
  Id: id,
  TotalAmt: amount,
  DocNumber: `INV-${id}`,
  VendorRef: { value: vendor, name: `Vendor ${vendor}` },
  Line: [{ Id: '1', Amount: amount, Description: 'Services' }],
});

beforeAll(async () => {
  ctx = await build();
  const byEmail = async (email: string) =>
    (await ctx.app.db.select().from(users).where(eq(users.email, email)))[0]!;
  admin = await byEmail('admin@example.com');
  moderator = await byEmail('moderator@example.com');
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Balanced Files Co' })
    .returning({ id: companies.id });
  const companyId = company!.id;
  const settings = await savePaymentSettings(deps(), admin, companyId, {
    odfiRoutingNumber: '121042882',
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'Balanced Files',
    entryDescription: 'VENDOR PAY',
    originName: 'Balanced Files LLC',
    settlementAccount: { accountNumber: '99990000', accountType: 'checking' },
  });
  await confirmSettlementAccount(deps(), moderator, companyId, settings.settlementAccount!.control!.version);
  for (const [vendor, account] of [
    ['V-1', '000123456789'],
    ['V-2', '55556666'],
  ] as const) {
    const created = await createVendorAccount(deps(), admin, companyId, {
      vendorRef: vendor,
      vendorName: `Vendor ${vendor}`,
      routingNumber: '021000021',
      accountNumber: account,
      accountType: 'checking',
    });
    await confirmVendorAccount(deps(), moderator, companyId, created.id, created.control.version);
  }
  const bills = [bill('701', 'V-1', 120.5), bill('702', 'V-2', 80)];
  const [row] = await ctx.app.db
    .insert(approvals)
    .values({
      companyId,
      status: 'APPROVED',
      bills,
      approvedBills: bills,
      billIds: bills.map((entry) => entry.Id),
      approvedBillIds: bills.map((entry) => entry.Id),
      totalBills: 2,
      processedBills: 2,
      totalAmountCents: 20_050,
      approvedById: admin.id,
      approvedBy: 'Ada Admin',
      approvalDate: new Date(),
    })
    .returning({ id: approvals.id });
  approvalId = row!.id;
  expect(await generateBankFile(deps(), admin, approvalId)).toMatchObject({ status: 'NACHA_GENERATED' });
});
afterAll(() => ctx.close());

describe('payments counted by bill', () => {
  it('a balanced file of two bills holds three entries', async () => {
    const { content } = await downloadBankFile(deps(), admin, approvalId);
    const { errors, file } = validateNachaFile(content);
    expect(errors).toEqual([]);
    expect(file!.entries).toHaveLength(3);
  });

  it('the history says two payments', async () => {
    const [generated] = await ctx.app.db
      .select({ description: activity.description })
      .from(activity)
      .where(
        and(
          eq(activity.entityType, 'approval'),
          eq(activity.entityId, approvalId),
          eq(activity.action, 'approval.nacha_generated'),
        ),
      );
    expect(generated!.description).toMatch(/: 2 payments, \$200\.50, effective /);
  });

  it("the bank file's totals count two payments, also for a file without recorded entries", async () => {
    const summary = async () => (await getBankFiles(ctx.app.db, { page: 1, limit: 1, approvalId })).rows[0]!;
    expect(await summary()).toMatchObject({ entryCount: 2, sentCents: 20_050 });
    // A file written before entries were recorded counts from the file's own figures.
    await ctx.app.db.delete(bankFileEntries).where(eq(bankFileEntries.approvalId, approvalId));
    expect(await summary()).toMatchObject({ entryCount: 2, sentCents: 20_050 });
  });
});
