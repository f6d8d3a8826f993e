import useSWR from 'swr';
import { api } from 'shared-auth';
import { DOWN_HEALTH, POLL_INTERVAL_MS, type SystemHealth } from 'shared-contracts';

export const systemHealthKey = () => '/api/health/detailed';

/** GET /api/health/detailed; any failure reads as status 'down'. */
export async function getSystemHealth(): Promise<SystemHealth> {
  try {
    return await api.get<SystemHealth>(systemHealthKey());
  } catch {
    return DOWN_HEALTH;
  }
}

/** System health, re-read every 30 seconds. */
export function useSystemHealth() {
  return useSWR(systemHealthKey(), getSystemHealth, { refreshInterval: POLL_INTERVAL_MS });
}
