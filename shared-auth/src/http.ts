import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { AUTH_ERRORS, ERROR_CODES, REQUEST_TIMEOUT_MS, type AuthTokens } from 'shared-contracts';
import { ApiError, apiErrorFromAnswer, isApiError, networkApiError, readErrorBody } from './api-error';
import { clearSessionUser } from './session-store';
import { tokenStorage } from './token-storage';

/** Path of the sign-in page the client sends people to when their session cannot be renewed. */
export const LOGIN_PATH = '/login';

const ENVIRONMENT_HEADER = 'X-Environment';
// A 401 from these means "wrong credentials" / "refresh token rejected": refreshing would loop.
// The second step's 401 (its ticket expired) is not about a session either.
const NO_REFRESH_PATHS = [
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/auth/second-step',
  '/api/auth/second-step/passkey-options',
];

/** Per-call switches carried in ky's `context` option. */
export interface HttpContext {
  /** Message of the ApiError when the server gives none. */
  fallbackMessage?: string;
  /** false: when the session cannot be renewed, end it but do not navigate to /login (start-up, logout). */
  authRedirect?: boolean;
}

interface HttpConfig {
  baseUrl: string | null;
  environment: string;
}

/**
 * Why the client sends someone to sign in: `SESSION_EXPIRED` when the session reached its absolute
 * or idle limit (the sign-in page says so), `SESSION_ENDED` for any other refused refresh.
 */
export type SessionEndReason = 'SESSION_EXPIRED' | 'SESSION_ENDED';

/**
 * Goes to `path` (sign-in), remembering the current page so signing in returns to it; `notice` is
 * what the sign-in page says instead of its own text (the console signed out for inactivity).
 */
export type SessionNavigator = (path: string, reason: SessionEndReason, notice?: string) => void;

const config: HttpConfig = { baseUrl: null, environment: 'production' };
let navigate: SessionNavigator | null = null;
let refusalHandler: RefusalHandler | null = null;
// Set by the idle watch (loaded after sign-in): throws instead of refreshing for an absent person.
let refreshGate: (() => void) | null = null;

/**
 * Answers a 403 (the second-factor refusals: step-up, enrolment): the same request to send again,
 * or undefined to let the call fail with the API's error. Registered by the signed-in console, so
 * the sign-in page carries none of it.
 */
export type RefusalHandler = (request: Request, response: Response) => Promise<Request | undefined>;

/** Registers the 403 handler (null: none). */
export function setRefusalHandler(handler: RefusalHandler | null): void {
  refusalHandler = handler;
}

/** Runs before every refresh; a gate that throws an ApiError refuses it (null: none). */
export function setRefreshGate(gate: (() => void) | null): void {
  refreshGate = gate;
}

/** Sets the API base address (default `window.location.origin`) and the `X-Environment` value; safe to call again. */
export function configureHttp(options: { baseUrl: string; environment?: string }): void {
  config.baseUrl = options.baseUrl.trim() === '' ? null : options.baseUrl.trim();
  if (options.environment !== undefined && options.environment.trim() !== '')
    config.environment = options.environment.trim();
}

/** Registers the router's navigate function used to reach /login after a failed refresh (else a full page load). */
export function setNavigator(fn: SessionNavigator | null): void {
  navigate = fn;
}

/** Absolute API base address without a trailing slash. */
export function getApiBaseUrl(): string {
  const base = new URL(config.baseUrl ?? window.location.origin, window.location.href);
  return base.href.replace(/\/+$/, '');
}

/** Absolute URL of an API path such as `/api/auth/me`. */
export function apiUrl(path: string): string {
  return `${getApiBaseUrl()}/${path.replace(/^\/+/, '')}`;
}

/** Current `X-Environment` header value. */
export function getEnvironment(): string {
  return config.environment;
}

function contextOf(options: { context?: Record<string, unknown> }): HttpContext {
  return (options.context ?? {}) as HttpContext;
}

/** The bearer token a request carries, or null. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/** True when a 401 from `url` must not trigger a refresh (sign-in and refresh itself). */
export function isNoRefreshUrl(url: string): boolean {
  const { pathname } = new URL(url, window.location.href);
  return NO_REFRESH_PATHS.some((path) => pathname === path || pathname.endsWith(path));
}

function isTokens(value: unknown): value is AuthTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return (
    typeof accessToken === 'string' &&
    accessToken !== '' &&
    typeof refreshToken === 'string' &&
    refreshToken !== ''
  );
}

async function requestNewTokens(): Promise<string> {
  refreshGate?.();
  const refreshToken = tokenStorage.getRefreshToken();
  if (!refreshToken)
    throw new ApiError(AUTH_ERRORS.noRefreshToken, { status: 401, code: 'NO_REFRESH_TOKEN' });

  let response: Response;
  try {
    response = await http.post('api/auth/refresh', { json: { refreshToken }, throwHttpErrors: false });
  } catch (cause) {
    // No answer (the API is down or unreachable): the session may well be fine; say so as a
    // connection failure rather than a rejected session.
    throw isApiError(cause) ? cause : networkApiError(cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!isSessionRejection(response.status)) throw apiErrorFromAnswer(response.status, body);
  if (!response.ok && readErrorBody(body)?.code === ERROR_CODES.sessionExpired) {
    throw new ApiError(AUTH_ERRORS.sessionExpired, { status: 401, code: ERROR_CODES.sessionExpired });
  }
  const data = (body as { success?: unknown; data?: { tokens?: unknown } } | undefined) ?? {};
  if (!response.ok || data.success !== true || !isTokens(data.data?.tokens)) {
    throw new ApiError(AUTH_ERRORS.refreshFailed, {
      status: response.ok ? 401 : response.status,
      code: 'REFRESH_FAILED',
    });
  }
  tokenStorage.setTokens(data.data.tokens);
  return data.data.tokens.accessToken;
}

/**
 * True when a refresh answer with this status settles the session: a success, or the server
 * refusing the token (4xx). A 5xx, 408 or 429 means the server could not decide just now (its
 * database restarting, say), and ending the session then would sign everyone out of an outage.
 */
function isSessionRejection(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429;
}

/** True when a failed refresh means the session is over (as opposed to the server being unreachable). */
function endsSession(error: unknown): boolean {
  return isApiError(error) && error.status !== 0 && isSessionRejection(error.status);
}

// One refresh for however many requests fail together; the rotated refresh token could
// only be used once anyway.
let refreshInFlight: Promise<string> | null = null;
// Failed refreshes that already sent the user to /login, so five failing requests navigate once.
const redirectedFor = new WeakSet<Promise<string>>();

function endSession(): void {
  tokenStorage.clear();
  clearSessionUser();
}

/** Sends the user to /login (unless there already), telling the sign-in page why. */
export function goToLogin(error: unknown, notice?: string): void {
  if (window.location.pathname === LOGIN_PATH) return;
  const reason: SessionEndReason =
    isApiError(error) && error.code === ERROR_CODES.sessionExpired ? 'SESSION_EXPIRED' : 'SESSION_ENDED';
  if (navigate && notice) navigate(LOGIN_PATH, reason, notice);
  else if (navigate) navigate(LOGIN_PATH, reason);
  else window.location.assign(LOGIN_PATH);
}

/**
 * An access token newer than `sentToken`: the one a concurrent refresh is fetching, one stored
 * since the request left, or a fresh one from POST /api/auth/refresh. When the server refuses the
 * refresh token the session is ended (tokens and user cleared) and, unless `redirect` is false, the
 * user is sent to /login; when the server cannot be reached or answers 5xx, the session is kept and
 * the call fails with that error, so the next call after the outage refreshes again.
 */
export async function renewAccessToken(sentToken: string | null, redirect: boolean): Promise<string> {
  let pending = refreshInFlight;
  if (!pending) {
    const stored = tokenStorage.getAccessToken();
    if (stored && stored !== sentToken) return stored;
    pending = requestNewTokens().catch((error: unknown) => {
      if (endsSession(error)) endSession();
      throw error;
    });
    const current = pending;
    const settle = (): void => {
      if (refreshInFlight === current) refreshInFlight = null;
    };
    refreshInFlight = current;
    current.then(settle, settle);
  }
  try {
    return await pending;
  } catch (error) {
    if (redirect && endsSession(error) && !redirectedFor.has(pending)) {
      redirectedFor.add(pending);
      goToLogin(error);
    }
    throw error;
  }
}

function toApiError(error: Error, fallbackMessage: string | undefined): Error {
  if (isApiError(error)) return error;
  if (isHTTPError(error))
    return apiErrorFromAnswer(error.response.status, error.data, fallbackMessage, error);
  if (isNetworkError(error) || isTimeoutError(error)) return networkApiError(error);
  // Aborts and programming errors keep their identity.
  return error;
}

/** The one ky instance: API base, bearer token, cookies, 10 s timeout, `X-Environment`, refresh once on 401; throws ApiError. */
export const http = ky.create({
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  // No automatic retries (SWR retries reads once). The limit of 1 exists only so the forced
  // `ky.retry()` after a token refresh is allowed: with no methods and no status codes listed,
  // ky retries nothing else. A limit above 0 also makes ky keep a copy of the body to resend.
  retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
  hooks: {
    init: [
      (options) => {
        // Read at every call so configureHttp may run after this instance exists.
        options.prefix = getApiBaseUrl();
      },
    ],
    beforeRequest: [
      ({ request }) => {
        request.headers.set(ENVIRONMENT_HEADER, config.environment);
        const token = tokenStorage.getAccessToken();
        if (token && !request.headers.has('Authorization'))
          request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      async ({ request, response, retryCount, options }) => {
        if (response.status === 403) {
          const again = retryCount === 0 ? await refusalHandler?.(request, response) : undefined;
          return again ? ky.retry({ request: again, delay: 0, code: 'STEPPED_UP' }) : undefined;
        }
        if (response.status !== 401 || retryCount > 0 || isNoRefreshUrl(request.url)) return undefined;
        const accessToken = await renewAccessToken(
          bearerOf(request),
          contextOf(options).authRedirect !== false,
        );
        const headers = new Headers(request.headers);
        headers.set('Authorization', `Bearer ${accessToken}`);
        // A forced retry does not run beforeRequest again: the new bearer goes on the request itself.
        return ky.retry({ request: new Request(request, { headers }), delay: 0, code: 'TOKEN_REFRESHED' });
      },
    ],
    beforeError: [({ error, options }) => toApiError(error, contextOf(options).fallbackMessage)],
  },
});

/** Test helper: forget configuration, navigator and any refresh in flight. */
export function resetHttpForTests(): void {
  config.baseUrl = null;
  config.environment = 'production';
  navigate = null;
  refreshGate = null;
  refreshInFlight = null;
  refusalHandler = null;
}
