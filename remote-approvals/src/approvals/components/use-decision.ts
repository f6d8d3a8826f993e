import { useState } from 'react';
import { api, errorMessage, isApiError } from 'shared-auth';
import { APPROVAL_ERRORS, parseBills, type Approval, type Bill } from 'shared-contracts';
import { notifyError, notifySuccess } from 'shared-ui';
import { approveApproval, approvedMessage, needsDuplicateReason, rejectApproval } from '../api/mutations';
import { isNoLongerPending, notifyDecidedElsewhere } from '../decided-elsewhere';

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

/** An approval's bills, and those flagged as possible duplicates: what the Approve Bills dialog shows. */
export interface FlaggedBills {
  bills: Bill[];
  flaggedBillIds: string[];
}

/** The decision calls of one approval, as its page, the list's row buttons and its row keys make them. */
export interface Decision {
  /** The call on its way, if any: the dialogs and buttons show it and accept nothing more. */
  busy: 'approve' | 'reject' | null;
  approve: (
    billIds: string[] | undefined,
    step: number | null | undefined,
    duplicateReason?: string,
  ) => Promise<void>;
  reject: (reason: string) => Promise<void>;
}

/**
 * Approve or reject one approval: the API call, then the success notice or the error (a 409 says who
 * decided first), then `onDone` with whether it was decided (a dialog closes).
 *
 * With `askReason`, an approve refused for want of a duplicate reason is no error: the approval is
 * read for its bills and the flagged ones, and `askReason` gets them to ask for the reason (the list's
 * quick approve does not know them beforehand). Only when that read fails is the refusal shown.
 * @example const decision = useDecision(approval.id, () => setDialog(null));
 */
export function useDecision(
  approvalId: string,
  onDone: (decided: boolean) => void,
  askReason?: (flagged: FlaggedBills) => void,
): Decision {
  const [busy, setBusy] = useState<Decision['busy']>(null);

  async function decide(
    verb: 'approve' | 'reject',
    run: () => Promise<Approval>,
    success: (approval: Approval) => string,
    mayAskReason = false,
  ) {
    setBusy(verb);
    let decided = false;
    try {
      notifySuccess(success(await run()));
      decided = true;
    } catch (failure) {
      const ask = mayAskReason && needsDuplicateReason(failure) ? askReason : undefined;
      const flagged = ask ? await readFlagged(approvalId) : null;
      if (ask && flagged) ask(flagged);
      else await notifyDecisionError(approvalId, failure);
    } finally {
      setBusy(null);
      onDone(decided);
    }
  }

  return {
    busy,
    approve: (billIds, step, duplicateReason) =>
      decide(
        'approve',
        () => approveApproval(approvalId, billIds, step, duplicateReason),
        approvedMessage,
        !duplicateReason,
      ),
    reject: (reason) =>
      decide(
        'reject',
        () => rejectApproval(approvalId, reason),
        () => 'Approval rejected successfully',
      ),
  };
}

/** The approval's bills and the ones flagged as possible duplicates; null when it cannot be read. */
async function readFlagged(approvalId: string): Promise<FlaggedBills | null> {
  try {
    const detail = await api.get<Approval>(`/api/bill-approval/approvals/${approvalId}`);
    return {
      bills: parseBills(detail.bills),
      flaggedBillIds: (detail.duplicates ?? []).map((duplicate) => duplicate.billId),
    };
  } catch {
    return null;
  }
}
