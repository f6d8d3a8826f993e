import useSWR from 'swr';
import { api } from 'shared-auth';
import { EMPTY_DASHBOARD_STATS, type DashboardStats } from 'shared-contracts';

export const dashboardStatsKey = () => '/api/dashboard/stats';

/** GET /api/dashboard/stats; an unsuccessful answer falls back to zeroed figures. */
export async function getDashboardStats(): Promise<{ stats: DashboardStats; failed: boolean }> {
  try {
    return { stats: await api.get<DashboardStats>(dashboardStatsKey()), failed: false };
  } catch {
    return { stats: EMPTY_DASHBOARD_STATS, failed: true };
  }
}

export function useDashboardStats() {
  return useSWR(dashboardStatsKey(), getDashboardStats);
}
