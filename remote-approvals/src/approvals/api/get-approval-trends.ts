import useSWR from 'swr';
import { api } from 'shared-auth';
import type { DashboardCharts } from 'shared-contracts';

/**
 * The console's chart data (GET /api/dashboard/charts), of which the stat cards show approvals created
 * and decided per day; read once `wanted` (after the cards' counts and an idle moment), so the list
 * does not wait for it.
 */
export function useApprovalTrends(wanted: boolean) {
  return useSWR(wanted ? '/api/dashboard/charts' : null, () =>
    api.get<DashboardCharts>('/api/dashboard/charts'),
  );
}
