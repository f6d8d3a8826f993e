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

// SQLSTATE classes and codes that mean "the server is not there right now", not "the query is wrong":
// 08xxx connection exceptions, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect
// now (starting up or shutting down), 53300 too many connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Socket-level failures node-postgres passes through from net.Socket.
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a connection lost mid-query without any code, only with these texts.
const UNAVAILABLE_TEXTS = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * True when a query failed because the database could not be reached or dropped the connection
 * (a PostgreSQL restart, say): the API answers 503 and the pool connects afresh on the next query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && /^[0-9A-Z]{5}$/.test(code)) return true;
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_TEXTS.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
