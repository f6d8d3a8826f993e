import {
  COMPANY_ERRORS,
  ERROR_CODES,
  PAYMENT_MESSAGES,
  personName,
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
import type { PaymentSettingsRow, UserRow, VendorBankAccountRow } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../http/http-error';
import { encryptSecret } from '../../security/token-cipher';
import { recordActivity } from '../activity/activity.service';
import { findCompanyRow } from '../companies/companies.service';
import { findUserById as findUserRow } from '../users/users.service';
import {
  approvedAwaitingFile,
  openApprovalsOfVendor,
  peopleByIds,
  recordAccountVersion,
  SETTLEMENT_ACCOUNT_KEY,
  vendorAccountKey,
} from './bank-account-control.repository';
import { checkConfirmation } from './account-confirmation';
import { generateBankFile } from './bank-files.service';
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
 * A company's originator settings and its vendors' bank accounts. Account numbers are encrypted
 * with BANK_ACCOUNT_KEY before they reach the database and only their last 4 digits are ever
 * answered; every change writes an activity row on the company's timeline, naming the last 4.
 *
 * Dual control: an entered or changed account (a vendor's, or the settlement account) is PENDING
 * until a second person confirms the version they reviewed; no bank file pays a pending account.
 * A change is also written into the history of every approval still to be paid to that vendor.
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
  return row ? settingsView(db, row) : null;
}

async function settingsView(db: Db, row: PaymentSettingsRow): Promise<PaymentSettings> {
  const people = await peopleByIds(db, [row.settlementChangedById, row.settlementConfirmedById]);
  return toPaymentSettings(row, people);
}

async function accountView(db: Db, row: VendorBankAccountRow): Promise<VendorAccount> {
  return toVendorAccount(row, await peopleByIds(db, [row.changedById, row.confirmedById]));
}

/** A line in the history of every approval still to be paid to this vendor. */
async function tellOpenApprovals(
  tx: Db,
  actor: UserRow,
  companyId: number,
  vendorRef: string,
  action: string,
  description: string,
  details: Record<string, unknown> & { version: number },
): Promise<void> {
  for (const approval of await openApprovalsOfVendor(tx, companyId, vendorRef)) {
    // The event carries the account's version, as the company's own event of the change does.
    await recordActivity(tx, actor, 'approval', approval.id, {
      action,
      description,
      details,
      version: details.version,
    });
  }
}

/**
 * After a confirmation commits, the approved approvals that were waiting for it get their file
 * (each records its own outcome; a failure here never undoes the confirmation).
 */
async function retryWaitingFiles(deps: AppDeps, actor: UserRow, companyId: number, vendorRef?: string) {
  for (const approvalId of await approvedAwaitingFile(deps.db, companyId, vendorRef)) {
    try {
      await generateBankFile(deps, actor, approvalId);
    } catch (error) {
      deps.log.warn({ err: error, approvalId }, 'bank file not generated after a bank account confirmation');
    }
  }
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
          ? {
              settlementAccountEnc: null,
              settlementAccountLast4: null,
              settlementAccountType: null,
              settlementChangedById: null,
              settlementChangedAt: null,
              settlementConfirmedById: null,
              settlementConfirmedAt: null,
            }
          : await newSettlementAccount(
              tx,
              actor,
              companyId,
              input.settlementAccount,
              deps.config.bankAccountKey,
              current?.settlementVersion ?? 0,
            );
    const row = await upsertPaymentSettings(tx, {
      companyId,
      odfiRoutingNumber: input.odfiRoutingNumber,
      odfiName: input.odfiName,
      companyIdentification: input.companyIdentification,
      achCompanyName: input.achCompanyName,
      entryDescription: input.entryDescription,
      originName: input.originName,
      qbBankAccountId:
        input.qbBankAccountId === undefined ? (current?.qbBankAccountId ?? null) : input.qbBankAccountId,
      ...settlement,
      updatedById: actor.id,
    });
    await recordActivity(tx, actor, 'company', companyId, {
      action: current ? 'payments.settings.update' : 'payments.settings.create',
      description: `${personName(actor)} ${current ? 'updated' : 'set up'} the bank file settings of ${name}`,
      details: {
        odfiRoutingNumber: row.odfiRoutingNumber,
        companyIdentification: row.companyIdentification,
        settlementAccount: row.settlementAccountLast4 ? `••••${row.settlementAccountLast4}` : null,
        qbBankAccountId: row.qbBankAccountId,
      },
    });
    return settingsView(tx, row);
  });
}

/** A new settlement account: a new version, pending until someone else confirms it. */
async function newSettlementAccount(
  tx: Db,
  actor: UserRow,
  companyId: number,
  account: { accountNumber: string; accountType: 'checking' | 'savings' },
  key: Buffer,
  currentVersion: number,
) {
  const at = new Date();
  const version = await recordAccountVersion(tx, {
    companyId,
    accountKey: SETTLEMENT_ACCOUNT_KEY,
    currentVersion,
    routingNumber: null,
    accountLast4: last4(account.accountNumber),
    accountType: account.accountType,
    actor,
    at,
  });
  return {
    settlementAccountEnc: encryptSecret(account.accountNumber, key),
    settlementAccountLast4: last4(account.accountNumber),
    settlementAccountType: account.accountType,
    settlementVersion: version,
    settlementChangedById: actor.id,
    settlementChangedAt: at,
    settlementConfirmedById: null,
    settlementConfirmedAt: null,
  };
}

/** PUT …/payment-settings/confirm-settlement: a second person confirms the settlement account. */
export async function confirmSettlementAccount(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  version: number,
): Promise<PaymentSettings> {
  const settings = await deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId, true);
    const current = await findPaymentSettings(tx, companyId, true);
    if (!current?.settlementAccountLast4) {
      throw new HttpError(409, ERROR_CODES.conflict, PAYMENT_MESSAGES.noSettlementAccount);
    }
    const changer = current.settlementChangedById
      ? await findUserRow(tx, current.settlementChangedById)
      : undefined;
    checkConfirmation(
      actor,
      {
        version: current.settlementVersion,
        confirmedAt: current.settlementConfirmedAt,
        changedById: current.settlementChangedById,
      },
      version,
      changer,
    );
    const row = await upsertPaymentSettings(tx, {
      ...current,
      settlementConfirmedById: actor.id,
      settlementConfirmedAt: new Date(),
    });
    await recordActivity(tx, actor, 'company', companyId, {
      action: 'payments.settlement.confirm',
      status: 'CONFIRMED',
      version,
      description: `${personName(actor)} confirmed the settlement account ••••${row.settlementAccountLast4} of ${name}${changer ? ` entered by ${personName(changer)}` : ''}`,
      details: {
        version,
        changedById: current.settlementChangedById,
        changedAt: current.settlementChangedAt,
      },
    });
    return settingsView(tx, row);
  });
  await retryWaitingFiles(deps, actor, companyId);
  return settings;
}

export async function getVendorAccounts(db: Db, companyId: number): Promise<VendorAccounts> {
  await companyName(db, companyId);
  const [accounts, missing] = await Promise.all([
    listVendorAccounts(db, companyId),
    missingVendors(db, companyId),
  ]);
  const people = await peopleByIds(
    db,
    accounts.flatMap((row) => [row.changedById, row.confirmedById]),
  );
  return { accounts: accounts.map((row) => toVendorAccount(row, people)), missingVendors: missing };
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
      const at = new Date();
      const version = await recordAccountVersion(tx, {
        companyId,
        accountKey: vendorAccountKey(input.vendorRef),
        routingNumber: input.routingNumber,
        accountLast4: last4(input.accountNumber),
        accountType: input.accountType,
        actor,
        at,
      });
      const row = await insertVendorAccount(tx, {
        companyId,
        vendorRef: input.vendorRef,
        vendorName: input.vendorName,
        routingNumber: input.routingNumber,
        accountNumberEnc: encryptSecret(input.accountNumber, deps.config.bankAccountKey),
        accountLast4: last4(input.accountNumber),
        accountType: input.accountType,
        version,
        changedById: actor.id,
        changedAt: at,
        confirmedById: null,
        confirmedAt: null,
      });
      await recordActivity(tx, actor, 'company', companyId, {
        action: 'payments.vendor_account.create',
        status: 'PENDING',
        version,
        description: `${personName(actor)} added the bank account ••••${row.accountLast4} of ${row.vendorName} to ${name}`,
        details: {
          vendorRef: row.vendorRef,
          routingNumber: row.routingNumber,
          accountType: row.accountType,
          version,
        },
      });
      await tellOpenApprovals(
        tx,
        actor,
        companyId,
        row.vendorRef,
        'approval.vendor_account_change',
        `${personName(actor)} added the bank account of ${row.vendorName}: routing ${row.routingNumber}, ••••${row.accountLast4} (${row.accountType}); it waits for a second person's confirmation`,
        { vendorRef: row.vendorRef, version },
      );
      return accountView(tx, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw vendorExists();
    throw error;
  }
}

async function existingAccount(db: Db, companyId: number, accountId: number, forUpdate = false) {
  const row = await findVendorAccount(db, companyId, accountId, forUpdate);
  if (!row) throw notFound(PAYMENT_MESSAGES.vendorAccountNotFound);
  return row;
}

/** The bank's notification of change a change comes from (null: a change made by hand). */
export interface AccountCorrection {
  code: string;
  description: string;
  receivedAt: Date;
}

/**
 * Every change of a vendor's account, by hand or from the bank's notification of change
 * (`correction`): a new version, pending until a second person confirms it. Inside a caller's
 * transaction (deps.db a transaction) it runs in a savepoint of it.
 */
export async function changeVendorAccount(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: UserRow,
  companyId: number,
  accountId: number,
  input: VendorAccountUpdate,
  correction: AccountCorrection | null = null,
): Promise<VendorAccount> {
  const why = correction
    ? ` as the bank's notification of change ${correction.code} (${correction.description}) says`
    : '';
  return deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId);
    const current = await existingAccount(tx, companyId, accountId, true);
    const at = new Date();
    const accountLast4 =
      input.accountNumber === undefined ? current.accountLast4 : last4(input.accountNumber);
    // Every change, the name on the file included, is a new version waiting for confirmation.
    const version = await recordAccountVersion(tx, {
      companyId,
      accountKey: vendorAccountKey(current.vendorRef),
      currentVersion: current.version,
      routingNumber: input.routingNumber,
      accountLast4,
      accountType: input.accountType,
      actor,
      at,
    });
    const row = await updateVendorAccount(tx, accountId, {
      vendorName: input.vendorName,
      routingNumber: input.routingNumber,
      accountType: input.accountType,
      ...(input.accountNumber === undefined
        ? {}
        : {
            accountNumberEnc: encryptSecret(input.accountNumber, deps.config.bankAccountKey),
            accountLast4,
          }),
      version,
      changedById: actor.id,
      changedAt: at,
      confirmedById: null,
      confirmedAt: null,
      // The NOC stays on the account as why it changed; a change by hand replaces its reason.
      correctionCode: correction?.code ?? null,
      correctionVersion: correction ? version : null,
      correctionAt: correction?.receivedAt ?? null,
    });
    await recordActivity(tx, actor, 'company', companyId, {
      action: 'payments.vendor_account.update',
      status: 'PENDING',
      version,
      description: `${personName(actor)} changed the bank account of ${row.vendorName} at ${name} (••••${current.accountLast4} → ••••${row.accountLast4})${why}`,
      details: {
        vendorRef: row.vendorRef,
        routingNumber: { from: current.routingNumber, to: row.routingNumber },
        accountType: { from: current.accountType, to: row.accountType },
        version,
        ...(correction ? { correctionCode: correction.code } : {}),
      },
    });
    await tellOpenApprovals(
      tx,
      actor,
      companyId,
      row.vendorRef,
      'approval.vendor_account_change',
      `${personName(actor)} changed the bank account of ${row.vendorName}${why}: routing ${current.routingNumber} ••••${current.accountLast4} → ${row.routingNumber} ••••${row.accountLast4} (${row.accountType}); it waits for a second person's confirmation`,
      { vendorRef: row.vendorRef, version, from: current.version },
    );
    return accountView(tx, row);
  });
}

/** PUT …/vendor-accounts/{accountId}/confirm: a second person confirms the version they reviewed. */
export async function confirmVendorAccount(
  deps: AppDeps,
  actor: UserRow,
  companyId: number,
  accountId: number,
  version: number,
): Promise<VendorAccount> {
  const account = await deps.db.transaction(async (tx) => {
    const name = await companyName(tx, companyId);
    const current = await existingAccount(tx, companyId, accountId, true);
    const changer = current.changedById ? await findUserRow(tx, current.changedById) : undefined;
    checkConfirmation(actor, current, version, changer);
    const row = await updateVendorAccount(tx, accountId, {
      confirmedById: actor.id,
      confirmedAt: new Date(),
    });
    await recordActivity(tx, actor, 'company', companyId, {
      action: 'payments.vendor_account.confirm',
      status: 'CONFIRMED',
      version,
      description: `${personName(actor)} confirmed the bank account ••••${row.accountLast4} of ${row.vendorName} at ${name}${changer ? ` entered by ${personName(changer)}` : ''}`,
      details: {
        vendorRef: row.vendorRef,
        version,
        changedById: current.changedById,
        changedAt: current.changedAt,
      },
    });
    await tellOpenApprovals(
      tx,
      actor,
      companyId,
      row.vendorRef,
      'approval.vendor_account_confirm',
      `${personName(actor)} confirmed the bank account of ${row.vendorName} (routing ${row.routingNumber}, ••••${row.accountLast4})${changer ? ` entered by ${personName(changer)}` : ''}`,
      { vendorRef: row.vendorRef, version },
    );
    return accountView(tx, row);
  });
  await retryWaitingFiles(deps, actor, companyId, account.vendorRef);
  return account;
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
    await recordActivity(tx, actor, 'company', companyId, {
      action: 'payments.vendor_account.delete',
      description: `${personName(actor)} removed the bank account ••••${current.accountLast4} of ${current.vendorName} from ${name}`,
      details: { vendorRef: current.vendorRef },
    });
  });
}

// What other modules read of bank accounts: through this service, never through the repositories.
export { recentAccountChangers } from './bank-account-control.repository';
export { findPaymentSettings, vendorAccountsByRef } from './payment-accounts.repository';
