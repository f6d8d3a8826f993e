// SWR keys of the approvals section, built in one place so a mutation re-reads exactly what it
// touched: every change re-reads what shows it.
import { mutate } from 'swr';

export interface ApprovalListParams {
  search?: string;
  status?: string;
  priority?: string;
  companyId?: string;
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export const approvalKeys = {
  list: (params: ApprovalListParams) => ['approvals', 'list', params] as const,
  stats: () => ['approvals', 'stats'] as const,
  companies: () => ['approvals', 'company-options'] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
  history: (id: string) => ['approvals', 'history', id] as const,
  paymentAccounts: (id: string) => ['approvals', 'payment-accounts', id] as const,
};

/** Re-reads every approval list and the statistics, and the given approval's detail and history. */
export function revalidateApprovals(id?: string) {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      key[0] === 'approvals' &&
      (key[1] === 'list' || key[1] === 'stats' || (id !== undefined && key[2] === id)),
  );
}
