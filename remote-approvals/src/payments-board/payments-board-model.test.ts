import { describe, expect, it } from 'vitest';
import { columnListPath, moreCount, nextStepOf, vendorLine } from './payments-board-model';

const item = { id: '1a2b3c4d-0000-4000-8000-000000000000', vendorName: 'Acme', companyName: 'Co', bills: 1 };

describe('payments board model', () => {
  it('counts what the column does not list', () => {
    expect(moreCount({ count: 12, approvals: new Array(5).fill(null) })).toBe(7);
    expect(moreCount({ count: 3, approvals: new Array(3).fill(null) })).toBe(0);
    // A payment that moved between the two reads never makes a negative count.
    expect(moreCount({ count: 2, approvals: new Array(3).fill(null) })).toBe(0);
  });

  it('names the vendor and the other bills, else the company, else the approval', () => {
    expect(vendorLine(item)).toBe('Acme');
    expect(vendorLine({ ...item, bills: 2 })).toBe('Acme +1 bill');
    expect(vendorLine({ ...item, bills: 4 })).toBe('Acme +3 bills');
    expect(vendorLine({ ...item, vendorName: ' ' })).toBe('Co');
    expect(vendorLine({ ...item, vendorName: null, companyName: null })).toBe('Approval 1a2b3c4d');
  });

  it("links a column to the list filtered by its status and says each column's next step", () => {
    expect(columnListPath('NACHA_GENERATED')).toBe('/approvals?status=NACHA_GENERATED');
    expect(nextStepOf('APPROVED', 30)).toBe('Next: generate the bank file');
    expect(nextStepOf('PAYMENT_COMPLETED', 30)).toBe('Paid in the last 30 days');
  });
});
