import useSWR, { mutate } from 'swr';
import { api, LIVE_COUNT_INTERVAL_MS, useLiveEvents } from 'shared-auth';
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

/** The dashboard's figures; the sidebar's pending count reads the same answer (one request). */
export function useDashboardStats() {
  return useSWR(dashboardStatsKey(), getDashboardStats);
}

/**
 * Once per tab (the signed-in layout): any change someone makes may move a count or add a line of
 * recent activity, so the figures are re-read wherever they are shown, at most once a second.
 * The counts come from the trigger-kept totals (one statement), never a scan.
 */
export function useLiveDashboardStats(): void {
  useLiveEvents(null, () => mutate(dashboardStatsKey()));
}

/** GET …/approvals/waiting-count: how many pending approvals wait for the signed-in person. */
export function useWaitingCount() {
  const count = useSWR('/api/bill-approval/approvals/waiting-count', () =>
    api.get<WaitingCount>('/api/bill-approval/approvals/waiting-count'),
  );
  const { mutate } = count;
  // Someone else's decisions: at once when alone, at most every few seconds through a burst.
  useLiveEvents(['approval'], () => mutate(), LIVE_COUNT_INTERVAL_MS);
  return count;
}
