import useSWR from 'swr';
import { api } from 'shared-auth';
import type { Company } from 'shared-contracts';
import { companyKeys } from './keys';

/** GET /api/company/companies/{id}. */
export function getCompany(id: number) {
  return api.get<Company>(`/api/company/companies/${id}`, { fallbackMessage: 'Failed to fetch company' });
}

/** A company by route id; `null` id (missing or 'undefined' in the URL) blocks loading. */
export function useCompany(id: number | null) {
  return useSWR(id === null ? null : companyKeys.detail(id), () => getCompany(id as number));
}
