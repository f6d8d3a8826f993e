/**
 * The corrected data of a Notification of Change: the 29 characters at positions 36-64 of an
 * Addenda 98, laid out per change code. One table serves the parser of NOC files and the bank
 * simulator that writes them, so each part stands at one position.
 */
import { isValidRoutingNumber, type AchCorrectedDataLayout } from 'shared-contracts';

export const CORRECTED_DATA_LENGTH = 29;

export interface CorrectedData {
  routingNumber?: string;
  accountNumber?: string;
  transactionCode?: string;
  /** Individual or receiving company name (C04). */
  name?: string;
  /** Individual identification number (C09). */
  identification?: string;
  /** The foreign bank's identification of an IAT entry (C08). */
  receivingDfiIdentification?: string;
  /** The SEC code the entry should have carried (C14). */
  secCode?: string;
}

type Part = keyof CorrectedData;

interface PartPosition {
  part: Part;
  /** 1-based within the 29 characters. */
  start: number;
  length: number;
}

/** Where each part stands; every position no part covers must be blank. */
export const CORRECTED_DATA_LAYOUTS: Readonly<Record<AchCorrectedDataLayout, readonly PartPosition[]>> = {
  account: [{ part: 'accountNumber', start: 1, length: 17 }],
  routing: [{ part: 'routingNumber', start: 1, length: 9 }],
  routingAndAccount: [
    { part: 'routingNumber', start: 1, length: 9 },
    { part: 'accountNumber', start: 13, length: 17 },
  ],
  name: [{ part: 'name', start: 1, length: 22 }],
  transactionCode: [{ part: 'transactionCode', start: 1, length: 2 }],
  accountAndTransactionCode: [
    { part: 'accountNumber', start: 1, length: 17 },
    { part: 'transactionCode', start: 21, length: 2 },
  ],
  routingAccountAndTransactionCode: [
    { part: 'routingNumber', start: 1, length: 9 },
    { part: 'accountNumber', start: 10, length: 17 },
    { part: 'transactionCode', start: 27, length: 2 },
  ],
  foreignReceivingDfi: [{ part: 'receivingDfiIdentification', start: 1, length: 29 }],
  identification: [{ part: 'identification', start: 1, length: 22 }],
  addendaFormat: [],
  secCode: [{ part: 'secCode', start: 1, length: 3 }],
};

/** What each part must look like (a left-justified value, the rest of its positions blank). */
const PART_RULES: Readonly<Record<Part, { pattern: RegExp; says: string }>> = {
  routingNumber: { pattern: /^\d{9}$/, says: 'a routing number of 9 digits with a valid check digit' },
  accountNumber: { pattern: /^[0-9A-Za-z-]{1,17}$/, says: 'an account number of 1 to 17 letters or digits' },
  // A forward checking, savings, GL or loan code: credits 2-4 and debits 7-9 in the ones digit.
  transactionCode: { pattern: /^[2-5][2-47-9]$/, says: 'a forward transaction code such as 22 or 32' },
  name: { pattern: /^\S.*$/, says: 'a name' },
  identification: { pattern: /^\S.*$/, says: 'an identification number' },
  receivingDfiIdentification: { pattern: /^\S.*$/, says: 'a receiving DFI identification' },
  secCode: { pattern: /^[A-Z]{3}$/, says: 'an SEC code of 3 letters' },
};

/** Why corrected data cannot be read or written: which part, and what it must be. */
export class CorrectedDataError extends Error {
  constructor(
    readonly part: Part | 'correctedData',
    message: string,
  ) {
    super(message);
    this.name = 'CorrectedDataError';
  }
}

/** The parts of 29 characters of corrected data; a missing, malformed or stray part throws. */
export function parseCorrectedData(layout: AchCorrectedDataLayout, text: string): CorrectedData {
  const positions = CORRECTED_DATA_LAYOUTS[layout];
  const data: CorrectedData = {};
  let rest = text;
  for (const { part, start, length } of positions) {
    const raw = text.slice(start - 1, start - 1 + length);
    const value = raw.trimEnd();
    if (value === '') throw new CorrectedDataError(part, `the corrected ${label(part)} is missing`);
    checkPart(part, value);
    data[part] = value;
    rest = rest.slice(0, start - 1) + ' '.repeat(length) + rest.slice(start - 1 + length);
  }
  if (rest.trim() !== '') {
    throw new CorrectedDataError(
      'correctedData',
      positions.length === 0
        ? 'this change code carries no corrected data, so positions 36-64 must be blank'
        : `the corrected data holds characters outside the positions of its ${positions.map((p) => label(p.part)).join(' and ')}`,
    );
  }
  return data;
}

/** The 29 characters of corrected data for a layout; a missing or malformed part throws. */
export function formatCorrectedData(layout: AchCorrectedDataLayout, data: CorrectedData): string {
  let text = ' '.repeat(CORRECTED_DATA_LENGTH);
  for (const { part, start, length } of CORRECTED_DATA_LAYOUTS[layout]) {
    const value = data[part]?.toUpperCase();
    if (value === undefined || value.trim() === '') {
      throw new CorrectedDataError(part, `the corrected ${label(part)} is missing`);
    }
    if (value.length > length) {
      throw new CorrectedDataError(part, `the corrected ${label(part)} is longer than ${length} characters`);
    }
    checkPart(part, value);
    text = text.slice(0, start - 1) + value.padEnd(length, ' ') + text.slice(start - 1 + length);
  }
  return text;
}

function checkPart(part: Part, value: string): void {
  const rule = PART_RULES[part];
  const routingOk = part !== 'routingNumber' || isValidRoutingNumber(value);
  if (!rule.pattern.test(value) || !routingOk) {
    throw new CorrectedDataError(part, `the corrected ${label(part)} "${value}" must be ${rule.says}`);
  }
}

const label = (part: Part): string =>
  ({
    routingNumber: 'routing number',
    accountNumber: 'account number',
    transactionCode: 'transaction code',
    name: 'name',
    identification: 'identification number',
    receivingDfiIdentification: 'receiving DFI identification',
    secCode: 'SEC code',
  })[part];
