// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { qbPaymentBadge } from './quickbooks-cards';

describe("a bill's payment in QuickBooks", () => {
  it('says what became of it after a bank return, before what it was', () => {
    expect(qbPaymentBadge({ status: 'created', deletion: null }).label).toBe('Recorded');
    expect(qbPaymentBadge({ status: 'created', deletion: { status: 'deleted', error: null } }).label).toBe(
      'Deleted after the return',
    );
    expect(qbPaymentBadge({ status: 'pending', deletion: { status: 'cancelled', error: null } }).label).toBe(
      'Not sent: payment returned',
    );
    expect(qbPaymentBadge({ status: 'created', deletion: { status: 'failed', error: 'x' } }).palette).toBe(
      'red',
    );
  });
});
