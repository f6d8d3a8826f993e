import { APPROVAL_STATUSES } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { paymentStepDone } from './payment-progress';

describe('the payment stepper', () => {
  it('places every status: nothing before approval, then approved, generated, uploaded, paid', () => {
    const steps = Object.fromEntries(APPROVAL_STATUSES.map((status) => [status, paymentStepDone(status)]));
    expect(steps).toEqual({
      PENDING: null,
      REJECTED: null,
      EXPIRED: null,
      APPROVED: 0,
      NACHA_PENDING: 0,
      NACHA_GENERATED: 1,
      BANK_UPLOADED: 2,
      PAYMENT_COMPLETED: 3,
      PAYMENT_PARTLY_RETURNED: 3,
      PAYMENT_RETURNED: 3,
    });
  });
});
