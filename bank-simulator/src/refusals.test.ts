// The console's strict parser of return/NOC files refuses a malformed file whole, naming the line
// and the field: each case below is a file a careless or hostile sender could hand the console,
// which would otherwise mark the wrong payment returned, block the wrong vendor account or take
// a half-read file for a whole one.
import { NachaReturnFileError, parseReturnFile } from 'api/src/payments/nacha-returns';
import {
  ADDENDA_98,
  ADDENDA_99,
  BATCH_CONTROL,
  ENTRY_DETAIL,
  FILE_CONTROL,
  PADDING_RECORD,
  type FieldName,
  type NachaRecordDefinition,
} from 'api/src/payments/nacha-records';
import { describe, expect, it } from 'vitest';
import { simulateBankResponse, type BankResponse } from './index';
import { fileOf, forwardFile, recordsOf, replaceAt, TRACE } from './test-support';

/**
 * Lines: 1 file header; 2 return batch header, 3 entry, 4 Addenda 99, 5 batch control;
 * 6 COR batch header, 7 entry, 8 Addenda 98, 9 batch control; 10 file control (one full block).
 */
const RESPONSES: BankResponse[] = [
  { traceNumber: TRACE(1), code: 'R03' },
  { traceNumber: TRACE(2), code: 'C01', correctedData: { accountNumber: '9988776655' } },
];
const validRecords = () => recordsOf(simulateBankResponse(forwardFile(), RESPONSES));

/** The file with field `name` of line `line` (1-based) set to `value`, padded to the field. */
function withField<D extends NachaRecordDefinition>(
  definition: D,
  line: number,
  name: FieldName<D>,
  value: string,
) {
  const records = validRecords();
  const field = definition.byName[name as keyof typeof definition.byName]!;
  records[line - 1] = replaceAt(
    records[line - 1]!,
    field.start,
    value.padEnd(field.length).slice(0, field.length),
  );
  return fileOf(records);
}

function refusal(text: string): NachaReturnFileError {
  try {
    parseReturnFile(text);
  } catch (error) {
    if (error instanceof NachaReturnFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('parseReturnFile accepts', () => {
  it('the valid file these cases start from, with LF or CRLF line ends', () => {
    expect(validRecords()).toHaveLength(10);
    const text = fileOf(validRecords());
    expect(parseReturnFile(text).batches.map((batch) => batch.kind)).toEqual(['return', 'change']);
    expect(parseReturnFile(text.replaceAll('\n', '\r\n'))).toEqual(parseReturnFile(text));
  });
});

/** One field set to a bad value, and the line and field the refusal must name. */
type FieldCase = [what: string, text: () => string, line: number, field: string, says?: string];

const FIELD_CASES: FieldCase[] = [
  [
    'a character that is not printable ASCII, named by the field it stands in',
    () => withField(ENTRY_DETAIL, 3, 'receiverName', 'CAFÉ'),
    3,
    'receiverName',
  ],
  [
    'a character outside ASCII in an addenda, named by its field',
    () => withField(ADDENDA_99, 4, 'addendaInformation', 'NAÏVE'),
    4,
    'addendaInformation',
  ],
  [
    'a routing number with a bad check digit',
    () => withField(ENTRY_DETAIL, 3, 'checkDigit', String((Number(validRecords()[2]![11]) + 1) % 10)),
    3,
    'checkDigit',
  ],
  [
    'a forward 05 addenda under a return entry',
    () => withField(ADDENDA_99, 4, 'addendaTypeCode', '05'),
    4,
    'addendaTypeCode',
    'forward entry',
  ],
  [
    'a NOC addenda (98) in a batch of returns',
    () => withField(ADDENDA_99, 4, 'addendaTypeCode', '98'),
    4,
    'addendaTypeCode',
  ],
  [
    'a batch control whose entry/addenda count disagrees',
    () => withField(BATCH_CONTROL, 5, 'entryAddendaCount', '000004'),
    5,
    'entryAddendaCount',
  ],
  [
    'a batch control whose entry hash disagrees',
    () => withField(BATCH_CONTROL, 5, 'entryHash', '0000000001'),
    5,
    'entryHash',
  ],
  [
    'an amount changed in an entry, its controls left as they were',
    () => withField(ENTRY_DETAIL, 3, 'amount', '0000125051'),
    5,
    'totalCredit',
  ],
  [
    'a file control whose batch count disagrees',
    () => withField(FILE_CONTROL, 10, 'batchCount', '000001'),
    10,
    'batchCount',
  ],
  [
    'a file control whose block count disagrees',
    () => withField(FILE_CONTROL, 10, 'blockCount', '000002'),
    10,
    'blockCount',
  ],
  [
    'a file control whose entry/addenda count disagrees',
    () => withField(FILE_CONTROL, 10, 'entryAddendaCount', '00000006'),
    10,
    'entryAddendaCount',
  ],
  [
    'a file control whose entry hash disagrees',
    () => withField(FILE_CONTROL, 10, 'entryHash', '0000000000'),
    10,
    'entryHash',
  ],
  [
    'a file control whose credit total disagrees',
    () => withField(FILE_CONTROL, 10, 'totalCredit', '000000125051'),
    10,
    'totalCredit',
  ],
  [
    'a fault in the last record: nothing partial comes back',
    () => withField(FILE_CONTROL, 10, 'reserved', 'X'),
    10,
    'reserved',
  ],
  [
    'an unknown return code',
    () => withField(ADDENDA_99, 4, 'returnReasonCode', 'R99'),
    4,
    'returnReasonCode',
    'not a return code',
  ],
  [
    'a retired return code',
    () => withField(ADDENDA_99, 4, 'returnReasonCode', 'R65'),
    4,
    'returnReasonCode',
    'retired',
  ],
  [
    'an unknown change code',
    () => withField(ADDENDA_98, 8, 'changeCode', 'C99'),
    8,
    'changeCode',
    'not a change code',
  ],
  ['a retired change code', () => withField(ADDENDA_98, 8, 'changeCode', 'C10'), 8, 'changeCode', 'retired'],
  [
    'a refused-NOC code',
    () => withField(ADDENDA_98, 8, 'changeCode', 'C61'),
    8,
    'changeCode',
    'refuses a NOC',
  ],
  [
    'a NOC without its corrected data',
    () => withField(ADDENDA_98, 8, 'correctedData', ''),
    8,
    'correctedData.accountNumber',
    'missing',
  ],
  // C01 turned into C03: the account at 1-17 stands where C03 wants a routing number.
  [
    'corrected data of another code’s layout',
    () => withField(ADDENDA_98, 8, 'changeCode', 'C03'),
    8,
    'correctedData.routingNumber',
  ],
  [
    'a corrected account that is not left-justified',
    () => withField(ADDENDA_98, 8, 'correctedData', '  9988776655'),
    8,
    'correctedData.accountNumber',
  ],
  ['a NOC that carries money', () => withField(ENTRY_DETAIL, 7, 'amount', '0000000001'), 7, 'amount'],
  [
    'a death return without its date',
    () => withField(ADDENDA_99, 4, 'returnReasonCode', 'R14'),
    4,
    'dateOfDeath',
  ],
  [
    'a date of death on another return',
    () => withField(ADDENDA_99, 4, 'dateOfDeath', '261031'),
    4,
    'dateOfDeath',
  ],
  [
    'an addenda that does not repeat its entry’s trace',
    () => withField(ADDENDA_99, 4, 'traceNumber', '021000020000009'),
    4,
    'traceNumber',
  ],
  [
    'an original trace that is not 15 digits',
    () => withField(ADDENDA_99, 4, 'originalEntryTraceNumber', '12104288 000001'),
    4,
    'originalEntryTraceNumber',
  ],
];

describe('parseReturnFile refuses, naming line and field', () => {
  for (const [what, text, line, field, says] of FIELD_CASES) {
    it(what, () => {
      const error = refusal(text());
      expect(error).toMatchObject({ line, field });
      if (says) expect(error.message).toContain(says);
    });
  }

  it('a character outside ASCII that also lengthens its line, named by its field and not by the length', () => {
    const records = validRecords();
    records[2] = records[2]!.slice(0, 60) + '\u{1F600}' + records[2]!.slice(60);
    expect(refusal(fileOf(records))).toMatchObject({ line: 3, field: 'receiverName' });
  });

  it('a record of the wrong length', () => {
    const records = validRecords();
    records[2] = records[2]!.slice(0, 93);
    expect(refusal(fileOf(records))).toMatchObject({ line: 3, field: 'record' });
  });

  it('a forward (non-return) file given as a return file', () => {
    const error = refusal(forwardFile());
    expect(error).toMatchObject({ line: 3, field: 'transactionCode' });
    expect(error.message).toContain('forward entry');
  });

  it('records out of order: a missing batch control, a missing addenda', () => {
    const noControl = validRecords().filter((_, index) => index !== 4);
    expect(refusal(fileOf([...noControl, PADDING_RECORD]))).toMatchObject({ line: 5, field: 'recordType' });
    const noAddenda = validRecords().filter((_, index) => index !== 3);
    expect(refusal(fileOf([...noAddenda, PADDING_RECORD]))).toMatchObject({ line: 4, field: 'recordType' });
  });

  it('records that do not fill whole blocks of 10', () => {
    expect(refusal(fileOf([...validRecords(), PADDING_RECORD]))).toMatchObject({
      line: 11,
      field: 'blocking',
    });
  });
});
