// The record definitions are the one place a NACHA position is written down: these tests stop a
// definition with a gap, an overlap or a short record from loading, and a value from being cut or
// shifted when a record is formatted or read.
import { describe, expect, it } from 'vitest';
import {
  ADDENDA_05,
  ADDENDA_98,
  ADDENDA_99,
  BATCH_CONTROL,
  BATCH_HEADER,
  defineRecord,
  ENTRY_DETAIL,
  FILE_CONTROL,
  FILE_HEADER,
  formatRecord,
  isYymmdd,
  NachaError,
  readField,
} from './nacha-records';

describe('defineRecord', () => {
  it('refuses fields that leave a gap, overlap, stop short of 94 or carry a fixed value of the wrong length', () => {
    const kind = 'numeric' as const;
    expect(() =>
      defineRecord('gap', [
        { name: 'a', start: 1, length: 1, kind },
        { name: 'b', start: 3, length: 92, kind },
      ]),
    ).toThrow(/b starts at 3, expected 2/);
    expect(() =>
      defineRecord('overlap', [
        { name: 'a', start: 1, length: 2, kind },
        { name: 'b', start: 2, length: 93, kind },
      ]),
    ).toThrow(/expected 3/);
    expect(() => defineRecord('short', [{ name: 'a', start: 1, length: 93, kind }])).toThrow(/end at 93/);
    expect(() => defineRecord('fixed', [{ name: 'a', start: 1, length: 94, kind, fixed: '1' }])).toThrow(
      /fixed value/,
    );
  });

  it('holds every record the console writes or reads, each tiling 1-94', () => {
    for (const record of [
      FILE_HEADER,
      BATCH_HEADER,
      ENTRY_DETAIL,
      ADDENDA_05,
      ADDENDA_98,
      ADDENDA_99,
      BATCH_CONTROL,
      FILE_CONTROL,
    ]) {
      expect(
        record.fields.reduce((sum, field) => sum + field.length, 0),
        record.title,
      ).toBe(94);
    }
  });
});

describe('formatRecord and readField', () => {
  it('fills fixed fields, pads numbers with zeros and text with spaces, and reads each back at its place', () => {
    const line = formatRecord(ADDENDA_99, {
      returnReasonCode: 'r03',
      originalEntryTraceNumber: '121042880000001',
      originalReceivingDfiIdentification: 2100002,
      addendaInformation: 'Café',
      traceNumber: '21000020000001',
    });
    expect(line).toHaveLength(94);
    expect(readField(ADDENDA_99, line, 'recordType') + readField(ADDENDA_99, line, 'addendaTypeCode')).toBe(
      '799',
    );
    expect(readField(ADDENDA_99, line, 'returnReasonCode')).toBe('R03');
    expect(readField(ADDENDA_99, line, 'dateOfDeath')).toBe('      ');
    expect(readField(ADDENDA_99, line, 'originalReceivingDfiIdentification')).toBe('02100002');
    expect(readField(ADDENDA_99, line, 'addendaInformation')).toBe('CAFE'.padEnd(44));
    expect(readField(ADDENDA_99, line, 'traceNumber')).toBe('021000020000001');
  });

  it('cuts text to its field but refuses a number that does not fit, naming the field', () => {
    expect(
      readField(FILE_HEADER, formatRecord(FILE_HEADER, { referenceCode: 'ABCDEFGHIJ' }), 'referenceCode'),
    ).toBe('ABCDEFGH');
    expect(() => formatRecord(ENTRY_DETAIL, { amount: 12_345_678_901 }, { amount: 'Amount' })).toThrow(
      new NachaError('INVALID_FIELD', 'Amount must be at most 10 digits'),
    );
    expect(() => formatRecord(ENTRY_DETAIL, { amount: '12.50' })).toThrow(/amount must be at most 10 digits/);
  });
});

describe('isYymmdd', () => {
  it('takes real calendar days only', () => {
    expect(isYymmdd('260228')).toBe(true);
    expect(isYymmdd('280229')).toBe(true);
    expect(isYymmdd('260229')).toBe(false);
    expect(isYymmdd('261301')).toBe(false);
    expect(isYymmdd('26011 ')).toBe(false);
  });
});
