import { useNavigate } from 'react-router-dom';
import type { Approval, Bill } from 'shared-contracts';
import { ShortcutsHelpDialog } from 'shared-ui/dialog';
import type { ShortcutGroup } from 'shared-ui/keyboard';
import { DETAIL_SHORTCUTS } from '../keyboard-shortcuts';
import { ApproveDialog } from './approve-dialog';
import { DeleteApprovalDialog } from './delete-approval-dialog';
import { RejectDialog } from './reject-dialog';
import type { DetailDecisions } from './use-detail-decisions';

/** The approval page's dialogs: Approve Bills and Reject (while pending), the keys' help, Delete. */
export function ApprovalDetailDialogs({
  approval,
  bills,
  decisions,
  shortcuts = DETAIL_SHORTCUTS,
  rejectPrompt,
}: {
  approval: Approval;
  bills: Bill[];
  decisions: DetailDecisions;
  /** What the '?' help lists: the approval page's keys unless the page around it has its own. */
  shortcuts?: ShortcutGroup[];
  /** The reject dialog's question in place of its description (a queue asks as the list does). */
  rejectPrompt?: string;
}) {
  const navigate = useNavigate();
  const { dialog, setDialog, decision } = decisions;
  const busy = decision.busy !== null;
  return (
    <>
      {approval.status === 'PENDING' && (
        <>
          <ApproveDialog
            open={dialog === 'approve'}
            onOpenChange={(open) => setDialog(open ? 'approve' : null)}
            bills={bills}
            flaggedBillIds={approval.duplicates?.map((duplicate) => duplicate.billId)}
            isPending={busy}
            onApprove={(ids, duplicateReason) =>
              void decision.approve(ids, approval.currentStep, duplicateReason)
            }
          />
          <RejectDialog
            open={dialog === 'reject'}
            onOpenChange={(open) => setDialog(open ? 'reject' : null)}
            isPending={busy}
            onReject={(reason) => void decision.reject(reason)}
            prompt={rejectPrompt}
          />
        </>
      )}
      <ShortcutsHelpDialog
        open={decisions.helpOpen}
        onOpenChange={decisions.setHelpOpen}
        groups={shortcuts}
      />
      {dialog === 'delete' && (
        <DeleteApprovalDialog
          approval={approval}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          onDeleted={() => navigate('/approvals')}
        />
      )}
    </>
  );
}
