/**
 * Reads a NACHA file back and checks every rule a bank applies, written
 * apart from the writer so that one cannot hide the other's mistake. The API runs it on every file
 * before storing it, and the tests run it on every file they write.
 */
import { isValidRoutingNumber } from 'shared-contracts';
import { BLOCKING_FACTOR, FILE_TOTAL_MAX_CENTS, RECORD_LENGTH } from './nacha-file';

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

const field = (line: string, from: number, to: number) => line.slice(from - 1, to);
const digits = (value: string) => /^\d+$/.test(value);
const CREDIT_CODES = new Set(['22', '32']);
const DEBIT_CODES = new Set(['27', '37']);

/** Problems found (empty when the file is valid) and what was read. */
export function validateNachaFile(text: string): { errors: string[]; file?: ParsedNachaFile } {
  const errors: string[] = [];
  const fail = (line: number, message: string) => errors.push(`record ${line}: ${message}`);
  if (!text.endsWith('\n')) errors.push('the file must end with a line break');
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);

  lines.forEach((line, index) => {
    if (line.length !== RECORD_LENGTH) fail(index + 1, `is ${line.length} characters, not ${RECORD_LENGTH}`);
    if (/[^\x20-\x7e]/.test(line)) fail(index + 1, 'holds characters that are not printable ASCII');
  });
  if (lines.length % BLOCKING_FACTOR !== 0) errors.push(`${lines.length} records are not a multiple of 10`);
  if (errors.length > 0) return { errors };

  // Padding: records of 94 nines at the end only.
  let end = lines.length;
  while (end > 0 && lines[end - 1] === '9'.repeat(RECORD_LENGTH)) end -= 1;
  const records = lines.slice(0, end);
  const types = records.map((line) => line[0]).join('');
  if (!/^15(67?)+89$/.test(types)) {
    errors.push(`records are not in the order 1, 5, (6 [7])…, 8, 9 of a one-batch file: ${types}`);
    return { errors };
  }

  const header = records[0]!;
  if (field(header, 2, 3) !== '01') fail(1, 'priority code must be 01');
  const destination = field(header, 4, 13);
  if (destination[0] !== ' ' || !isValidRoutingNumber(destination.slice(1))) {
    fail(1, 'Immediate Destination must be a blank and a valid routing number');
  }
  const origin = field(header, 14, 23);
  const originOk =
    (digits(origin) && !/^0+$/.test(origin)) || (origin[0] === ' ' && isValidRoutingNumber(origin.slice(1)));
  if (!originOk) fail(1, 'Immediate Origin must be 10 digits or a blank and a routing number');
  if (!/^\d{6}$/.test(field(header, 24, 29)) || !/^([01]\d|2[0-3])[0-5]\d$/.test(field(header, 30, 33))) {
    fail(1, 'creation date/time must be YYMMDD HHMM');
  }
  if (!/^[A-Z0-9]$/.test(field(header, 34, 34))) fail(1, 'File ID Modifier must be A-Z or 0-9');
  if (field(header, 35, 40) !== '094101')
    fail(1, 'record size, blocking factor and format code must be 094 10 1');

  const batch = records[1]!;
  const serviceClassCode = field(batch, 2, 4);
  if (!['200', '220', '225'].includes(serviceClassCode))
    fail(2, `service class ${serviceClassCode} is unknown`);
  if (field(batch, 5, 20).trim() === '') fail(2, 'Company Name is required');
  const companyIdentification = field(batch, 41, 50);
  if (field(batch, 51, 53) !== 'CCD') fail(2, 'SEC code must be CCD');
  if (field(batch, 54, 63).trim() === '') fail(2, 'Company Entry Description is required');
  if (!/^\d{6}$/.test(field(batch, 70, 75))) fail(2, 'Effective Entry Date must be YYMMDD');
  if (field(batch, 76, 78) !== '   ') fail(2, 'settlement date must be left blank');
  if (field(batch, 79, 79) !== '1') fail(2, 'Originator Status Code must be 1');
  const odfi = field(batch, 80, 87);
  if (!digits(odfi)) fail(2, 'ODFI identification must be 8 digits');
  if (odfi !== destination.slice(1, 9)) fail(2, 'ODFI identification must match the Immediate Destination');
  if (!digits(field(batch, 88, 94))) fail(2, 'Batch Number must be 7 digits');

  const entries: ParsedEntry[] = [];
  let hash = 0n;
  let debit = 0;
  let credit = 0;
  let count = 0;
  let previousTrace = -1n;
  for (let index = 2; index < records.length - 2; index += 1) {
    const line = records[index]!;
    const number = index + 1;
    count += 1;
    if (line[0] === '7') continue;
    const code = field(line, 2, 3);
    const routing = field(line, 4, 12);
    const amountText = field(line, 30, 39);
    const trace = field(line, 80, 94);
    if (!isValidRoutingNumber(routing))
      fail(number, `RDFI routing number ${routing} has a wrong check digit`);
    if (!digits(amountText)) fail(number, 'amount must be 10 digits');
    const amount = Number(amountText);
    if (amount === 0) fail(number, 'a forward entry needs a non-zero amount');
    const isCredit = CREDIT_CODES.has(code);
    const isDebit = DEBIT_CODES.has(code);
    if (!isCredit && !isDebit)
      fail(number, `transaction code ${code} is not a checking/savings credit or debit`);
    if (serviceClassCode === '220' && !isCredit) fail(number, 'a 220 batch holds credits only');
    if (serviceClassCode === '225' && !isDebit) fail(number, 'a 225 batch holds debits only');
    if (field(line, 13, 29).trim() === '') fail(number, 'account number is required');
    if (!digits(trace) || !trace.startsWith(odfi))
      fail(number, 'trace number must be the ODFI id and a sequence');
    const traceValue = digits(trace) ? BigInt(trace) : -1n;
    if (traceValue <= previousTrace) fail(number, 'trace numbers must ascend');
    previousTrace = traceValue;
    hash += BigInt(digits(routing) ? routing.slice(0, 8) : '0');
    if (isCredit) credit += amount;
    if (isDebit) debit += amount;
    const indicator = field(line, 79, 79);
    const next = records[index + 1]!;
    if ((indicator === '1') !== (next[0] === '7')) fail(number, 'Addenda Record Indicator does not match');
    const entry: ParsedEntry = {
      transactionCode: code,
      routingNumber: routing,
      accountNumber: field(line, 13, 29).trim(),
      amountCents: amount,
      identificationNumber: field(line, 40, 54).trim(),
      receiverName: field(line, 55, 76).trim(),
      traceNumber: trace,
    };
    if (next[0] === '7') {
      if (field(next, 2, 3) !== '05') fail(number + 1, 'addenda type must be 05');
      if (field(next, 84, 87) !== '0001') fail(number + 1, 'a CCD entry has one addenda, sequence 0001');
      if (field(next, 88, 94) !== trace.slice(-7))
        fail(number + 1, 'addenda must carry the entry’s trace sequence');
      entry.addenda = field(next, 4, 83).trimEnd();
    }
    entries.push(entry);
  }

  const entryHash = (hash % 10_000_000_000n).toString().padStart(10, '0');
  const control = records.at(-2)!;
  const controlNumber = records.length - 1;
  if (field(control, 2, 4) !== serviceClassCode) fail(controlNumber, 'service class differs from the header');
  if (Number(field(control, 5, 10)) !== count) fail(controlNumber, `entry/addenda count is not ${count}`);
  if (field(control, 11, 20) !== entryHash) fail(controlNumber, `entry hash is not ${entryHash}`);
  if (Number(field(control, 21, 32)) !== debit) fail(controlNumber, `total debit is not ${debit}`);
  if (Number(field(control, 33, 44)) !== credit) fail(controlNumber, `total credit is not ${credit}`);
  if (field(control, 45, 54) !== companyIdentification) fail(controlNumber, 'company identification differs');
  if (field(control, 80, 87) !== odfi || field(control, 88, 94) !== field(batch, 88, 94)) {
    fail(controlNumber, 'ODFI or batch number differs from the header');
  }
  if (serviceClassCode === '200' && debit !== credit)
    fail(controlNumber, 'a balanced batch must offset its credits');

  const fileControl = records.at(-1)!;
  const fileNumber = records.length;
  if (Number(field(fileControl, 2, 7)) !== 1) fail(fileNumber, 'batch count must be 1');
  if (Number(field(fileControl, 8, 13)) !== lines.length / BLOCKING_FACTOR)
    fail(fileNumber, 'block count is wrong');
  if (Number(field(fileControl, 14, 21)) !== count)
    fail(fileNumber, 'entry/addenda count differs from the batches');
  if (field(fileControl, 22, 31) !== entryHash) fail(fileNumber, 'entry hash differs from the batches');
  if (Number(field(fileControl, 32, 43)) !== debit || Number(field(fileControl, 44, 55)) !== credit) {
    fail(fileNumber, 'totals differ from the batches');
  }
  if (debit > FILE_TOTAL_MAX_CENTS || credit > FILE_TOTAL_MAX_CENTS)
    fail(fileNumber, 'totals over the file limit');
  if (field(fileControl, 56, 94).trim() !== '') fail(fileNumber, 'positions 56-94 must be blank');

  return {
    errors,
    file: {
      immediateDestination: destination.slice(1),
      immediateOrigin: origin,
      fileIdModifier: field(header, 34, 34),
      serviceClassCode,
      companyName: field(batch, 5, 20).trim(),
      companyIdentification,
      entryDescription: field(batch, 54, 63).trim(),
      effectiveEntryDate: field(batch, 70, 75),
      batchNumber: Number(field(batch, 88, 94)),
      entries,
      totalDebitCents: debit,
      totalCreditCents: credit,
    },
  };
}
