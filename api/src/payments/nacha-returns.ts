/**
 * A strict parser of the files a bank sends back about the console's payments: returns (entries
 * with an Addenda 99) and Notifications of Change (SEC code COR, entries with an Addenda 98).
 * Either the whole file is read or nothing is: the first problem throws a NachaReturnFileError
 * naming its line and field, so a half-read file never marks half of its payments.
 *
 * In a return or NOC entry the bank that sends it back stands where the originator stood: the
 * batch header's ODFI field and the trace numbers are the returning RDFI's, the entry's routing
 * number is the original ODFI's, and the addenda carries the original trace and RDFI.
 */
import { isValidRoutingNumber } from 'shared-contracts';
import {
  NachaReturnFileError,
  readChangeAddenda,
  readReturnAddenda,
  type ChangeDetails,
  type ReturnDetails,
} from './nacha-return-addenda';
import {
  ADDENDA_05,
  ADDENDA_98,
  ADDENDA_99,
  BATCH_CONTROL,
  BATCH_HEADER,
  BLOCKING_FACTOR,
  ENTRY_DETAIL,
  entryHashOf,
  FILE_CONTROL,
  FILE_HEADER,
  fieldReader,
  isCreditCode,
  isYymmdd,
  PADDING_RECORD,
  PRINTABLE_ASCII,
  RECORD_LENGTH,
  type NachaRecordDefinition,
} from './nacha-records';

export { NachaReturnFileError } from './nacha-return-addenda';
export type { ChangeDetails, ReturnDetails } from './nacha-return-addenda';

interface EntryFields {
  /** The line of the 6 record. */
  line: number;
  transactionCode: string;
  /** Routing number (RDFI identification + check digit) of the entry: the original ODFI's. */
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  identificationNumber: string;
  receiverName: string;
  traceNumber: string;
}

export interface ReturnEntry extends EntryFields {
  return: ReturnDetails;
}

export interface ChangeEntry extends EntryFields {
  change: ChangeDetails;
}

interface BatchFields {
  line: number;
  serviceClassCode: string;
  companyName: string;
  companyIdentification: string;
  standardEntryClassCode: string;
  companyEntryDescription: string;
  effectiveEntryDate: string;
  /** The bank that sends the entries back (the batch header's ODFI field). */
  returningDfiIdentification: string;
  batchNumber: number;
}

export type ReturnFileBatch =
  | (BatchFields & { kind: 'return'; entries: ReturnEntry[] })
  | (BatchFields & { kind: 'change'; entries: ChangeEntry[] });

export interface ReturnFile {
  /** Routing number the file is addressed to: the console's ODFI. */
  immediateDestination: string;
  immediateOrigin: string;
  creationDate: string;
  fileIdModifier: string;
  batches: ReturnFileBatch[];
}

/** Return and NOC transaction codes: the ones digit 1 (credit) or 6 (debit). */
const RETURN_CODE = /^[2-5][16]$/;
const FORWARD_CODE = /^[2-5][2-47-9]$/;

/** Reads a return or NOC file whole, or throws NachaReturnFileError at its first problem. */
export function parseReturnFile(text: string): ReturnFile {
  const lines = splitLines(text);
  const header = readFileHeader(lines[0]!);
  const batches: ReturnFileBatch[] = [];
  let index = 1;
  while (lines[index]?.[0] === '5') {
    const batch = readBatch(lines, index, batches.at(-1)?.batchNumber ?? 0);
    batches.push(batch.batch);
    index = batch.next;
  }
  if (batches.length === 0) throw orderError(index, lines[index], 'a batch header (5)');
  if (lines[index]?.[0] !== '9')
    throw orderError(index, lines[index], 'a batch header (5) or the file control (9)');
  readFileControl(lines, index, batches);
  return { ...header, batches };
}

/** The records; any line of the wrong length or with characters outside printable ASCII throws. */
function splitLines(text: string): string[] {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    // Characters first: a character outside ASCII can also make the line look long or short.
    if (!PRINTABLE_ASCII.test(line)) {
      const position = [...line].findIndex((char) => !PRINTABLE_ASCII.test(char)) + 1;
      throw new NachaReturnFileError(
        index + 1,
        fieldAt(line, position),
        `position ${position} is not printable ASCII`,
      );
    }
    if (line.length !== RECORD_LENGTH) {
      throw new NachaReturnFileError(
        index + 1,
        'record',
        `is ${line.length} characters, not ${RECORD_LENGTH}`,
      );
    }
  });
  if (lines[0]?.[0] !== '1') throw orderError(0, lines[0], 'the file header (1)');
  return lines;
}

/** The name of the field at a position, for records whose type (and addenda type) it knows. */
function fieldAt(line: string, position: number): string {
  const definitions: Record<string, NachaRecordDefinition> = {
    '1': FILE_HEADER,
    '5': BATCH_HEADER,
    '6': ENTRY_DETAIL,
    '705': ADDENDA_05,
    '798': ADDENDA_98,
    '799': ADDENDA_99,
    '8': BATCH_CONTROL,
    '9': FILE_CONTROL,
  };
  const definition = definitions[line[0] === '7' ? line.slice(0, 3) : (line[0] ?? '')];
  const field = definition?.fields.find((f) => position >= f.start && position < f.start + f.length);
  return field?.name ?? 'record';
}

function orderError(index: number, line: string | undefined, wanted: string): NachaReturnFileError {
  const found = line === undefined ? 'the end of the file' : `a ${line[0]} record`;
  return new NachaReturnFileError(index + 1, 'recordType', `${wanted} must stand here, not ${found}`);
}

/** Every fixed field of a record (record type, sizes, addenda type…) as its definition says. */
function checkFixed(definition: NachaRecordDefinition, line: string, number: number): void {
  for (const field of definition.fields) {
    const value = line.slice(field.start - 1, field.start - 1 + field.length);
    if (field.fixed !== undefined && value !== field.fixed) {
      throw new NachaReturnFileError(
        number,
        field.name,
        `must be ${field.fixed}, not ${JSON.stringify(value)}`,
      );
    }
  }
}

/** A record's reader, once its fixed fields are right, and the error of one of its fields. */
function openRecord<D extends NachaRecordDefinition>(definition: D, line: string, number: number) {
  checkFixed(definition, line, number);
  const fail = (field: string, reason: string) => new NachaReturnFileError(number, field, reason);
  return { read: fieldReader(definition, line), fail };
}

function readFileHeader(line: string) {
  const { read, fail } = openRecord(FILE_HEADER, line, 1);
  const destination = read('immediateDestination');
  if (destination[0] !== ' ' || !isValidRoutingNumber(destination.slice(1))) {
    throw fail('immediateDestination', 'must be a blank and a routing number with a valid check digit');
  }
  const origin = read('immediateOrigin');
  const originOk = /^\d{10}$/.test(origin) || (origin[0] === ' ' && isValidRoutingNumber(origin.slice(1)));
  if (!originOk) throw fail('immediateOrigin', 'must be a blank and a valid routing number, or 10 digits');
  if (!isYymmdd(read('creationDate'))) throw fail('creationDate', 'must be a date YYMMDD');
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(read('creationTime'))) throw fail('creationTime', 'must be HHMM');
  if (!/^[A-Z0-9]$/.test(read('fileIdModifier'))) throw fail('fileIdModifier', 'must be A-Z or 0-9');
  return {
    immediateDestination: destination.slice(1),
    immediateOrigin: origin.trim(),
    creationDate: read('creationDate'),
    fileIdModifier: read('fileIdModifier'),
  };
}

interface Totals {
  count: number;
  rdfis: string[];
  debit: number;
  credit: number;
}

/** One batch from its header at `start` to its control; `next` is the line after the control. */
function readBatch(lines: readonly string[], start: number, previousBatch: number) {
  const number = start + 1;
  const line = lines[start]!;
  const { read, fail } = openRecord(BATCH_HEADER, line, number);
  const serviceClassCode = read('serviceClassCode');
  if (!['200', '220', '225'].includes(serviceClassCode))
    throw fail('serviceClassCode', 'must be 200, 220 or 225');
  if (read('companyName').trim() === '') throw fail('companyName', 'is required');
  const sec = read('standardEntryClassCode');
  if (!/^[A-Z]{3}$/.test(sec)) throw fail('standardEntryClassCode', 'must be three letters');
  if (!isYymmdd(read('effectiveEntryDate'))) throw fail('effectiveEntryDate', 'must be a date YYMMDD');
  if (!/^( {3}|\d{3})$/.test(read('settlementDate')))
    throw fail('settlementDate', 'must be blank or a day 001-366');
  const returning = read('odfiIdentification');
  if (!/^\d{8}$/.test(returning))
    throw fail('odfiIdentification', 'must be the 8 digits of the returning bank');
  const batchNumber = Number(read('batchNumber'));
  if (!/^\d{7}$/.test(read('batchNumber')) || batchNumber <= previousBatch) {
    throw fail('batchNumber', `must be 7 digits and above the previous batch's ${previousBatch}`);
  }
  const batch: BatchFields = {
    line: number,
    serviceClassCode,
    companyName: read('companyName').trim(),
    companyIdentification: read('companyIdentification'),
    standardEntryClassCode: sec,
    companyEntryDescription: read('companyEntryDescription').trim(),
    effectiveEntryDate: read('effectiveEntryDate'),
    returningDfiIdentification: returning,
    batchNumber,
  };
  const kind = sec === 'COR' ? 'change' : 'return';
  const totals: Totals = { count: 0, rdfis: [], debit: 0, credit: 0 };
  const entries: (ReturnEntry | ChangeEntry)[] = [];
  let index = start + 1;
  while (lines[index]?.[0] === '6') {
    entries.push(readEntry(lines, index, batch, kind, totals, entries.at(-1)?.traceNumber));
    index += 2;
  }
  if (entries.length === 0) throw orderError(index, lines[index], 'an entry (6)');
  if (lines[index]?.[0] !== '8')
    throw orderError(index, lines[index], 'an entry (6) or the batch control (8)');
  readBatchControl(lines[index]!, index + 1, batch, totals);
  const full: ReturnFileBatch =
    kind === 'return'
      ? { ...batch, kind: 'return', entries: entries as ReturnEntry[] }
      : { ...batch, kind: 'change', entries: entries as ChangeEntry[] };
  return { batch: full, next: index + 1 };
}

function readEntry(
  lines: readonly string[],
  index: number,
  batch: BatchFields,
  kind: 'return' | 'change',
  totals: Totals,
  previousTrace: string | undefined,
): ReturnEntry | ChangeEntry {
  const number = index + 1;
  const line = lines[index]!;
  const { read, fail } = openRecord(ENTRY_DETAIL, line, number);
  const code = read('transactionCode');
  if (FORWARD_CODE.test(code)) {
    throw fail('transactionCode', `${code} is a forward entry: this is not a return or NOC file`);
  }
  if (!RETURN_CODE.test(code))
    throw fail('transactionCode', `${code} is not a return or NOC transaction code`);
  const credit = isCreditCode(code);
  if (batch.serviceClassCode === '220' && !credit)
    throw fail('transactionCode', 'a 220 batch holds credits only');
  if (batch.serviceClassCode === '225' && credit)
    throw fail('transactionCode', 'a 225 batch holds debits only');
  const routingNumber = read('rdfiIdentification') + read('checkDigit');
  if (!/^\d{9}$/.test(routingNumber)) throw fail('rdfiIdentification', 'must be 8 digits');
  if (!isValidRoutingNumber(routingNumber))
    throw fail('checkDigit', `${routingNumber} has a wrong check digit`);
  const accountNumber = read('accountNumber').trim();
  if (accountNumber === '') throw fail('accountNumber', 'is required');
  if (!/^\d{10}$/.test(read('amount'))) throw fail('amount', 'must be 10 digits of cents');
  const amountCents = Number(read('amount'));
  if (kind === 'change' && amountCents !== 0) throw fail('amount', 'a NOC carries no money: it must be zero');
  const trace = read('traceNumber');
  if (!/^\d{15}$/.test(trace) || !trace.startsWith(batch.returningDfiIdentification)) {
    throw fail(
      'traceNumber',
      `must be the returning bank's ${batch.returningDfiIdentification} and a sequence`,
    );
  }
  if (previousTrace !== undefined && trace <= previousTrace)
    throw fail('traceNumber', 'trace numbers must ascend');
  if (read('addendaRecordIndicator') !== '1') {
    throw fail(
      'addendaRecordIndicator',
      `must be 1: every ${kind === 'return' ? 'return' : 'NOC'} has its addenda`,
    );
  }
  const addenda = lines[index + 1];
  if (addenda?.[0] !== '7') throw orderError(index + 1, addenda, `the entry's addenda (7)`);
  totals.count += 2;
  totals.rdfis.push(read('rdfiIdentification'));
  if (credit) totals.credit += amountCents;
  else totals.debit += amountCents;
  const entry: EntryFields = {
    line: number,
    transactionCode: code,
    routingNumber,
    accountNumber,
    amountCents,
    identificationNumber: read('identificationNumber').trim(),
    receiverName: read('receiverName').trim(),
    traceNumber: trace,
  };
  return kind === 'return'
    ? { ...entry, return: readReturnAddenda(addenda, number + 1, trace) }
    : { ...entry, change: readChangeAddenda(addenda, number + 1, trace) };
}

function readBatchControl(line: string, number: number, batch: BatchFields, totals: Totals): void {
  const { read } = openRecord(BATCH_CONTROL, line, number);
  const expect = (field: Parameters<typeof read>[0], wanted: string, what: string) => {
    if (read(field) !== wanted) {
      throw new NachaReturnFileError(number, field, `is ${read(field)}, but ${what} is ${wanted}`);
    }
  };
  expect('serviceClassCode', batch.serviceClassCode, "the batch header's");
  expect('entryAddendaCount', pad(totals.count, 6), 'the count of its 6 and 7 records');
  expect('entryHash', entryHashOf(totals.rdfis), 'the sum of its entries’ routing numbers');
  expect('totalDebit', pad(totals.debit, 12), 'the sum of its debits');
  expect('totalCredit', pad(totals.credit, 12), 'the sum of its credits');
  expect('companyIdentification', batch.companyIdentification, "the batch header's");
  expect('odfiIdentification', batch.returningDfiIdentification, "the batch header's");
  expect('batchNumber', pad(batch.batchNumber, 7), "the batch header's");
}

function readFileControl(lines: readonly string[], index: number, batches: readonly ReturnFileBatch[]): void {
  const number = index + 1;
  const line = lines[index]!;
  const padding = lines.slice(index + 1);
  const stray = padding.findIndex((record) => record !== PADDING_RECORD);
  if (stray >= 0) throw orderError(index + 1 + stray, lines[index + 1 + stray], 'only padding (94 nines)');
  if (lines.length % BLOCKING_FACTOR !== 0 || padding.length >= BLOCKING_FACTOR) {
    throw new NachaReturnFileError(
      lines.length,
      'blocking',
      `${lines.length} records do not fill whole blocks of 10`,
    );
  }
  const { read } = openRecord(FILE_CONTROL, line, number);
  const entries = batches.flatMap((batch) => batch.entries as readonly EntryFields[]);
  const sum = (pick: (entry: EntryFields) => number) =>
    entries.reduce((total, entry) => total + pick(entry), 0);
  const wanted: [Parameters<typeof read>[0], string, string][] = [
    ['batchCount', pad(batches.length, 6), 'the number of batches'],
    ['blockCount', pad(lines.length / BLOCKING_FACTOR, 6), 'the number of blocks of 10 records'],
    ['entryAddendaCount', pad(entries.length * 2, 8), 'the count of 6 and 7 records'],
    ['entryHash', entryHashOf(entries.map((entry) => entry.routingNumber.slice(0, 8))), 'the batches’ sum'],
    [
      'totalDebit',
      pad(
        sum((e) => (isCreditCode(e.transactionCode) ? 0 : e.amountCents)),
        12,
      ),
      'the batches’',
    ],
    [
      'totalCredit',
      pad(
        sum((e) => (isCreditCode(e.transactionCode) ? e.amountCents : 0)),
        12,
      ),
      'the batches’',
    ],
  ];
  for (const [field, value, what] of wanted) {
    if (read(field) !== value)
      throw new NachaReturnFileError(number, field, `is ${read(field)}, but ${what} is ${value}`);
  }
  if (read('reserved').trim() !== '')
    throw new NachaReturnFileError(number, 'reserved', 'positions 56-94 must be blank');
}

const pad = (value: number, length: number): string => String(value).padStart(length, '0');
