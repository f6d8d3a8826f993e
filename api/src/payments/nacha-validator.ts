/**
 * Reads a NACHA file back and checks every rule a bank applies, written
 * apart from the writer so that one cannot hide the other's mistake. The API runs it on every file
 * before storing it, and the tests run it on every file they write.
 */
import { isValidRoutingNumber } from 'shared-contracts';
import { FILE_TOTAL_MAX_CENTS } from './nacha-file';
import {
  ADDENDA_05,
  BATCH_CONTROL,
  BATCH_HEADER,
  BLOCKING_FACTOR,
  ENTRY_DETAIL,
  entryHashOf,
  FILE_CONTROL,
  FILE_HEADER,
  fieldReader,
  PADDING_RECORD,
  RECORD_LENGTH,
} from './nacha-records';

export interface ParsedEntry {
  transactionCode: string;
  routingNumber: string;
  accountNumber: string;
  amountCents: number;
  identificationNumber: string;
  receiverName: string;
  traceNumber: string;
  addenda?: string;
}

export interface ParsedNachaFile {
  immediateDestination: string;
  immediateOrigin: string;
  fileIdModifier: string;
  serviceClassCode: string;
  companyName: string;
  companyIdentification: string;
  entryDescription: string;
  effectiveEntryDate: string;
  batchNumber: number;
  entries: ParsedEntry[];
  totalDebitCents: number;
  totalCreditCents: number;
}

const digits = (value: string) => /^\d+$/.test(value);
const CREDIT_CODES = new Set(['22', '32']);
const DEBIT_CODES = new Set(['27', '37']);

type Fail = (line: number, message: string) => void;

/** Problems found (empty when the file is valid) and what was read. */
export function validateNachaFile(text: string): { errors: string[]; file?: ParsedNachaFile } {
  const errors: string[] = [];
  const fail: Fail = (line, message) => errors.push(`record ${line}: ${message}`);
  const lines = checkLines(text, errors, fail);
  if (errors.length > 0) return { errors };

  // Padding: records of 94 nines at the end only.
  let end = lines.length;
  while (end > 0 && lines[end - 1] === PADDING_RECORD) end -= 1;
  const records = lines.slice(0, end);
  const types = records.map((line) => line[0]).join('');
  if (!/^15(67?)+89$/.test(types)) {
    errors.push(`records are not in the order 1, 5, (6 [7])…, 8, 9 of a one-batch file: ${types}`);
    return { errors };
  }

  const header = checkFileHeader(records[0]!, fail);
  const batch = checkBatchHeader(records[1]!, header.destination, fail);
  const body = checkEntries(records, batch, fail);
  checkBatchControl(records, batch, body, fail);
  checkFileControl(records, lines.length, body, fail);

  return {
    errors,
    file: {
      immediateDestination: header.destination.slice(1),
      immediateOrigin: header.origin,
      fileIdModifier: header.fileIdModifier,
      serviceClassCode: batch.serviceClassCode,
      companyName: batch.read('companyName').trim(),
      companyIdentification: batch.companyIdentification,
      entryDescription: batch.read('companyEntryDescription').trim(),
      effectiveEntryDate: batch.read('effectiveEntryDate'),
      batchNumber: Number(batch.batchNumber),
      entries: body.entries,
      totalDebitCents: body.debit,
      totalCreditCents: body.credit,
    },
  };
}

/** The records of the file; length, characters and blocking go to `errors`. */
function checkLines(text: string, errors: string[], fail: Fail): string[] {
  if (!text.endsWith('\n')) errors.push('the file must end with a line break');
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.length !== RECORD_LENGTH) fail(index + 1, `is ${line.length} characters, not ${RECORD_LENGTH}`);
    if (/[^\x20-\x7e]/.test(line)) fail(index + 1, 'holds characters that are not printable ASCII');
  });
  if (lines.length % BLOCKING_FACTOR !== 0) errors.push(`${lines.length} records are not a multiple of 10`);
  return lines;
}

function checkFileHeader(line: string, fail: Fail) {
  const read = fieldReader(FILE_HEADER, line);
  if (read('priorityCode') !== '01') fail(1, 'priority code must be 01');
  const destination = read('immediateDestination');
  if (destination[0] !== ' ' || !isValidRoutingNumber(destination.slice(1))) {
    fail(1, 'Immediate Destination must be a blank and a valid routing number');
  }
  const origin = read('immediateOrigin');
  const originOk =
    (digits(origin) && !/^0+$/.test(origin)) || (origin[0] === ' ' && isValidRoutingNumber(origin.slice(1)));
  if (!originOk) fail(1, 'Immediate Origin must be 10 digits or a blank and a routing number');
  if (!/^\d{6}$/.test(read('creationDate')) || !/^([01]\d|2[0-3])[0-5]\d$/.test(read('creationTime'))) {
    fail(1, 'creation date/time must be YYMMDD HHMM');
  }
  const fileIdModifier = read('fileIdModifier');
  if (!/^[A-Z0-9]$/.test(fileIdModifier)) fail(1, 'File ID Modifier must be A-Z or 0-9');
  if (read('recordSize') + read('blockingFactor') + read('formatCode') !== '094101')
    fail(1, 'record size, blocking factor and format code must be 094 10 1');
  return { destination, origin, fileIdModifier };
}

type BatchHeaderFacts = ReturnType<typeof checkBatchHeader>;

function checkBatchHeader(line: string, destination: string, fail: Fail) {
  const read = fieldReader(BATCH_HEADER, line);
  const serviceClassCode = read('serviceClassCode');
  if (!['200', '220', '225'].includes(serviceClassCode))
    fail(2, `service class ${serviceClassCode} is unknown`);
  if (read('companyName').trim() === '') fail(2, 'Company Name is required');
  if (read('standardEntryClassCode') !== 'CCD') fail(2, 'SEC code must be CCD');
  if (read('companyEntryDescription').trim() === '') fail(2, 'Company Entry Description is required');
  if (!/^\d{6}$/.test(read('effectiveEntryDate'))) fail(2, 'Effective Entry Date must be YYMMDD');
  if (read('settlementDate') !== '   ') fail(2, 'settlement date must be left blank');
  if (read('originatorStatusCode') !== '1') fail(2, 'Originator Status Code must be 1');
  const odfi = read('odfiIdentification');
  if (!digits(odfi)) fail(2, 'ODFI identification must be 8 digits');
  if (odfi !== destination.slice(1, 9)) fail(2, 'ODFI identification must match the Immediate Destination');
  const batchNumber = read('batchNumber');
  if (!digits(batchNumber)) fail(2, 'Batch Number must be 7 digits');
  return {
    read,
    serviceClassCode,
    companyIdentification: read('companyIdentification'),
    odfi,
    batchNumber,
  };
}

interface BatchBody {
  entries: ParsedEntry[];
  entryHash: string;
  debit: number;
  credit: number;
  count: number;
}

/** The 6 and 7 records between the batch header (record 2) and the batch control. */
function checkEntries(records: readonly string[], batch: BatchHeaderFacts, fail: Fail): BatchBody {
  const entries: ParsedEntry[] = [];
  const rdfis: string[] = [];
  let debit = 0;
  let credit = 0;
  let count = 0;
  let previousTrace = -1n;
  for (let index = 2; index < records.length - 2; index += 1) {
    const line = records[index]!;
    const number = index + 1;
    count += 1;
    if (line[0] === '7') continue;
    const read = fieldReader(ENTRY_DETAIL, line);
    const code = read('transactionCode');
    const routing = read('rdfiIdentification') + read('checkDigit');
    const amountText = read('amount');
    const trace = read('traceNumber');
    if (!isValidRoutingNumber(routing))
      fail(number, `RDFI routing number ${routing} has a wrong check digit`);
    if (!digits(amountText)) fail(number, 'amount must be 10 digits');
    const amount = Number(amountText);
    if (amount === 0) fail(number, 'a forward entry needs a non-zero amount');
    const isCredit = CREDIT_CODES.has(code);
    const isDebit = DEBIT_CODES.has(code);
    if (!isCredit && !isDebit)
      fail(number, `transaction code ${code} is not a checking/savings credit or debit`);
    if (batch.serviceClassCode === '220' && !isCredit) fail(number, 'a 220 batch holds credits only');
    if (batch.serviceClassCode === '225' && !isDebit) fail(number, 'a 225 batch holds debits only');
    if (read('accountNumber').trim() === '') fail(number, 'account number is required');
    if (!digits(trace) || !trace.startsWith(batch.odfi))
      fail(number, 'trace number must be the ODFI id and a sequence');
    const traceValue = digits(trace) ? BigInt(trace) : -1n;
    if (traceValue <= previousTrace) fail(number, 'trace numbers must ascend');
    previousTrace = traceValue;
    rdfis.push(digits(routing) ? routing.slice(0, 8) : '0');
    if (isCredit) credit += amount;
    if (isDebit) debit += amount;
    const next = records[index + 1]!;
    if ((read('addendaRecordIndicator') === '1') !== (next[0] === '7'))
      fail(number, 'Addenda Record Indicator does not match');
    const entry: ParsedEntry = {
      transactionCode: code,
      routingNumber: routing,
      accountNumber: read('accountNumber').trim(),
      amountCents: amount,
      identificationNumber: read('identificationNumber').trim(),
      receiverName: read('receiverName').trim(),
      traceNumber: trace,
    };
    if (next[0] === '7') entry.addenda = checkAddenda05(next, number + 1, trace, fail);
    entries.push(entry);
  }
  return { entries, entryHash: entryHashOf(rdfis), debit, credit, count };
}

function checkAddenda05(line: string, number: number, trace: string, fail: Fail): string {
  const read = fieldReader(ADDENDA_05, line);
  if (read('addendaTypeCode') !== '05') fail(number, 'addenda type must be 05');
  if (read('addendaSequenceNumber') !== '0001') fail(number, 'a CCD entry has one addenda, sequence 0001');
  if (read('entryDetailSequenceNumber') !== trace.slice(-7))
    fail(number, 'addenda must carry the entry’s trace sequence');
  return read('paymentRelatedInformation').trimEnd();
}

function checkBatchControl(
  records: readonly string[],
  batch: BatchHeaderFacts,
  body: BatchBody,
  fail: Fail,
): void {
  const read = fieldReader(BATCH_CONTROL, records.at(-2)!);
  const number = records.length - 1;
  const { count, entryHash, debit, credit } = body;
  if (read('serviceClassCode') !== batch.serviceClassCode)
    fail(number, 'service class differs from the header');
  if (Number(read('entryAddendaCount')) !== count) fail(number, `entry/addenda count is not ${count}`);
  if (read('entryHash') !== entryHash) fail(number, `entry hash is not ${entryHash}`);
  if (Number(read('totalDebit')) !== debit) fail(number, `total debit is not ${debit}`);
  if (Number(read('totalCredit')) !== credit) fail(number, `total credit is not ${credit}`);
  if (read('companyIdentification') !== batch.companyIdentification)
    fail(number, 'company identification differs');
  if (read('odfiIdentification') !== batch.odfi || read('batchNumber') !== batch.batchNumber) {
    fail(number, 'ODFI or batch number differs from the header');
  }
  if (batch.serviceClassCode === '200' && debit !== credit)
    fail(number, 'a balanced batch must offset its credits');
}

function checkFileControl(records: readonly string[], lineCount: number, body: BatchBody, fail: Fail): void {
  const read = fieldReader(FILE_CONTROL, records.at(-1)!);
  const number = records.length;
  const { count, entryHash, debit, credit } = body;
  if (Number(read('batchCount')) !== 1) fail(number, 'batch count must be 1');
  if (Number(read('blockCount')) !== lineCount / BLOCKING_FACTOR) fail(number, 'block count is wrong');
  if (Number(read('entryAddendaCount')) !== count)
    fail(number, 'entry/addenda count differs from the batches');
  if (read('entryHash') !== entryHash) fail(number, 'entry hash differs from the batches');
  if (Number(read('totalDebit')) !== debit || Number(read('totalCredit')) !== credit) {
    fail(number, 'totals differ from the batches');
  }
  if (debit > FILE_TOTAL_MAX_CENTS || credit > FILE_TOTAL_MAX_CENTS)
    fail(number, 'totals over the file limit');
  if (read('reserved').trim() !== '') fail(number, 'positions 56-94 must be blank');
}
