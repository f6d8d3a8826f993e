import {
  ACH_BANK_NAME_MAX,
  ACH_COMPANY_NAME_MAX,
  DEFAULT_ENTRY_DESCRIPTION,
  routingCheckDigit,
} from 'shared-contracts';
import type { Db } from '../db/client';
import {
  bankAccountChanges,
  companyPaymentSettings,
  vendorBankAccounts,
  type CompanyRow,
  type UserRow,
} from '../db/schema';
import {
  SETTLEMENT_ACCOUNT_KEY,
  vendorAccountKey,
} from '../modules/payments/bank-account-control.repository';
import { markPayment } from '../flows/payment-status';
import { generateBankFile } from '../modules/payments/bank-files.service';
import { encryptSecret } from '../security/token-cipher';
import { VENDORS } from './data';
import type { ApprovalSeed, PlannedBankFile } from './approvals';
import { insertChunked, type Random } from './random';

/** When the demo bank accounts were entered and confirmed: long before any demo approval. */
const SEEDED_ACCOUNTS_AT = new Date('2024-01-02T15:00:00Z');

/** The (company, vendor) pair left without a bank account, and the approval that shows it. */
export interface BankFileFailure {
  approvalId: string;
  approverId: number;
  companyId: number;
  vendorRef: string;
}

/**
 * The failure example: the first seeded APPROVED approval with an approved bill whose (company,
 * vendor) pair no file-bound approval needs, so removing that one vendor account fails only it.
 */
export function pickBankFileFailure(seeds: ApprovalSeed[], plan: PlannedBankFile[]): BankFileFailure | null {
  const planned = new Set(plan.map((item) => item.approvalId));
  const needed = new Set<string>();
  for (const seed of seeds) {
    if (!planned.has(seed.id!) && seed.status !== 'NACHA_PENDING') continue;
    for (const bill of seed.approvedBills ?? []) needed.add(`${seed.companyId}:${bill.VendorRef?.value}`);
  }
  for (const seed of seeds) {
    if (seed.status !== 'APPROVED' || planned.has(seed.id!) || !seed.approvedById) continue;
    const bill = (seed.approvedBills ?? []).find(
      (candidate) => !needed.has(`${seed.companyId}:${candidate.VendorRef?.value}`),
    );
    const vendorRef = bill?.VendorRef?.value;
    if (!vendorRef) continue;
    return {
      approvalId: seed.id!,
      approverId: seed.approvedById,
      companyId: seed.companyId,
      vendorRef,
    };
  }
  return null;
}

/** A routing number with a valid ABA check digit (Federal Reserve district 01–12 prefixes). */
export function randomRoutingNumber(random: Random): string {
  const first8 = `0${random.int(1, 9)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
  return `${first8}${routingCheckDigit(first8)}`;
}

/** What a bank file may carry: upper-case letters, digits and spaces, cut to the field. */
const bankName = (text: string, max: number) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();

const DEMO_BANKS = ['FIRST EXAMPLE BANK', 'PACIFIC DEMO BANK NA', 'HARBOR TRUST CO'];

/** Originator settings; every third company keeps a settlement account (balanced files). */
export function paymentSettingsFor(
  company: { id: number; name: string },
  index: number,
  random: Random,
  key: Buffer,
): typeof companyPaymentSettings.$inferInsert {
  const settlement = index % 3 === 0 ? String(random.int(100_000_000, 999_999_999)) : null;
  return {
    companyId: company.id,
    odfiRoutingNumber: randomRoutingNumber(random),
    odfiName: DEMO_BANKS[index % DEMO_BANKS.length]!,
    companyIdentification: `1${String(random.int(100_000_000, 999_999_999))}`,
    achCompanyName: bankName(company.name, ACH_COMPANY_NAME_MAX) || 'DEMO COMPANY',
    entryDescription: DEFAULT_ENTRY_DESCRIPTION,
    originName: bankName(company.name, ACH_BANK_NAME_MAX) || 'DEMO COMPANY',
    settlementAccountEnc: settlement ? encryptSecret(settlement, key) : null,
    settlementAccountLast4: settlement ? settlement.slice(-4) : null,
    settlementAccountType: settlement ? 'checking' : null,
    // The checking account every QuickBooks Online emulator realm has: a demo company connected
    // to a sandbox company records its payments there.
    qbBankAccountId: '35',
    // Demo accounts were entered and confirmed long ago (dual control), so files pay them today.
    ...(settlement
      ? {
          settlementVersion: 1,
          settlementChangedAt: SEEDED_ACCOUNTS_AT,
          settlementConfirmedAt: SEEDED_ACCOUNTS_AT,
        }
      : {}),
  };
}

/**
 * Originator settings for every company, and a confirmed bank account for every demo vendor of
 * every company except the failure example's pair.
 */
export async function seedDemoPaymentAccounts(
  tx: Db,
  companyRows: CompanyRow[],
  failure: BankFileFailure | null,
  bankAccountKey: Buffer,
  random: Random,
): Promise<void> {
  const settings = companyRows.map((company, index) =>
    paymentSettingsFor(company, index, random, bankAccountKey),
  );
  await tx.insert(companyPaymentSettings).values(settings);
  const accountSeeds: Array<typeof vendorBankAccounts.$inferInsert> = [];
  for (const company of companyRows) {
    VENDORS.forEach((vendor, index) => {
      const vendorRef = String(index + 1);
      if (failure && failure.companyId === company.id && failure.vendorRef === vendorRef) return;
      const accountNumber = String(random.int(10_000_000, 99_999_999)) + String(random.int(10, 9999));
      accountSeeds.push({
        companyId: company.id,
        vendorRef,
        vendorName: vendor.name,
        routingNumber: randomRoutingNumber(random),
        accountNumberEnc: encryptSecret(accountNumber, bankAccountKey),
        accountLast4: accountNumber.slice(-4),
        accountType: index % 4 === 3 ? 'savings' : 'checking',
        changedAt: SEEDED_ACCOUNTS_AT,
        confirmedAt: SEEDED_ACCOUNTS_AT,
      });
    });
  }
  await insertChunked(accountSeeds, 500, (chunk) => tx.insert(vendorBankAccounts).values(chunk));
  // Each account's version 1 on record, as entering it through the API would have left it.
  const history: Array<typeof bankAccountChanges.$inferInsert> = [
    ...settings.flatMap((row) =>
      row.settlementVersion
        ? [
            {
              companyId: row.companyId,
              accountKey: SETTLEMENT_ACCOUNT_KEY,
              version: row.settlementVersion,
              routingNumber: null,
              accountLast4: row.settlementAccountLast4 ?? null,
              accountType: row.settlementAccountType ?? null,
              changedAt: SEEDED_ACCOUNTS_AT,
            },
          ]
        : [],
    ),
    ...accountSeeds.map((account) => ({
      companyId: account.companyId,
      accountKey: vendorAccountKey(account.vendorRef),
      version: 1,
      routingNumber: account.routingNumber,
      accountLast4: account.accountLast4,
      accountType: account.accountType ?? null,
      changedAt: SEEDED_ACCOUNTS_AT,
    })),
  ];
  await insertChunked(history, 500, (chunk) => tx.insert(bankAccountChanges).values(chunk));
}

/** The failure example joins the plan: its generation fails for want of that one account. */
export function planFailure(
  plan: PlannedBankFile[],
  failure: BankFileFailure | null,
  userRows: UserRow[],
  admin: UserRow,
): void {
  const failingApprover = failure && userRows.find((user) => user.id === failure.approverId);
  if (failure && failingApprover) {
    plan.push({ approvalId: failure.approvalId, approver: failingApprover, admin, target: 'FAILED' });
  }
}

/**
 * The demo's bank files come from the product's own generator, so every generated file is real and
 * downloadable (and the failure example fails for the reason the product gives). Runs after the
 * demo data committed, one approval at a time, exactly as an approve would.
 */
export async function writeDemoBankFiles(
  db: Db,
  bankAccountKey: Buffer,
  plan: PlannedBankFile[],
): Promise<number> {
  const deps = {
    db,
    config: { bankAccountKey },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  let written = 0;
  for (const item of plan) {
    const outcome = await generateBankFile(deps, item.approver, item.approvalId);
    if (outcome.status !== 'NACHA_GENERATED') continue;
    written += 1;
    if (item.target === 'BANK_UPLOADED' || item.target === 'PAYMENT_COMPLETED') {
      await markPayment(deps, item.admin, item.approvalId, 'BANK_UPLOADED');
    }
    if (item.target === 'PAYMENT_COMPLETED') {
      await markPayment(deps, item.admin, item.approvalId, 'PAYMENT_COMPLETED');
    }
  }
  return written;
}
