import {
  COMPANY_ERRORS,
  PAYMENT_MESSAGES,
  type PaymentSettings,
  type PaymentSettingsInput,
  type VendorAccount,
  type VendorAccountCreate,
  type VendorAccounts,
  type VendorAccountUpdate,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../http/http-error';
import { encryptSecret } from '../../security/token-cipher';
import { recordActivity } from '../activity/activity.repository';
import { findCompanyRow } from '../companies/companies.repository';
import { displayName } from '../users/user-dto';
import {
  deleteVendorAccount,
  findPaymentSettings,
  findVendorAccount,
  insertVendorAccount,
  listVendorAccounts,
  missingVendors,
  toPaymentSettings,
  toVendorAccount,
  updateVendorAccount,
  upsertPaymentSettings,
} from './payment-accounts.repository';

/**
 * A company's originator settings and its vendors' bank accounts (issue 9). Account numbers are
 * encrypted with BANK_ACCOUNT_KEY before they reach the database and only their last 4 digits are
 * ever answered; every change writes an activity row on the company's timeline, naming the last 4.
 */

async function companyName(db: Db, companyId: number, forUpdate = false): Promise<string> {
  const company = await findCompanyRow(db, companyId, forUpdate);
  if (!company) throw notFound(COMPANY_ERRORS.notFound);
  return company.name;
}

const last4 = (accountNumber: string) => accountNumber.slice(-4);

/** The settings, or null when the company has none yet (404 for an unknown company). */
export async function getPaymentSettings(db: Db, companyId: number): Promise<PaymentSettings | null> {
  await companyName(db, companyId);
  const row = await findPaymentSettings(db, companyId);
  return row ? toPaymentSettings(row) : null;
}

export async function savePaymentSettings(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  input: PaymentSettingsInput,
): Promise<PaymentSettings> {
  return deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId, true);
    const current = await findPaymentSettings(tx, companyId, true);
    // Absent keeps the stored settlement account, null removes it, an object replaces it.
    const settlement =
      input.settlementAccount === undefined
        ? {
            settlementAccountEnc: current?.settlementAccountEnc ?? null,
            settlementAccountLast4: current?.settlementAccountLast4 ?? null,
            settlementAccountType: current?.settlementAccountType ?? null,
          }
        : input.settlementAccount === null
          ? { settlementAccountEnc: null, settlementAccountLast4: null, settlementAccountType: null }
          : {
              settlementAccountEnc: encryptSecret(
                input.settlementAccount.accountNumber,
                deps.config.bankAccountKey,
              ),
              settlementAccountLast4: last4(input.settlementAccount.accountNumber),
              settlementAccountType: input.settlementAccount.accountType,
            };
    const row = await upsertPaymentSettings(tx, {
      companyId,
      odfiRoutingNumber: input.odfiRoutingNumber,
      odfiName: input.odfiName,
      companyIdentification: input.companyIdentification,
      achCompanyName: input.achCompanyName,
      entryDescription: input.entryDescription,
      originName: input.originName,
      ...settlement,
      updatedById: actor.id,
    });
    await recordActivity(tx, {
      userId: actor.id,
      userName: displayName(actor),
      action: current ? 'payments.settings.update' : 'payments.settings.create',
      entityType: 'company',
      entityId: companyId,
      description: `${displayName(actor)} ${current ? 'updated' : 'set up'} the bank file settings of ${name}`,
      details: {
        odfiRoutingNumber: row.odfiRoutingNumber,
        companyIdentification: row.companyIdentification,
        settlementAccount: row.settlementAccountLast4 ? `••••${row.settlementAccountLast4}` : null,
      },
    });
    return toPaymentSettings(row);
  });
}

export async function getVendorAccounts(db: Db, companyId: number): Promise<VendorAccounts> {
  await companyName(db, companyId);
  const [accounts, missing] = await Promise.all([
    listVendorAccounts(db, companyId),
    missingVendors(db, companyId),
  ]);
  return { accounts: accounts.map(toVendorAccount), missingVendors: missing };
}

const vendorExists = () => conflict('vendorRef', PAYMENT_MESSAGES.vendorAccountExists);

export async function createVendorAccount(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  input: VendorAccountCreate,
): Promise<VendorAccount> {
  try {
    return await deps.db.transaction(async (tx) => {
      const name = await companyName(tx, companyId);
      const row = await insertVendorAccount(tx, {
        companyId,
        vendorRef: input.vendorRef,
        vendorName: input.vendorName,
        routingNumber: input.routingNumber,
        accountNumberEnc: encryptSecret(input.accountNumber, deps.config.bankAccountKey),
        accountLast4: last4(input.accountNumber),
        accountType: input.accountType,
      });
      await recordActivity(tx, {
        userId: actor.id,
        userName: displayName(actor),
        action: 'payments.vendor_account.create',
        entityType: 'company',
        entityId: companyId,
        description: `${displayName(actor)} added the bank account ••••${row.accountLast4} of ${row.vendorName} to ${name}`,
        details: { vendorRef: row.vendorRef, routingNumber: row.routingNumber, accountType: row.accountType },
      });
      return toVendorAccount(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw vendorExists();
    throw error;
  }
}

async function existingAccount(db: Db, companyId: number, accountId: number) {
  const row = await findVendorAccount(db, companyId, accountId);
  if (!row) throw notFound(PAYMENT_MESSAGES.vendorAccountNotFound);
  return row;
}

export async function changeVendorAccount(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  accountId: number,
  input: VendorAccountUpdate,
): Promise<VendorAccount> {
  return deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId);
    const current = await existingAccount(tx, companyId, accountId);
    const row = await updateVendorAccount(tx, accountId, {
      vendorName: input.vendorName,
      routingNumber: input.routingNumber,
      accountType: input.accountType,
      ...(input.accountNumber === undefined
        ? {}
        : {
            accountNumberEnc: encryptSecret(input.accountNumber, deps.config.bankAccountKey),
            accountLast4: last4(input.accountNumber),
          }),
    });
    await recordActivity(tx, {
      userId: actor.id,
      userName: displayName(actor),
      action: 'payments.vendor_account.update',
      entityType: 'company',
      entityId: companyId,
      description: `${displayName(actor)} changed the bank account of ${row.vendorName} at ${name} (••••${current.accountLast4} → ••••${row.accountLast4})`,
      details: {
        vendorRef: row.vendorRef,
        routingNumber: { from: current.routingNumber, to: row.routingNumber },
        accountType: { from: current.accountType, to: row.accountType },
      },
    });
    return toVendorAccount(row);
  });
}

export async function removeVendorAccount(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  accountId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId);
    const current = await existingAccount(tx, companyId, accountId);
    await deleteVendorAccount(tx, accountId);
    await recordActivity(tx, {
      userId: actor.id,
      userName: displayName(actor),
      action: 'payments.vendor_account.delete',
      entityType: 'company',
      entityId: companyId,
      description: `${displayName(actor)} removed the bank account ••••${current.accountLast4} of ${current.vendorName} from ${name}`,
      details: { vendorRef: current.vendorRef },
    });
  });
}
