import { LOGIN_ERRORS, UI_TEXT, type ApiErrorBody } from 'shared-contracts';

/** Code given to failures that never got an HTTP answer (offline, DNS, timeout). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Message of an ApiError when neither the server nor the caller gave one. */
export const DEFAULT_MESSAGE = 'Request failed';
// Spoken whenever there is no answer at all (the text for "no response or network error"):
// a caller's fallback such as "Failed to fetch managers" would not tell someone whose connection
// dropped, or whose API is down, why nothing loads — or that trying again later will help.
const NETWORK_MESSAGE = LOGIN_ERRORS.network;

export interface ApiErrorOptions {
  status: number;
  code: string;
  fields?: Record<string, string>;
  cause?: unknown;
}

/** A failed API call: HTTP status (0 when no answer arrived), server error code and field messages. */
export class ApiError extends Error {
  /** HTTP status; 0 for network failures and timeouts. */
  readonly status: number;
  /** The server's `error.code`, `NETWORK_ERROR`, or `HTTP_<status>` when the answer had none. */
  readonly code: string;
  /** Field name → message for validation failures (400). */
  readonly fields?: Record<string, string>;

  constructor(message: string, options: ApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    if (options.fields) this.fields = options.fields;
  }
}

/** True when `error` is an {@link ApiError} (also across bundles that each carry a copy of the class). */
export function isApiError(error: unknown): error is ApiError {
  if (error instanceof ApiError) return true;
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as Partial<ApiError>).status === 'number' &&
    typeof (error as Partial<ApiError>).code === 'string'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `error` member of a failure envelope, if `body` looks like one. */
export function readErrorBody(body: unknown): Partial<ApiErrorBody> | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { message, code, fields } = body.error;
  const result: Partial<ApiErrorBody> = {};
  if (typeof message === 'string' && message.trim() !== '') result.message = message;
  if (typeof code === 'string' && code !== '') result.code = code;
  if (isRecord(fields)) {
    const entries = Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (entries.length > 0) result.fields = Object.fromEntries(entries);
  }
  return result;
}

/** Builds the ApiError for an answer with an HTTP status (error status, or 2xx with success:false). */
export function apiErrorFromAnswer(
  status: number,
  body: unknown,
  fallbackMessage?: string,
  cause?: unknown,
): ApiError {
  const error = readErrorBody(body);
  return new ApiError(error?.message ?? fallbackMessage ?? DEFAULT_MESSAGE, {
    status,
    code: error?.code ?? `HTTP_${status}`,
    ...(error?.fields ? { fields: error.fields } : {}),
    cause,
  });
}

/** Builds the ApiError for a call that got no answer (network failure, timeout): the connection message. */
export function networkApiError(cause?: unknown): ApiError {
  return new ApiError(NETWORK_MESSAGE, { status: 0, code: NETWORK_ERROR_CODE, cause });
}

/** The text to show for a failed call: the error's message (the server's text for an ApiError), else `fallback`. */
export function errorMessage(error: unknown, fallback: string = UI_TEXT.unknownError): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
