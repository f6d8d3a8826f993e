import useSWR from 'swr';
import { api } from 'shared-auth';
import {
  COMPANY_FILTER_LIMIT,
  EMPTY_APPROVAL_STATS,
  type ApprovalSummary,
  type ApprovalStats,
  type Company,
} from 'shared-contracts';
import { approvalKeys, type ApprovalListParams } from './keys';

/** GET /api/bill-approval/approvals: one page, filtered and sorted by the server. */
export function getApprovals(params: ApprovalListParams) {
  return api.getPaged<ApprovalSummary>('/api/bill-approval/approvals', {
    searchParams: { ...params },
    fallbackMessage: 'Failed to fetch approvals',
  });
}

/** The current page; the previous page stays on screen while the next one loads. */
export function useApprovals(params: ApprovalListParams) {
  return useSWR(approvalKeys.list(params), () => getApprovals(params), { keepPreviousData: true });
}

/** GET …/approvals/stats; zeroed when the read fails. */
export function useApprovalStats() {
  return useSWR(approvalKeys.stats(), async () => {
    try {
      return await api.get<ApprovalStats>('/api/bill-approval/approvals/stats');
    } catch {
      return EMPTY_APPROVAL_STATS;
    }
  });
}

/** The Company filter's choices: up to 1000 companies, id and name. */
export function useCompanyOptions() {
  return useSWR(approvalKeys.companies(), async () => {
    const page = await api.getPaged<Pick<Company, 'id' | 'name'>>('/api/company/companies', {
      searchParams: { limit: COMPANY_FILTER_LIMIT, sortBy: 'name', sortOrder: 'asc' },
      fallbackMessage: 'Failed to fetch companies',
    });
    return page.data.map((company) => ({ value: String(company.id), label: company.name }));
  });
}
