import { useState } from 'react';
import type { ApprovalListQuery, ApprovalSummary, BulkOutcome } from 'shared-contracts';
import { ConfirmDialog } from 'shared-ui/dialog';
import type { BulkButton, ListController } from 'shared-ui/table';
import { bulkApprove, bulkReject, toRunOutcome } from '../api/mutations';
import { REJECT_PROMPT } from '../approval-options';
import { BulkOutcomeSummary } from './bulk-outcome-summary';
import { RejectDialog } from './reject-dialog';

type Verb = 'approve' | 'reject';

/** What useBulkDecisions answers. */
export interface BulkDecisions {
  /** The bulk bar's Approve and Reject. */
  buttons: BulkButton[];
  /**
   * Shift+A / Shift+R: asks first in a dialog (Reject for the reason); false when the selection
   * cannot be decided now, so the key keeps its default.
   */
  ask: (verb: Verb) => boolean;
  /** The dialog that is asking, if any. */
  asking: Verb | null;
  setAsking: (verb: Verb | null) => void;
  /** Runs the decision on the selection; a reject without a reason does nothing. */
  decide: (verb: Verb, reason?: string) => void;
  /** What the last run did, for the notice above the table. */
  outcome: { verb: Verb; result: BulkOutcome } | null;
  clearOutcome: () => void;
  selectedCount: number;
}

/**
 * Approving or rejecting the list's selection at once: the bulk bar's buttons and the keyboard's
 * both confirm in a dialog first (a reject asks its reason there).
 * @example const bulk = useBulkDecisions(list, canDecide);
 */
export function useBulkDecisions(
  list: ListController<ApprovalSummary, ApprovalListQuery>,
  canDecide: boolean,
): BulkDecisions {
  const [outcome, setOutcome] = useState<BulkDecisions['outcome']>(null);
  const [asking, setAsking] = useState<Verb | null>(null);

  const decide = (verb: Verb, given?: string) => {
    const reason = verb === 'reject' ? (given ?? '').trim() : '';
    if (verb === 'reject' && !reason) return;
    const done = verb === 'approve' ? 'approved' : 'rejected';
    void list.bulk.run({
      key: verb,
      verb: done,
      run: async (ids) => {
        const result = verb === 'approve' ? await bulkApprove(ids) : await bulkReject(ids, reason);
        setOutcome({ verb, result });
        return toRunOutcome(result);
      },
      success: (count) => `${count} approval${count === 1 ? '' : 's'} ${done} successfully`,
    });
  };

  return {
    buttons: [
      // Both ask first, as the keyboard's do: a bulk approve is many payments in one click.
      { key: 'approve', label: 'Approve', colorPalette: 'green', onClick: () => setAsking('approve') },
      {
        key: 'reject',
        label: 'Reject',
        colorPalette: 'red',
        variant: 'outline',
        onClick: () => setAsking('reject'),
      },
    ],
    ask: (verb) => {
      if (!canDecide || list.selected.size === 0 || list.bulk.busy !== null) return false;
      setAsking(verb);
      return true;
    },
    asking,
    setAsking,
    decide,
    outcome,
    clearOutcome: () => setOutcome(null),
    selectedCount: list.selected.size,
  };
}

/** What the last bulk decision did, until it is closed or the next one runs. */
export function BulkDecisionNotice({ bulk }: { bulk: BulkDecisions }) {
  if (!bulk.outcome) return null;
  return (
    <BulkOutcomeSummary verb={bulk.outcome.verb} outcome={bulk.outcome.result} onClose={bulk.clearOutcome} />
  );
}

/** The keyboard's confirmations of a bulk decision: Approve Selected, and Reject with its reason. */
export function BulkDecisionDialogs({ bulk }: { bulk: BulkDecisions }) {
  const count = bulk.selectedCount;
  return (
    <>
      <ConfirmDialog
        open={bulk.asking === 'approve'}
        onOpenChange={(open) => !open && bulk.setAsking(null)}
        title="Approve Selected"
        description={`Approve the ${count} selected approval${count === 1 ? '' : 's'}? Any the server refuses are listed with the reason.`}
        confirmLabel={`Approve ${count}`}
        initialFocus="confirm"
        onConfirm={() => {
          bulk.setAsking(null);
          bulk.decide('approve');
        }}
      />
      <RejectDialog
        open={bulk.asking === 'reject'}
        onOpenChange={(open) => !open && bulk.setAsking(null)}
        isPending={false}
        prompt={REJECT_PROMPT}
        onReject={(reason) => {
          bulk.setAsking(null);
          bulk.decide('reject', reason);
        }}
      />
    </>
  );
}
