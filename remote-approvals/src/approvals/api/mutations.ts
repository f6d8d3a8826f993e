// Approval writes. Each re-reads the lists, the statistics and the approval, after a refused write
// too: a 409 means someone else decided, and the screen must show that.
import { mutate } from 'swr';
import { api, isApiError } from 'shared-auth';
import {
  ERROR_CODES,
  stepProgressLabel,
  type Approval,
  type BulkOutcome,
  type ManualApprovalCreateInput,
} from 'shared-contracts';
import type { BulkRunOutcome, RowId } from 'shared-ui/table';
import { approvalKeys, approvalList, revalidateApprovals } from './keys';

const BASE = '/api/bill-approval/approvals';

/** Shared with the bank-file actions (bank-file.ts). */
export const { andRevalidate } = approvalList;

/**
 * PUT …/approve; `approvedBills` omitted approves every bill. `step` is the policy step the screen
 * showed: when someone decided it meanwhile the server answers 409 instead of deciding the next one.
 */
export function approveApproval(
  id: string,
  approvedBills?: string[],
  step?: number | null,
  duplicateReason?: string,
) {
  return andRevalidate(
    api.put<Approval>(`${BASE}/${id}/approve`, {
      ...(approvedBills ? { approvedBills } : {}),
      ...(step ? { step } : {}),
      ...(duplicateReason ? { duplicateReason } : {}),
    }),
    id,
  );
}

/** The server refused an approve for want of a duplicate reason (400 naming the field). */
export function needsDuplicateReason(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && Boolean(error.fields?.duplicateReason);
}

/** POST …/manual: a request of bills entered by hand; answers the new approval. */
export async function createManualApproval(input: ManualApprovalCreateInput) {
  const approval = await api.post<Approval>(`${BASE}/manual`, input);
  await revalidateApprovals();
  return approval;
}

/** What an approve answered, for the notice: the approval, or the step it moved on to. */
export function approvedMessage(approval: Approval): string {
  if (approval.status !== 'PENDING' || !approval.currentStep) return 'Approval approved successfully';
  return `Step approved; now ${stepProgressLabel(approval.currentStep, approval.stepCount, approval.currentStepLabel ?? '')}`;
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

/**
 * The server's bulk answer as the list's bulk runner counts it. An approval someone else decided (or
 * deleted) meanwhile cannot be tried again: it leaves the selection.
 */
export function toRunOutcome({ results }: BulkOutcome): BulkRunOutcome {
  return {
    succeeded: results.filter((result) => result.success).map((result) => result.id),
    failed: results
      .filter((result) => !result.success)
      .map((result) => ({
        id: result.id,
        message: result.error ?? 'Failed',
        // A refusal of the request itself (a possible duplicate needs its reason, given on the
        // approval's page) fails the same way again: it leaves the selection too.
        final: result.status !== 'PENDING' || result.code === ERROR_CODES.validation,
      })),
  };
}

/** POST …/bulk-approve: one result per id (the list's bulk runner re-reads afterwards). */
export function bulkApprove(ids: RowId[]) {
  return api.post<BulkOutcome>(`${BASE}/bulk-approve`, { ids: ids.map(String) });
}

/** POST …/bulk-reject with one reason for all. */
export function bulkReject(ids: RowId[], rejectionReason: string) {
  return api.post<BulkOutcome>(`${BASE}/bulk-reject`, { ids: ids.map(String), rejectionReason });
}

/**
 * PUT …/qb-changes/confirm: deciding again after QuickBooks changed bills of the decided approval;
 * the approved amounts stand, with the reason.
 */
export function confirmAfterQbChanges(id: string, reason: string) {
  return andRevalidate(api.put<Approval>(`${BASE}/${id}/qb-changes/confirm`, { reason }), id);
}

/**
 * PUT …/qb-changes/reopen: deciding again with QuickBooks' amounts; the approval goes back to
 * PENDING with the changed bills and its policy chain starts again (only before a bank file).
 */
export function reopenAfterQbChanges(id: string, reason: string) {
  return andRevalidate(api.put<Approval>(`${BASE}/${id}/qb-changes/reopen`, { reason }), id);
}

/**
 * POST …/qb-bill-payments/retry (ADMIN): refused BillPayments are sent to QuickBooks again (a new
 * requestid each; the server makes two clicks count once), waiting ones now.
 */
export function retryQbBillPayments(id: string) {
  return andRevalidate(api.post<{ sending: number }>(`${BASE}/${id}/qb-bill-payments/retry`), id);
}
