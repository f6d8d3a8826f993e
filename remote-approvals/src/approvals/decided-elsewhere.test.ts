import { describe, expect, it } from 'vitest';
import { decidedNotice } from './decided-elsewhere';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const base = { approvedBy: null, approvalDate: null, rejectedBy: null, rejectionDate: null };

describe('decidedNotice', () => {
  it('names who decided, just now', () => {
    expect(
      decidedNotice(
        { ...base, status: 'APPROVED', approvedBy: 'Ada Admin', approvalDate: '2026-03-01T11:59:58.000Z' },
        NOW,
      ),
    ).toBe('Approved by Ada Admin just now');
    expect(
      decidedNotice(
        { ...base, status: 'REJECTED', rejectedBy: 'Uma User', rejectionDate: '2026-03-01T11:59:00.000Z' },
        NOW,
      ),
    ).toBe('Rejected by Uma User just now');
  });

  it('says the age of an older decision (a tab that was offline)', () => {
    expect(
      decidedNotice(
        { ...base, status: 'APPROVED', approvedBy: 'Ada Admin', approvalDate: '2026-03-01T11:50:00.000Z' },
        NOW,
      ),
    ).toBe('Approved by Ada Admin 10 minutes ago');
  });

  it('says nothing while undecided, for an expiry, or without a name', () => {
    expect(decidedNotice({ ...base, status: 'PENDING' }, NOW)).toBeNull();
    expect(decidedNotice({ ...base, status: 'EXPIRED' }, NOW)).toBeNull();
    expect(decidedNotice({ ...base, status: 'APPROVED' }, NOW)).toBeNull();
  });
});
