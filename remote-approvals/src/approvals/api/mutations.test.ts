import { ApiError } from 'shared-auth';
import { APPROVAL_ERRORS, type BulkOutcome } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { needsDuplicateReason, toRunOutcome } from './mutations';

const reasonMessage = APPROVAL_ERRORS.duplicateReasonRequired(['inv 42']);

describe('a possible duplicate approved from the list', () => {
  it('the quick approve knows the refusal that asks for a reason (and only that one)', () => {
    const refused = new ApiError(reasonMessage, {
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { duplicateReason: reasonMessage },
    });
    expect(needsDuplicateReason(refused)).toBe(true);
    expect(
      needsDuplicateReason(
        new ApiError('Invalid bills', {
          status: 400,
          code: 'VALIDATION_ERROR',
          fields: { approvedBills: 'x' },
        }),
      ),
    ).toBe(false);
    expect(
      needsDuplicateReason(new ApiError(APPROVAL_ERRORS.notPending, { status: 409, code: 'CONFLICT' })),
    ).toBe(false);
  });

  it('bulk approve reports it per approval and drops it from the selection (the same request fails again)', () => {
    const outcome: BulkOutcome = {
      succeeded: 1,
      failed: 2,
      results: [
        { id: 'a', success: true, status: 'NACHA_GENERATED', error: null, code: null },
        { id: 'b', success: false, status: 'PENDING', error: reasonMessage, code: 'VALIDATION_ERROR' },
        { id: 'c', success: false, status: 'PENDING', error: 'Database busy', code: 'INTERNAL_ERROR' },
      ],
    };
    expect(toRunOutcome(outcome)).toEqual({
      succeeded: ['a'],
      failed: [
        { id: 'b', message: reasonMessage, final: true },
        { id: 'c', message: 'Database busy', final: false },
      ],
    });
  });
});
