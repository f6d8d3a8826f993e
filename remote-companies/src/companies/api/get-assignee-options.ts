import useSWR from 'swr';
import { api } from 'shared-auth';
import { PICKER_LIMIT, type Manager } from 'shared-contracts';

/** Managers for the manager selector (up to 100); the other three pick from shared-ui's useStaffPeople. */
export function useManagerOptions() {
  return useSWR(['managers', 'picker'], () =>
    api.getPaged<Manager>('/api/manager/managers', { searchParams: { page: 1, limit: PICKER_LIMIT } }),
  );
}
