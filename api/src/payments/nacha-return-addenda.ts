/**
 * The addenda of return and NOC entries: Addenda 99 (return reason) and Addenda 98 (change code
 * and corrected data), read strictly for the parser of return files (nacha-returns.ts).
 */
import {
  ACCOUNT_BLOCKING_RETURN_CODES,
  ACH_CHANGE_CODES,
  ACH_REFUSED_CHANGE_CODES,
  ACH_RETURN_CODES,
  DATE_OF_DEATH_RETURN_CODES,
  isAchChangeCode,
  isAchReturnCode,
  RETIRED_ACH_CODES,
  type AchChangeCode,
  type AchReturnCode,
} from 'shared-contracts';
import { CorrectedDataError, parseCorrectedData, type CorrectedData } from './nacha-corrections';
import { ADDENDA_98, ADDENDA_99, fieldReader, isYymmdd } from './nacha-records';

/** Why a return or NOC file is refused: the line (1-based), the field, and what is wrong. */
export class NachaReturnFileError extends Error {
  constructor(
    readonly line: number,
    readonly field: string,
    readonly reason: string,
  ) {
    super(`line ${line}, ${field}: ${reason}`);
    this.name = 'NachaReturnFileError';
  }
}

export interface ReturnDetails {
  code: AchReturnCode;
  description: string;
  /** The vendor's account cannot be paid again until it is changed (closed, frozen…). */
  blocksAccount: boolean;
  originalTraceNumber: string;
  /** 'YYYY-MM-DD', for R14 and R15 only. */
  dateOfDeath?: string;
  /** The first 8 digits of the routing number the original entry was sent to. */
  originalReceivingDfiIdentification: string;
  addendaInformation: string;
}

export interface ChangeDetails {
  code: AchChangeCode;
  description: string;
  originalTraceNumber: string;
  originalReceivingDfiIdentification: string;
  correctedData: CorrectedData;
}

const DIGITS = /^\d+$/;

/** The addenda type of a 7 record that should be a `wanted` one, refused with what it is instead. */
function checkAddendaType(line: string, number: number, wanted: '98' | '99'): void {
  const type = line.slice(1, 3);
  if (type === wanted) return;
  const why =
    type === '05'
      ? 'an 05 addenda belongs to a forward entry: this is not a return or NOC file'
      : type === '98' || type === '99'
        ? `a ${type} addenda in a batch of ${wanted === '99' ? 'returns' : 'NOCs (SEC code COR)'}`
        : `addenda type ${JSON.stringify(type)} is not ${wanted}`;
  throw new NachaReturnFileError(number, 'addendaTypeCode', why);
}

/** The 7 record after entry `entryTrace`, which must be an Addenda 99. */
export function readReturnAddenda(line: string, number: number, entryTrace: string): ReturnDetails {
  checkAddendaType(line, number, '99');
  const read = fieldReader(ADDENDA_99, line);
  const fail = (field: string, reason: string) => new NachaReturnFileError(number, field, reason);
  const code = read('returnReasonCode');
  if (RETIRED_ACH_CODES.has(code)) {
    throw fail('returnReasonCode', `${code} is a retired return code, no longer in NACHA's list`);
  }
  if (!isAchReturnCode(code)) throw fail('returnReasonCode', `${JSON.stringify(code)} is not a return code`);
  const common = readCommon(read, fail, entryTrace);
  const dateOfDeath = read('dateOfDeath');
  const details: ReturnDetails = {
    code,
    description: ACH_RETURN_CODES[code],
    blocksAccount: ACCOUNT_BLOCKING_RETURN_CODES.has(code),
    ...common,
    addendaInformation: read('addendaInformation').trim(),
  };
  if (DATE_OF_DEATH_RETURN_CODES.has(code)) {
    if (!isYymmdd(dateOfDeath)) throw fail('dateOfDeath', `${code} needs the date of death as YYMMDD`);
    details.dateOfDeath = `20${dateOfDeath.slice(0, 2)}-${dateOfDeath.slice(2, 4)}-${dateOfDeath.slice(4)}`;
  } else if (dateOfDeath.trim() !== '') {
    throw fail('dateOfDeath', `must be blank: only R14 and R15 carry a date of death, not ${code}`);
  }
  return details;
}

/** The 7 record after entry `entryTrace`, which must be an Addenda 98. */
export function readChangeAddenda(line: string, number: number, entryTrace: string): ChangeDetails {
  checkAddendaType(line, number, '98');
  const read = fieldReader(ADDENDA_98, line);
  const fail = (field: string, reason: string) => new NachaReturnFileError(number, field, reason);
  const code = read('changeCode');
  if (Object.hasOwn(ACH_REFUSED_CHANGE_CODES, code)) {
    throw fail('changeCode', `${code} refuses a NOC: an ODFI sends it to an RDFI, it is not a NOC`);
  }
  if (RETIRED_ACH_CODES.has(code)) {
    throw fail('changeCode', `${code} is a retired change code, no longer in NACHA's list`);
  }
  if (!isAchChangeCode(code)) throw fail('changeCode', `${JSON.stringify(code)} is not a change code`);
  if (read('reserved1').trim() !== '') throw fail('reserved1', 'positions 22-27 must be blank');
  const common = readCommon(read, fail, entryTrace);
  if (read('reserved2').trim() !== '') throw fail('reserved2', 'positions 65-79 must be blank');
  const { description, correctedData: layout } = ACH_CHANGE_CODES[code];
  try {
    const correctedData = parseCorrectedData(layout, read('correctedData'));
    return { code, description, ...common, correctedData };
  } catch (error) {
    if (!(error instanceof CorrectedDataError)) throw error;
    const field = error.part === 'correctedData' ? 'correctedData' : `correctedData.${error.part}`;
    throw fail(field, `${code}: ${error.message}`);
  }
}

type Reader = (
  name: 'originalEntryTraceNumber' | 'originalReceivingDfiIdentification' | 'traceNumber',
) => string;

/** The fields 98 and 99 share: the original trace and RDFI, and the entry's own trace. */
function readCommon(
  read: Reader,
  fail: (field: string, reason: string) => NachaReturnFileError,
  entryTrace: string,
) {
  const originalTraceNumber = read('originalEntryTraceNumber');
  if (!/^\d{15}$/.test(originalTraceNumber)) {
    throw fail('originalEntryTraceNumber', 'must be the 15-digit trace of the original entry');
  }
  const originalReceivingDfiIdentification = read('originalReceivingDfiIdentification');
  if (!DIGITS.test(originalReceivingDfiIdentification)) {
    throw fail('originalReceivingDfiIdentification', 'must be the 8 digits the original entry was sent to');
  }
  if (read('traceNumber') !== entryTrace) {
    throw fail('traceNumber', `must repeat the entry's trace number ${entryTrace}`);
  }
  return { originalTraceNumber, originalReceivingDfiIdentification };
}
