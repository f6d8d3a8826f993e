import { useEffect, useState } from 'react';
import { errorMessage } from 'shared-auth';
import { parseBills, type Approval, type ApprovalSummary } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { useApproval } from '../api/get-approval';
import { approveApproval, approvedMessage, rejectApproval } from '../api/mutations';
import { notifyDecisionError } from './approval-row-actions';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';

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
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!detail.error) return;
    notifyError(`Error loading approval: ${errorMessage(detail.error)}`);
    onClose();
  }, [detail.error, onClose]);

  async function decide(run: () => Promise<Approval>, success: string | ((approval: Approval) => string)) {
    setBusy(true);
    try {
      const decided = await run();
      notifySuccess(typeof success === 'string' ? success : success(decided));
    } catch (failure) {
      await notifyDecisionError(approval.id, failure);
    } finally {
      setBusy(false);
      onClose();
    }
  }

  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  if (verb === 'reject') {
    return (
      <RejectDialog
        open
        onOpenChange={onOpenChange}
        isPending={busy}
        onReject={(reason) =>
          void decide(() => rejectApproval(approval.id, reason), 'Approval rejected successfully')
        }
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
      isPending={busy}
      onApprove={(ids, duplicateReason) =>
        void decide(
          () => approveApproval(approval.id, ids, approval.currentStep, duplicateReason),
          approvedMessage,
        )
      }
    />
  );
}
