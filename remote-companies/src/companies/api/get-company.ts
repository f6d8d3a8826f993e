import useSWR from 'swr';
import { api, useLiveRecord } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { companyKeys, revalidateCompanies } from './keys';

/** GET /api/company/companies/{id}. */
export function getCompany(id: number) {
  return api.get<Company>(`/api/company/companies/${id}`, { fallbackMessage: 'Failed to fetch company' });
}

/**
 * A company by route id; `null` id (missing or 'undefined' in the URL) blocks loading. A change of
 * it made elsewhere re-reads it (and what its page shows of it) in place.
 */
export function useCompany(id: number | null) {
  useLiveRecord('company', id, revalidateCompanies);
  return useSWR(id === null ? null : companyKeys.detail(id), () => getCompany(id as number));
}
