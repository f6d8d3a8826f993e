import type { ApiFailure, ApiMeta, ApiSuccess, ErrorCode, Pagination } from 'shared-contracts';

/** `{ success: true, data, meta? }`: what every handler returns. */
export function ok<T>(data: T, meta?: ApiMeta): ApiSuccess<T> {
  return meta ? { success: true, data, meta } : { success: true, data };
}

/**
 * A page of a list with `meta.pagination`; `totalCapped` when counting stopped at
 * `total` (more rows match).
 */
export function paged<T>(
  data: T[],
  total: number,
  page: number,
  limit: number,
  totalCapped = false,
): ApiSuccess<T[]> & { meta: { pagination: Pagination } } {
  const pagination: Pagination = {
    total,
    page,
    limit,
    totalPages: Math.ceil(total / limit),
    ...(totalCapped ? { totalCapped: true as const } : {}),
  };
  return { success: true, data, meta: { pagination } };
}

export function failure(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): ApiFailure {
  return {
    success: false,
    error: { message, code, ...(fields ? { fields } : {}), ...(details ? { details } : {}) },
  };
}
