import useSWR from 'swr';
import { api } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { companyKeys, type CompanyListParams } from './keys';

/** GET /api/company/companies: one page, filtered and sorted by the server. */
export function getCompanies(params: CompanyListParams) {
  return api.getPaged<Company>('/api/company/companies', {
    searchParams: { ...params },
    fallbackMessage: 'Failed to fetch companies',
  });
}

/** The current page; the previous page stays on screen while the next one loads. */
export function useCompanies(params: CompanyListParams) {
  return useSWR(companyKeys.list(params), () => getCompanies(params), { keepPreviousData: true });
}
