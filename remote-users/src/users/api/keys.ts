// SWR keys of the users section in one place, so a mutation re-reads exactly what it touched
// (every change re-reads what shows it).
import { mutate } from 'swr';

export interface UserListParams {
  search?: string;
  role?: string;
  isActive?: string;
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

export const userKeys = {
  list: (params: UserListParams) => ['users', 'list', params] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  statistics: (id: number) => ['users', 'statistics', id] as const,
  overview: () => ['users', 'overview'] as const,
  activeAdmins: () => ['users', 'list', 'active-admins'] as const,
  profile: () => ['users', 'profile'] as const,
};

/** Re-reads every user list, the overview and, when given, that user's detail and statistics. */
export function revalidateUsers(id?: number) {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      key[0] === 'users' &&
      (key[1] === 'list' || key[1] === 'overview' || (id !== undefined && key[2] === id)),
  );
}
