// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { APPROVAL_LIST_TEXT, type ApprovalSummary } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import { describe, expect, it } from 'vitest';
import { APPROVAL_COLUMNS } from './approval-columns';

// jsdom lays nothing out: TruncatedText's observer has nothing to measure.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const row = (fields: Partial<ApprovalSummary>) =>
  ({
    id: 'bae3de22-0000-4000-8000-000000000000',
    status: 'PENDING',
    currentStep: 2,
    stepCount: 2,
    currentStepLabel: 'any admin',
    vendorName: 'Ironclad Fabrication',
    vendorCount: 3,
    firstDueDate: '2026-12-09',
    possibleDuplicate: false,
    createdAt: '2026-11-01T10:00:00Z',
    billStats: { totalBills: 4, processedBills: 0, processingRate: 0, totalAmount: 39584.05 },
    ...fields,
  }) as ApprovalSummary;

const cell = (key: string, approval: ApprovalSummary) => {
  const column = APPROVAL_COLUMNS.find((c) => c.key === key)!;
  return render(<UiProvider>{column.render!(approval)}</UiProvider>).container;
};

describe('the approvals list columns', () => {
  it('lead with the vendor and how many more, the amount, the due date and who decides next', () => {
    expect(APPROVAL_COLUMNS.map((c) => c.key).slice(0, 8)).toEqual([
      'id',
      'vendor',
      'company',
      'totalAmount',
      'due',
      'status',
      'nextApprover',
      'age',
    ]);
    expect(cell('vendor', row({})).textContent).toBe('Ironclad Fabrication+2 more');
    expect(cell('due', row({})).textContent).toBe('Dec 09, 2026');
    expect(cell('status', row({})).textContent).toContain('Step 2 of 2');
    expect(cell('nextApprover', row({})).textContent).toBe('any admin');
  });

  it('mark a possible duplicate; a decided approval waits for nobody; no vendor and no due date say so', () => {
    expect(cell('vendor', row({ possibleDuplicate: true, vendorCount: 1 })).textContent).toBe(
      `Ironclad Fabrication${APPROVAL_LIST_TEXT.possibleDuplicate}`,
    );
    expect(cell('vendor', row({ vendorName: null, vendorCount: 0 })).textContent).toBe(
      APPROVAL_LIST_TEXT.noVendor,
    );
    expect(cell('nextApprover', row({ status: 'APPROVED' })).textContent).toBe('—');
    expect(cell('due', row({ firstDueDate: null })).textContent).toBe('—');
  });
});
