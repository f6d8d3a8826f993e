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

describe('parseReturnFile refuses, naming line and field', () => {
  it('a record of the wrong length', () => {
    const records = validRecords();
    records[2] = records[2]!.slice(0, 93);
    expect(refusal(fileOf(records))).toMatchObject({ line: 3, field: 'record' });
  });

  it('a character that is not printable ASCII, named by the field it stands in', () => {
    expect(refusal(withField(ENTRY_DETAIL, 3, 'receiverName', 'CAFÉ'))).toMatchObject({
      line: 3,
      field: 'receiverName',
    });
  });

  it('a routing number with a bad check digit', () => {
    const digit = validRecords()[2]![11]!;
    const wrong = String((Number(digit) + 1) % 10);
    expect(refusal(withField(ENTRY_DETAIL, 3, 'checkDigit', wrong))).toMatchObject({
      line: 3,
      field: 'checkDigit',
    });
  });

  it('a forward (non-return) file given as a return file', () => {
    const error = refusal(forwardFile());
    expect(error).toMatchObject({ line: 3, field: 'transactionCode' });
    expect(error.message).toContain('forward entry');
  });

  it('a forward 05 addenda under a return entry', () => {
    const error = refusal(withField(ADDENDA_99, 4, 'addendaTypeCode', '05'));
    expect(error).toMatchObject({ line: 4, field: 'addendaTypeCode' });
    expect(error.message).toContain('forward entry');
  });

  it('a NOC addenda (98) in a batch of returns', () => {
    expect(refusal(withField(ADDENDA_99, 4, 'addendaTypeCode', '98'))).toMatchObject({
      line: 4,
      field: 'addendaTypeCode',
    });
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

  it('a batch control whose count, hash or totals disagree with its entries', () => {
    expect(refusal(withField(BATCH_CONTROL, 5, 'entryAddendaCount', '000004'))).toMatchObject({
      line: 5,
      field: 'entryAddendaCount',
    });
    expect(refusal(withField(BATCH_CONTROL, 5, 'entryHash', '0000000001'))).toMatchObject({
      line: 5,
      field: 'entryHash',
    });
    // An amount changed in the entry, its controls left as they were.
    expect(refusal(withField(ENTRY_DETAIL, 3, 'amount', '0000125051'))).toMatchObject({
      line: 5,
      field: 'totalCredit',
    });
  });

  it('a file control whose batch count, block count or totals disagree with the batches', () => {
    for (const [name, value] of [
      ['batchCount', '000001'],
      ['blockCount', '000002'],
      ['entryAddendaCount', '00000006'],
      ['entryHash', '0000000000'],
      ['totalCredit', '000000125051'],
    ] as const) {
      expect(refusal(withField(FILE_CONTROL, 10, name, value)), name).toMatchObject({
        line: 10,
        field: name,
      });
    }
  });

  it('an unknown return code, and a retired one', () => {
    expect(refusal(withField(ADDENDA_99, 4, 'returnReasonCode', 'R99'))).toMatchObject({
      line: 4,
      field: 'returnReasonCode',
    });
    const retired = refusal(withField(ADDENDA_99, 4, 'returnReasonCode', 'R65'));
    expect(retired).toMatchObject({ line: 4, field: 'returnReasonCode' });
    expect(retired.message).toContain('retired');
  });

  it('an unknown change code, a retired one, and a refused-NOC code', () => {
    expect(refusal(withField(ADDENDA_98, 8, 'changeCode', 'C99'))).toMatchObject({
      line: 8,
      field: 'changeCode',
    });
    expect(refusal(withField(ADDENDA_98, 8, 'changeCode', 'C10')).message).toContain('retired');
    expect(refusal(withField(ADDENDA_98, 8, 'changeCode', 'C61')).message).toContain('refuses a NOC');
  });

  it('a NOC without its corrected data, or with corrected data of the wrong shape', () => {
    expect(refusal(withField(ADDENDA_98, 8, 'correctedData', ''))).toMatchObject({
      line: 8,
      field: 'correctedData.accountNumber',
    });
    // C01 turned into C03: the account at 1-17 stands where C03 wants a routing number.
    expect(refusal(withField(ADDENDA_98, 8, 'changeCode', 'C03'))).toMatchObject({
      line: 8,
      field: 'correctedData.routingNumber',
    });
    expect(refusal(withField(ADDENDA_98, 8, 'correctedData', '  9988776655'))).toMatchObject({
      field: 'correctedData.accountNumber',
    });
  });

  it('a NOC that carries money', () => {
    expect(refusal(withField(ENTRY_DETAIL, 7, 'amount', '0000000001'))).toMatchObject({
      line: 7,
      field: 'amount',
    });
  });

  it('a death return without its date, and a date of death on another return', () => {
    expect(refusal(withField(ADDENDA_99, 4, 'returnReasonCode', 'R14'))).toMatchObject({
      line: 4,
      field: 'dateOfDeath',
    });
    expect(refusal(withField(ADDENDA_99, 4, 'dateOfDeath', '261031'))).toMatchObject({
      line: 4,
      field: 'dateOfDeath',
    });
  });

  it('an addenda that does not repeat its entry’s trace, or an original trace that is not one', () => {
    expect(refusal(withField(ADDENDA_99, 4, 'traceNumber', '021000020000009'))).toMatchObject({
      line: 4,
      field: 'traceNumber',
    });
    expect(refusal(withField(ADDENDA_99, 4, 'originalEntryTraceNumber', '12104288 000001'))).toMatchObject({
      line: 4,
      field: 'originalEntryTraceNumber',
    });
  });

  it('a fault in the last record still refuses the whole file: nothing partial comes back', () => {
    expect(refusal(withField(FILE_CONTROL, 10, 'reserved', 'X'))).toMatchObject({
      line: 10,
      field: 'reserved',
    });
  });
});
