import useSWR from 'swr';
import { api, useLiveRecord } from 'shared-auth';
import { ACTIVE_ADMINS_FILTER, type User, type UserActivityStats } from 'shared-contracts';
import { revalidateUsers, userKeys } from './keys';

/** GET /api/user/users/{id}. */
export function getUser(id: number) {
  return api.get<User>(`/api/user/users/${id}`, { fallbackMessage: 'Failed to fetch users' });
}

/**
 * A user by route id; a `null` id (missing or 'undefined' in the URL) blocks loading. A change of
 * them made elsewhere re-reads them (and their statistics) in place.
 */
export function useUser(id: number | null) {
  useLiveRecord('user', id, revalidateUsers);
  return useSWR(id === null ? null : userKeys.detail(id), () => getUser(id as number));
}

/**
 * How many ADMIN accounts are active (GET /api/user/users?role=ADMIN&isActive=true&limit=1, a kept
 * count on the server); only asked when `enabled` (the page shows an active admin).
 */
export function useActiveAdminCount(enabled: boolean) {
  return useSWR(enabled ? userKeys.activeAdmins() : null, async () => {
    const page = await api.getPaged<User>('/api/user/users', {
      searchParams: { ...ACTIVE_ADMINS_FILTER, limit: 1 },
      fallbackMessage: 'Failed to fetch users',
    });
    return page.pagination.total;
  });
}

/** GET /api/user/statistics?userId=; `null` until the user has loaded. */
export function useUserStatistics(id: number | null) {
  return useSWR(id === null ? null : userKeys.statistics(id), () =>
    api.get<UserActivityStats>('/api/user/statistics', { searchParams: { userId: id as number } }),
  );
}
