import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from 'shared-auth';
import { parseBills, type ApprovalSummary } from 'shared-contracts';
import { notifyError } from 'shared-ui';
import { useApproval } from '../api/get-approval';
import { REJECT_PROMPT } from '../approval-options';
import { decisionBlock } from '../decision-block';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { useDecision } from './use-decision';

/**
 * The list's decision on one row (its buttons, and the 'a' / 'r' keys): the detail page's own
 * Approve Bills or Reject Approval dialog, then the same API call. Approving reads the approval
 * first for its bills and the ones flagged as possible duplicates (the dialog asks their reason).
 */
export function RowDecisionDialog({
  approval,
  verb,
  onClose,
}: {
  approval: ApprovalSummary;
  verb: 'approve' | 'reject';
  onClose: () => void;
}) {
  const detail = useApproval(verb === 'approve' ? approval.id : null);
  const decision = useDecision(approval.id, onClose);

  useEffect(() => {
    if (!detail.error) return;
    notifyError(`Error loading approval: ${errorMessage(detail.error)}`);
    onClose();
  }, [detail.error, onClose]);

  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  if (verb === 'reject') {
    return (
      <RejectDialog
        open
        onOpenChange={onOpenChange}
        isPending={decision.busy !== null}
        onReject={(reason) => void decision.reject(reason)}
        prompt={REJECT_PROMPT}
      />
    );
  }
  const loaded = detail.data;
  if (!loaded) return null;
  return (
    <ApproveDialog
      open
      onOpenChange={onOpenChange}
      bills={parseBills(loaded.bills)}
      flaggedBillIds={loaded.duplicates?.map((duplicate) => duplicate.billId)}
      isPending={decision.busy !== null}
      onApprove={(ids, duplicateReason) => void decision.approve(ids, approval.currentStep, duplicateReason)}
    />
  );
}

type Verb = 'approve' | 'reject';

/** What useRowDecision answers. */
export interface RowDecision {
  /**
   * 'a' / 'r' on the keyboard's row: opens its dialog, or says with the row's disabled button's
   * reason why not. False when no row is active, so the key keeps its default.
   */
  decide: (verb: Verb, approval: ApprovalSummary | null) => boolean;
  /** The dialog to show, if any. */
  open: { verb: Verb; approval: ApprovalSummary } | null;
  close: () => void;
}

/**
 * The list's keyboard decision on one row, refused here as the row's buttons are.
 * @example const row = useRowDecision(canDecide, user?.id);
 */
export function useRowDecision(canDecide: boolean, userId: number | undefined): RowDecision {
  const [open, setOpen] = useState<RowDecision['open']>(null);
  const close = useCallback(() => setOpen(null), []);
  const decide = (verb: Verb, approval: ApprovalSummary | null) => {
    if (!approval) return false;
    const refused = decisionBlock(approval, canDecide, userId)[verb];
    if (refused) notifyError(refused);
    else setOpen({ verb, approval });
    return true;
  };
  return { decide, open, close };
}
