import useSWR from 'swr';
import { api } from 'shared-auth';
import {
  COMPANY_FILTER_LIMIT,
  EMPTY_APPROVAL_STATS,
  type ApprovalStats,
  type Company,
} from 'shared-contracts';
import { approvalKeys } from './keys';

/** GET …/approvals/stats; zeroed when the read fails (the cards must not break the list page). */
export function useApprovalStats() {
  return useSWR(approvalKeys.stats(), async () => {
    try {
      return await api.get<ApprovalStats>('/api/bill-approval/approvals/stats');
    } catch {
      return EMPTY_APPROVAL_STATS;
    }
  });
}

/** The Company filter's choices: up to 1000 companies, id and name, read once. */
export function useCompanyOptions() {
  return useSWR(approvalKeys.companies(), async () => {
    const page = await api.getPaged<Pick<Company, 'id' | 'name'>>('/api/company/companies', {
      searchParams: { limit: COMPANY_FILTER_LIMIT, sortBy: 'name', sortOrder: 'asc' },
      fallbackMessage: 'Failed to fetch companies',
    });
    return page.data.map((company) => ({ value: String(company.id), label: company.name }));
  });
}
