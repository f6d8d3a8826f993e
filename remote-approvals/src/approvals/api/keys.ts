// SWR keys of the approvals section, built in one place so a mutation re-reads exactly what it
// touched (every write re-reads the lists, the statistics and the approval it changed).
import { APPROVAL_LIVE_POLICY, type ApprovalListQuery, type ApprovalSummary } from 'shared-contracts';
import { listResource, type ListRequest } from 'shared-ui/table';

/** GET /api/bill-approval/approvals: one page, filtered and sorted by the server. */
export const approvalList = listResource<ApprovalSummary, ApprovalListQuery>({
  section: 'approvals',
  path: '/api/bill-approval/approvals',
  fallbackMessage: 'Failed to fetch approvals',
  related: ['stats'],
  // A decision of an approval on no page shown re-reads only the stat cards.
  live: APPROVAL_LIVE_POLICY,
});

/** A list request as the list page and the export send it. */
export type ApprovalListParams = ListRequest<ApprovalListQuery>;

export const approvalKeys = {
  list: approvalList.key,
  stats: () => ['approvals', 'stats'] as const,
  companies: () => ['approvals', 'company-options'] as const,
  manualCompanies: () => ['approvals', 'manual-company-options'] as const,
  vendors: (companyId: number) => ['approvals', 'vendor-options', companyId] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
  history: (id: string) => ['approvals', 'history', id] as const,
  chain: (id: string) => ['approvals', 'chain', id] as const,
  paymentAccounts: (id: string) => ['approvals', 'payment-accounts', id] as const,
};

/** Re-reads every approval list and the statistics, and the given approval's detail and history. */
export const revalidateApprovals = approvalList.revalidate;
