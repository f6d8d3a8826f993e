import { AUTH_ERRORS, ERROR_CODES, SERVER_ERRORS, type ErrorCode } from 'shared-contracts';

/**
 * An error whose message is meant for the caller. Anything else reaching the error handler is
 * logged and answered with SERVER_ERRORS.internal, so SQL or stack traces never leak.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Response headers that belong to this answer, e.g. Retry-After of a 429. */
    readonly headers?: Record<string, string>,
    /** Facts the caller can act on, e.g. the status an approval has now (`error.details`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 naming each field, e.g. "email: Please enter a valid email address". */
export function validationError(fields: Record<string, string>, message?: string): HttpError {
  const text =
    message ??
    Object.entries(fields)
      .map(([field, fieldMessage]) => `${field}: ${fieldMessage}`)
      .join('; ');
  return new HttpError(400, ERROR_CODES.validation, text, fields);
}

export const unauthorized = (message: string = AUTH_ERRORS.unauthenticated) =>
  new HttpError(401, ERROR_CODES.unauthorized, message);

export const forbidden = (message: string = AUTH_ERRORS.forbidden) =>
  new HttpError(403, ERROR_CODES.forbidden, message);

export const notFound = (message: string = SERVER_ERRORS.notFound) =>
  new HttpError(404, ERROR_CODES.notFound, message);

/** 409 reported against one field, so forms can show it inline. */
export const conflict = (field: string, message: string) =>
  new HttpError(409, ERROR_CODES.conflict, message, { [field]: message });

/** 429 with the Retry-After every throttled answer carries (whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, ERROR_CODES.tooManyRequests, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
