/**
 * Connecting a company to QuickBooks Online (OAuth 2.0 authorization-code flow) and
 * disconnecting it. Every step — started, connected, refused, disconnected — is a row in the
 * company's history.
 */
import { randomBytes } from 'node:crypto';
import {
  COMPANY_ERRORS,
  ERROR_CODES,
  QB_CONNECT_ERRORS,
  personName,
  type Company,
  type QbConnectCallback,
  type QbConnectResult,
  type QbConnectStart,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { AuthContext } from '../../plugins/auth';
import { buildAuthorizeUrl, exchangeAuthorizationCode, revokeQuickBooksToken } from './client/oauth-client';
import { QbApiError, qbGet, type RealmLimiter } from './client/accounting-client';
import { QbTokenError } from './client/token-client';
import { hashOpaqueToken } from '../../security/opaque-tokens';
import { decryptSecret, encryptSecret } from '../../security/token-cipher';
import { recordActivity } from '../activity/activity.service';
import { scheduleFirstSync } from './qb-sync.service';
import { claimQbState, findCompanyWithRealm, findHeldRealm, insertQbState } from './qb-connect.repository';
import { findCompany, findCompanyRow } from '../companies/companies.service';
import { setQbConnection } from './qb-tokens.repository';

/** How long a connect flow may take from the click to the callback. */
export const QB_STATE_TTL_MS = 10 * 60_000;
/** Used and expired states are kept this long (they answer nothing), then deleted. */
const QB_STATE_KEEP_MS = 24 * 60 * 60_000;

const companyNotFound = () => notFound(COMPANY_ERRORS.notFound);
const notConfigured = () => new HttpError(503, ERROR_CODES.notConfigured, COMPANY_ERRORS.qbNotConfigured);

function upstreamError(error: QbTokenError): HttpError {
  switch (error.kind) {
    case 'not_configured':
      return notConfigured();
    case 'invalid_grant':
    case 'rejected':
      return new HttpError(409, ERROR_CODES.qbReconnectRequired, QB_CONNECT_ERRORS.codeRejected);
    case 'timeout':
    case 'unreachable':
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUnreachable);
    default:
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUpstream);
  }
}

/** POST …/companies/{id}/qb-connect: a new single-use state and the consent page's address. */
export async function startQbConnect(deps: AppDeps, auth: AuthContext, id: number): Promise<QbConnectStart> {
  const company = await findCompanyRow(deps.db, id);
  if (!company) throw companyNotFound();
  const qb = deps.config.quickBooks;
  if (!qb.clientId || !qb.clientSecret || !qb.redirectUri) throw notConfigured();
  const state = randomBytes(32).toString('base64url');
  const now = Date.now();
  await deps.db.transaction(async (tx) => {
    await insertQbState(
      tx,
      {
        stateHash: hashOpaqueToken(state),
        companyId: id,
        userId: auth.user.id,
        sessionId: auth.sessionId,
        expiresAt: new Date(now + QB_STATE_TTL_MS),
      },
      new Date(now - QB_STATE_KEEP_MS),
    );
    await recordActivity(tx, auth.user, 'company', id, {
      action: 'company.qb_connect_started',
      description: `${personName(auth.user)} started connecting ${company.name} to QuickBooks`,
      details: {},
    });
  });
  return { authorizeUrl: buildAuthorizeUrl(qb, state) };
}

/**
 * POST /api/company/quickbooks/callback: the browser came back from the consent page. The state
 * must be unused, unexpired and issued to this session; the realm must not belong to another
 * company; then the code is exchanged and the tokens are stored encrypted.
 */
export async function completeQbConnect(
  deps: AppDeps & { qbLimiter: RealmLimiter },
  auth: AuthContext,
  callback: QbConnectCallback,
): Promise<QbConnectResult> {
  const id = await claimQbState(deps.db, hashOpaqueToken(callback.state), auth.user.id, auth.sessionId);
  if (id === undefined) throw new HttpError(400, ERROR_CODES.validation, QB_CONNECT_ERRORS.stateInvalid);
  const company = await findCompanyRow(deps.db, id);
  if (!company) throw companyNotFound();

  const refuse = async (reason: string, error: HttpError): Promise<never> => {
    await recordActivity(deps.db, auth.user, 'company', id, {
      action: 'company.qb_connect_failed',
      description: `${personName(auth.user)} could not connect ${company.name} to QuickBooks: ${reason}`,
      details: { realmId: callback.realmId },
    });
    throw error;
  };

  const holder = await findCompanyWithRealm(deps.db, callback.realmId, id);
  if (holder) {
    await refuse(
      `the QuickBooks company is already connected to ${holder.name}`,
      new HttpError(409, ERROR_CODES.conflict, QB_CONNECT_ERRORS.realmTaken(holder.name)),
    );
  }

  // QuickBooks ids are unique only within one realm, and the company's imported bills, paid
  // bills, duplicate keys, vendor bank accounts and bill payments are keyed by them: another
  // realm's Bill 123 would be taken for this one's (skipped as imported, changed, paid twice).
  const held = await findHeldRealm(deps.db, id);
  if (held !== undefined && held !== callback.realmId) {
    await refuse(
      `it holds bills and vendors of QuickBooks company ${held}`,
      new HttpError(409, ERROR_CODES.conflict, QB_CONNECT_ERRORS.realmChanged(held, callback.realmId)),
    );
  }

  let tokens;
  try {
    tokens = await exchangeAuthorizationCode(deps.config.quickBooks, callback.code, callback.state);
  } catch (error) {
    if (!(error instanceof QbTokenError)) throw error;
    deps.log.warn(
      { companyId: id, kind: error.kind, status: error.status, intuitTid: error.intuitTid },
      'QuickBooks code exchange failed',
    );
    return refuse(`QuickBooks answered ${error.kind}`, upstreamError(error));
  }

  // Intuit's token answer does not say which QuickBooks company it is for, and the realm id comes
  // from the browser: the company is read with the new token before anything is stored. A token
  // of another company is refused there, and given back; nothing is reserved for that realm.
  try {
    await qbGet(
      {
        config: deps.config.quickBooks,
        sync: deps.config.qbSync,
        limiter: deps.qbLimiter,
        realmId: callback.realmId,
        accessToken: tokens.accessToken,
      },
      `companyinfo/${callback.realmId}`,
    );
  } catch (error) {
    if (!(error instanceof QbApiError)) throw error;
    await revokeQuickBooksToken(deps.config.quickBooks, tokens.refreshToken).catch(() => undefined);
    deps.log.warn(
      { companyId: id, kind: error.kind, status: error.status, intuitTid: error.intuitTid },
      'QuickBooks company check failed',
    );
    if (error.kind === 'forbidden' || error.kind === 'unauthorized') {
      return refuse(
        `the authorization QuickBooks gave is not for QuickBooks company ${callback.realmId}`,
        new HttpError(409, ERROR_CODES.conflict, QB_CONNECT_ERRORS.realmNotAuthorized(callback.realmId)),
      );
    }
    return refuse(
      `QuickBooks company ${callback.realmId} could not be read (${error.kind})`,
      new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUpstream),
    );
  }

  const now = new Date();
  const key = deps.config.qbTokenKey;
  await deps.db.transaction(async (tx) => {
    // A second flow may have connected the realm elsewhere while this one was at Intuit.
    const raced = await findCompanyWithRealm(tx, callback.realmId, id);
    if (raced) throw new HttpError(409, ERROR_CODES.conflict, QB_CONNECT_ERRORS.realmTaken(raced.name));
    const heldNow = await findHeldRealm(tx, id);
    if (heldNow !== undefined && heldNow !== callback.realmId) {
      throw new HttpError(
        409,
        ERROR_CODES.conflict,
        QB_CONNECT_ERRORS.realmChanged(heldNow, callback.realmId),
      );
    }
    await setQbConnection(tx, id, {
      qbRealmId: callback.realmId,
      qbAccessTokenEnc: encryptSecret(tokens.accessToken, key),
      qbRefreshTokenEnc: encryptSecret(tokens.refreshToken, key),
      qbTokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      qbLastRefresh: now,
      qbConnectionStatus: 'connected',
    });
    await scheduleFirstSync(tx, id, callback.realmId);
    await recordActivity(tx, auth.user, 'company', id, {
      action: 'company.qb_connected',
      description: `${personName(auth.user)} connected ${company.name} to QuickBooks company ${callback.realmId}`,
      details: { realmId: callback.realmId, previousRealmId: company.qbRealmId },
    });
  });
  return { companyId: id };
}

/**
 * POST …/companies/{id}/qb-disconnect: revokes the tokens at Intuit, then forgets the realm and
 * the tokens; the company's history stays. A token QuickBooks already considers invalid does not
 * block the disconnect; an unreachable QuickBooks does (the tokens are kept so it can be retried).
 */
export async function disconnectQb(deps: AppDeps, actor: UserRow, id: number): Promise<Company> {
  const row = await findCompanyRow(deps.db, id);
  if (!row) throw companyNotFound();
  if (!row.qbRealmId && !row.qbRefreshTokenEnc) {
    throw new HttpError(400, ERROR_CODES.validation, QB_CONNECT_ERRORS.notConnected);
  }
  const refreshToken = row.qbRefreshTokenEnc
    ? decryptSecret(row.qbRefreshTokenEnc, deps.config.qbTokenKey)
    : null;
  let revoked = false;
  if (refreshToken !== null) {
    try {
      await revokeQuickBooksToken(deps.config.quickBooks, refreshToken);
      revoked = true;
    } catch (error) {
      if (!(error instanceof QbTokenError)) throw error;
      const refused = error.kind === 'rejected' || error.kind === 'invalid_grant';
      deps.log.warn(
        { companyId: id, kind: error.kind, status: error.status, intuitTid: error.intuitTid },
        refused ? 'QuickBooks refused to revoke the token' : 'QuickBooks token revocation failed',
      );
      if (!refused) throw upstreamError(error);
    }
  }
  return deps.db.transaction(async (tx) => {
    await setQbConnection(tx, id, {
      qbRealmId: null,
      qbAccessTokenEnc: null,
      qbRefreshTokenEnc: null,
      qbTokenExpiresAt: null,
      qbConnectionStatus: 'disconnected',
    });
    await recordActivity(tx, actor, 'company', id, {
      action: 'company.qb_disconnected',
      description: `${personName(actor)} disconnected ${row.name} from QuickBooks${revoked ? ' and revoked its tokens' : ''}`,
      details: { realmId: row.qbRealmId, revoked },
    });
    const company = await findCompany(tx, id);
    if (!company) throw companyNotFound();
    return company;
  });
}
