import { describe, expect, it } from 'vitest';
import { bankAccountControlText, bankAccountTypeLabel, maskedAccount } from './bank-account-control';

const now = new Date('2026-11-25T12:00:00Z');
const ada = { id: 1, name: 'Ada Admin', email: 'admin@example.com' };
const morgan = { id: 2, name: 'Morgan Moderator', email: 'moderator@example.com' };

describe('bankAccountControlText', () => {
  it('names who entered a pending account and says it waits for a second person', () => {
    expect(
      bankAccountControlText(
        {
          version: 2,
          status: 'PENDING',
          changedAt: '2026-11-22T12:00:00Z',
          changedBy: ada,
          confirmedAt: null,
          confirmedBy: null,
        },
        now,
      ),
    ).toBe('Entered 3 days ago by Ada Admin (admin@example.com); waiting for a second person to confirm it');
  });

  it('names both people of a confirmed account, and nobody for accounts from before anyone was recorded', () => {
    expect(
      bankAccountControlText(
        {
          version: 1,
          status: 'CONFIRMED',
          changedAt: '2026-11-22T12:00:00Z',
          changedBy: ada,
          confirmedAt: '2026-11-24T12:00:00Z',
          confirmedBy: morgan,
        },
        now,
      ),
    ).toBe(
      'Entered 3 days ago by Ada Admin (admin@example.com); confirmed 1 day ago by Morgan Moderator (moderator@example.com)',
    );
    expect(
      bankAccountControlText(
        {
          version: 1,
          status: 'CONFIRMED',
          changedAt: '2026-11-22T12:00:00Z',
          changedBy: null,
          confirmedAt: '2026-11-22T12:00:00Z',
          confirmedBy: null,
        },
        now,
      ),
    ).toBe('Entered 3 days ago; confirmed 3 days ago');
  });
});

describe('maskedAccount and bankAccountTypeLabel', () => {
  it('shows the last 4 digits only, and the account type in words', () => {
    expect(maskedAccount('6789')).toBe('••••6789');
    expect(bankAccountTypeLabel('savings')).toBe('Savings');
    expect(bankAccountTypeLabel('checking')).toBe('Checking');
  });
});
