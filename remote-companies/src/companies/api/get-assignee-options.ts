import useSWR from 'swr';
import { api } from 'shared-auth';
import { PICKER_LIMIT, type Manager, type UserRef } from 'shared-contracts';

/** Managers for the manager selector (up to 100). */
export function useManagerOptions() {
  return useSWR(['managers', 'picker'], () =>
    api.getPaged<Manager>('/api/manager/managers', { searchParams: { page: 1, limit: PICKER_LIMIT } }),
  );
}

/** Active users with role ADMIN, MODERATOR or USER for the other three selectors (up to 100); the API refuses inactive assignees. */
export function useStaffOptions() {
  return useSWR(['users', 'picker', 'staff'], () =>
    api.getPaged<UserRef>('/api/user/users', {
      searchParams: { page: 1, limit: PICKER_LIMIT, role: 'ADMIN,MODERATOR,USER', isActive: true },
    }),
  );
}
