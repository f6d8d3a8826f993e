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

/**
 * True when PostgreSQL rolled the transaction back to break a cycle of locks (40P01
 * deadlock_detected) or a conflict of serializable transactions (40001): nothing of it was kept,
 * and running it again is the documented answer.
 */
export function isRetryableConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

/**
 * Runs `transaction` again (up to `attempts` times in all, after a short random pause) when the
 * database rolled it back for a deadlock or a serialization conflict; any other error goes on at
 * once. Only for transactions whose every effect is in the database: a rolled-back attempt then
 * leaves nothing behind.
 */
export async function retryOnConflict<T>(
  transaction: () => Promise<T>,
  attempts = 3,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      // Apart, so the two sides of a deadlock do not meet again at once.
      await pause(Math.floor(Math.random() * 40 * attempt) + 10);
    }
  }
}
