/**
 * Drizzle 0.45 wraps driver errors in DrizzleQueryError (message = SQL + parameters); the
 * PostgreSQL error, with its SQLSTATE `code`, is its `cause`. PGlite and pg both set `code`.
 */
function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True for a unique-constraint violation (23505), e.g. two sign-ups racing for one e-mail. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** True for a foreign-key violation (23503), e.g. an assignee deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/** True for a restrict violation (23001): the approvals trigger refusing to delete a payment record. */
export function isRestrictViolation(error: unknown): boolean {
  return sqlState(error) === '23001';
}
