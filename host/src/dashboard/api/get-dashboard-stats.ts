import useSWR from 'swr';
import { api, useLiveEvents } from 'shared-auth';
import { EMPTY_DASHBOARD_STATS, type DashboardStats, type WaitingCount } from 'shared-contracts';

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
  const stats = useSWR(dashboardStatsKey(), getDashboardStats);
  const { mutate } = stats;
  // Any change someone makes may move a count: re-read, at most once a second.
  useLiveEvents(null, () => void mutate());
  return stats;
}

/** GET …/approvals/waiting-count: how many pending approvals wait for the signed-in person. */
export function useWaitingCount() {
  const count = useSWR('/api/bill-approval/approvals/waiting-count', () =>
    api.get<WaitingCount>('/api/bill-approval/approvals/waiting-count'),
  );
  const { mutate } = count;
  useLiveEvents(['approval'], () => void mutate());
  return count;
}
