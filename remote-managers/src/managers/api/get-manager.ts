import useSWR from 'swr';
import { api, useLiveRecord } from 'shared-auth';
import type { Manager } from 'shared-contracts';
import { managerKeys, revalidateManagers } from './keys';

/** GET /api/manager/managers/{id}. */
export function getManager(id: number) {
  return api.get<Manager>(`/api/manager/managers/${id}`, { fallbackMessage: 'Failed to fetch manager' });
}

/**
 * A manager by route id; a `null` id (missing or 'undefined' in the URL) blocks loading. A change
 * of it made elsewhere re-reads it in place.
 */
export function useManager(id: number | null) {
  useLiveRecord('manager', id, revalidateManagers);
  return useSWR(id === null ? null : managerKeys.detail(id), () => getManager(id as number));
}
