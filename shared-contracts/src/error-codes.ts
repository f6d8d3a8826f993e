// The API's error codes, in a module of their own: the sign-in page needs them, and not the
// schemas (and their validation library) that sit beside them in common.ts.

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
