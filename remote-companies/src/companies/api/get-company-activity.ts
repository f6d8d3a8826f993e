import useSWR from 'swr';
import { api } from 'shared-auth';
import type { ActivityItem } from 'shared-contracts';
import { companyKeys } from './keys';

/** GET /api/company/companies/{id}/activity: the company's latest activity rows, newest first. */
export function useCompanyActivity(id: number | null) {
  return useSWR(id === null ? null : companyKeys.activity(id), () =>
    api.get<ActivityItem[]>(`/api/company/companies/${id}/activity`, { searchParams: { limit: 10 } }),
  );
}
