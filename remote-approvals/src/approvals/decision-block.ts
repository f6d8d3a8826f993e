import { APPROVAL_ERRORS, INBOX_TEXT, type ApprovalStatus, type ViewerDecision } from 'shared-contracts';

/** Why Approve and Reject cannot be used on an approval, in words; null where they can. */
export interface DecisionBlock {
  approve: string | null;
  reject: string | null;
}

/** What the rule reads of an approval (a list row or the single read). */
export interface DecidedApproval {
  status: ApprovalStatus;
  createdById: number | null;
  /** The server's answer for the person asking (absent from an answer that does not carry it). */
  viewerDecision?: ViewerDecision | null;
}

/**
 * The one rule of every decision button (the approval page's header, the inbox's bar, the list's
 * row buttons and keys, the bulk bar): what stops the signed-in person deciding the approval, as the
 * server refuses it. Approve and Reject alike: rejecting decides the approval as much as approving
 * does, so only those the open step names may. Decided already, or a role or account that may not
 * decide; the server's viewerDecision (their own request, an account linked to the creator's, a
 * step they approved already, a step that does not name them), or where an answer lacks it, their
 * own request. The server stays the judge: a decision these allow may still be refused (Approve,
 * for one, by a bank account the person changed lately), and says why.
 */
export function decisionBlock(
  approval: DecidedApproval,
  canDecide: boolean,
  userId: number | undefined,
): DecisionBlock {
  const both = (reason: string | null): DecisionBlock => ({ approve: reason, reject: reason });
  if (approval.status !== 'PENDING') return both(INBOX_TEXT.notPending);
  if (!canDecide) return both(APPROVAL_ERRORS.mayNotDecide);
  const viewer = approval.viewerDecision;
  if (viewer) return both(viewer.may ? null : (viewer.reason ?? APPROVAL_ERRORS.notPending));
  const own = userId !== undefined && approval.createdById === userId;
  return both(own ? APPROVAL_ERRORS.ownApproval : null);
}
