import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, errorMessage, isApiError, useCanAdminister } from 'shared-auth';
import {
  APPROVAL_ERRORS,
  isDeletableApprovalStatus,
  parseBills,
  shortApprovalId,
  type Approval,
  type ApprovalSummary,
  type Bill,
} from 'shared-contracts';
import { HStack, IconButton, notifyError, notifySuccess } from 'shared-ui';
import { RowActionsMenu } from 'shared-ui/dialog';
import { approveApproval, approvedMessage, needsDuplicateReason, rejectApproval } from '../api/mutations';
import { REJECT_PROMPT } from '../approval-options';
import { isNoLongerPending, notifyDecidedElsewhere } from '../decided-elsewhere';
import { ApproveDialog } from './approve-dialog';

/**
 * A decision that lost to someone else's (409) reads as what happened, not as a generic failure;
 * the lists and the approval are re-read by the mutation either way.
 */
export async function notifyDecisionError(id: string, error: unknown) {
  // 'Approved by Ada Admin just now': someone else decided while this reviewer was deciding.
  if (isNoLongerPending(error) && (await notifyDecidedElsewhere(id))) return;
  if (isApiError(error) && error.status === 409 && error.message === APPROVAL_ERRORS.notPending) {
    notifyError(
      `${APPROVAL_ERRORS.notPending}: someone else decided it meanwhile. The page now shows their decision.`,
    );
  } else {
    notifyError(errorMessage(error));
  }
}

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
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  // A possible duplicate is never approved from the list without its reason: the quick approve
  // opens the detail page's dialog (bills, the flagged ones marked, the reason field) instead.
  const [flagged, setFlagged] = useState<{ bills: Bill[]; flaggedBillIds: string[] } | null>(null);
  const short = shortApprovalId(approval.id);
  const pending = approval.status === 'PENDING';
  const deletable = isDeletableApprovalStatus(approval.status);

  async function approve(approvedBills?: string[], duplicateReason?: string) {
    setBusy('approve');
    try {
      notifySuccess(
        approvedMessage(
          await approveApproval(approval.id, approvedBills, approval.currentStep, duplicateReason),
        ),
      );
      setFlagged(null);
    } catch (error) {
      if (!duplicateReason && needsDuplicateReason(error)) {
        try {
          const detail = await api.get<Approval>(`/api/bill-approval/approvals/${approval.id}`);
          setFlagged({
            bills: parseBills(detail.bills),
            flaggedBillIds: (detail.duplicates ?? []).map((duplicate) => duplicate.billId),
          });
          return;
        } catch {
          // The approval could not be read: say why the approve was refused instead.
        }
      }
      await notifyDecisionError(approval.id, error);
    } finally {
      setBusy(null);
    }
  }

  async function reject() {
    // The reason comes from a prompt; an empty answer (or Cancel) does nothing.
    const reason = (window.prompt(REJECT_PROMPT) ?? '').trim();
    if (!reason) return;
    setBusy('reject');
    try {
      await rejectApproval(approval.id, reason);
      notifySuccess('Approval rejected successfully');
    } catch (error) {
      await notifyDecisionError(approval.id, error);
    } finally {
      setBusy(null);
    }
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
            onClick={() => void approve()}
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
            onClick={() => void reject()}
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
          onApprove={(ids, duplicateReason) => void approve(ids, duplicateReason)}
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
