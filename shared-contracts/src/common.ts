import * as v from 'valibot';
import { MAX_LIST_LIMIT } from './limits';

/** Envelope every API answer is wrapped in. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  error?: undefined;
  meta?: ApiMeta;
}
export interface ApiFailure {
  success: false;
  data?: undefined;
  error: ApiErrorBody;
  meta?: ApiMeta;
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** `error` of a failed answer. */
export const ApiErrorBodySchema = v.object({
  /** Human-readable message, shown to the user as is. */
  message: v.string(),
  /** Stable machine code, e.g. VALIDATION_ERROR, UNAUTHORIZED (one of ERROR_CODES). */
  code: v.string(),
  /** Field name → message, for 400 validation errors. */
  fields: v.optional(v.record(v.string(), v.string())),
  /** Facts the caller can act on, e.g. `{ status }` of an approval decided by someone else. */
  details: v.optional(v.record(v.string(), v.unknown())),
});
export type ApiErrorBody = v.InferOutput<typeof ApiErrorBodySchema>;

/** `meta.pagination` of a paged list. */
export const PaginationSchema = v.object({
  total: v.number(),
  page: v.number(),
  limit: v.number(),
  totalPages: v.number(),
  /**
   * Present (true) when counting stopped at `total`: more rows match than were counted (the
   * approvals search caps its count, APPROVAL_SEARCH_COUNT_CAP). The console says 'more than …'.
   */
  totalCapped: v.optional(v.literal(true)),
});
export type Pagination = v.InferOutput<typeof PaginationSchema>;

/** A date-time in an answer: always an ISO 8601 string (e.g. 2026-11-23T10:00:00.000Z). */
export const IsoDateTimeSchema = v.pipe(v.string(), v.isoTimestamp());

/**
 * A union whose member is chosen by the input's shape: a failure then reports that member's own
 * field messages (valibot's union would merge the members' issues and lose the field paths).
 * The server validates with `select(input)`; the API description shows both members (anyOf).
 */
export function shapeUnion<const T extends readonly [v.GenericSchema, v.GenericSchema, ...v.GenericSchema[]]>(
  options: T,
  select: (input: unknown) => T[number],
) {
  return Object.assign(v.union(options), { select });
}
export interface ApiMeta {
  pagination?: Pagination;
  [key: string]: unknown;
}

/** A paged list as the client sees it after unwrapping the envelope. */
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A query-string integer: accepts "12", rejects "abc", "1.5", "-1". */
export const intFromString = (message: string, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.union([v.string(), v.number()], message),
    v.transform((value) => (typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN)),
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** An integer path id such as /companies/{id}. */
export const IdParamSchema = v.object({ id: intFromString('The id must be a positive whole number') });

/** Paging query shared by every list. */
export const pagingEntries = {
  page: v.optional(intFromString('page must be a whole number from 1'), 1),
  limit: v.optional(
    intFromString(`limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`, 1, MAX_LIST_LIMIT),
    10,
  ),
  sortOrder: v.optional(v.picklist(SORT_ORDERS, 'sortOrder must be asc or desc')),
};
