import { APPROVAL_ERRORS } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { decisionBlock, type DecidedApproval } from './decision-block';

const pending = (extra: Partial<DecidedApproval> = {}): DecidedApproval => ({
  status: 'PENDING',
  createdById: 7,
  ...extra,
});

describe('decisionBlock', () => {
  it('lets a reviewer the server lets approve decide a pending approval', () => {
    expect(decisionBlock(pending({ viewerDecision: { may: true, reason: null } }), true, 1)).toEqual({
      approve: null,
      reject: null,
    });
  });

  it("disables Approve and Reject alike with the server's reason", () => {
    const reason = 'Step 2 of 2 waits for any admin';
    expect(decisionBlock(pending({ viewerDecision: { may: false, reason } }), true, 1)).toEqual({
      approve: reason,
      reject: reason,
    });
    const earlier = decisionBlock(
      pending({ viewerDecision: { may: false, reason: APPROVAL_ERRORS.decidedEarlierStep } }),
      true,
      1,
    );
    expect(earlier.approve).toBe(APPROVAL_ERRORS.decidedEarlierStep);
    expect(earlier.reject).toBe(APPROVAL_ERRORS.decidedEarlierStep);
  });

  it('follows the server over what the client knows: the creator whom it lets approve is not refused', () => {
    expect(
      decisionBlock(pending({ viewerDecision: { may: true, reason: null } }), true, 7).approve,
    ).toBeNull();
  });

  it('refuses the creator both decisions where an answer carries no viewerDecision', () => {
    const block = decisionBlock(pending(), true, 7);
    expect(block.approve).toBe(APPROVAL_ERRORS.ownApproval);
    expect(block.reject).toBe(APPROVAL_ERRORS.ownApproval);
    expect(decisionBlock(pending(), true, 1)).toEqual({ approve: null, reject: null });
  });

  it('refuses both to a role that may not decide, and on a decided approval', () => {
    const refused = decisionBlock(pending({ viewerDecision: { may: true, reason: null } }), false, 1);
    expect(refused.approve).toMatch(/may not decide/);
    expect(refused.reject).toMatch(/may not decide/);
    const decided = decisionBlock({ status: 'APPROVED', createdById: 7 }, true, 1);
    expect(decided.approve).toMatch(/Already decided/);
    expect(decided.reject).toMatch(/Already decided/);
  });
});
