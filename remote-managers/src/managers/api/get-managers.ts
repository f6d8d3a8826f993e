import useSWR from 'swr';
import { api } from 'shared-auth';
import type { Manager } from 'shared-contracts';
import { managerKeys, type ManagerListParams } from './keys';

/** GET /api/manager/managers: one page, filtered and sorted by the server. */
export function getManagers(params: ManagerListParams) {
  return api.getPaged<Manager>('/api/manager/managers', {
    searchParams: { ...params },
    fallbackMessage: 'Failed to fetch managers',
  });
}

/** The current page; the previous page stays on screen while the next one loads. */
export function useManagers(params: ManagerListParams) {
  return useSWR(managerKeys.list(params), () => getManagers(params), { keepPreviousData: true });
}
