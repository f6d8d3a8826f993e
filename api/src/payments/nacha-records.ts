/**
 * The NACHA records as data: every field of every record the console writes or reads, with its
 * 1-based position, length and kind. The writer formats records from these definitions, the
 * validator and the return/NOC parser read fields through them, and the bank simulator (a
 * workspace package of its own) writes return files with them, so a position is written down once.
 *
 * Why here and not a package of its own: reading and writing bank files is the API's work, and
 * these definitions are plain data with no dependency but shared-contracts; the simulator is a
 * test tool that imports them from the API package, so no build step and no second copy.
 *
 * Layouts as the NACHA Operating Rules and moov-io/ach (a widely used reader) define them.
 */

/** Every record is 94 characters; files are blocked in tens. */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
/** The record that fills the last block. */
export const PADDING_RECORD = '9'.repeat(RECORD_LENGTH);

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

export type NachaFieldKind = 'numeric' | 'alphanumeric';

export interface NachaField<N extends string = string> {
  readonly name: N;
  /** 1-based, inclusive. */
  readonly start: number;
  readonly length: number;
  /** Numeric: right-justified, zero-filled. Alphanumeric: left-justified, space-filled. */
  readonly kind: NachaFieldKind;
  /** The value every record of this type carries here. */
  readonly fixed?: string;
  /** What the field holds, for people reading the definition. */
  readonly rule?: string;
}

export interface NachaRecordDefinition<N extends string = string> {
  readonly title: string;
  readonly fields: readonly NachaField<N>[];
  readonly byName: Readonly<Record<N, NachaField<N>>>;
}

/**
 * One record's definition; the fields must tile positions 1–94 with no gap or overlap, or loading
 * this module fails (a slip in a position cannot reach a file).
 */
export function defineRecord<const F extends readonly NachaField[]>(
  title: string,
  fields: F,
): NachaRecordDefinition<F[number]['name']> {
  let next = 1;
  for (const field of fields) {
    if (field.start !== next || field.length < 1) {
      throw new Error(`${title}: ${field.name} starts at ${field.start}, expected ${next}`);
    }
    if (field.fixed !== undefined && field.fixed.length !== field.length) {
      throw new Error(`${title}: ${field.name}'s fixed value is not ${field.length} characters`);
    }
    next += field.length;
  }
  if (next !== RECORD_LENGTH + 1) throw new Error(`${title}: the fields end at ${next - 1}, not 94`);
  const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
  return { title, fields, byName } as unknown as NachaRecordDefinition<F[number]['name']>;
}

const N = 'numeric';
const A = 'alphanumeric';

export const FILE_HEADER = defineRecord('File Header', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '1' },
  { name: 'priorityCode', start: 2, length: 2, kind: N, fixed: '01' },
  { name: 'immediateDestination', start: 4, length: 10, kind: A, rule: 'a blank + the ODFI routing' },
  { name: 'immediateOrigin', start: 14, length: 10, kind: A, rule: '10 digits, or a blank + routing' },
  { name: 'creationDate', start: 24, length: 6, kind: N, rule: 'YYMMDD' },
  { name: 'creationTime', start: 30, length: 4, kind: N, rule: 'HHMM' },
  { name: 'fileIdModifier', start: 34, length: 1, kind: A, rule: 'A-Z or 0-9' },
  { name: 'recordSize', start: 35, length: 3, kind: N, fixed: '094' },
  { name: 'blockingFactor', start: 38, length: 2, kind: N, fixed: '10' },
  { name: 'formatCode', start: 40, length: 1, kind: N, fixed: '1' },
  { name: 'immediateDestinationName', start: 41, length: 23, kind: A },
  { name: 'immediateOriginName', start: 64, length: 23, kind: A },
  { name: 'referenceCode', start: 87, length: 8, kind: A },
]);

export const BATCH_HEADER = defineRecord('Batch Header', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '5' },
  { name: 'serviceClassCode', start: 2, length: 3, kind: N, rule: '200 mixed, 220 credits, 225 debits' },
  { name: 'companyName', start: 5, length: 16, kind: A, rule: 'required' },
  { name: 'companyDiscretionaryData', start: 21, length: 20, kind: A },
  { name: 'companyIdentification', start: 41, length: 10, kind: A, rule: '1 + EIN' },
  { name: 'standardEntryClassCode', start: 51, length: 3, kind: A, rule: 'CCD forward, COR for NOCs' },
  { name: 'companyEntryDescription', start: 54, length: 10, kind: A, rule: 'required' },
  { name: 'companyDescriptiveDate', start: 64, length: 6, kind: A },
  { name: 'effectiveEntryDate', start: 70, length: 6, kind: N, rule: 'YYMMDD' },
  { name: 'settlementDate', start: 76, length: 3, kind: A, rule: 'blank; the ACH Operator fills it' },
  { name: 'originatorStatusCode', start: 79, length: 1, kind: A, rule: '1' },
  { name: 'odfiIdentification', start: 80, length: 8, kind: N, rule: 'routing digits 1-8 of the sender' },
  { name: 'batchNumber', start: 88, length: 7, kind: N, rule: 'ascending' },
]);

export const ENTRY_DETAIL = defineRecord('Entry Detail', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '6' },
  { name: 'transactionCode', start: 2, length: 2, kind: N },
  { name: 'rdfiIdentification', start: 4, length: 8, kind: N, rule: 'routing digits 1-8' },
  { name: 'checkDigit', start: 12, length: 1, kind: N, rule: 'routing digit 9' },
  { name: 'accountNumber', start: 13, length: 17, kind: A },
  { name: 'amount', start: 30, length: 10, kind: N, rule: 'cents' },
  { name: 'identificationNumber', start: 40, length: 15, kind: A },
  { name: 'receiverName', start: 55, length: 22, kind: A },
  { name: 'discretionaryData', start: 77, length: 2, kind: A },
  { name: 'addendaRecordIndicator', start: 79, length: 1, kind: N, rule: '0 or 1' },
  { name: 'traceNumber', start: 80, length: 15, kind: N, rule: 'ODFI id + 7-digit sequence' },
]);

export const ADDENDA_05 = defineRecord('Addenda 05', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '7' },
  { name: 'addendaTypeCode', start: 2, length: 2, kind: N, fixed: '05' },
  { name: 'paymentRelatedInformation', start: 4, length: 80, kind: A },
  { name: 'addendaSequenceNumber', start: 84, length: 4, kind: N, rule: '0001 upward' },
  { name: 'entryDetailSequenceNumber', start: 88, length: 7, kind: N, rule: 'the entry trace, last 7' },
]);

/** The addenda of a return entry. */
export const ADDENDA_99 = defineRecord('Addenda 99 (return)', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '7' },
  { name: 'addendaTypeCode', start: 2, length: 2, kind: N, fixed: '99' },
  { name: 'returnReasonCode', start: 4, length: 3, kind: A, rule: 'R01…' },
  { name: 'originalEntryTraceNumber', start: 7, length: 15, kind: N },
  { name: 'dateOfDeath', start: 22, length: 6, kind: A, rule: 'YYMMDD for R14/R15, else blank' },
  { name: 'originalReceivingDfiIdentification', start: 28, length: 8, kind: N },
  { name: 'addendaInformation', start: 36, length: 44, kind: A },
  { name: 'traceNumber', start: 80, length: 15, kind: N, rule: 'the return entry’s trace' },
]);

/** The addenda of a Notification of Change (SEC code COR). */
export const ADDENDA_98 = defineRecord('Addenda 98 (NOC)', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '7' },
  { name: 'addendaTypeCode', start: 2, length: 2, kind: N, fixed: '98' },
  { name: 'changeCode', start: 4, length: 3, kind: A, rule: 'C01…' },
  { name: 'originalEntryTraceNumber', start: 7, length: 15, kind: N },
  { name: 'reserved1', start: 22, length: 6, kind: A, rule: 'blank' },
  { name: 'originalReceivingDfiIdentification', start: 28, length: 8, kind: N },
  { name: 'correctedData', start: 36, length: 29, kind: A, rule: 'laid out per change code' },
  { name: 'reserved2', start: 65, length: 15, kind: A, rule: 'blank' },
  { name: 'traceNumber', start: 80, length: 15, kind: N, rule: 'the NOC entry’s trace' },
]);

export const BATCH_CONTROL = defineRecord('Batch Control', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '8' },
  { name: 'serviceClassCode', start: 2, length: 3, kind: N, rule: 'as the batch header' },
  { name: 'entryAddendaCount', start: 5, length: 6, kind: N, rule: '6 and 7 records' },
  { name: 'entryHash', start: 11, length: 10, kind: N },
  { name: 'totalDebit', start: 21, length: 12, kind: N, rule: 'cents' },
  { name: 'totalCredit', start: 33, length: 12, kind: N, rule: 'cents' },
  { name: 'companyIdentification', start: 45, length: 10, kind: A, rule: 'as the batch header' },
  { name: 'messageAuthenticationCode', start: 55, length: 19, kind: A, rule: 'blank' },
  { name: 'reserved', start: 74, length: 6, kind: A, rule: 'blank' },
  { name: 'odfiIdentification', start: 80, length: 8, kind: N, rule: 'as the batch header' },
  { name: 'batchNumber', start: 88, length: 7, kind: N, rule: 'as the batch header' },
]);

export const FILE_CONTROL = defineRecord('File Control', [
  { name: 'recordType', start: 1, length: 1, kind: N, fixed: '9' },
  { name: 'batchCount', start: 2, length: 6, kind: N },
  { name: 'blockCount', start: 8, length: 6, kind: N, rule: 'records ÷ 10, padding included' },
  { name: 'entryAddendaCount', start: 14, length: 8, kind: N },
  { name: 'entryHash', start: 22, length: 10, kind: N },
  { name: 'totalDebit', start: 32, length: 12, kind: N, rule: 'cents' },
  { name: 'totalCredit', start: 44, length: 12, kind: N, rule: 'cents' },
  { name: 'reserved', start: 56, length: 39, kind: A, rule: 'blank' },
]);

export type FieldName<D> = D extends NachaRecordDefinition<infer Name> ? Name : never;

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

export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A field's characters in a record, as they stand. */
export function readField<D extends NachaRecordDefinition>(
  definition: D,
  line: string,
  name: FieldName<D>,
): string {
  const field = definition.byName[name as keyof typeof definition.byName] as NachaField;
  return line.slice(field.start - 1, field.start - 1 + field.length);
}

/** Reads fields of one record: `const read = fieldReader(ENTRY_DETAIL, line); read('amount')`. */
export function fieldReader<D extends NachaRecordDefinition>(definition: D, line: string) {
  return (name: FieldName<D>): string => readField(definition, line, name);
}

/**
 * A record of 94 characters from its values. Fixed fields take their fixed value; an alphanumeric
 * value is made printable upper-case ASCII, cut to its length and space-filled; a numeric value
 * that is not digits or does not fit is an error naming the field, never cut.
 * `labels` names fields in those errors as the caller's users know them.
 */
export function formatRecord<D extends NachaRecordDefinition>(
  definition: D,
  values: Partial<Record<FieldName<D>, string | number>>,
  labels: Partial<Record<FieldName<D>, string>> = {},
): string {
  const given = values as Record<string, string | number | undefined>;
  const named = labels as Record<string, string | undefined>;
  let text = '';
  for (const field of definition.fields) {
    const value = field.fixed ?? given[field.name];
    if (field.kind === 'alphanumeric') {
      text += toNachaText(String(value ?? ''))
        .slice(0, field.length)
        .padEnd(field.length, ' ');
    } else {
      text += numericField(value ?? 0, field.length, named[field.name] ?? field.name);
    }
  }
  return text;
}

/** Numeric field: right-justified, zero-filled; a value that does not fit is an error, never cut. */
export function numericField(value: number | string, length: number, label: string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^\d+$/.test(text) || text.length > length) {
    throw new NachaError('INVALID_FIELD', `${label} must be at most ${length} digits`);
  }
  return text.padStart(length, '0');
}

/** Entry Hash: the sum of the 8-digit RDFI identifications, its rightmost 10 digits. */
export function entryHashOf(rdfiIdentifications: Iterable<string>): string {
  let sum = 0n;
  for (const id of rdfiIdentifications) sum += BigInt(id);
  return (sum % 10_000_000_000n).toString().padStart(10, '0');
}

/** 'YYYY-MM-DD' as the YYMMDD of a record. */
export function toYymmdd(date: string, label: string): string {
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new NachaError('INVALID_FIELD', `${label} must be a YYYY-MM-DD date`);
  return `${match[1]}${match[2]}${match[3]}`;
}

/** A YYMMDD that names a real calendar day. */
export function isYymmdd(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [2000 + Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Transaction codes: the ones digit 1–4 is a credit, 5–9 a debit. */
export const isCreditCode = (code: string): boolean => /^\d[1-4]$/.test(code);
