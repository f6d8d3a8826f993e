import * as v from 'valibot';
import { optionalFilter, pickerPagingEntries, searchText, withDefaultSort } from './lists';
import { USER_SEARCH_MAX } from './users';

export const MANAGER_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'title',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type ManagerSortField = (typeof MANAGER_SORT_FIELDS)[number];

/** GET /api/manager/managers (list page and the manager picker). */
export const ManagerListQuerySchema = v.pipe(
  v.object({
    ...pickerPagingEntries,
    search: searchText(USER_SEARCH_MAX),
    sortBy: optionalFilter(MANAGER_SORT_FIELDS, `sortBy must be one of ${MANAGER_SORT_FIELDS.join(', ')}`),
  }),
  v.transform(withDefaultSort<ManagerSortField>('createdAt')),
);
export type ManagerListQuery = v.InferOutput<typeof ManagerListQuerySchema>;
