// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { Approval, ApprovalStatus } from 'shared-contracts';
import { UiProvider } from 'shared-ui';
import type * as SharedAuth from 'shared-auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextPaymentAction } from './payment-progress';

const role = vi.hoisted(() => ({ moderator: true, admin: true }));
vi.mock('shared-auth', async (original) => ({
  ...(await original<typeof SharedAuth>()),
  useCanManage: () => role.moderator,
  useCanAdminister: () => role.admin,
}));

afterEach(cleanup);

/** An approval at `status`, its bank file written from NACHA_GENERATED on. */
const at = (status: ApprovalStatus): Approval => {
  const written = !['APPROVED', 'NACHA_PENDING'].includes(status);
  return {
    id: 'bae3de22-0000-4000-8000-000000000000',
    status,
    nachaFileGenerated: written,
    nachaFileName: written ? '0000001.txt' : null,
    nachaBatchNumber: written ? '0000001' : null,
    nachaGeneratedAt: written ? '2026-11-28T10:00:00Z' : null,
    nachaProcessingStatus: written ? 'GENERATED' : null,
    nachaFileUrl: written ? '/api/bill-approval/approvals/a/nacha' : null,
  } as Approval;
};

/** The header's payment buttons for an approval at `status`, as the signed-in role sees them. */
const actions = (status: ApprovalStatus, as: { moderator: boolean; admin: boolean }) => {
  Object.assign(role, as);
  cleanup();
  render(
    <UiProvider>
      <NextPaymentAction approval={at(status)} />
    </UiProvider>,
  );
  return screen.queryAllByRole('button').map((button) => button.textContent);
};

const ADMIN = { moderator: true, admin: true };
const MODERATOR = { moderator: true, admin: false };
const USER = { moderator: false, admin: false };

describe("the header's next payment step", () => {
  it('is Generate when approved, Mark uploaded and Download once written, Mark paid once uploaded, nothing once paid', () => {
    expect(actions('APPROVED', ADMIN)).toEqual(['Generate bank file']);
    expect(actions('NACHA_PENDING', ADMIN)).toEqual(['Generate bank file']);
    expect(actions('NACHA_GENERATED', ADMIN)).toEqual(['Mark uploaded', 'Download NACHA File']);
    expect(actions('BANK_UPLOADED', ADMIN)).toEqual(['Mark paid']);
    for (const status of ['PAYMENT_COMPLETED', 'PAYMENT_RETURNED', 'PENDING', 'REJECTED'] as const) {
      expect(actions(status, ADMIN), status).toEqual([]);
    }
  });

  it('offers the bank steps to an ADMIN only, the file to a MODERATOR too, and nothing to a USER', () => {
    expect(actions('APPROVED', MODERATOR)).toEqual(['Generate bank file']);
    expect(actions('NACHA_GENERATED', MODERATOR)).toEqual(['Download NACHA File']);
    expect(actions('BANK_UPLOADED', MODERATOR)).toEqual([]);
    for (const status of ['APPROVED', 'NACHA_GENERATED', 'BANK_UPLOADED'] as const) {
      expect(actions(status, USER), status).toEqual([]);
    }
  });
});
