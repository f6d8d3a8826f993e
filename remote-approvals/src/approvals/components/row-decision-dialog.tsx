import { useEffect } from 'react';
import { errorMessage } from 'shared-auth';
import { parseBills, type ApprovalSummary } from 'shared-contracts';
import { notifyError } from 'shared-ui';
import { useApproval } from '../api/get-approval';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { useDecision } from './use-decision';

/**
 * The list's keyboard decision on one row ('a' / 'r'): the detail page's own Approve Bills or Reject
 * Approval dialog, then the same API call. Approving reads the approval first for its bills and the
 * ones flagged as possible duplicates (the dialog asks their reason).
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
        isPending={decision.busy}
        onReject={(reason) => void decision.reject(reason)}
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
      isPending={decision.busy}
      onApprove={(ids, duplicateReason) => void decision.approve(ids, approval.currentStep, duplicateReason)}
    />
  );
}
