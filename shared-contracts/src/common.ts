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

/** Stable `error.code` values the API answers with (clients branch on these, never on text). */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  malformedJson: 'MALFORMED_JSON',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountDisabled: 'ACCOUNT_DISABLED',
  refreshFailed: 'REFRESH_FAILED',
  /** The session reached its absolute limit after sign-in (refresh refused: 401); sign in again. */
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** The person must add a second factor before anything else (403). */
  mfaEnrolmentRequired: 'MFA_ENROLMENT_REQUIRED',
  /** The action needs a second factor given within STEP_UP_MINUTES (403); POST /api/auth/step-up. */
  stepUpRequired: 'STEP_UP_REQUIRED',
  internal: 'INTERNAL_ERROR',
  /** A service the API calls (QuickBooks) failed, timed out or could not be reached: 502. */
  upstream: 'UPSTREAM_ERROR',
  /** QuickBooks refused the stored grant; the company must be reconnected: 409. */
  qbReconnectRequired: 'QB_RECONNECT_REQUIRED',
  /** A feature the server is not configured for (e.g. QuickBooks client credentials): 503. */
  notConfigured: 'NOT_CONFIGURED',
  /** The database cannot be reached for a moment (restarting, failing over): 503 with Retry-After. */
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

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
