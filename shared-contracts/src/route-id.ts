import { isApprovalId } from './approvals';

/**
 * A numeric route id (/companies/{id}, /users/{id}/edit), or null when it is missing, the literal
 * 'undefined' or not a positive whole number: a page must not request `/companies/undefined`, so such
 * an id shows "not found" without loading anything.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || raw === 'undefined' || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An approval's route id (a UUID, lower-cased), or null when it is missing, 'undefined' or not a UUID. */
export function parseApprovalRouteId(raw: string | undefined): string | null {
  if (!raw || raw === 'undefined') return null;
  return isApprovalId(raw) ? raw.toLowerCase() : null;
}
