import useSWR from 'swr';
import { api } from 'shared-auth';
import type { QbSyncStatus } from 'shared-contracts';
import { companyKeys } from './keys';

/** While a sync runs the panel looks again this often; otherwise at the usual 30 seconds. */
const RUNNING_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

/** GET …/qb-sync: the sync panel; `eager` (a sync was just asked for) polls as if it ran. */
export function useQbSync(id: number, enabled: boolean, eager: boolean) {
  return useSWR(
    enabled ? companyKeys.qbSync(id) : null,
    () => api.get<QbSyncStatus>(`/api/company/companies/${id}/qb-sync`),
    { refreshInterval: (data) => (eager || data?.running ? RUNNING_POLL_MS : IDLE_POLL_MS) },
  );
}
