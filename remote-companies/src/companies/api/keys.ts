// SWR keys of the companies section, built in one place so a mutation re-reads exactly what it touched
// (every change re-reads what shows it).
import { mutate } from 'swr';

export interface CompanyListParams {
  search?: string;
  status?: string;
  qbConnectionStatus?: string;
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export const companyKeys = {
  list: (params: CompanyListParams) => ['companies', 'list', params] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
  qbStatus: (id: number) => ['companies', 'qb-status', id] as const,
  activity: (id: number) => ['companies', 'activity', id] as const,
  paymentSettings: (id: number) => ['companies', 'payment-settings', id] as const,
  vendorAccounts: (id: number) => ['companies', 'vendor-accounts', id] as const,
};

/** Re-reads every company list, and the given company's detail, token status and activity. */
export function revalidateCompanies(id?: number) {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      key[0] === 'companies' &&
      (key[1] === 'list' || (id !== undefined && key[2] === id)),
  );
}
