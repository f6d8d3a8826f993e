import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanAdminister } from 'shared-auth';
import { isDeletableApprovalStatus, shortApprovalId, type ApprovalSummary } from 'shared-contracts';
import { HStack, IconButton } from 'shared-ui';
import { RowActionsMenu } from 'shared-ui/dialog';
import { decisionBlock } from '../decision-block';
import { RowDecisionDialog } from './row-decision-dialog';

/**
 * Quick approve and reject on PENDING rows, then the row menu (View Details, Delete). Neither
 * decides at once: each opens the same dialog as the 'a' and 'r' keys (the bills with their
 * checkboxes and total, Approve focused; or the reason), so no click pays by surprise.
 */
export function ApprovalRowActions({
  approval,
  canDecide,
  userId,
  onDelete,
}: {
  approval: ApprovalSummary;
  canDecide: boolean;
  /** The signed-in person (decisionBlock's fallback where a row lacks viewerDecision). */
  userId: number | undefined;
  onDelete: (approval: ApprovalSummary) => void;
}) {
  const navigate = useNavigate();
  const isAdmin = useCanAdminister('approvals');
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const short = shortApprovalId(approval.id);
  const pending = approval.status === 'PENDING';
  const deletable = isDeletableApprovalStatus(approval.status);
  const block = decisionBlock(approval, canDecide, userId);

  return (
    <HStack gap="1" justify="flex-end">
      {pending && canDecide && (
        <>
          {/* Icon buttons (named, with a tooltip) keep all nine columns and the actions in one screen. */}
          {/* One the viewer cannot approve (their own request, a step they approved already, a step
              waiting for others): shown disabled with the reason as its tooltip and description. */}
          <IconButton
            size="xs"
            variant="subtle"
            colorPalette="green"
            aria-label={`Approve ${short}`}
            title={block.approve ?? 'Approve'}
            disabled={asking !== null || block.approve !== null}
            onClick={() => setAsking('approve')}
          >
            <DecisionIcon path="M5 12.5l4.5 4.5L19 7.5" />
          </IconButton>
          <IconButton
            size="xs"
            variant="subtle"
            colorPalette="red"
            aria-label={`Reject ${short}`}
            title={block.reject ?? 'Reject'}
            disabled={asking !== null || block.reject !== null}
            onClick={() => setAsking('reject')}
          >
            <DecisionIcon path="M6 6l12 12M18 6L6 18" />
          </IconButton>
        </>
      )}
      {asking && <RowDecisionDialog approval={approval} verb={asking} onClose={() => setAsking(null)} />}
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
