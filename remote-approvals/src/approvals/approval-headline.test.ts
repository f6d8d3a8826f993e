import type { Bill } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { approvalHeadline, firstDueLabel, vendorsLabel, waitingStepLabel } from './approval-headline';

const bill = (vendor: string, amount: number, due?: string): Bill =>
  ({
    Id: `${vendor}-${amount}`,
    TotalAmt: amount,
    VendorRef: { value: vendor, name: vendor },
    DueDate: due,
  }) as Bill;

const now = new Date('2026-11-28T12:00:00');

describe('the approval headline', () => {
  it('reads vendor, total, bills and the first due date', () => {
    const bills = [
      bill('Ironclad Fabrication', 10_000, '2026-12-12'),
      bill('Ironclad Fabrication', 9_584.05, '2026-12-09'),
      bill('Ironclad Fabrication', 10_000),
      bill('Ironclad Fabrication', 10_000, '2026-12-30'),
    ];
    const approval = {
      billStats: { totalBills: 4, processedBills: 0, processingRate: 0, totalAmount: 39_584.05 },
    };
    expect(approvalHeadline(approval, bills, now)).toBe(
      'Ironclad Fabrication · $39,584.05 · 4 bills · first due Dec 9',
    );
  });

  it('names two vendors, counts the rest, and leaves out a due date no bill has', () => {
    expect(vendorsLabel([bill('A', 1), bill('B', 1), bill('A', 2)])).toBe('A and B');
    expect(vendorsLabel([bill('A', 1), bill('B', 1), bill('C', 1), bill('D', 1)])).toBe('A, B and 2 more');
    expect(vendorsLabel([])).toBe('No bills');
    const approval = { billStats: { totalBills: 1, processedBills: 0, processingRate: 0, totalAmount: 5 } };
    expect(approvalHeadline(approval, [bill('A', 5)], now)).toBe('A · $5.00 · 1 bill');
  });

  it("gives the year of a due date that is not this year's", () => {
    expect(firstDueLabel([bill('A', 1, '2027-01-04')], now)).toBe('first due Jan 4, 2027');
  });

  it('says which step waits for whom, only while pending', () => {
    const step = { status: 'PENDING' as const, currentStep: 2, stepCount: 2, currentStepLabel: 'any admin' };
    expect(waitingStepLabel(step)).toBe('Step 2 of 2 — waiting for any admin');
    expect(waitingStepLabel({ ...step, status: 'APPROVED' })).toBeNull();
    expect(waitingStepLabel({ ...step, currentStep: null, stepCount: 0 })).toBeNull();
  });
});
