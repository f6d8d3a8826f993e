import useSWR from 'swr';
import { api } from 'shared-auth';
import type { DashboardCharts } from 'shared-contracts';

export const dashboardChartsKey = () => '/api/dashboard/charts';

/**
 * GET /api/dashboard/charts, once `wanted` (the charts are near the viewport): the dashboard's first
 * render does not wait for it nor pay for it.
 */
export function useDashboardCharts(wanted: boolean) {
  return useSWR(wanted ? dashboardChartsKey() : null, () => api.get<DashboardCharts>(dashboardChartsKey()));
}
