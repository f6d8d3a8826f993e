// Every code of NACHA's lists through the simulator and back through the console's strict parser:
// stops a code the console cannot read, a field of the 99 or 98 addenda written or read at the
// wrong position, and a return batch whose controls the parser would refuse.
import {
  parseReturnFile,
  type ChangeEntry,
  type ReturnEntry,
  type ReturnFileBatch,
} from 'api/src/payments/nacha-returns';
import {
  ACH_CHANGE_CODES,
  ACH_RETURN_CODES,
  DATE_OF_DEATH_RETURN_CODES,
  type AchCorrectedDataLayout,
} from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { simulateBankResponse, type CorrectedData } from './index';
import { forwardFile, ODFI, RDFI_A, RDFI_B, recordsOf, TRACE } from './test-support';

/** A sample of corrected data for each layout, and what the parser must read back. */
const CORRECTIONS: Record<AchCorrectedDataLayout, CorrectedData> = {
  account: { accountNumber: 'X-99887766' },
  routing: { routingNumber: RDFI_B },
  routingAndAccount: { routingNumber: RDFI_B, accountNumber: '12345678901234567' },
  name: { name: 'ACME OFFICE SUPPLY INC' },
  transactionCode: { transactionCode: '32' },
  accountAndTransactionCode: { accountNumber: '55501', transactionCode: '32' },
  routingAccountAndTransactionCode: { routingNumber: RDFI_B, accountNumber: '987', transactionCode: '22' },
  foreignReceivingDfi: { receivingDfiIdentification: 'DEUTDEFF500' },
  identification: { identification: 'VENDOR-77' },
  addendaFormat: {},
  secCode: { secCode: 'IAT' },
};

const onlyEntry = <T>(entries: readonly T[]): T => {
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

/** The one entry of a batch of returns (or of NOCs): the test fails on the other kind. */
function entryOf(batch: ReturnFileBatch, kind: 'return'): ReturnEntry;
function entryOf(batch: ReturnFileBatch, kind: 'change'): ChangeEntry;
function entryOf(batch: ReturnFileBatch, kind: 'return' | 'change'): ReturnEntry | ChangeEntry {
  expect(batch.kind).toBe(kind);
  return onlyEntry<ReturnEntry | ChangeEntry>(batch.entries);
}

describe('every return code, simulated and parsed', () => {
  for (const [code, description] of Object.entries(ACH_RETURN_CODES)) {
    it(`${code}: ${description}`, () => {
      const needsDeath = DATE_OF_DEATH_RETURN_CODES.has(code as keyof typeof ACH_RETURN_CODES);
      const text = simulateBankResponse(forwardFile(), [
        { traceNumber: TRACE(1), code, ...(needsDeath ? { dateOfDeath: '2026-10-31' } : {}) },
      ]);
      const batch = onlyEntry(parseReturnFile(text).batches);
      const entry = entryOf(batch, 'return');
      expect(entry.return).toMatchObject({ code, description, originalTraceNumber: TRACE(1) });
      expect(entry.return.blocksAccount).toBe(['R02', 'R03', 'R04', 'R16', 'R20'].includes(code));
      expect(entry.return.dateOfDeath).toBe(needsDeath ? '2026-10-31' : undefined);
    });
  }
});

describe('every change code, simulated and parsed', () => {
  for (const [code, { description, correctedData }] of Object.entries(ACH_CHANGE_CODES)) {
    it(`${code}: ${description} (${correctedData})`, () => {
      const text = simulateBankResponse(forwardFile(), [
        { traceNumber: TRACE(2), code, correctedData: CORRECTIONS[correctedData] },
      ]);
      const batch = onlyEntry(parseReturnFile(text).batches);
      expect(batch).toMatchObject({ kind: 'change', standardEntryClassCode: 'COR' });
      const entry = entryOf(batch, 'change');
      expect(entry.change).toEqual({
        code,
        description,
        originalTraceNumber: TRACE(2),
        originalReceivingDfiIdentification: RDFI_A.slice(0, 8),
        correctedData: CORRECTIONS[correctedData],
      });
    });
  }
});

describe('the fields of a return (Addenda 99)', () => {
  it('reads each field of the entry and its addenda where NACHA puts it', () => {
    const text = simulateBankResponse(
      forwardFile(),
      [
        {
          traceNumber: TRACE(2),
          code: 'R15',
          dateOfDeath: '2026-02-28',
          addendaInformation: 'Estate of the owner',
        },
      ],
      {
        creationDate: '2026-11-27',
        creationTime: '0815',
        effectiveEntryDate: '2026-11-27',
        bankName: 'Chase',
      },
    );
    const file = parseReturnFile(text);
    expect(file).toMatchObject({
      immediateDestination: ODFI,
      immediateOrigin: RDFI_A,
      creationDate: '261127',
      fileIdModifier: 'A',
    });
    const batch = onlyEntry(file.batches);
    expect(batch).toMatchObject({
      line: 2,
      serviceClassCode: '220',
      companyName: 'ACME LOGISTICS',
      companyIdentification: '1234567890',
      standardEntryClassCode: 'CCD',
      companyEntryDescription: 'VENDOR PAY',
      effectiveEntryDate: '261127',
      returningDfiIdentification: RDFI_A.slice(0, 8),
      batchNumber: 1,
    });
    expect(entryOf(batch, 'return')).toEqual({
      line: 3,
      // The savings credit 32 comes back as 31, to the ODFI, under the returning bank's trace.
      transactionCode: '31',
      routingNumber: ODFI,
      accountNumber: '77-1234',
      amountCents: 9_900,
      identificationNumber: 'BILL-1001',
      receiverName: 'PAPER MILL',
      traceNumber: `${RDFI_A.slice(0, 8)}0000001`,
      return: {
        code: 'R15',
        description: ACH_RETURN_CODES.R15,
        blocksAccount: false,
        originalTraceNumber: TRACE(2),
        dateOfDeath: '2026-02-28',
        originalReceivingDfiIdentification: RDFI_A.slice(0, 8),
        addendaInformation: 'ESTATE OF THE OWNER',
      },
    });
    const addenda = recordsOf(text)[3]!;
    expect(addenda.slice(0, 6)).toBe('799R15');
    expect(addenda.slice(6, 21)).toBe(TRACE(2));
    expect(addenda.slice(21, 27)).toBe('260228');
    expect(addenda.slice(27, 35)).toBe('02100002');
    expect(addenda.slice(79)).toBe(`${RDFI_A.slice(0, 8)}0000001`);
  });

  it('returns the offsetting debit as a 26 in a debit-only batch', () => {
    const text = simulateBankResponse(forwardFile(), [{ traceNumber: TRACE(4), code: 'R01' }]);
    const batch = onlyEntry(parseReturnFile(text).batches);
    expect(batch.serviceClassCode).toBe('225');
    expect(entryOf(batch, 'return')).toMatchObject({
      transactionCode: '26',
      amountCents: 125_050 + 9_900 + 4_200,
    });
  });
});

describe('the fields of a NOC (Addenda 98)', () => {
  it('carries no money and puts the corrected data at 36-64, laid out per code', () => {
    const text = simulateBankResponse(forwardFile(), [
      { traceNumber: TRACE(1), code: 'C07', correctedData: CORRECTIONS.routingAccountAndTransactionCode },
    ]);
    const entry = entryOf(onlyEntry(parseReturnFile(text).batches), 'change');
    expect(entry).toMatchObject({ transactionCode: '21', amountCents: 0, routingNumber: ODFI });
    const addenda = recordsOf(text)[3]!;
    expect(addenda.slice(0, 6)).toBe('798C07');
    expect(addenda.slice(6, 21)).toBe(TRACE(1));
    expect(addenda.slice(21, 27)).toBe(' '.repeat(6));
    expect(addenda.slice(27, 35)).toBe('02100002');
    expect(addenda.slice(35, 64)).toBe(`${RDFI_B}987${' '.repeat(14)}22 `);
    expect(addenda.slice(64, 79)).toBe(' '.repeat(15));
  });
});

describe('a file of several answers', () => {
  it('batches by answering bank and kind, with batch numbers and traces ascending', () => {
    const text = simulateBankResponse(forwardFile(), [
      { traceNumber: TRACE(3), code: 'R03' },
      { traceNumber: TRACE(1), code: 'R02' },
      { traceNumber: TRACE(2), code: 'C05', correctedData: { transactionCode: '22' } },
    ]);
    const file = parseReturnFile(text);
    expect(
      file.batches.map((batch) => [batch.kind, batch.returningDfiIdentification, batch.batchNumber]),
    ).toEqual([
      ['return', '02100002', 1],
      ['change', '02100002', 2],
      ['return', '09100001', 3],
    ]);
    expect(file.batches.flatMap((batch) => batch.entries.map((entry) => entry.traceNumber.slice(8)))).toEqual(
      ['0000001', '0000002', '0000003'],
    );
    expect(recordsOf(text).length % 10).toBe(0);
  });
});
