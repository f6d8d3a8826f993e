import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUS_LABELS,
  BANK_RETURNS_PAGE_TEXT,
  blockedAccountLine,
  correctedAccountLine,
  returnedPaymentLine,
} from './bank-returns-text';

describe('bank return texts', () => {
  it('words a returned payment: code, description, em dash, amount, "to" vendor', () => {
    expect(
      returnedPaymentLine('R03', 'No account / unable to locate account', '$1,234.50', 'Baker & Lane LLP'),
    ).toBe('Returned: R03 No account / unable to locate account — $1,234.50 to Baker & Lane LLP');
  });

  it('words a blocked account and a correction, pending or confirmed', () => {
    expect(blockedAccountLine('R03', 'No account / unable to locate account')).toBe(
      'Blocked after return R03 No account / unable to locate account — change it and have a second person confirm',
    );
    expect(correctedAccountLine('C01', 'Incorrect bank account number', true)).toBe(
      'Bank correction C01 Incorrect bank account number — pending confirmation by a second person',
    );
    expect(correctedAccountLine('C01', 'Incorrect bank account number', false)).toMatch(/— confirmed$/);
  });

  it('names the returned statuses in words and counts corrections only when there are some', () => {
    expect(APPROVAL_STATUS_LABELS.PAYMENT_RETURNED).toBe('Payment returned');
    expect(APPROVAL_STATUS_LABELS.PAYMENT_PARTLY_RETURNED).toBe('Partly returned');
    expect(BANK_RETURNS_PAGE_TEXT.returnFiles.counts(1, 2, 0, 0)).toBe(
      '1 returned, 2 unmatched, 0 mismatched',
    );
    expect(BANK_RETURNS_PAGE_TEXT.returnFiles.counts(0, 0, 0, 3)).toBe(
      '0 returned, 3 corrected, 0 unmatched, 0 mismatched',
    );
  });
});
