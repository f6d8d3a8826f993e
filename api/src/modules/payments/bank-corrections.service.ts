/**
 * Notifications of change (NOC, SEC code COR): the receiving bank posted the payment but says the
 * vendor's account details were wrong, and sends the right ones. The payment stands (a NOC is not a
 * return). Applied in the upload's transaction, beside the returns: each NOC is matched by its
 * original trace number to the entry the console wrote (unmatched and mismatched lines change
 * nothing, as for returns); the entry records the correction, and for the codes that correct the
 * account (C01, C02, C03, C05, C06, C07) the vendor's account gets a PENDING change through the
 * one account-change path, made by the uploader, so a second person must confirm it before any
 * bank file pays the vendor again.
 */
import {
  BANK_RETURN_ERRORS,
  BANK_RETURN_TEXT,
  ERROR_CODES,
  personName,
  type BankAccountType,
  type BankReturnLine,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { BankFileEntryRow, UserRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { ChangeEntry } from '../../payments/nacha-returns';
import { decryptSecret } from '../../security/token-cipher';
import { recordActivity } from '../activity/activity.service';
import { shortId } from './bank-files.service';
import { lockVendorAccount, markEntryCorrected } from './bank-returns.repository';
import { changeVendorAccount } from './payment-accounts.service';

/** A NOC of the file, with the date of its batch. */
export interface ChangeLine {
  entry: ChangeEntry;
  correctedOn: string;
}

const usd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** The first digit of a forward transaction code: 2 checking, 3 savings (4 GL and 5 loan are not vendors'). */
const ACCOUNT_TYPE_OF: Record<string, BankAccountType> = { '2': 'checking', '3': 'savings' };

/**
 * Checks what a NOC corrects can be an account of the console's (a number of 4 to 17 digits, a
 * checking or savings code); anything else refuses the whole file before anything is applied,
 * naming the line of its addenda.
 */
export function checkCorrectedData(change: ChangeEntry): void {
  const { code, correctedData } = change.change;
  const refuse = (what: string) => {
    const message = BANK_RETURN_ERRORS.nocMissingData(change.line + 1, code, what);
    throw new HttpError(400, ERROR_CODES.validation, message, { file: message });
  };
  if (correctedData.accountNumber !== undefined && !/^\d{4,17}$/.test(correctedData.accountNumber)) {
    refuse('account number of 4 to 17 digits');
  }
  if (
    correctedData.transactionCode !== undefined &&
    ACCOUNT_TYPE_OF[correctedData.transactionCode[0]!] === undefined
  ) {
    refuse('checking or savings transaction code');
  }
}

/** 'routing 021000021, ••••6789, savings': what the bank says is right, masked. */
function maskedCorrection(change: ChangeEntry): string | null {
  const { routingNumber, accountNumber, transactionCode } = change.change.correctedData;
  const parts = [
    routingNumber ? `routing ${routingNumber}` : null,
    accountNumber ? `••••${accountNumber.slice(-4)}` : null,
    transactionCode ? ACCOUNT_TYPE_OF[transactionCode[0]!]! : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

interface FileRef {
  id: number;
  fileName: string;
}

/**
 * Inside the upload's transaction, with the entries of the file's traces locked: one line per
 * NOC, and what each matched one changes. `done` holds the entries already answered by this file.
 */
export async function applyCorrections(
  tx: Db,
  deps: Pick<AppDeps, 'config'>,
  actor: UserRow,
  file: FileRef,
  changes: ChangeLine[],
  entries: Map<string, BankFileEntryRow>,
): Promise<BankReturnLine[]> {
  const lines: BankReturnLine[] = [];
  const done = new Set<number>();
  for (const item of changes) {
    const { entry: line } = item;
    const entry = entries.get(line.change.originalTraceNumber);
    const base: BankReturnLine = {
      line: line.line,
      originalTraceNumber: line.change.originalTraceNumber,
      code: line.change.code,
      description: line.change.description,
      amountCents: line.amountCents,
      routingNumber: line.change.originalReceivingDfiIdentification,
      outcome: 'UNMATCHED',
      reason: BANK_RETURN_TEXT.unmatched,
      approvalId: entry?.approvalId ?? null,
      billId: entry?.billId ?? null,
      vendorName: entry?.vendorName ?? null,
      correctedData: maskedCorrection(line),
    };
    if (!entry) {
      lines.push(base);
      continue;
    }
    if (done.has(entry.id) || entry.correctionCode === line.change.code) {
      lines.push({ ...base, reason: BANK_RETURN_TEXT.alreadyCorrected });
      continue;
    }
    // A NOC carries no money, so only the receiving bank is compared.
    const sentTo = entry.routingNumber.slice(0, 8);
    if (line.change.originalReceivingDfiIdentification !== sentTo) {
      lines.push({
        ...base,
        outcome: 'MISMATCH',
        reason: BANK_RETURN_TEXT.mismatch(
          `receiving bank ${line.change.originalReceivingDfiIdentification}, sent to ${sentTo}`,
        ),
      });
      continue;
    }
    done.add(entry.id);
    const reason = await applyOne(tx, deps, actor, file, item, entry);
    lines.push({ ...base, outcome: 'CORRECTED', reason });
  }
  return lines;
}

/** One matched NOC: the entry's record, the account's pending change, the approval's history. */
async function applyOne(
  tx: Db,
  deps: Pick<AppDeps, 'config'>,
  actor: UserRow,
  file: FileRef,
  item: ChangeLine,
  entry: BankFileEntryRow,
): Promise<string> {
  const { code, description, correctedData } = item.entry.change;
  await markEntryCorrected(tx, entry.id, {
    code,
    description,
    correctedOn: item.correctedOn,
    fileId: file.id,
  });
  const reason = await correctAccount(tx, deps, actor, item, entry);
  await recordActivity(tx, actor, 'approval', entry.approvalId, {
    action: 'approval.payment_corrected',
    description: `Notification of change ${code} ${description} — ${usd(entry.amountCents)} to ${entry.vendorName} (bill ${entry.billId}, approval #${shortId(entry.approvalId)}): the payment stands; ${reason}`,
    details: {
      code,
      description,
      billId: entry.billId,
      amountCents: entry.amountCents,
      vendorName: entry.vendorName,
      traceNumber: entry.traceNumber,
      correctedOn: item.correctedOn,
      returnFile: file.fileName,
      correctedData: maskedCorrection(item.entry),
      corrects: Object.keys(correctedData),
    },
  });
  return reason;
}

/** The vendor's account changed as the NOC says, pending; or why it was not. */
async function correctAccount(
  tx: Db,
  deps: Pick<AppDeps, 'config'>,
  actor: UserRow,
  item: ChangeLine,
  entry: BankFileEntryRow,
): Promise<string> {
  const { code, description, correctedData } = item.entry.change;
  const { routingNumber, accountNumber, transactionCode } = correctedData;
  if (routingNumber === undefined && accountNumber === undefined && transactionCode === undefined) {
    return BANK_RETURN_TEXT.correctionNotApplied(code, description);
  }
  const account = await lockVendorAccount(tx, entry.companyId, entry.vendorRef);
  if (!account) return BANK_RETURN_TEXT.noAccount(entry.vendorName);
  // The NOC is about the account the entry paid; one changed since is not overwritten by it.
  if (account.routingNumber !== entry.routingNumber || account.accountLast4 !== entry.accountLast4) {
    return BANK_RETURN_TEXT.accountChangedSince(entry.vendorName);
  }
  const accountType = transactionCode ? ACCOUNT_TYPE_OF[transactionCode[0]!]! : account.accountType;
  const stored = decryptSecret(account.accountNumberEnc, deps.config.bankAccountKey);
  const unchanged =
    (routingNumber ?? account.routingNumber) === account.routingNumber &&
    (accountNumber === undefined || accountNumber === stored) &&
    accountType === account.accountType;
  if (unchanged) return BANK_RETURN_TEXT.alreadyCorrected;
  await changeVendorAccount(
    { db: tx, config: deps.config },
    actor,
    entry.companyId,
    account.id,
    {
      vendorName: account.vendorName,
      routingNumber: routingNumber ?? account.routingNumber,
      ...(accountNumber === undefined ? {} : { accountNumber }),
      accountType,
    },
    { code, description, receivedAt: new Date() },
  );
  return `${BANK_RETURN_TEXT.corrected(entry.vendorName)} (changed by ${personName(actor)})`;
}
