import * as v from 'valibot';
import { intFromString, pagingEntries } from './common';
import { PICKER_LIMIT } from './limits';

/** Query-string building blocks shared by the list schemas. */

/** Optional query filter: '' and 'all' mean "no filter" (filters set to 'all' are omitted). */
export const optionalFilter = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      // What the API description shows (the picklist comes after a transformation it cannot follow).
      v.description(`One of ${options.join(', ')}; '' or 'all' for no filter`),
      v.trim(),
      v.transform((value) => (value === '' || value === 'all' ? undefined : value)),
      v.union([v.undefined(), v.picklist(options)], message),
    ),
  );

/** Optional search text, trimmed; '' means no search. */
export const searchText = (max: number, field = 'search') =>
  v.optional(
    v.pipe(
      v.string(`${field} must be text`),
      v.trim(),
      v.maxLength(max, `${field} must be at most ${max} characters`),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );

/**
 * Adds the default order: createdAt desc when no sortBy is given; a given sortBy without
 * sortOrder sorts ascending (a table's first click).
 */
export const withDefaultSort =
  <F extends string>(defaultField: F) =>
  <T extends { sortBy?: F | undefined; sortOrder?: 'asc' | 'desc' | undefined }>(input: T) => ({
    ...input,
    sortBy: input.sortBy ?? defaultField,
    sortOrder: input.sortOrder ?? (input.sortBy === undefined ? ('desc' as const) : ('asc' as const)),
  });

/** `true` / `false` (text or boolean); '' and 'all' mean no filter. */
export const booleanFilter = (field: string) =>
  v.optional(
    v.pipe(
      v.union([v.string(), v.boolean()], `${field} must be true or false`),
      v.transform((value) => (typeof value === 'boolean' ? String(value) : value.trim().toLowerCase())),
      v.transform((value) => (value === '' || value === 'all' ? undefined : value)),
      v.union([v.undefined(), v.picklist(['true', 'false'])], `${field} must be true or false`),
      v.transform((value) => (value === undefined ? undefined : value === 'true')),
    ),
  );

/** Paging of the user and manager lists: `limit` up to 100 (the pickers' size). */
export const pickerPagingEntries = {
  ...pagingEntries,
  limit: v.optional(
    intFromString(`limit must be a whole number from 1 to ${PICKER_LIMIT}`, 1, PICKER_LIMIT),
    10,
  ),
};

/** Most activity rows one entity's timeline answers. */
export const ENTITY_ACTIVITY_MAX = 50;

/** GET …/{id}/activity: how many of the newest rows (default 10). */
export const ActivityQuerySchema = v.object({
  limit: v.optional(
    intFromString(`limit must be a whole number from 1 to ${ENTITY_ACTIVITY_MAX}`, 1, ENTITY_ACTIVITY_MAX),
    10,
  ),
});
