import useSWR from 'swr';
import { api } from 'shared-auth';
import type { DashboardCharts } from 'shared-contracts';

/**
 * The console's chart data (GET /api/dashboard/charts), of which the overview shows sign-ins per day;
 * read once `wanted` (after the overview's figures), so the list's first render does not wait for it.
 */
export function useSignInsPerDay(wanted: boolean) {
  return useSWR(wanted ? '/api/dashboard/charts' : null, () =>
    api.get<DashboardCharts>('/api/dashboard/charts'),
  );
}
