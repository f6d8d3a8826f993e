import { useState } from 'react';
import type { Approval } from 'shared-contracts';
import { notifySuccess } from 'shared-ui';
import { approveApproval, approvedMessage, rejectApproval } from '../api/mutations';
import { notifyDecisionError } from './approval-row-actions';

/** The decision calls of one approval's dialogs, as the detail page and the list's row keys make them. */
export interface Decision {
  /** A call is on its way: the dialogs show it and accept nothing more. */
  busy: boolean;
  approve: (billIds: string[] | undefined, step: number | null | undefined, duplicateReason?: string) => Promise<void>;
  reject: (reason: string) => Promise<void>;
}

/**
 * Approve or reject one approval: the API call, then the success toast or the error (a 409 says who
 * decided first), then `onDone` (close the dialog) either way.
 * @example const decision = useDecision(approval.id, () => setDialog(null));
 */
export function useDecision(approvalId: string, onDone: () => void): Decision {
  const [busy, setBusy] = useState(false);

  async function decide(run: () => Promise<Approval>, success: (approval: Approval) => string) {
    setBusy(true);
    try {
      notifySuccess(success(await run()));
    } catch (failure) {
      await notifyDecisionError(approvalId, failure);
    } finally {
      setBusy(false);
      onDone();
    }
  }

  return {
    busy,
    approve: (billIds, step, duplicateReason) =>
      decide(() => approveApproval(approvalId, billIds, step, duplicateReason), approvedMessage),
    reject: (reason) =>
      decide(
        () => rejectApproval(approvalId, reason),
        () => 'Approval rejected successfully',
      ),
  };
}
