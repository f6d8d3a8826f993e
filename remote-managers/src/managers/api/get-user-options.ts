import useSWR from 'swr';
import { api } from 'shared-auth';
import { PICKER_LIMIT, type User } from 'shared-contracts';

/**
 * Users for the Linked User Account picker: the first 100 before anything is typed, then
 * the server's matches for the typed text, so any user can be linked, not only the first 100.
 */
export function useUserOptions(search: string) {
  const text = search.trim();
  return useSWR(
    ['users', 'picker', 'manager-link', text],
    () =>
      api.getPaged<User>('/api/user/users', {
        searchParams: {
          page: 1,
          limit: PICKER_LIMIT,
          sortBy: 'firstName',
          sortOrder: 'asc',
          ...(text ? { search: text } : {}),
        },
        fallbackMessage: 'Failed to fetch users',
      }),
    { keepPreviousData: true },
  );
}
