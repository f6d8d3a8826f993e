import useSWR from 'swr';
import { api } from 'shared-auth';
import type { UserOverviewStats } from 'shared-contracts';
import { userKeys } from './keys';

/** GET /api/user/overview-stats: the overview block of /users. */
export function useOverviewStats() {
  return useSWR(userKeys.overview(), () =>
    api.get<UserOverviewStats>('/api/user/overview-stats', { fallbackMessage: 'Failed to fetch users' }),
  );
}
