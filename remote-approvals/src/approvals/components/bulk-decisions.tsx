import { useState } from 'react';
import type { ApprovalListQuery, ApprovalSummary, BulkOutcome } from 'shared-contracts';
import { ConfirmDialog } from 'shared-ui/dialog';
import type { BulkButton, ListController } from 'shared-ui/table';
import { bulkApprove, bulkReject, toRunOutcome } from '../api/mutations';
import { REJECT_PROMPT } from '../approval-options';
import { decisionBlock } from '../decision-block';
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
  /** Of the selection, how many the viewer cannot approve, and the first one's reason. */
  unapprovable: { count: number; reason: string | null };
}

/**
 * Of the list's selection, per decision: how many rows the viewer can take it on (decisionBlock, as
 * the row buttons) and the reasons of those they cannot. A selected id not on the page counts as
 * possible: the server judges it.
 */
function selectionBlocks(
  list: ListController<ApprovalSummary, ApprovalListQuery>,
  canDecide: boolean,
  userId: number | undefined,
) {
  const rows = list.rows.filter((row) => list.selected.has(row.id));
  const unknown = list.selected.size - rows.length;
  const blocks = rows.map((row) => decisionBlock(row, canDecide, userId));
  const refusals = (verb: Verb) => blocks.flatMap((block) => (block[verb] === null ? [] : [block[verb]]));
  return {
    approve: { possible: unknown + rows.length - refusals('approve').length, refusals: refusals('approve') },
    reject: { possible: unknown + rows.length - refusals('reject').length, refusals: refusals('reject') },
  };
}

/**
 * Approving or rejecting the list's selection at once: the bulk bar's buttons and the keyboard's
 * both confirm in a dialog first (a reject asks its reason there). A decision none of the selected
 * rows can take is not offered (the bar leaves its button out, its key does nothing); where some
 * cannot, the confirmation says how many and why, and the server refuses those with the reason.
 * @example const bulk = useBulkDecisions(list, canDecide, user?.id);
 */
export function useBulkDecisions(
  list: ListController<ApprovalSummary, ApprovalListQuery>,
  canDecide: boolean,
  userId: number | undefined,
): BulkDecisions {
  const [outcome, setOutcome] = useState<BulkDecisions['outcome']>(null);
  const [asking, setAsking] = useState<Verb | null>(null);
  const selection = selectionBlocks(list, canDecide, userId);

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
      {
        key: 'approve',
        label: 'Approve',
        colorPalette: 'green',
        hidden: selection.approve.possible === 0,
        onClick: () => setAsking('approve'),
      },
      {
        key: 'reject',
        label: 'Reject',
        colorPalette: 'red',
        variant: 'outline',
        hidden: selection.reject.possible === 0,
        onClick: () => setAsking('reject'),
      },
    ],
    ask: (verb) => {
      if (!canDecide || selection[verb].possible === 0 || list.bulk.busy !== null) return false;
      setAsking(verb);
      return true;
    },
    asking,
    setAsking,
    decide,
    outcome,
    clearOutcome: () => setOutcome(null),
    selectedCount: list.selected.size,
    unapprovable: {
      count: selection.approve.refusals.length,
      reason: selection.approve.refusals[0] ?? null,
    },
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
        description={`Approve the ${count} selected approval${count === 1 ? '' : 's'}? ${unapprovableLine(bulk.unapprovable)}Any the server refuses are listed with the reason.`}
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

/** The confirmation's word on the selected rows the viewer cannot approve ('' when none). */
function unapprovableLine({ count, reason }: BulkDecisions['unapprovable']): string {
  if (count === 0 || reason === null) return '';
  return `You cannot approve ${count} of them (${count === 1 ? '' : 'the first: '}${reason}). `;
}
