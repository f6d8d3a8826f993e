import { describe, expect, it } from 'vitest';
import type { YourWork } from 'shared-contracts';
import { inboxPathOf, itemLabel, overdueLine, waitingLine } from './your-work-model';

const work = (waiting: YourWork['waiting']): YourWork => ({
  waiting,
  escalated: 0,
  oldest: [],
  overdue: { bills: 0, approvals: 0, amountCents: 0 },
  stuckPayments: { count: 0, approvals: [] },
});

describe('your work', () => {
  it('says the count and the amount waiting, in dollars from cents, with + past the cap', () => {
    expect(waitingLine(work({ count: 12, capped: false, amountCents: 340_005 }))).toBe(
      'Waiting for you: 12 · $3,400.05',
    );
    expect(waitingLine(work({ count: 100, capped: true, amountCents: 25_000_000 }))).toBe(
      'Waiting for you: 100+ · $250,000.00+',
    );
    expect(waitingLine(null)).toBe('Waiting for you: … · …');
  });

  it('names the vendor, else the company, with the amount', () => {
    expect(itemLabel({ vendorName: 'Acme', companyName: 'Co', amountCents: 1 })).toBe('Acme · $0.01');
    expect(itemLabel({ vendorName: null, companyName: 'Co', amountCents: 120_000 })).toBe('Co · $1,200.00');
  });

  it('says how many bills are overdue and for how much, or that none is', () => {
    expect(overdueLine({ bills: 3, approvals: 2, amountCents: 180_000 })).toBe('3 bills overdue · $1,800.00');
    expect(overdueLine({ bills: 1, approvals: 1, amountCents: 5 })).toBe('1 bill overdue · $0.05');
    expect(overdueLine({ bills: 0, approvals: 0, amountCents: 0 })).toBe('No bill is overdue.');
  });

  it('opens an approval in the inbox', () => {
    expect(inboxPathOf('a1')).toBe('/approvals/inbox?selected=a1');
  });
});
