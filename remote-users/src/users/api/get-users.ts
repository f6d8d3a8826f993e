import useSWR from 'swr';
import { api } from 'shared-auth';
import type { User, UserOverviewStats } from 'shared-contracts';
import { userKeys, type UserListParams } from './keys';

/** GET /api/user/users: one page, filtered and sorted by the server. */
export function getUsers(params: UserListParams) {
  return api.getPaged<User>('/api/user/users', {
    searchParams: { ...params },
    fallbackMessage: 'Failed to fetch users',
  });
}

/** The current page; the previous page stays on screen while the next one loads. */
export function useUsers(params: UserListParams) {
  return useSWR(userKeys.list(params), () => getUsers(params), { keepPreviousData: true });
}

/** GET /api/user/overview-stats: the overview block of /users. */
export function useOverviewStats() {
  return useSWR(userKeys.overview(), () =>
    api.get<UserOverviewStats>('/api/user/overview-stats', { fallbackMessage: 'Failed to fetch users' }),
  );
}
