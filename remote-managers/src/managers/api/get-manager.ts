import useSWR from 'swr';
import { api } from 'shared-auth';
import type { Manager } from 'shared-contracts';
import { managerKeys } from './keys';

/** GET /api/manager/managers/{id}. */
export function getManager(id: number) {
  return api.get<Manager>(`/api/manager/managers/${id}`, { fallbackMessage: 'Failed to fetch manager' });
}

/** A manager by route id; a `null` id (missing or 'undefined' in the URL) blocks loading. */
export function useManager(id: number | null) {
  return useSWR(id === null ? null : managerKeys.detail(id), () => getManager(id as number));
}
