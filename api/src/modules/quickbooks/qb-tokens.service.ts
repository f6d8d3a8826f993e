/**
 * A connected company's QuickBooks tokens: their state (GET …/qb-token-status) and the refresh
 * (POST …/refresh-qb-token, and before a sync when the access token is about to expire).
 */
import {
  COMPANY_ERRORS,
  ERROR_CODES,
  personName,
  type QbTokenRefreshResult,
  type QbTokenStatus,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import type { CompanyRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { QbTokenError, refreshQuickBooksTokens, type QbRefreshFailure } from './client/token-client';
import { tokenStatus, UnreadableTokensError } from './client/token-status';
import { decryptSecret, encryptSecret } from '../../security/token-cipher';
import { recordActivity, type Actor } from '../activity/activity.service';
import { findCompany, findCompanyRow } from '../companies/companies.service';
import {
  acquireQbRefreshLease,
  readQbRefreshState,
  releaseQbRefreshLease,
  updateCompanyIfRefreshTokenIs,
} from './qb-tokens.repository';

const companyNotFound = () => notFound(COMPANY_ERRORS.notFound);

/**
 * Tokens that do not decrypt are not a server fault to retry: the company must be reconnected.
 * 409 QB_RECONNECT_REQUIRED is what the QuickBooks card shows as "Unable to check" with its
 * connection-issue notice, asking for a reconnect rather than a retry.
 */
const unreadableTokens = () =>
  new HttpError(409, ERROR_CODES.qbReconnectRequired, COMPANY_ERRORS.qbTokensUnreadable);

/** GET …/qb-token-status; 409 QB_RECONNECT_REQUIRED for undecryptable tokens. */
export async function getQbTokenStatus(deps: AppDeps, id: number): Promise<QbTokenStatus> {
  const row = await findCompanyRow(deps.db, id);
  if (!row) throw companyNotFound();
  try {
    return tokenStatus(row, deps.config.qbTokenKey);
  } catch (error) {
    if (!(error instanceof UnreadableTokensError)) throw error;
    deps.log.warn({ companyId: id }, 'stored QuickBooks tokens do not decrypt with QB_TOKEN_KEY');
    throw unreadableTokens();
  }
}

const noQbTokens = () => new HttpError(400, ERROR_CODES.validation, COMPANY_ERRORS.qbNoTokens);

type RefreshFailure = QbRefreshFailure | 'unreadable';

const FAILURE_TEXT: Record<RefreshFailure, string> = {
  invalid_grant: 'QuickBooks rejected the refresh token',
  rejected: 'QuickBooks refused the request',
  server_error: 'QuickBooks answered with a server error',
  unreachable: 'QuickBooks could not be reached',
  timeout: 'QuickBooks did not answer in time',
  bad_response: 'QuickBooks answered with an unexpected response',
  not_configured: 'QuickBooks is not configured on this server',
  unreadable: 'the stored tokens could not be read',
};

function failureError(kind: RefreshFailure): HttpError {
  switch (kind) {
    case 'invalid_grant':
      return new HttpError(409, ERROR_CODES.qbReconnectRequired, COMPANY_ERRORS.qbRejected);
    case 'timeout':
    case 'unreachable':
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUnreachable);
    case 'not_configured':
      return new HttpError(503, ERROR_CODES.notConfigured, COMPANY_ERRORS.qbNotConfigured);
    case 'unreadable':
      return unreadableTokens();
    default:
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUpstream);
  }
}

/** The answer of a refresh: the token status read back from the stored row, and the company. */
async function refreshResult(deps: AppDeps, db: Db, id: number): Promise<QbTokenRefreshResult> {
  const row = await findCompanyRow(db, id);
  const company = await findCompany(db, id);
  if (!row || !company) throw companyNotFound();
  return { ...tokenStatus(row, deps.config.qbTokenKey), company };
}

/** A refresh that succeeded this recently is answered as is, without another upstream call. */
const RECENT_REFRESH_SECONDS = 5;
/** How often a request waiting for another one's refresh of the same company looks again. */
const LEASE_POLL_MS = 100;

/**
 * POST …/refresh-qb-token, single-flight per company across API processes: concurrent requests
 * (a double click, two staff, several API processes) make ONE upstream rotation and one activity
 * row, and all answer its outcome. A request takes the company's lease (a conditional UPDATE;
 * no transaction is held across the HTTP call, which may take QB_TIMEOUT_MS); the others wait
 * for it to be released and answer the outcome it recorded. A refresh that succeeded in the last
 * few seconds is answered without calling QuickBooks again.
 */
export async function refreshCompanyQbToken(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<QbTokenRefreshResult> {
  const leaseMs = deps.config.quickBooks.timeoutMs + 5_000;
  const deadline = Date.now() + leaseMs + 5_000;
  // Refused before the lease is taken: a company without tokens answers 400 and nothing is written.
  const company = await findCompanyRow(deps.db, id);
  if (!company) throw companyNotFound();
  if (!company.qbRefreshTokenEnc) throw noQbTokens();
  for (;;) {
    const state = await readQbRefreshState(deps.db, id, RECENT_REFRESH_SECONDS);
    if (!state) throw companyNotFound();
    if (state.recentlyRefreshed) return refreshResult(deps, deps.db, id);
    if (await acquireQbRefreshLease(deps.db, id, leaseMs)) {
      let outcome: RefreshFailure | 'ok' | null = null;
      try {
        const result = await refreshUpstream(deps, actor, id);
        outcome = 'ok';
        return result;
      } catch (error) {
        outcome = error instanceof QbRefreshFailed ? error.kind : null;
        throw error instanceof QbRefreshFailed ? error.httpError : error;
      } finally {
        // No outcome (e.g. 400 without tokens, or a bug): waiters then try themselves.
        await releaseQbRefreshLease(deps.db, id, outcome ?? 'none');
      }
    }
    const seen = state.finishedAt?.getTime() ?? null;
    // Another request holds the lease: wait for it to end (or to expire, if its process died).
    for (;;) {
      if (Date.now() > deadline) throw failureError('timeout');
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      const now = await readQbRefreshState(deps.db, id, RECENT_REFRESH_SECONDS);
      if (!now) throw companyNotFound();
      if (now.leaseHeld) continue;
      if ((now.finishedAt?.getTime() ?? null) !== seen) {
        if (now.outcome === 'ok') return refreshResult(deps, deps.db, id);
        if (now.outcome && now.outcome in FAILURE_TEXT) throw failureError(now.outcome as RefreshFailure);
      }
      break; // released without an outcome, or expired: try to take it ourselves
    }
  }
}

/** A refresh failure of the lease holder: its kind is recorded for the requests that waited. */
class QbRefreshFailed extends Error {
  constructor(
    readonly kind: RefreshFailure,
    readonly httpError: HttpError,
  ) {
    super(httpError.message);
  }
}

/**
 * The refresh itself: a real OAuth 2.0 refresh_token grant, then the rotated tokens stored
 * encrypted with the new expiry, qb_last_refresh and status 'connected'. On failure the company's
 * QuickBooks status becomes 'error'. Success and failure each write an activity row.
 *
 * Every write is also conditional on the refresh token read before the call (a lease that
 * expired while a slow upstream call was still running must not let two rotations overwrite
 * each other): if another refresh rotated it meanwhile, that one's outcome stands and is answered.
 */
async function refreshUpstream(deps: AppDeps, actor: Actor, id: number): Promise<QbTokenRefreshResult> {
  const row = await findCompanyRow(deps.db, id);
  if (!row) throw companyNotFound();
  if (!row.qbRefreshTokenEnc) throw noQbTokens();
  const storedRefresh = row.qbRefreshTokenEnc;

  const refreshToken = decryptSecret(storedRefresh, deps.config.qbTokenKey);
  if (refreshToken === null) {
    deps.log.warn({ companyId: id }, 'stored QuickBooks tokens do not decrypt with QB_TOKEN_KEY');
    return failRefresh(deps, actor, row, 'unreadable');
  }

  let tokens;
  try {
    tokens = await refreshQuickBooksTokens(deps.config.quickBooks, refreshToken);
  } catch (error) {
    if (!(error instanceof QbTokenError)) throw error;
    if (error.kind === 'not_configured') {
      deps.log.error('QuickBooks token refresh needs QB_CLIENT_ID and QB_CLIENT_SECRET');
      throw new QbRefreshFailed('not_configured', failureError('not_configured'));
    }
    if (error.kind === 'rejected') {
      deps.log.error(
        { status: error.status, oauthError: error.oauthError, intuitTid: error.intuitTid },
        'QuickBooks token endpoint refused the client: check QB_CLIENT_ID / QB_CLIENT_SECRET',
      );
    } else {
      deps.log.warn(
        { companyId: id, kind: error.kind, status: error.status, intuitTid: error.intuitTid },
        'QuickBooks token refresh failed',
      );
    }
    return failRefresh(deps, actor, row, error.kind);
  }

  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const stored = await updateCompanyIfRefreshTokenIs(tx, id, storedRefresh, {
      qbAccessTokenEnc: encryptSecret(tokens.accessToken, deps.config.qbTokenKey),
      qbRefreshTokenEnc: encryptSecret(tokens.refreshToken, deps.config.qbTokenKey),
      qbTokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      qbLastRefresh: now,
      qbConnectionStatus: 'connected',
    });
    // Deleted meanwhile (404 below) or refreshed by a concurrent request: answer what is stored.
    if (!stored) return refreshResult(deps, tx, id);
    await recordActivity(tx, actor, 'company', id, {
      action: 'company.qb_token_refresh',
      description: `${personName(actor)} refreshed the QuickBooks token of ${row.name}`,
      details: { expiresIn: tokens.expiresIn },
    });
    return refreshResult(deps, tx, id);
  });
}

async function failRefresh(
  deps: AppDeps,
  actor: Actor,
  row: CompanyRow,
  kind: RefreshFailure,
): Promise<QbTokenRefreshResult> {
  const raced = await deps.db.transaction(async (tx) => {
    const marked = await updateCompanyIfRefreshTokenIs(tx, row.id, row.qbRefreshTokenEnc!, {
      qbConnectionStatus: 'error',
    });
    if (!marked) return true;
    await recordActivity(tx, actor, 'company', row.id, {
      action: 'company.qb_token_refresh_failed',
      description: `${personName(actor)} could not refresh the QuickBooks token of ${row.name}: ${FAILURE_TEXT[kind]}`,
      details: { reason: kind },
    });
    return false;
  });
  // A concurrent refresh rotated the token (which is why ours was refused): its result stands.
  if (raced) return refreshResult(deps, deps.db, row.id);
  throw new QbRefreshFailed(kind, failureError(kind));
}
