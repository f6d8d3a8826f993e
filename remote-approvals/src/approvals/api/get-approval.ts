import useSWR from 'swr';
import { api, useLiveRecord } from 'shared-auth';
import type {
  Approval,
  ApprovalChain,
  ApprovalHistoryEntry,
  ApprovalPaymentAccounts,
} from 'shared-contracts';
import { approvalKeys, revalidateApprovals } from './keys';

/** While an approval is PENDING its page re-reads it, so a decision made elsewhere shows up. */
const PENDING_REFRESH_MS = 30_000;

/** GET …/approvals/{id}; no request while the route id is invalid. */
export function useApproval(id: string | null) {
  // Someone else changed this approval (or the stream missed events): re-read it in place.
  useLiveRecord('approval', id, revalidateApprovals);
  return useSWR(
    id ? approvalKeys.detail(id) : null,
    () => api.get<Approval>(`/api/bill-approval/approvals/${id}`, { fallbackMessage: 'Approval not found' }),
    { refreshInterval: (latest) => (latest?.status === 'PENDING' ? PENDING_REFRESH_MS : 0) },
  );
}

/** GET …/approvals/{id}/history, newest first. */
export function useApprovalHistory(id: string | null) {
  return useSWR(id ? approvalKeys.history(id) : null, () =>
    api.get<ApprovalHistoryEntry[]>(`/api/bill-approval/approvals/${id}/history`),
  );
}

/**
 * What an approver weighs against a redirected payment (where the money goes, a vendor's account
 * changed lately) is read afresh each time the page opens. SWR's default would answer a page opened
 * again within 2 s of an earlier read's end with that read, which may have started before the
 * change: someone entering a vendor's account and going straight back would not see the warning.
 */
export const FRESH_ON_OPEN = { dedupingInterval: 0 } as const;

/** GET …/approvals/{id}/payment-accounts: where each vendor's bills will be paid (masked). */
export function useApprovalPaymentAccounts(id: string | null) {
  return useSWR(
    id ? approvalKeys.paymentAccounts(id) : null,
    () => api.get<ApprovalPaymentAccounts>(`/api/bill-approval/approvals/${id}/payment-accounts`),
    FRESH_ON_OPEN,
  );
}

/** GET …/approvals/{id}/chain: the policy steps, who decided each, who the open one waits for. */
export function useApprovalChain(id: string | null, version: string) {
  return useSWR(id ? [...approvalKeys.chain(id), version] : null, () =>
    api.get<ApprovalChain>(`/api/bill-approval/approvals/${id}/chain`),
  );
}
