import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useCanAdminister, useCanDecide, useIsReviewer, useSession } from 'shared-auth';
import { isDeletableApprovalStatus, type Approval } from 'shared-contracts';
import { notifyInfo } from 'shared-ui';
import { usePageCommands } from 'shared-ui/commands';
import { HELP_KEYS, useShortcuts } from 'shared-ui/keyboard';
import { decidedNotice } from '../decided-elsewhere';
import { decisionBlock, type DecisionBlock } from '../decision-block';
import { useDecision, type Decision } from './use-decision';

/** A dialog of the approval page. */
export type DetailDialog = 'approve' | 'reject' | 'delete' | null;

/** What useDetailDecisions answers. */
export interface DetailDecisions {
  /** The signed-in person's role reviews approvals (the section's decideRole), allowed to decide or not. */
  reviewer: boolean;
  canDecide: boolean;
  isCreator: boolean;
  /** Why Approve and Reject cannot be used, in words (decisionBlock: the one rule of every button). */
  block: DecisionBlock;
  mayDelete: boolean;
  dialog: DetailDialog;
  setDialog: (dialog: DetailDialog) => void;
  decision: Decision;
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
}

/** Options of useDetailDecisions. */
export interface DetailDecisionsOptions {
  /** Runs once a decision went through (the inbox then selects the next approval). */
  onDecided?: () => void;
}

/**
 * Who may do what on the approval page, the dialog that is open, and the ways to open one: the
 * header's buttons, the keys (a, r, '?') and the command palette, each offered exactly when the
 * button is.
 * @example const decisions = useDetailDecisions(approval);
 */
export function useDetailDecisions(
  approval: Approval,
  { onDecided }: DetailDecisionsOptions = {},
): DetailDecisions {
  const { user } = useSession();
  const reviewer = useIsReviewer('approvals');
  const canDecide = useCanDecide('approvals');
  const canDelete = useCanAdminister('approvals');
  const [dialog, setDialog] = useState<DetailDialog>(null);
  const decision = useDecision(approval.id, (decided) => {
    setDialog(null);
    if (decided) onDecided?.();
  });
  const isCreator = user !== null && user !== undefined && approval.createdById === user.id;
  const [helpOpen, setHelpOpen] = useState(false);
  const block = decisionBlock(approval, canDecide, user?.id);
  const mayApprove = block.approve === null;
  const mayReject = block.reject === null;
  const mayDelete = canDelete && isDeletableApprovalStatus(approval.status);

  // The same dialogs as the header's buttons; a key whose button is disabled or not shown does nothing.
  useShortcuts({
    a: () => (mayApprove ? setDialog('approve') : false),
    r: () => (mayReject ? setDialog('reject') : false),
    ...Object.fromEntries(HELP_KEYS.map((keys) => [keys, () => setHelpOpen(true)])),
  });

  // The page's decisions in the command palette, offered exactly when their buttons are.
  usePageCommands([
    ...(mayApprove
      ? [{ id: 'approve', label: 'Approve', keywords: ['accept'], run: () => setDialog('approve') }]
      : []),
    ...(mayReject
      ? [{ id: 'reject', label: 'Reject', keywords: ['decline'], run: () => setDialog('reject') }]
      : []),
    ...(mayDelete
      ? [{ id: 'delete', label: 'Delete approval', keywords: ['remove'], run: () => setDialog('delete') }]
      : []),
  ]);

  useDecidedElsewhere(approval, decision.busy !== null, user?.id, setDialog);

  return {
    reviewer,
    canDecide,
    isCreator,
    block,
    mayDelete,
    dialog,
    setDialog,
    decision,
    helpOpen,
    setHelpOpen,
  };
}

/**
 * Decided by someone else while this page was open (the live stream re-read it): say who, and
 * close a decision dialog that can no longer succeed, instead of letting it end in a 409.
 */
function useDecidedElsewhere(
  approval: Approval,
  busy: boolean,
  userId: number | undefined,
  setDialog: Dispatch<SetStateAction<DetailDialog>>,
) {
  const shownStatus = useRef(approval.status);
  useEffect(() => {
    const before = shownStatus.current;
    shownStatus.current = approval.status;
    // While this reviewer's own decision is on its way, the outcome speaks for itself.
    if (before !== 'PENDING' || approval.status === 'PENDING' || busy) return;
    setDialog((open) => (open === 'approve' || open === 'reject' ? null : open));
    const deciderId = approval.status === 'APPROVED' ? approval.approvedById : approval.rejectedById;
    const notice = decidedNotice(approval);
    if (notice && deciderId !== userId) notifyInfo(notice);
  }, [approval, busy, userId, setDialog]);
}
