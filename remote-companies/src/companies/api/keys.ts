// SWR keys of the companies section, built in one place so a mutation re-reads exactly what it touched
// (every write re-reads the lists and the company it changed).
import type { Company, CompanyListQuery } from 'shared-contracts';
import { listResource } from 'shared-ui/table';

/** GET /api/company/companies: one page, filtered and sorted by the server. */
export const companyList = listResource<Company, CompanyListQuery>({
  section: 'companies',
  path: '/api/company/companies',
  fallbackMessage: 'Failed to fetch companies',
});

export const companyKeys = {
  list: companyList.key,
  detail: (id: number) => ['companies', 'detail', id] as const,
  qbStatus: (id: number) => ['companies', 'qb-status', id] as const,
  qbSync: (id: number) => ['companies', 'qb-sync', id] as const,
  activity: (id: number) => ['companies', 'activity', id] as const,
  paymentSettings: (id: number) => ['companies', 'payment-settings', id] as const,
  vendorAccounts: (id: number) => ['companies', 'vendor-accounts', id] as const,
};

/** Re-reads every company list, and the given company's detail, token status and activity. */
export const revalidateCompanies = companyList.revalidate;
