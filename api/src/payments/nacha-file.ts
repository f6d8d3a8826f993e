/**
 * Writes a NACHA ACH file of vendor credits: one CCD batch, byte for byte as a bank reads it
 * (positions and rules as the NACHA Operating Rules and moov-io/ach, a widely used reader, define them).
 *
 * Pure: no clock, no database. The caller chooses the creation time, File ID Modifier, effective
 * date and batch number, so the same input always gives the same bytes (and tests can pin them).
 */
import { BANK_ENTRY_AMOUNT_MAX_CENTS, isValidRoutingNumber } from 'shared-contracts';
import {
  BATCH_CONTROL,
  BATCH_HEADER,
  BLOCKING_FACTOR,
  ENTRY_DETAIL,
  ADDENDA_05,
  entryHashOf,
  FILE_CONTROL,
  FILE_HEADER,
  formatRecord,
  NachaError,
  numericField,
  PADDING_RECORD,
  RECORD_LENGTH,
  toYymmdd,
} from './nacha-records';

export { BLOCKING_FACTOR, NachaError, RECORD_LENGTH, toNachaText } from './nacha-records';

/** One LF after every record, the last included (banks accept LF or CRLF). */
export const LINE_ENDING = '\n';
/** Largest amount of one entry: 10 digits of cents, $99,999,999.99 (approvals are held to it too). */
export const ENTRY_AMOUNT_MAX_CENTS = BANK_ENTRY_AMOUNT_MAX_CENTS;
/** Largest file debit or credit total: 12 digits of cents, $9,999,999,999.99. */
export const FILE_TOTAL_MAX_CENTS = 999_999_999_999;
/** File ID Modifiers in the order a day's files use them: A–Z, then 0–9. */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type BankAccountType = 'checking' | 'savings';

/** Who sends the file and through which bank (the company's originator settings). */
export interface NachaOriginator {
  /** Routing number of the ODFI, the bank that receives the file (File Header 4-13, Batch 80-87). */
  odfiRoutingNumber: string;
  /** 10 characters: `1` + EIN as the ODFI assigned it (File Header 14-23, Batch 41-50). */
  companyIdentification: string;
  /** Company Name of the batch, at most 16 characters. */
  companyName: string;
  /** Company Entry Description, at most 10 characters, e.g. VENDOR PAY. */
  entryDescription: string;
  /** Immediate Destination Name (the ODFI's name), at most 23 characters. */
  immediateDestinationName: string;
  /** Immediate Origin Name (the company), at most 23 characters. */
  immediateOriginName: string;
  /** When present the file is balanced: service class 200 with an offsetting debit to this account. */
  settlementAccount?: { accountNumber: string; accountType: BankAccountType } | undefined;
}

/** One vendor credit. */
export interface NachaCredit {
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountType;
  amountCents: number;
  /** The vendor, at most 22 characters (Receiving Company Name). */
  receiverName: string;
  /** Identification Number, at most 15 characters (e.g. the bill id). */
  identificationNumber: string;
  /** Payment-related information of an 05 addenda (at most 80 characters), e.g. the bill number. */
  addenda?: string | undefined;
}

export interface NachaFileInput {
  originator: NachaOriginator;
  credits: readonly NachaCredit[];
  /** Creation date 'YYYY-MM-DD' and time 'HHMM' (the originator's local time). */
  creationDate: string;
  creationTime: string;
  fileIdModifier: string;
  /** Effective Entry Date 'YYYY-MM-DD': a banking day (see banking-days.ts). */
  effectiveEntryDate: string;
  /** Batch Number, 1 to 9,999,999. */
  batchNumber: number;
  /** Reference Code, at most 8 characters. */
  referenceCode?: string | undefined;
  /**
   * Sequence part (7 digits) of the first entry's trace number; the next entries follow it. 1 by
   * default. The console draws it from one counter for all its files, so an original trace number
   * names one entry of one file when the bank sends it back.
   */
  firstTraceSequence?: number | undefined;
}

export interface NachaFileSummary {
  serviceClassCode: '200' | '220';
  entryCount: number;
  entryAddendaCount: number;
  totalCreditCents: number;
  totalDebitCents: number;
  entryHash: string;
  recordCount: number;
  blockCount: number;
}

function checkRouting(value: string, what: string): string {
  if (!isValidRoutingNumber(value)) {
    throw new NachaError('INVALID_ROUTING_NUMBER', `${what}: ${value} is not a valid routing number`);
  }
  return value;
}

function checkAccount(value: string, what: string): string {
  if (!/^[0-9A-Za-z-]{1,17}$/.test(value)) {
    throw new NachaError(
      'INVALID_ACCOUNT_NUMBER',
      `${what}: the account number must be 1 to 17 letters or digits`,
    );
  }
  return value;
}

function record(text: string): string {
  if (text.length !== RECORD_LENGTH) {
    throw new Error(`NACHA record of ${text.length} characters instead of ${RECORD_LENGTH}: ${text}`);
  }
  return text;
}

const transactionCode = (type: BankAccountType, side: 'credit' | 'debit'): string =>
  (type === 'checking' ? '2' : '3') + (side === 'credit' ? '2' : '7');

interface Entry {
  code: string;
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  identificationNumber: string;
  receiverName: string;
  addenda?: string | undefined;
}

/**
 * The whole file as text, and its control figures. Throws NachaError (nothing written) for a
 * routing or account number a bank would refuse, an amount of zero or over the entry limit, or
 * totals over the file limit.
 */
export function writeNachaFile(input: NachaFileInput): { text: string; summary: NachaFileSummary } {
  const odfi = checkFileInput(input);
  const entries = checkedEntries(input.credits);
  const totalCreditCents = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (totalCreditCents > FILE_TOTAL_MAX_CENTS) {
    throw new NachaError(
      'FILE_TOTAL_OVER_LIMIT',
      'The credit total is over the NACHA file limit of $9,999,999,999.99',
    );
  }
  const offset = offsetEntry(input.originator, odfi, totalCreditCents);
  if (offset) entries.push(offset);
  const batch: BatchFigures = {
    serviceClassCode: offset ? '200' : '220',
    odfiIdentification: odfi.slice(0, 8),
    batchNumber: numericField(input.batchNumber, 7, 'Batch number'),
    companyIdentification: input.originator.companyIdentification,
    totalCreditCents,
    totalDebitCents: offset ? totalCreditCents : 0,
  };

  const lines = [fileHeaderRecord(input, odfi), batchHeaderRecord(input, batch)];
  const entryLines = entryRecords(entries, batch.odfiIdentification, input.firstTraceSequence ?? 1);
  lines.push(...entryLines);
  const entryHash = entryHashOf(entries.map((entry) => entry.routingNumber.slice(0, 8)));
  const counts = { entryAddendaCount: entryLines.length, entryHash };
  lines.push(batchControlRecord(batch, counts));
  const recordCount = lines.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  lines.push(fileControlRecord(batch, counts, blockCount));
  // Fill the last block with records of 94 nines.
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push(PADDING_RECORD);

  return {
    text: lines.join(LINE_ENDING) + LINE_ENDING,
    summary: {
      serviceClassCode: batch.serviceClassCode,
      entryCount: entries.length,
      entryAddendaCount: counts.entryAddendaCount,
      totalCreditCents,
      totalDebitCents: batch.totalDebitCents,
      entryHash,
      recordCount: lines.length,
      blockCount,
    },
  };
}

/** The ODFI routing number, once the file-level input is one a bank accepts. */
function checkFileInput(input: NachaFileInput): string {
  const { originator } = input;
  if (input.credits.length === 0) throw new NachaError('NO_ENTRIES', 'A NACHA file needs at least one entry');
  const odfi = checkRouting(originator.odfiRoutingNumber, 'ODFI');
  if (
    !/^[0-9A-Za-z]{10}$/.test(originator.companyIdentification) ||
    /^0+$/.test(originator.companyIdentification)
  ) {
    throw new NachaError('INVALID_FIELD', 'Company identification must be 10 letters or digits (1 + EIN)');
  }
  if (!FILE_ID_MODIFIERS.includes(input.fileIdModifier) || input.fileIdModifier.length !== 1) {
    throw new NachaError('INVALID_FIELD', 'File ID Modifier must be one of A-Z or 0-9');
  }
  if (!/^\d{4}$/.test(input.creationTime))
    throw new NachaError('INVALID_FIELD', 'Creation time must be HHMM');
  if (!Number.isInteger(input.batchNumber) || input.batchNumber < 1 || input.batchNumber > 9_999_999) {
    throw new NachaError('INVALID_FIELD', 'Batch number must be a whole number from 1 to 9999999');
  }
  return odfi;
}

function checkedEntries(credits: readonly NachaCredit[]): Entry[] {
  return credits.map((credit, index) => {
    const what = `Entry ${index + 1} (${credit.receiverName})`;
    if (!Number.isSafeInteger(credit.amountCents) || credit.amountCents <= 0) {
      throw new NachaError('INVALID_AMOUNT', `${what}: the amount must be a positive number of cents`);
    }
    if (credit.amountCents > ENTRY_AMOUNT_MAX_CENTS) {
      throw new NachaError(
        'AMOUNT_OVER_LIMIT',
        `${what}: ${credit.amountCents} cents is over the NACHA entry limit of $99,999,999.99`,
      );
    }
    return {
      code: transactionCode(credit.accountType, 'credit'),
      routingNumber: checkRouting(credit.routingNumber, what),
      accountNumber: checkAccount(credit.accountNumber, what),
      amountCents: credit.amountCents,
      identificationNumber: credit.identificationNumber,
      receiverName: credit.receiverName,
      addenda: credit.addenda,
    };
  });
}

/** A balanced file carries one offsetting debit to the originator's own account at the ODFI. */
function offsetEntry(originator: NachaOriginator, odfi: string, totalCreditCents: number): Entry | undefined {
  const settlement = originator.settlementAccount;
  if (!settlement) return undefined;
  if (totalCreditCents > ENTRY_AMOUNT_MAX_CENTS) {
    throw new NachaError(
      'AMOUNT_OVER_LIMIT',
      'The offsetting debit is over the NACHA entry limit of $99,999,999.99',
    );
  }
  return {
    code: transactionCode(settlement.accountType, 'debit'),
    routingNumber: odfi,
    accountNumber: checkAccount(settlement.accountNumber, 'Settlement account'),
    amountCents: totalCreditCents,
    identificationNumber: '',
    receiverName: 'OFFSET',
  };
}

/** What the batch header, batch control and file control share. */
interface BatchFigures {
  serviceClassCode: '200' | '220';
  odfiIdentification: string;
  batchNumber: string;
  companyIdentification: string;
  totalCreditCents: number;
  totalDebitCents: number;
}

function fileHeaderRecord(input: NachaFileInput, odfi: string): string {
  const { originator } = input;
  return record(
    formatRecord(FILE_HEADER, {
      immediateDestination: ` ${odfi}`,
      immediateOrigin: originator.companyIdentification,
      creationDate: toYymmdd(input.creationDate, 'Creation date'),
      creationTime: input.creationTime,
      fileIdModifier: input.fileIdModifier,
      immediateDestinationName: originator.immediateDestinationName,
      immediateOriginName: originator.immediateOriginName,
      referenceCode: input.referenceCode ?? '',
    }),
  );
}

function batchHeaderRecord(input: NachaFileInput, batch: BatchFigures): string {
  return record(
    formatRecord(BATCH_HEADER, {
      serviceClassCode: batch.serviceClassCode,
      companyName: input.originator.companyName,
      companyIdentification: batch.companyIdentification,
      standardEntryClassCode: 'CCD',
      companyEntryDescription: input.originator.entryDescription,
      effectiveEntryDate: toYymmdd(input.effectiveEntryDate, 'Effective entry date'),
      originatorStatusCode: '1',
      odfiIdentification: batch.odfiIdentification,
      batchNumber: batch.batchNumber,
    }),
  );
}

/** Each entry's 6 record, and its 05 addenda when it has one; traces number them from `first`. */
function entryRecords(entries: readonly Entry[], odfiIdentification: string, first: number): string[] {
  const lines: string[] = [];
  entries.forEach((entry, index) => {
    const trace = odfiIdentification + numericField(first + index, 7, 'Trace sequence');
    const hasAddenda = entry.addenda !== undefined && entry.addenda.trim() !== '';
    lines.push(
      record(
        formatRecord(
          ENTRY_DETAIL,
          {
            transactionCode: entry.code,
            rdfiIdentification: entry.routingNumber.slice(0, 8),
            checkDigit: entry.routingNumber.slice(8),
            accountNumber: entry.accountNumber,
            amount: entry.amountCents,
            identificationNumber: entry.identificationNumber,
            receiverName: entry.receiverName,
            addendaRecordIndicator: hasAddenda ? '1' : '0',
            traceNumber: trace,
          },
          { amount: 'Amount' },
        ),
      ),
    );
    if (hasAddenda) {
      lines.push(
        record(
          formatRecord(ADDENDA_05, {
            paymentRelatedInformation: entry.addenda ?? '',
            addendaSequenceNumber: 1,
            entryDetailSequenceNumber: trace.slice(-7),
          }),
        ),
      );
    }
  });
  return lines;
}

interface Counts {
  entryAddendaCount: number;
  entryHash: string;
}

function batchControlRecord(batch: BatchFigures, counts: Counts): string {
  return record(
    formatRecord(
      BATCH_CONTROL,
      {
        serviceClassCode: batch.serviceClassCode,
        entryAddendaCount: counts.entryAddendaCount,
        entryHash: counts.entryHash,
        totalDebit: batch.totalDebitCents,
        totalCredit: batch.totalCreditCents,
        companyIdentification: batch.companyIdentification,
        odfiIdentification: batch.odfiIdentification,
        batchNumber: batch.batchNumber,
      },
      CONTROL_LABELS,
    ),
  );
}

function fileControlRecord(batch: BatchFigures, counts: Counts, blockCount: number): string {
  return record(
    formatRecord(
      FILE_CONTROL,
      {
        batchCount: 1,
        blockCount,
        entryAddendaCount: counts.entryAddendaCount,
        entryHash: counts.entryHash,
        totalDebit: batch.totalDebitCents,
        totalCredit: batch.totalCreditCents,
      },
      { ...CONTROL_LABELS, batchCount: 'Batch count', blockCount: 'Block count' },
    ),
  );
}

const CONTROL_LABELS = {
  entryAddendaCount: 'Entry/addenda count',
  totalDebit: 'Total debit',
  totalCredit: 'Total credit',
} as const;

/** The File ID Modifier of a day's n-th file of one originator (0-based): A…Z, 0…9, then none. */
export function fileIdModifierFor(filesAlreadyToday: number): string {
  const modifier = FILE_ID_MODIFIERS[filesAlreadyToday];
  if (modifier === undefined) {
    throw new NachaError(
      'INVALID_FIELD',
      'This originator already has 36 files today, the most one day allows',
    );
  }
  return modifier;
}
