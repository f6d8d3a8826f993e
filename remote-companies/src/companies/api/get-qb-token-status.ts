import useSWR from 'swr';
import { api } from 'shared-auth';
import { POLL_INTERVAL_MS, type QbTokenStatus } from 'shared-contracts';
import { companyKeys } from './keys';

/** GET …/qb-token-status, re-read every 30 seconds. */
export function useQbTokenStatus(id: number | null, enabled: boolean) {
  return useSWR(
    id !== null && enabled ? companyKeys.qbStatus(id) : null,
    () => api.get<QbTokenStatus>(`/api/company/companies/${id}/qb-token-status`),
    { refreshInterval: POLL_INTERVAL_MS },
  );
}
