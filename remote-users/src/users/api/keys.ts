// SWR keys of the users section in one place, so a mutation re-reads exactly what it touched (every
// write re-reads the lists, the overview and the user it changed).
import type { User, UserListQuery } from 'shared-contracts';
import { listResource } from 'shared-ui/table';

/** GET /api/user/users: one page, filtered and sorted by the server. */
export const userList = listResource<User, UserListQuery>({
  section: 'users',
  path: '/api/user/users',
  fallbackMessage: 'Failed to fetch users',
  related: ['overview'],
});

export const userKeys = {
  list: userList.key,
  detail: (id: number) => ['users', 'detail', id] as const,
  statistics: (id: number) => ['users', 'statistics', id] as const,
  overview: () => ['users', 'overview'] as const,
  activeAdmins: () => ['users', 'list', 'active-admins'] as const,
  profile: () => ['users', 'profile'] as const,
  sessions: () => ['users', 'sessions'] as const,
  factorReset: (id: number) => ['users', 'factor-reset', id] as const,
};

/** Re-reads every user list, the overview and, when given, that user's detail and statistics. */
export const revalidateUsers = userList.revalidate;
