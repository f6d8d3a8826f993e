import type { VendorHistoryEntry } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { accountChangeWarning, paidOnLabel, paymentsLine } from './vendor-history-lines';

const NOW = new Date(2026, 10, 29);

const entry = (overrides: Partial<VendorHistoryEntry> = {}): VendorHistoryEntry => ({
  vendorRef: 'V-1',
  vendorName: 'Vendor V-1',
  payments: [],
  typicalCents: null,
  accountChange: null,
  ...overrides,
});

describe('the vendor history strip', () => {
  it('lists the payments newest first with their dates, then the typical amount', () => {
    const line = paymentsLine(
      entry({
        payments: [
          { approvalId: 'a', amountCents: 120_000, paidOn: '2026-11-03', status: 'paid' },
          { approvalId: 'b', amountCents: 98_000, paidOn: '2026-10-02', status: 'paid' },
        ],
        typicalCents: 105_000,
      }),
      NOW,
    );
    expect(line).toBe('Last payments: $1,200.00 Nov 3 · $980.00 Oct 2 · typical $1,050.00');
  });

  it('marks a returned payment, and leaves the typical amount out when nothing was paid', () => {
    const line = paymentsLine(
      entry({
        payments: [{ approvalId: 'a', amountCents: 30_000, paidOn: '2026-11-10', status: 'returned' }],
      }),
      NOW,
    );
    expect(line).toBe('Last payments: $300.00 Nov 10 (returned)');
  });

  it('says a first payment when the vendor was never paid', () => {
    expect(paymentsLine(entry(), NOW)).toBe('First payment to this vendor');
  });

  it('gives the year of a payment before this one', () => {
    expect(paidOnLabel('2025-12-30', NOW)).toBe('Dec 30, 2025');
    expect(paidOnLabel('not a date', NOW)).toBe('—');
  });

  it('warns of a recent account change in red, an older one in orange, and says nothing without one', () => {
    expect(accountChangeWarning(entry({ accountChange: { daysAgo: 3, changedBy: 'Sam Second' } }))).toEqual({
      text: 'Bank account changed 3 days ago by Sam Second',
      color: 'red.fg',
    });
    expect(accountChangeWarning(entry({ accountChange: { daysAgo: 12, changedBy: null } }))).toEqual({
      text: 'Bank account changed 12 days ago',
      color: 'orange.fg',
    });
    expect(accountChangeWarning(entry({ accountChange: { daysAgo: 0, changedBy: 'Ann' } }))?.text).toBe(
      'Bank account changed today by Ann',
    );
    expect(accountChangeWarning(entry())).toBeNull();
  });
});
