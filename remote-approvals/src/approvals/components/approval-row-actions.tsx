import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanAdminister } from 'shared-auth';
import {
  APPROVAL_ERRORS,
  isDeletableApprovalStatus,
  shortApprovalId,
  type ApprovalSummary,
} from 'shared-contracts';
import { HStack, IconButton } from 'shared-ui';
import { RowActionsMenu } from 'shared-ui/dialog';
import { REJECT_PROMPT } from '../approval-options';
import { ApproveDialog } from './approve-dialog';
import { useDecision, type FlaggedBills } from './use-decision';

/** Quick approve and reject on PENDING rows, then the row menu (View Details, Delete). */
export function ApprovalRowActions({
  approval,
  canDecide,
  isCreator,
  onDelete,
}: {
  approval: ApprovalSummary;
  canDecide: boolean;
  isCreator: boolean;
  onDelete: (approval: ApprovalSummary) => void;
}) {
  const navigate = useNavigate();
  const isAdmin = useCanAdminister('approvals');
  // A possible duplicate is never approved from the list without its reason: the quick approve
  // opens the detail page's dialog (bills, the flagged ones marked, the reason field) instead. The
  // dialog stays open after a refusal, so the reviewer can try again or cancel.
  const [flagged, setFlagged] = useState<FlaggedBills | null>(null);
  const decision = useDecision(approval.id, (decided) => decided && setFlagged(null), setFlagged);
  const busy = decision.busy;
  const short = shortApprovalId(approval.id);
  const pending = approval.status === 'PENDING';
  const deletable = isDeletableApprovalStatus(approval.status);

  const approve = (approvedBills?: string[], duplicateReason?: string) =>
    void decision.approve(approvedBills, approval.currentStep, duplicateReason);

  function reject() {
    // The reason comes from a prompt; an empty answer (or Cancel) does nothing.
    const reason = (window.prompt(REJECT_PROMPT) ?? '').trim();
    if (reason) void decision.reject(reason);
  }

  return (
    <HStack gap="1" justify="flex-end">
      {pending && canDecide && (
        <>
          {/* Icon buttons (named, with a tooltip) keep all nine columns and the actions in one screen. */}
          {/* The creator's own request: shown disabled with the reason, not silently missing. */}
          <IconButton
            size="xs"
            variant="subtle"
            colorPalette="green"
            aria-label={`Approve ${short}`}
            title={isCreator ? APPROVAL_ERRORS.ownApproval : 'Approve'}
            loading={busy === 'approve'}
            disabled={busy !== null || isCreator}
            onClick={() => approve()}
          >
            <DecisionIcon path="M5 12.5l4.5 4.5L19 7.5" />
          </IconButton>
          <IconButton
            size="xs"
            variant="subtle"
            colorPalette="red"
            aria-label={`Reject ${short}`}
            title="Reject"
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={reject}
          >
            <DecisionIcon path="M6 6l12 12M18 6L6 18" />
          </IconButton>
        </>
      )}
      {flagged && (
        <ApproveDialog
          open
          onOpenChange={(open) => !open && setFlagged(null)}
          bills={flagged.bills}
          flaggedBillIds={flagged.flaggedBillIds}
          isPending={busy === 'approve'}
          onApprove={approve}
        />
      )}
      <RowActionsMenu
        label={`Actions for approval ${short}`}
        items={[
          { key: 'view', label: 'View Details', onSelect: () => navigate(`/approvals/${approval.id}`) },
          {
            key: 'delete',
            label: 'Delete',
            destructive: true,
            hidden: !isAdmin || !deletable,
            onSelect: () => onDelete(approval),
          },
        ]}
      />
    </HStack>
  );
}

function DecisionIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
