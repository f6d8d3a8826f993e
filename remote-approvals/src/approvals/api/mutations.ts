// Approval writes. Each re-reads the lists, the statistics and the approval.
// `andRevalidate` is shared with the bank-file actions (bank-file.ts).
import { mutate } from 'swr';
import { api } from 'shared-auth';
import type { Approval, BulkOutcome } from 'shared-contracts';
import { approvalKeys, revalidateApprovals } from './keys';

const BASE = '/api/bill-approval/approvals';

export async function andRevalidate<T>(promise: Promise<T>, id?: string): Promise<T> {
  try {
    return await promise;
  } finally {
    // Also after a failure: a 409 means someone else decided, and the screen must show that.
    await revalidateApprovals(id);
  }
}

/** PUT …/approve; `approvedBills` omitted approves every bill. */
export function approveApproval(id: string, approvedBills?: string[]) {
  return andRevalidate(
    api.put<Approval>(`${BASE}/${id}/approve`, approvedBills ? { approvedBills } : {}),
    id,
  );
}

/** PUT …/reject with the trimmed reason. */
export function rejectApproval(id: string, rejectionReason: string) {
  return andRevalidate(api.put<Approval>(`${BASE}/${id}/reject`, { rejectionReason }), id);
}

/** DELETE …/{id}; drops the cached detail instead of re-reading a 404. */
export async function deleteApproval(id: string) {
  await api.delete<null>(`${BASE}/${id}`);
  await mutate(approvalKeys.detail(id), undefined, { revalidate: false });
  await revalidateApprovals();
}

/** POST …/bulk-approve: one result per id. */
export function bulkApprove(ids: string[]) {
  return andRevalidate(api.post<BulkOutcome>(`${BASE}/bulk-approve`, { ids }));
}

/** POST …/bulk-reject with one reason for all. */
export function bulkReject(ids: string[], rejectionReason: string) {
  return andRevalidate(api.post<BulkOutcome>(`${BASE}/bulk-reject`, { ids, rejectionReason }));
}
