import { APPROVAL_ERRORS, INBOX_TEXT, type ApprovalStatus } from 'shared-contracts';

/** Why Approve & next and Reject & next cannot be used, in words; null where they can. */
export interface DecisionBlock {
  approve: string | null;
  reject: string | null;
}

/**
 * What stops the viewer deciding the approval shown, as the detail page refuses it: decided already,
 * a role that may not decide, or (approve only) their own request. The server stays the judge: a
 * decision these allow may still be refused, and says why.
 */
export function decisionBlock({
  status,
  canDecide,
  isCreator,
}: {
  status: ApprovalStatus;
  canDecide: boolean;
  isCreator: boolean;
}): DecisionBlock {
  if (status !== 'PENDING') return { approve: INBOX_TEXT.notPending, reject: INBOX_TEXT.notPending };
  if (!canDecide) return { approve: APPROVAL_ERRORS.mayNotDecide, reject: APPROVAL_ERRORS.mayNotDecide };
  return { approve: isCreator ? APPROVAL_ERRORS.ownApproval : null, reject: null };
}
