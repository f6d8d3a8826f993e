/**
 * The authorization-code half of Intuit's OAuth 2.0 (connect) and token revocation (disconnect).
 * The code exchange goes through oauth4webapi, which takes every endpoint from configuration
 * (intuit-oauth hard-codes Intuit's hosts in its class). Revocation follows Intuit's documented
 * shape: POST JSON `{token}` with HTTP Basic client authentication.
 *
 * As in token-client.ts, no token ever appears in an error or a log line; a failure QuickBooks
 * answered carries the answer's `intuit_tid`.
 */
import * as oauth from 'oauth4webapi';
import {
  INTUIT_AUTHORIZE_URL,
  INTUIT_REVOKE_URL,
  INTUIT_TOKEN_URL,
  type QuickBooksConfig,
} from '../../../config';
import { intuitTid, QbTokenError, type QbTokenSet } from './token-client';

export const QB_ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';

/** Plain http is accepted only for endpoints on this machine (a local emulator or proxy). */
function loopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

function server(config: QuickBooksConfig): oauth.AuthorizationServer {
  const tokenUrl = config.tokenUrl ?? INTUIT_TOKEN_URL;
  return {
    issuer: new URL(tokenUrl).origin,
    authorization_endpoint: config.authorizeUrl ?? INTUIT_AUTHORIZE_URL,
    token_endpoint: tokenUrl,
    revocation_endpoint: config.revokeUrl ?? INTUIT_REVOKE_URL,
  };
}

/** The consent page address the browser is sent to. */
export function buildAuthorizeUrl(config: QuickBooksConfig, state: string): string {
  if (!config.clientId || !config.redirectUri) throw new QbTokenError('not_configured');
  const url = new URL(config.authorizeUrl ?? INTUIT_AUTHORIZE_URL);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', QB_ACCOUNTING_SCOPE);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** Exchanges the callback's `code` for the first token pair (authorization_code grant). */
export async function exchangeAuthorizationCode(
  config: QuickBooksConfig,
  code: string,
  state: string,
): Promise<QbTokenSet> {
  if (!config.clientId || !config.clientSecret || !config.redirectUri) {
    throw new QbTokenError('not_configured');
  }
  const as = server(config);
  const client: oauth.Client = { client_id: config.clientId };
  let response: Response | undefined;
  try {
    const parameters = oauth.validateAuthResponse(as, client, new URLSearchParams({ code, state }), state);
    response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(config.clientSecret),
      parameters,
      config.redirectUri,
      oauth.nopkce,
      {
        signal: AbortSignal.timeout(config.timeoutMs),
        [oauth.allowInsecureRequests]: loopback(as.token_endpoint!),
      },
    );
    const result = await oauth.processAuthorizationCodeResponse(as, client, response);
    const expiresIn = Number(result.expires_in);
    const refreshExpires = Number(result.x_refresh_token_expires_in);
    if (!result.refresh_token || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new QbTokenError('bad_response', response.status, undefined, intuitTid(response));
    }
    return {
      accessToken: result.access_token,
      refreshToken: result.refresh_token,
      expiresIn: Math.floor(expiresIn),
      refreshTokenExpiresIn: Number.isFinite(refreshExpires) && refreshExpires > 0 ? refreshExpires : null,
    };
  } catch (error) {
    throw asTokenError(error, response && intuitTid(response));
  }
}

/** Revokes a token (either of a pair revokes both at Intuit). */
export async function revokeQuickBooksToken(config: QuickBooksConfig, token: string): Promise<void> {
  if (!config.clientId || !config.clientSecret) throw new QbTokenError('not_configured');
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`, 'utf8').toString('base64');
  let response: Response;
  try {
    response = await fetch(config.revokeUrl ?? INTUIT_REVOKE_URL, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Basic ${basic}`,
      },
      body: JSON.stringify({ token }),
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    await response.arrayBuffer();
  } catch (error) {
    throw asTokenError(error);
  }
  const tid = intuitTid(response);
  if (response.status >= 500) throw new QbTokenError('server_error', response.status, undefined, tid);
  if (response.status !== 200) throw new QbTokenError('rejected', response.status, undefined, tid);
}

/** `tid`: the `intuit_tid` of the answer the failure came with, if one came. */
function asTokenError(error: unknown, tid?: string): QbTokenError {
  if (error instanceof QbTokenError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    const answered = intuitTid(error.response) ?? tid;
    if (error.status >= 500) return new QbTokenError('server_error', error.status, undefined, answered);
    const code = error.error.slice(0, 64);
    const kind = code === 'invalid_grant' ? 'invalid_grant' : 'rejected';
    return new QbTokenError(kind, error.status, code, answered);
  }
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return new QbTokenError('timeout');
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.AuthorizationResponseError) {
    return new QbTokenError('bad_response', undefined, undefined, tid);
  }
  return new QbTokenError('unreachable', undefined, undefined, tid);
}
