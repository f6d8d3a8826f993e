/**
 * Writes a NACHA ACH file of vendor credits: one CCD batch, byte for byte as a bank reads it
 * (positions and rules as the NACHA Operating Rules and moov-io/ach, a widely used reader, define them).
 *
 * Pure: no clock, no database. The caller chooses the creation time, File ID Modifier, effective
 * date and batch number, so the same input always gives the same bytes (and tests can pin them).
 */
import { BANK_ENTRY_AMOUNT_MAX_CENTS, isValidRoutingNumber } from 'shared-contracts';

/** Every record is 94 characters; files are blocked in tens. */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
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

/** Something a bank would refuse: the file is not written. `code` says which rule. */
export class NachaError extends Error {
  constructor(
    readonly code:
      | 'NO_ENTRIES'
      | 'INVALID_ROUTING_NUMBER'
      | 'INVALID_ACCOUNT_NUMBER'
      | 'INVALID_AMOUNT'
      | 'AMOUNT_OVER_LIMIT'
      | 'FILE_TOTAL_OVER_LIMIT'
      | 'INVALID_FIELD',
    message: string,
  ) {
    super(message);
    this.name = 'NachaError';
  }
}

/**
 * Printable ASCII only: accents are dropped (é → E), anything else non-printable
 * becomes a space; upper case, as banks print it.
 */
export function toNachaText(value: string): string {
  // Most text is plain ASCII already: skip the Unicode work for it.
  if (PRINTABLE_ASCII.test(value)) return value.toUpperCase();
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .toUpperCase();
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Alphanumeric field: left-justified, space-filled, cut to its length. */
function alpha(value: string, length: number): string {
  return toNachaText(value).slice(0, length).padEnd(length, ' ');
}

/** Numeric field: right-justified, zero-filled; a value that does not fit is an error, never cut. */
function numeric(value: number | string, length: number, field: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^\d+$/.test(text) || text.length > length) {
    throw new NachaError('INVALID_FIELD', `${field} must be at most ${length} digits`);
  }
  return text.padStart(length, '0');
}

function yymmdd(date: string, field: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new NachaError('INVALID_FIELD', `${field} must be a YYYY-MM-DD date`);
  return `${match[1]}${match[2]}${match[3]}`;
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
  const { originator } = input;
  if (input.credits.length === 0) throw new NachaError('NO_ENTRIES', 'A NACHA file needs at least one entry');
  const odfi = checkRouting(originator.odfiRoutingNumber, 'ODFI');
  const odfiIdentification = odfi.slice(0, 8);
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

  const entries: Entry[] = input.credits.map((credit, index) => {
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
  const totalCreditCents = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (totalCreditCents > FILE_TOTAL_MAX_CENTS) {
    throw new NachaError(
      'FILE_TOTAL_OVER_LIMIT',
      'The credit total is over the NACHA file limit of $9,999,999,999.99',
    );
  }

  // A balanced file carries one offsetting debit to the originator's own account at the ODFI.
  const settlement = originator.settlementAccount;
  if (settlement) {
    if (totalCreditCents > ENTRY_AMOUNT_MAX_CENTS) {
      throw new NachaError(
        'AMOUNT_OVER_LIMIT',
        'The offsetting debit is over the NACHA entry limit of $99,999,999.99',
      );
    }
    entries.push({
      code: transactionCode(settlement.accountType, 'debit'),
      routingNumber: odfi,
      accountNumber: checkAccount(settlement.accountNumber, 'Settlement account'),
      amountCents: totalCreditCents,
      identificationNumber: '',
      receiverName: 'OFFSET',
    });
  }
  const serviceClassCode = settlement ? '200' : '220';
  const totalDebitCents = settlement ? totalCreditCents : 0;

  const batchNumber = numeric(input.batchNumber, 7, 'Batch number');
  const companyName = alpha(originator.companyName, 16);
  const companyIdentification = alpha(originator.companyIdentification, 10);
  const lines: string[] = [];

  lines.push(
    record(
      '1' +
        '01' +
        ' ' +
        odfi +
        alpha(originator.companyIdentification, 10) +
        yymmdd(input.creationDate, 'Creation date') +
        input.creationTime +
        input.fileIdModifier +
        '094' +
        '10' +
        '1' +
        alpha(originator.immediateDestinationName, 23) +
        alpha(originator.immediateOriginName, 23) +
        alpha(input.referenceCode ?? '', 8),
    ),
  );
  lines.push(
    record(
      '5' +
        serviceClassCode +
        companyName +
        alpha('', 20) +
        companyIdentification +
        'CCD' +
        alpha(originator.entryDescription, 10) +
        alpha('', 6) +
        yymmdd(input.effectiveEntryDate, 'Effective entry date') +
        '   ' +
        '1' +
        odfiIdentification +
        batchNumber,
    ),
  );

  let hash = 0n;
  let entryAddendaCount = 0;
  entries.forEach((entry, index) => {
    const trace = odfiIdentification + numeric(index + 1, 7, 'Trace sequence');
    const hasAddenda = entry.addenda !== undefined && entry.addenda.trim() !== '';
    hash += BigInt(entry.routingNumber.slice(0, 8));
    lines.push(
      record(
        '6' +
          entry.code +
          entry.routingNumber.slice(0, 8) +
          entry.routingNumber[8] +
          alpha(entry.accountNumber, 17) +
          numeric(entry.amountCents, 10, 'Amount') +
          alpha(entry.identificationNumber, 15) +
          alpha(entry.receiverName, 22) +
          '  ' +
          (hasAddenda ? '1' : '0') +
          trace,
      ),
    );
    entryAddendaCount += 1;
    if (hasAddenda) {
      lines.push(record('7' + '05' + alpha(entry.addenda ?? '', 80) + '0001' + trace.slice(-7)));
      entryAddendaCount += 1;
    }
  });

  // Entry Hash: the sum of the 8-digit RDFI identifications, its rightmost 10 digits.
  const entryHash = (hash % 10_000_000_000n).toString().padStart(10, '0');
  const debit = numeric(totalDebitCents, 12, 'Total debit');
  const credit = numeric(totalCreditCents, 12, 'Total credit');
  lines.push(
    record(
      '8' +
        serviceClassCode +
        numeric(entryAddendaCount, 6, 'Entry/addenda count') +
        entryHash +
        debit +
        credit +
        companyIdentification +
        ' '.repeat(19) +
        ' '.repeat(6) +
        odfiIdentification +
        batchNumber,
    ),
  );

  const recordCount = lines.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  lines.push(
    record(
      '9' +
        numeric(1, 6, 'Batch count') +
        numeric(blockCount, 6, 'Block count') +
        numeric(entryAddendaCount, 8, 'Entry/addenda count') +
        entryHash +
        debit +
        credit +
        ' '.repeat(39),
    ),
  );
  // Fill the last block with records of 94 nines.
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(RECORD_LENGTH));

  return {
    text: lines.join(LINE_ENDING) + LINE_ENDING,
    summary: {
      serviceClassCode,
      entryCount: entries.length,
      entryAddendaCount,
      totalCreditCents,
      totalDebitCents,
      entryHash,
      recordCount: lines.length,
      blockCount,
    },
  };
}

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
