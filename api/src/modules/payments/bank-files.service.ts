import {
  APPROVAL_ERRORS,
  APPROVAL_ID_SHOWN,
  billNumberKey,
  DUPLICATE_WINDOW_DAYS,
  type Bill,
} from 'shared-contracts';
import { paidUnderAnotherId, unacknowledgedPaidDuplicates } from '../bills/duplicate-bills';
import { paidBillsMatching } from '../bills/paid-bills';
import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation, retryOnConflict } from '../../db/errors';
import type { ApprovalRow, PaymentSettingsRow, UserRow, VendorBankAccountRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { civilDateTime, nextBankingDay } from '../../payments/banking-days';
import {
  ENTRY_AMOUNT_MAX_CENTS,
  fileIdModifierFor,
  NachaError,
  writeNachaFile,
  type NachaCredit,
} from '../../payments/nacha-file';
import { validateNachaFile } from '../../payments/nacha-validator';
import { decryptSecret } from '../../security/token-cipher';
import { recordActivity } from '../activity/activity.service';
import {
  drawTraceSequences,
  findApproval,
  findApprovalForUpdate,
  findCompanyName,
  insertBankFile,
  lockAndCountFilesOfDay,
  lockCompanyFiles,
  markFileGenerated,
  nextBatchNumber,
  setPaymentStatus,
} from './bank-files.repository';
import { checkAccounts, NotPayable } from './decision-accounts';
import { findPaymentSettings, vendorAccountsByRef } from './payment-accounts.repository';

/**
 * From an APPROVED approval to its bank file. The approval moves APPROVED → NACHA_PENDING
 * (committed first, so a crash mid-way leaves a visible, retryable state) → NACHA_GENERATED, with a
 * history entry at each step. The file, its paid_bills rows and the approval's nacha* fields are
 * written in ONE transaction: paid_bills' primary key (company, bill id) makes paying a bill twice
 * impossible even when two approvals holding it are generated at the same moment.
 *
 * When something is missing (settings, a vendor account, an amount over the limit, a bill already
 * paid) the approval goes back to APPROVED with `nachaProcessingStatus` saying exactly what, and a
 * history entry; 'Generate NACHA file' (POST …/nacha) retries once it is fixed.
 */

/** ACH runs on US Eastern time: creation date/time and the next banking day are read there. */
export const ACH_TIME_ZONE = 'America/New_York';
export const NACHA_GENERATED = 'GENERATED';

export const BANK_FILE_ERRORS = {
  notApproved: 'Only an approved approval can get a bank file',
  alreadyGenerated: 'A bank file was already generated for this approval',
  noFile: 'This approval has no bank file',
  wrongOrder: (from: string, to: string) => `An approval in status ${from} cannot be marked ${to}`,
} as const;

export const nachaDownloadPath = (approvalId: string) => `/api/bill-approval/approvals/${approvalId}/nacha`;

export const shortId = (id: string) => id.slice(0, APPROVAL_ID_SHOWN);
const toCents = (amount: number) => Math.round(amount * 100);
const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * 409 while QuickBooks reported a change to one of the approval's bills after it was decided:
 * nobody writes, downloads or sends a bank file for bills that are no longer what was approved
 * until someone decides again (PUT …/qb-changes/confirm).
 */
export function refuseIfChangedInQuickBooks(row: Pick<ApprovalRow, 'qbChangesAfterDecision'>): void {
  if (holdsBankFile(row)) {
    throw new HttpError(409, 'CONFLICT', APPROVAL_ERRORS.changedInQuickBooks);
  }
}

/** A change that holds the file (one that arrived after the file was at the bank only warns). */
export function holdsBankFile(row: Pick<ApprovalRow, 'qbChangesAfterDecision'>): boolean {
  return (row.qbChangesAfterDecision ?? []).some((change) => change.held !== false);
}

export async function lockApproval(db: Db, id: string): Promise<ApprovalRow> {
  const row = await findApprovalForUpdate(db, id);
  if (!row) throw notFound('Approval not found');
  return row;
}

function approvedBillsOf(row: ApprovalRow): Bill[] {
  const bills = row.approvedBills ?? [];
  return bills.length > 0 ? bills : [];
}

interface Outcome {
  status: 'NACHA_GENERATED' | 'APPROVED';
  nachaProcessingStatus: string;
}

/** What writing a file needs: the database, the account-number key and a log for the unexpected. */
export type BankFileDeps = Pick<AppDeps, 'db' | 'log'> & { config: Pick<AppConfig, 'bankAccountKey'> };

/**
 * Generates the file of an APPROVED approval (also one left NACHA_PENDING by a crash). Called right
 * after an approve commits, and by the 'Generate NACHA file' action. A second generation of a
 * generated approval is refused (409).
 */
export async function generateBankFile(
  deps: BankFileDeps,
  actor: UserRow,
  approvalId: string,
): Promise<Outcome> {
  // Each step moves the approval on the status counters an import's pages write: one the database
  // rolls back to break a deadlock runs again. The steps hold database work only (the file is a row;
  // a batch number a rolled-back attempt drew is skipped, as after any file that failed).
  // Step 1: claim it (APPROVED → NACHA_PENDING), committed on its own.
  await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const row = await lockApproval(tx, approvalId);
      if (row.nachaFileGenerated || row.status === 'NACHA_GENERATED') {
        throw new HttpError(409, 'CONFLICT', BANK_FILE_ERRORS.alreadyGenerated);
      }
      if (row.status !== 'APPROVED' && row.status !== 'NACHA_PENDING') {
        throw new HttpError(409, 'CONFLICT', BANK_FILE_ERRORS.notApproved);
      }
      refuseIfChangedInQuickBooks(row);
      await setPaymentStatus(tx, approvalId, 'NACHA_PENDING', 'PENDING');
      await recordActivity(tx, actor, 'approval', approvalId, {
        action: 'approval.nacha_pending',
        status: 'NACHA_PENDING',
        description: `Bank file of approval #${shortId(approvalId)} is being generated`,
        details: { from: row.status, to: 'NACHA_PENDING' },
      });
    }),
  );

  // Step 2: write it, or say why not.
  try {
    return await retryOnConflict(() =>
      deps.db.transaction((tx) => writeFileFor(deps, tx, actor, approvalId)),
    );
  } catch (error) {
    // Refusals (e.g. a concurrent call generated it first) are answered as they are.
    if (error instanceof HttpError) throw error;
    const reason =
      error instanceof NotPayable || error instanceof NachaError
        ? error.message
        : isUniqueViolation(error)
          ? await alreadyPaidReason(deps.db, approvalId)
          : null;
    if (reason === null) {
      deps.log.error({ err: error, approvalId }, 'bank file generation failed');
    }
    const status = reason ?? 'Bank file generation failed unexpectedly; try again';
    await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const row = await lockApproval(tx, approvalId);
        if (row.status !== 'NACHA_PENDING') return;
        await setPaymentStatus(tx, approvalId, 'APPROVED', status);
        await recordActivity(tx, actor, 'approval', approvalId, {
          action: 'approval.nacha_failed',
          status: 'APPROVED',
          description: `Bank file of approval #${shortId(approvalId)} was not generated: ${status}`,
          details: { from: 'NACHA_PENDING', to: 'APPROVED', reason: status },
        });
      }),
    );
    return { status: 'APPROVED', nachaProcessingStatus: status };
  }
}

/** Step 2 in one transaction: read the accounts, build the entries, write and check the file, store it. */
async function writeFileFor(
  deps: BankFileDeps,
  tx: Db,
  actor: UserRow,
  approvalId: string,
): Promise<Outcome> {
  const payable = await readAccounts(tx, approvalId);
  const entries = buildEntries(payable, deps.config.bankAccountKey);
  const file = await writeAndValidate(tx, payable.settings, entries);
  await storeFile(tx, actor, approvalId, payable, file);
  return { status: 'NACHA_GENERATED', nachaProcessingStatus: NACHA_GENERATED };
}

/** An approval whose every bill can be paid: each vendor has a confirmed, unchanged account. */
interface PayableApproval {
  row: ApprovalRow;
  companyName: string;
  settings: PaymentSettingsRow;
  bills: Bill[];
  accounts: Map<string, VendorBankAccountRow>;
}

/**
 * Locks the NACHA_PENDING approval and reads what pays it: the company's originator settings and
 * its vendors' accounts. Anything that stops the payment is a NotPayable naming it, checked in
 * this order so the reason given is always the first one in the list.
 */
async function readAccounts(tx: Db, approvalId: string): Promise<PayableApproval> {
  const row = await lockApproval(tx, approvalId);
  if (row.status !== 'NACHA_PENDING') throw new HttpError(409, 'CONFLICT', BANK_FILE_ERRORS.notApproved);
  // A change that arrived between the claim and now stops the file the same way.
  if (holdsBankFile(row)) throw new NotPayable(APPROVAL_ERRORS.changedInQuickBooks);
  const companyName = (await findCompanyName(tx, row.companyId)) ?? `company ${row.companyId}`;
  const settings = await findPaymentSettings(tx, row.companyId);
  if (!settings) throw new NotPayable(`Bank file settings are missing for ${companyName}`);

  const bills = approvedBillsOf(row);
  if (bills.length === 0) throw new NotPayable('The approval has no approved bills to pay');
  const noVendor = bills.filter((bill) => !bill.VendorRef?.value);
  if (noVendor.length > 0) {
    throw new NotPayable(
      `Bill ${noVendor.map((bill) => bill.DocNumber ?? bill.Id).join(', ')} has no QuickBooks vendor`,
    );
  }
  const accounts = await vendorAccountsByRef(tx, row.companyId, [
    ...new Set(bills.map((bill) => bill.VendorRef!.value!)),
  ]);
  checkAccounts(row, bills, accounts);
  const overLimit = bills.find((bill) => toCents(bill.TotalAmt) > ENTRY_AMOUNT_MAX_CENTS);
  if (overLimit) {
    throw new NotPayable(
      `Bill ${overLimit.DocNumber ?? overLimit.Id} (${usd(toCents(overLimit.TotalAmt))}) is over the NACHA entry limit of $99,999,999.99`,
    );
  }
  // One company's files are written one at a time from here on, so the checks below see every
  // file another approval wrote before this one: of two approvals of one bill decided at the same
  // moment, the second is refused instead of both being paid.
  await lockCompanyFiles(tx, row.companyId);
  const paid = await paidBillsMatching(tx, row.companyId, bills);
  if (paid.length > 0) throw new NotPayable(paidReason(paid));
  // The same bill under an id and a bill number that only look different ('inv 42' against a paid
  // 'INV-0042' of the same vendor and amount) is paid already too.
  const paidElsewhere = await paidUnderAnotherId(tx, row.companyId, row.id, bills);
  if (paidElsewhere.length > 0) {
    throw new NotPayable(
      paidElsewhere
        .map((entry) =>
          APPROVAL_ERRORS.paidUnderAnotherId(
            entry.bill.DocNumber ? `${entry.bill.Id} (${entry.bill.DocNumber})` : entry.bill.Id,
            entry.paidDocNumber ? `${entry.paidBillId} (${entry.paidDocNumber})` : entry.paidBillId,
            shortId(entry.approvalId),
          ),
        )
        .join('; '),
    );
  }
  // The duplicate rule once more: a bill approved without a reason that matches a paid bill.
  const duplicates = await unacknowledgedPaidDuplicates(tx, row.companyId, row.id, bills);
  if (duplicates.length > 0) {
    throw new NotPayable(
      duplicates
        .map((entry) =>
          APPROVAL_ERRORS.duplicateOfPaidBill(
            entry.bill.DocNumber ? `${entry.bill.Id} (${entry.bill.DocNumber})` : entry.bill.Id,
            entry.paidBillId,
            shortId(entry.paidApprovalId),
            entry.kind === 'BILL_NUMBER'
              ? 'same vendor and bill number'
              : `same vendor and amount within ${DUPLICATE_WINDOW_DAYS} days`,
          ),
        )
        .join('; '),
    );
  }
  return { row, companyName, settings, bills, accounts };
}

/** The credits of the file and the settlement account number (undefined: none), decrypted. */
interface Entries {
  credits: NachaCredit[];
  settlementNumber: string | undefined;
}

function buildEntries(payable: PayableApproval, bankAccountKey: Buffer): Entries {
  const { settings, companyName } = payable;
  const credits: NachaCredit[] = payable.bills.map((bill) => {
    const account = payable.accounts.get(bill.VendorRef!.value!)!;
    const accountNumber = decryptSecret(account.accountNumberEnc, bankAccountKey);
    if (accountNumber === null) {
      throw new NotPayable(`The bank account of ${account.vendorName} cannot be read; enter it again`);
    }
    return {
      routingNumber: account.routingNumber,
      accountNumber,
      accountType: account.accountType,
      amountCents: toCents(bill.TotalAmt),
      receiverName: account.vendorName,
      identificationNumber: bill.Id,
      addenda: bill.DocNumber ? `BILL ${bill.DocNumber}` : `BILL ID ${bill.Id}`,
    };
  });
  const settlementNumber = settings.settlementAccountEnc
    ? decryptSecret(settings.settlementAccountEnc, bankAccountKey)
    : undefined;
  if (settlementNumber === null)
    throw new NotPayable('The settlement account cannot be read; enter it again');
  if (settlementNumber !== undefined && !settings.settlementConfirmedAt) {
    throw new NotPayable(
      `The settlement account of ${companyName} is waiting for a second person's confirmation`,
    );
  }
  return { credits, settlementNumber };
}

/** A written file that the independent reader accepted, and what it is filed under. */
interface WrittenFile {
  text: string;
  summary: ReturnType<typeof writeNachaFile>['summary'];
  now: Date;
  creationDate: string;
  fileIdModifier: string;
  effectiveEntryDate: string;
  batchNumber: number;
  /** The trace number of each credit, in the order of the credits (the bills). */
  traces: string[];
}

async function writeAndValidate(
  tx: Db,
  settings: PaymentSettingsRow,
  entries: Entries,
): Promise<WrittenFile> {
  const { credits, settlementNumber } = entries;
  // One File ID Modifier per originator and day: serialise this originator's files for the day.
  const now = new Date();
  const { date: creationDate, time: creationTime } = civilDateTime(now, ACH_TIME_ZONE);
  const today = await lockAndCountFilesOfDay(tx, {
    odfiRoutingNumber: settings.odfiRoutingNumber,
    companyIdentification: settings.companyIdentification,
    creationDate,
  });
  const fileIdModifier = fileIdModifierFor(today);
  const batchNumber = await nextBatchNumber(tx);
  const effectiveEntryDate = nextBankingDay(creationDate);
  // One more than the credits: the offsetting debit of a balanced file has a trace too.
  const firstTraceSequence = await drawTraceSequences(tx, credits.length + 1);

  const { text, summary } = writeNachaFile({
    originator: {
      odfiRoutingNumber: settings.odfiRoutingNumber,
      companyIdentification: settings.companyIdentification,
      companyName: settings.achCompanyName,
      entryDescription: settings.entryDescription,
      immediateDestinationName: settings.odfiName,
      immediateOriginName: settings.originName,
      settlementAccount:
        settlementNumber && settings.settlementAccountType
          ? { accountNumber: settlementNumber, accountType: settings.settlementAccountType }
          : undefined,
    },
    credits,
    creationDate,
    creationTime,
    fileIdModifier,
    effectiveEntryDate,
    batchNumber,
    firstTraceSequence,
  });
  // Defence in depth: the independent reader must accept what the writer wrote, to the cent.
  const check = validateNachaFile(text);
  const expectedCents = credits.reduce((sum, credit) => sum + credit.amountCents, 0);
  if (check.errors.length > 0 || check.file?.totalCreditCents !== expectedCents) {
    throw new Error(`generated NACHA file failed validation: ${check.errors.join('; ')}`);
  }
  // The traces as the reader read them, each beside the credit (bill) it pays.
  const traces = credits.map((credit, index) => {
    const entry = check.file!.entries[index];
    if (entry?.amountCents !== credit.amountCents)
      throw new Error('generated NACHA file: entries out of order');
    return entry.traceNumber;
  });
  return { text, summary, now, creationDate, fileIdModifier, effectiveEntryDate, batchNumber, traces };
}

/** The file, its paid bills and the approval's nacha* fields, with the history entry. */
async function storeFile(
  tx: Db,
  actor: UserRow,
  approvalId: string,
  payable: PayableApproval,
  file: WrittenFile,
): Promise<void> {
  const { row, settings, bills } = payable;
  const { summary, effectiveEntryDate, fileIdModifier } = file;
  const batch = String(file.batchNumber).padStart(7, '0');
  const fileName = `${batch}.txt`;
  await insertBankFile(
    tx,
    {
      approvalId,
      companyId: row.companyId,
      batchNumber: file.batchNumber,
      fileName,
      odfiRoutingNumber: settings.odfiRoutingNumber,
      companyIdentification: settings.companyIdentification,
      creationDate: file.creationDate,
      fileIdModifier,
      effectiveEntryDate,
      content: file.text,
      entryCount: summary.entryCount,
      totalCreditCents: summary.totalCreditCents,
      totalDebitCents: summary.totalDebitCents,
      createdById: actor.id,
    },
    bills.map((bill) => ({
      companyId: row.companyId,
      billId: bill.Id,
      approvalId,
      amountCents: toCents(bill.TotalAmt),
      vendorRef: bill.VendorRef?.value ?? null,
      // The duplicate check's key (case, spaces, punctuation, leading zeros): the unique index on
      // (company, vendor, key, amount) then refuses 'inv 42' paid at the same moment as 'INV-0042'.
      docNumberKey: billNumberKey(bill.DocNumber),
    })),
    // Each credit, so a return is matched to it by trace number and checked against its amount
    // and routing number.
    bills.map((bill, index) => {
      const account = payable.accounts.get(bill.VendorRef!.value!)!;
      return {
        companyId: row.companyId,
        approvalId,
        billId: bill.Id,
        vendorRef: account.vendorRef,
        vendorName: account.vendorName,
        accountVersion: account.version,
        amountCents: toCents(bill.TotalAmt),
        routingNumber: account.routingNumber,
        accountLast4: account.accountLast4,
        traceNumber: file.traces[index]!,
      };
    }),
  );
  const downloadUrl = nachaDownloadPath(approvalId);
  await markFileGenerated(tx, approvalId, {
    fileName,
    batch,
    at: file.now,
    processingStatus: NACHA_GENERATED,
    downloadUrl,
  });
  // Payments are the bills paid, one credit each: the file's entry count also holds the offsetting
  // debit of a balanced file, which pays nobody.
  const payments = bills.length;
  await recordActivity(tx, actor, 'approval', approvalId, {
    action: 'approval.nacha_generated',
    status: 'NACHA_GENERATED',
    description: `Bank file ${fileName} generated for approval #${shortId(approvalId)}: ${payments} ${payments === 1 ? 'payment' : 'payments'}, ${usd(summary.totalCreditCents)}, effective ${effectiveEntryDate}`,
    details: {
      from: 'NACHA_PENDING',
      to: 'NACHA_GENERATED',
      fileName,
      batchNumber: batch,
      fileIdModifier,
      effectiveEntryDate,
      totalCreditCents: summary.totalCreditCents,
      downloadUrl,
    },
  });
}

/** After a paid_bills conflict between two concurrent generations: which bill, paid by which. */
async function alreadyPaidReason(db: Db, approvalId: string): Promise<string> {
  const row = await findApproval(db, approvalId);
  const bills = row ? approvedBillsOf(row) : [];
  if (!row || bills.length === 0) return 'A bill of this approval was already paid';
  const paid = await paidBillsMatching(db, row.companyId, bills);
  return paid.length > 0 ? paidReason(paid) : 'A bill of this approval was already paid';
}

const paidReason = (paid: Array<{ bill: string; approvalId: string }>) =>
  paid.map((entry) => APPROVAL_ERRORS.alreadyPaid(entry.bill, shortId(entry.approvalId))).join('; ');
