import { describe, expect, it } from 'vitest';
import type { BankFileReconEntry, BankFileSummary } from 'shared-contracts';
import {
  entryStatusStyle,
  outcomeStyle,
  reconciliationTotals,
  returnableEntries,
  returnedPayments,
} from './bank-returns-model';

const entry = (over: Partial<BankFileReconEntry>): BankFileReconEntry => ({
  billId: 'B-1',
  vendorRef: 'V1',
  vendorName: 'Baker & Lane LLP',
  amountCents: 123_450,
  traceNumber: '091000010000001',
  routingNumber: '091000019',
  accountLast4: '6789',
  status: 'SENT',
  returnCode: null,
  returnDescription: null,
  returnedOn: null,
  correctionCode: null,
  correctionDescription: null,
  ...over,
});

const summary = (over: Partial<BankFileSummary> = {}): BankFileSummary => ({
  id: 7,
  approvalId: '5f0c1a6e-8a47-4d3e-9a55-2f3f0f6b1c2d',
  companyId: 1,
  companyName: 'Acme',
  batchNumber: 12,
  createdAt: '2026-11-02T10:00:00.000Z',
  effectiveEntryDate: '2026-11-03',
  entryCount: 3,
  sentCents: 350_000,
  paidCents: 226_550,
  returnedCents: 123_450,
  returnedCount: 1,
  correctedCount: 0,
  ...over,
});

describe('returnedPayments', () => {
  it('says code, description, em dash, dollars and vendor for each returned bill only', () => {
    const lines = returnedPayments([
      entry({ billId: 'B-0', status: 'PAID' }),
      entry({
        billId: 'B-1',
        status: 'RETURNED',
        returnCode: 'R03',
        returnDescription: 'No account / unable to locate account',
      }),
      entry({ billId: 'B-2', status: 'CORRECTED', correctionCode: 'C01' }),
    ]);
    expect(lines).toEqual([
      {
        billId: 'B-1',
        text: 'Returned: R03 No account / unable to locate account — $1,234.50 to Baker & Lane LLP',
      },
    ]);
  });

  it('keeps the cents of an odd amount and groups thousands', () => {
    const [line] = returnedPayments([
      entry({
        status: 'RETURNED',
        amountCents: 100_000_001,
        returnCode: 'R01',
        returnDescription: 'Insufficient funds',
      }),
    ]);
    expect(line?.text).toBe('Returned: R01 Insufficient funds — $1,000,000.01 to Baker & Lane LLP');
  });
});

describe('reconciliationTotals', () => {
  it('gives sent, paid and returned in dollars with the counts, returned in red once something came back', () => {
    const totals = reconciliationTotals(summary());
    expect(totals.map((t) => [t.key, t.value, t.detail, t.palette])).toEqual([
      ['sent', '$3,500.00', '3 payments', 'gray'],
      ['paid', '$2,265.50', '', 'green'],
      ['returned', '$1,234.50', '1 payment', 'red'],
    ]);
  });

  it('adds the corrected count only when a notification of change came, and nothing returned is gray', () => {
    const totals = reconciliationTotals(summary({ returnedCents: 0, returnedCount: 0, correctedCount: 2 }));
    expect(totals.find((t) => t.key === 'returned')?.palette).toBe('gray');
    expect(totals.at(-1)).toMatchObject({ key: 'corrected', value: '2', palette: 'orange' });
    expect(reconciliationTotals(summary()).some((t) => t.key === 'corrected')).toBe(false);
  });
});

describe('status words', () => {
  it('words entry statuses and return outcomes, and leaves an unknown outcome as sent', () => {
    expect(entryStatusStyle('RETURNED')).toEqual({ label: 'Returned', palette: 'red' });
    expect(entryStatusStyle('CORRECTED')).toEqual({ label: 'Corrected', palette: 'orange' });
    expect(outcomeStyle('MISMATCH')).toEqual({ label: 'Mismatch', palette: 'yellow' });
    expect(outcomeStyle('SOMETHING')).toEqual({ label: 'SOMETHING', palette: 'gray' });
  });

  it('offers the simulator every bill not yet returned', () => {
    const entries = [entry({ billId: 'A', status: 'RETURNED' }), entry({ billId: 'B', status: 'PAID' })];
    expect(returnableEntries(entries).map((e) => e.billId)).toEqual(['B']);
  });
});
