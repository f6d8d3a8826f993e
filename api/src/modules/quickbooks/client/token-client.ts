/**
 * OAuth 2.0 refresh_token grant against Intuit's token endpoint (or anything speaking the same
 * protocol, such as the local mock server): POST application/x-www-form-urlencoded
 * `grant_type=refresh_token&refresh_token=…` with HTTP Basic client_id:client_secret; the answer
 * is JSON {access_token, refresh_token, expires_in, x_refresh_token_expires_in, token_type}.
 * Errors are 4xx JSON {error: 'invalid_grant' | 'invalid_client' | …}.
 *
 * Tokens never appear in an error or a log line: only the failure kind, the HTTP status, the
 * OAuth `error` code and the answer's `intuit_tid` (Intuit's id of the request) leave this module.
 */
import { INTUIT_TOKEN_URL, type QuickBooksConfig } from '../../../config';

export interface QbTokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (Intuit: 3600). */
  expiresIn: number;
  /** Seconds the refresh token lives, when the endpoint says. */
  refreshTokenExpiresIn: number | null;
}

export type QbRefreshFailure =
  /** The refresh token is expired or revoked: the company must be reconnected. */
  | 'invalid_grant'
  /** Another 4xx, e.g. invalid_client (our client credentials are wrong). */
  | 'rejected'
  /** 5xx from the endpoint. */
  | 'server_error'
  /** DNS, connection refused or reset. */
  | 'unreachable'
  | 'timeout'
  /** 2xx whose body is not the expected JSON. */
  | 'bad_response'
  /** No QB_CLIENT_ID / QB_CLIENT_SECRET. */
  | 'not_configured';

export class QbTokenError extends Error {
  constructor(
    readonly kind: QbRefreshFailure,
    readonly status?: number,
    /** The OAuth `error` code of a 4xx answer, e.g. 'invalid_grant'. */
    readonly oauthError?: string,
    /** The answer's `intuit_tid` header (none when no answer came), for Intuit's support. */
    readonly intuitTid?: string,
  ) {
    super(
      `QuickBooks token refresh failed: ${kind}${status ? ` (HTTP ${status}${oauthError ? ` ${oauthError}` : ''})` : ''}${
        intuitTid ? ` [intuit_tid ${intuitTid}]` : ''
      }`,
    );
    this.name = 'QbTokenError';
  }
}

/** Largest answer read from the token endpoint (a token answer is well under 4 KiB). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Exchanges `refreshToken` for a new token pair (Intuit rotates the refresh token too). */
export async function refreshQuickBooksTokens(
  config: QuickBooksConfig,
  refreshToken: string,
): Promise<QbTokenSet> {
  if (!config.clientId || !config.clientSecret) throw new QbTokenError('not_configured');
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`, 'utf8').toString('base64');
  let response: Response;
  let text: string;
  try {
    response = await fetch(config.tokenUrl ?? INTUIT_TOKEN_URL, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${basic}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      redirect: 'error',
      // Covers connecting, the headers and reading the body.
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new QbTokenError('timeout');
    throw new QbTokenError('unreachable');
  }
  const body = parseJson(text.length > MAX_ANSWER_BYTES ? '' : text);
  const tid = intuitTid(response);

  if (response.status >= 500) throw new QbTokenError('server_error', response.status, undefined, tid);
  if (response.status >= 400 || response.status < 200 || response.status >= 300) {
    const oauthError = typeof body?.error === 'string' ? body.error.slice(0, 64) : undefined;
    if (response.status === 400 && oauthError === 'invalid_grant') {
      throw new QbTokenError('invalid_grant', response.status, oauthError, tid);
    }
    throw new QbTokenError('rejected', response.status, oauthError, tid);
  }

  const accessToken = body?.access_token;
  const newRefreshToken = body?.refresh_token;
  const expiresIn = Number(body?.expires_in);
  if (
    typeof accessToken !== 'string' ||
    accessToken === '' ||
    typeof newRefreshToken !== 'string' ||
    newRefreshToken === '' ||
    !Number.isFinite(expiresIn) ||
    expiresIn <= 0
  ) {
    throw new QbTokenError('bad_response', response.status, undefined, tid);
  }
  const refreshExpires = Number(body?.x_refresh_token_expires_in);
  return {
    accessToken,
    refreshToken: newRefreshToken,
    expiresIn: Math.floor(expiresIn),
    refreshTokenExpiresIn: Number.isFinite(refreshExpires) && refreshExpires > 0 ? refreshExpires : null,
  };
}

/** The `intuit_tid` header of an answer: Intuit's id of the request, quoted to its support. */
export function intuitTid(response: Response): string | undefined {
  const value = response.headers.get('intuit_tid')?.trim();
  return value ? value.slice(0, 100) : undefined;
}

/** A JSON object from Intuit's answer text; undefined for anything else (HTML error pages, arrays). */
export function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
