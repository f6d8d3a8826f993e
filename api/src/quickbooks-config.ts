/**
 * What the QuickBooks client and sync are configured with: Intuit's endpoints and the settings
 * config.ts reads from the environment (QB_*, JOBS). Apart from config.ts, which re-exports it, so
 * the QuickBooks code finds its settings in one place.
 */

export interface QbSyncConfig {
  /** Run the job queue (pg-boss) in this process: workers and the schedule (JOBS; default on). */
  jobs: boolean;
  /** Minutes between a company's syncs (QB_SYNC_INTERVAL_MINUTES, default 60). */
  intervalMinutes: number;
  /** Bills per query page (MAXRESULTS); Intuit's largest is 1000. */
  pageSize: number;
  /**
   * Our own ceiling per realm and process, under Intuit's throttles of 500 requests a minute per
   * realm and 10 a second per realm and app: requests in a rolling minute, in a rolling second, and
   * in flight at once (Intuit no longer documents a limit of its own on that one).
   */
  perMinute: number;
  perSecond: number;
  concurrent: number;
  /** Attempts of one request on 429, 5xx or a network failure before the sync records the error. */
  maxAttempts: number;
  /** First back-off after a 5xx or network failure (doubles each time); 429 waits its Retry-After. */
  backoffMs: number;
  /** Longest Retry-After honoured as such (longer ones end the run; the next run retries). */
  maxRetryAfterSeconds: number;
  /** How long a sync's lease lasts without a page being written (a crashed process's expires). */
  leaseSeconds: number;
}

/** Intuit's OAuth 2.0 token endpoint (authorization_code and refresh_token grants). */
export const INTUIT_TOKEN_URL = 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer';
/** Intuit's consent page, where the authorization-code flow starts. */
export const INTUIT_AUTHORIZE_URL = 'https://appcenter.intuit.com/connect/oauth2';
/** Intuit's token revocation endpoint (disconnect). */
export const INTUIT_REVOKE_URL = 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke';
/** Intuit's sandbox accounting API; production is https://quickbooks.api.intuit.com. */
export const INTUIT_SANDBOX_API_URL = 'https://sandbox-quickbooks.api.intuit.com';

export interface QuickBooksConfig {
  /**
   * QB_TOKEN_URL; undefined = not configured: Intuit's endpoint. The demo's launcher (embedded
   * database) sets it and the other URLs to the local QuickBooks Online emulator's instead.
   */
  tokenUrl: string | undefined;
  /** OAuth client credentials (HTTP Basic on the token endpoint); undefined = not configured. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Abort a token request after this many milliseconds (QB_TIMEOUT_MS). */
  timeoutMs: number;
  /** QB_AUTHORIZE_URL; undefined = Intuit's consent page. */
  authorizeUrl?: string | undefined;
  /** QB_REVOKE_URL; undefined = Intuit's revoke endpoint. */
  revokeUrl?: string | undefined;
  /** QB_API_URL; undefined = Intuit's sandbox API. */
  apiUrl?: string | undefined;
  /**
   * QB_REDIRECT_URI: the console page Intuit sends the browser back to (registered with the app);
   * undefined = connecting is not configured (503).
   */
  redirectUri?: string | undefined;
  /**
   * QB_WEBHOOK_VERIFIER_TOKEN: the app's webhook verifier token, the HMAC-SHA256 key of the
   * `intuit-signature` header; undefined = webhooks are refused (401).
   */
  webhookVerifierToken?: string | undefined;
}
