// A decision someone else made while this reviewer was deciding: said as what happened ('Approved
// by Ada Admin just now'), never as a failed request. The live stream usually closes the dialog
// before the reviewer confirms; when the two cross (or the stream is offline), the server's 409
// is turned into the same notice.
import { api, isApiError } from 'shared-auth';
import { APPROVAL_ERRORS, type Approval } from 'shared-contracts';
import { notifyInfo } from 'shared-ui';
import { formatRelative } from 'shared-ui/format';

/** A decision older than this is said with its age ('… 5 minutes ago') instead of 'just now'. */
const JUST_NOW_MS = 2 * 60_000;

type Decided = Pick<Approval, 'status' | 'approvedBy' | 'approvalDate' | 'rejectedBy' | 'rejectionDate'>;

/** 'Approved by Ada Admin just now' / 'Rejected by Uma User just now'; null while undecided. */
export function decidedNotice(approval: Decided, now: Date = new Date()): string | null {
  const approved = approval.status === 'APPROVED';
  if (!approved && approval.status !== 'REJECTED') return null;
  const who = approved ? approval.approvedBy : approval.rejectedBy;
  if (!who) return null;
  const at = approved ? approval.approvalDate : approval.rejectionDate;
  const age = at ? now.getTime() - new Date(at).getTime() : 0;
  const when =
    Number.isFinite(age) && age > JUST_NOW_MS && at ? `${formatRelative(at, now)} ago` : 'just now';
  return `${approved ? 'Approved' : 'Rejected'} by ${who} ${when}`;
}

/** The server refused a decision because the approval is no longer PENDING. */
export function isNoLongerPending(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.message === APPROVAL_ERRORS.notPending;
}

/**
 * After a 409 'no longer pending': reads who decided and says so. False when that cannot be said
 * (the approval expired, was deleted or cannot be read): the caller then shows the error.
 */
export async function notifyDecidedElsewhere(id: string): Promise<boolean> {
  try {
    const notice = decidedNotice(await api.get<Approval>(`/api/bill-approval/approvals/${id}`));
    if (!notice) return false;
    notifyInfo(notice);
    return true;
  } catch {
    return false;
  }
}
