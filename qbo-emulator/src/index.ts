/**
 * A QuickBooks Online emulator for the demo, development and tests: one loopback HTTP server that
 * speaks the parts of Intuit's protocol the console uses, so the API can be pointed at it through
 * configuration alone (QB_AUTHORIZE_URL, QB_TOKEN_URL, QB_REVOKE_URL, QB_API_URL).
 *
 * - `GET  /connect/oauth2` — the consent page (as appcenter.intuit.com/connect/oauth2): checks
 *   client_id, response_type=code, the scope and the redirect URI (one of `redirectUris`, the URIs
 *   registered for the app: none registered, none accepted), then shows an HTML page where the
 *   person picks one of the sandbox companies and clicks 'Connect'.
 * - `POST /connect/oauth2/consent` — the page's form: redirects to the redirect URI with `code`,
 *   `state` and `realmId` (or `error=access_denied` on Cancel). Codes are single-use and live
 *   five minutes.
 * - `POST /oauth2/v1/tokens/bearer` — the token endpoint (as oauth.platform.intuit.com): form body,
 *   HTTP Basic client authentication; `authorization_code` and `refresh_token` grants. Every
 *   refresh rotates the refresh token: the old one is then refused with 400 `{error:
 *   'invalid_grant'}`, as are revoked ones and any starting with `revoked-`.
 * - `POST /oauth2/v1/tokens/revoke` — the revoke endpoint (as developer.api.intuit.com/v2/oauth2/
 *   tokens/revoke): JSON `{token}` (or a form), HTTP Basic; revoking either token of a pair
 *   revokes both.
 *
 * - `GET  /v3/company/{realmId}/query?query=…` — the accounting API's query endpoint (as
 *   quickbooks.api.intuit.com): `select *|count(*) from Vendor|Bill|BillPayment [where …]
 *   [ORDERBY …] [STARTPOSITION n] [MAXRESULTS m]` (query.ts), with a Bearer access token: an
 *   unknown or expired one is 401 with Intuit's `fault` body, a token of another realm 403, a query
 *   it cannot run 400 with a `Fault`.
 * - `GET  /v3/company/{realmId}/companyinfo/{realmId}` — the company's record (`{CompanyInfo}`).
 * - `GET  /v3/company/{realmId}/bill/{id}`, `…/vendor/{id}` — reads by id (`{Bill: …}`), an
 *   unknown id 400 with Fault code 610 'Object Not Found'.
 * - `GET  /v3/company/{realmId}/cdc?entities=Bill,Vendor&changedSince=…` — change data capture:
 *   entities changed at or after the time, deleted ones as `{Id, status: 'Deleted'}`; a time
 *   older than 30 days is refused as Intuit does.
 * - `POST /v3/company/{realmId}/billpayment?requestid=…` — a bill payment by check, validated as
 *   Intuit does (accounting.ts), idempotent per `requestid`; `GET …/billpayment/{id}` and
 *   `select * from BillPayment` read them back.
 * - `POST /v3/company/{realmId}/bill` — a sparse update of a bill (`{Id, SyncToken, sparse: true,
 *   Line?, DueDate?, DocNumber?}`), as a bookkeeper's edit in QuickBooks: a stale SyncToken is 400
 *   with Fault code 5010 'Stale Object Error', totals follow the lines, and the change is notified
 *   by webhook like any other. Creating bills is not emulated.
 * - Every accounting call takes `minorversion` (1–75; others 400) and is throttled per realm as
 *   Intuit documents it (throttle.ts): 500 requests a rolling minute and 10 a rolling second, else
 *   429 with a ThrottleExceeded `Fault` and `Retry-After` (seconds).
 * - Every answer, of any endpoint, carries an `intuit_tid` header unique to it, as Intuit's do
 *   (the id Intuit's support asks for).
 *
 * A refresh token it never issued is adopted on first use (the demo seed stores made-up tokens):
 * its access tokens, and those of every token rotated from it, belong to the first sandbox company
 * they read, and another company is refused (403) as a token of another realm is at Intuit. Once
 * rotated or revoked it is refused like any other. It never logs tokens.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  CDC_WINDOW_DAYS,
  changedSince,
  createBillPayment,
  PaymentFault,
  isoTime,
  parseTime,
  seedRealm,
  type Bill,
  type BillPayment,
  type RealmData,
  type RealmSize,
} from './accounting';
import { parseQuery, QueryError, runQuery } from './query';
import { INTUIT_LIMITS, RealmThrottle, type ThrottleLimits } from './throttle';

export { parseQuery, type ParsedQuery } from './query';
export { INTUIT_LIMITS, type ThrottleLimits } from './throttle';
export {
  BANK_ACCOUNTS,
  MAX_RESULTS,
  type BankAccount,
  type BillPayment,
  isoTime,
  seedRealm,
  type Bill,
  type RealmData,
  type RealmSize,
  type Vendor,
} from './accounting';

export const AUTHORIZE_PATH = '/connect/oauth2';
export const CONSENT_PATH = '/connect/oauth2/consent';
export const TOKEN_PATH = '/oauth2/v1/tokens/bearer';
export const REVOKE_PATH = '/oauth2/v1/tokens/revoke';
export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
/** Refresh tokens with this prefix are answered invalid_grant (the demo seed has one). */
export const REVOKED_TOKEN_PREFIX = 'revoked-';
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 8_726_400;
const CODE_TTL_MS = 5 * 60_000;

export interface SandboxCompany {
  realmId: string;
  name: string;
}

/** The sandbox companies the consent page offers; realm ids are fixed so tests can name them. */
export const DEFAULT_COMPANIES: readonly SandboxCompany[] = [
  { realmId: '9341453050071001', name: 'Sandbox Company US 1' },
  { realmId: '9341453050071002', name: 'Sandbox Company US 2' },
  { realmId: '9341453050071003', name: 'Sandbox Company US 3' },
];

export type EmulatorBehaviour = 'ok' | 'error' | 'hang';

/** The newest minor version of the accounting API; older ones are served as it (as Intuit does since 75). */
export const LATEST_MINOR_VERSION = 75;

export interface QboEmulatorOptions {
  clientId: string;
  clientSecret: string;
  /**
   * The redirect URIs registered for the app, as in Intuit's developer settings: any other is
   * refused on the consent page as Intuit refuses it (an empty list accepts none).
   */
  redirectUris: readonly string[];
  companies?: readonly SandboxCompany[];
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default INTUIT_LIMITS. */
  limits?: ThrottleLimits;
  /** Each accounting answer waits this long before it is sent (default 0). */
  latencyMs?: number;
  /** Where to POST change notifications, and the verifier token that signs them. */
  webhook?: WebhookTarget;
}

export interface WebhookTarget {
  url: string;
  verifierToken: string;
  /**
   * The payload's format: Intuit's CloudEvents batch (default, what Intuit sends today) or the
   * legacy `eventNotifications` object (what apps not yet migrated were sent).
   */
  format?: 'cloudevents' | 'legacy';
}

/** CloudEvents' past-tense operation for each of Intuit's legacy operation names. */
const CLOUD_EVENT_OPERATIONS: Record<string, string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Merge: 'merged',
  Void: 'voided',
  Emailed: 'emailed',
};

/** What the accounting API of one realm has seen (for tests and the benchmark). */
export interface RealmTraffic {
  /** Accounting requests answered (any status). */
  requests: number;
  /** Of which answered 429. */
  throttled: number;
  /** The most requests in flight at once. */
  peakConcurrent: number;
  /** The most requests that arrived within any one second (refused ones too). */
  peakPerSecond: number;
  /** When each of the last 1000 requests arrived and the status it got. */
  answers: Array<{ at: number; status: number }>;
}

export interface QboEmulator {
  /** Origin, e.g. http://127.0.0.1:41234 (QB_API_URL). */
  baseUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  companies: readonly SandboxCompany[];
  /** 'error' answers the token endpoint with 500, 'hang' never answers it (timeout tests). */
  behaviour: EmulatorBehaviour;
  /** Token endpoint requests received (whatever the answer). */
  requests: number;
  /** Revoke requests received. */
  revocations: number;
  /** Answer invalid_grant for this refresh token from now on. */
  revoke(refreshToken: string): void;
  /** Let every access token issued so far expire (the API then answers 401). */
  expireAccessTokens(): void;
  /** The realm's generated vendors and bills (the same on every run). */
  realm(realmId: string): RealmData;
  /**
   * A new sandbox company offered on the consent page, with `size.bills` bills (e.g. 2,500 or
   * 10,000) generated like the others; answers its realm id.
   */
  createRealm(name: string, size: RealmSize): string;
  /** Changes a bill as a QuickBooks user would: SyncToken and LastUpdatedTime move on. */
  updateBill(realmId: string, billId: string, change: (bill: Bill) => void): Bill;
  /** Deletes a bill (CDC then reports it with status 'Deleted'). */
  deleteBill(realmId: string, billId: string): void;
  /** Accounting traffic per realm. */
  traffic(realmId: string): RealmTraffic;
  /** The bill payments the realm holds (created through `POST /billpayment`), oldest first. */
  billPayments(realmId: string): BillPayment[];
  /**
   * Where change notifications go (as an app's webhook endpoint in Intuit's developer settings);
   * null sends none. Each `updateBill` / `deleteBill` POSTs one, signed in `intuit-signature`.
   */
  webhook: WebhookTarget | null;
  /** The statuses the webhook endpoint answered, in order. */
  webhookDeliveries: number[];
  /** Resolves when every notification sent so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** Answer the next `count` accounting requests of the realm with this status (500, 503, 429). */
  failNext(realmId: string, count: number, status: number): void;
  limits: ThrottleLimits;
  close(): Promise<void>;
}

interface PendingCode {
  realmId: string;
  redirectUri: string;
  expiresAt: number;
}

/**
 * The realm a grant may read, shared by every token pair rotated from it. Null for an adopted
 * refresh token not used yet: the first sandbox company its access token reads binds it.
 */
interface Binding {
  realmId: string | null;
}

interface Grant {
  binding: Binding;
  /** The pair's other token (access ↔ refresh), so revoking either revokes both. */
  partner: string;
}

const MAX_BODY = 16 * 1024;

export async function startQboEmulator(options: QboEmulatorOptions): Promise<QboEmulator> {
  const companies: SandboxCompany[] = [...(options.companies ?? DEFAULT_COMPANIES)];
  const sizes = new Map<string, RealmSize>();
  const traffic = new Map<
    string,
    Omit<RealmTraffic, 'peakPerSecond'> & { throttle: RealmThrottle; inFlight: number; failures: number[] }
  >();
  const realmTraffic = (realmId: string) => {
    let entry = traffic.get(realmId);
    if (!entry) {
      entry = {
        requests: 0,
        throttled: 0,
        peakConcurrent: 0,
        answers: [],
        throttle: new RealmThrottle(),
        inFlight: 0,
        failures: [],
      };
      traffic.set(realmId, entry);
    }
    return entry;
  };
  /** Realm ids are 16 digits, past Number's exact integers: counted as text. */
  let createdRealms = 0;
  const codes = new Map<string, PendingCode>();
  /** Live refresh tokens → their grant. */
  const refreshTokens = new Map<string, Grant>();
  /** Refresh tokens rotated away or revoked: refused for good. */
  const deadTokens = new Set<string>();
  /** Access tokens → the realm they may read and their expiry. */
  const accessTokens = new Map<string, { binding: Binding; expiresAt: number }>();
  const realms = new Map<string, RealmData>();
  /**
   * Per realm, the answer given to each `requestid` of a write: the same request sent again (a
   * retry after a lost answer) gets the same answer and changes nothing, as Intuit does.
   */
  const answered = new Map<string, Map<string, { status: number; body: Record<string, unknown> }>>();
  const seededAt = Date.now();
  const realmData = (realmId: string) => {
    let data = realms.get(realmId);
    if (!data) {
      data = seedRealm(realmId, seededAt, sizes.get(realmId));
      realms.set(realmId, data);
    }
    return data;
  };
  const sockets = new Set<Socket>();
  const emulator: QboEmulator = {
    baseUrl: '',
    authorizeUrl: '',
    tokenUrl: '',
    revokeUrl: '',
    companies,
    behaviour: 'ok',
    requests: 0,
    revocations: 0,
    revoke: (token) => kill(token),
    expireAccessTokens: () => {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    realm: realmData,
    limits: options.limits ?? { ...INTUIT_LIMITS },
    webhook: options.webhook ?? null,
    webhookDeliveries: [],
    webhooksSettled: async () => {
      await Promise.all(deliveries);
    },
    createRealm: (name, size) => {
      createdRealms += 1;
      const realmId = `934145305007${String(2000 + createdRealms).padStart(4, '0')}`;
      companies.push({ realmId, name });
      sizes.set(realmId, size);
      return realmId;
    },
    updateBill: (realmId, billId, change) => {
      const bill = realmData(realmId).bills.find((candidate) => candidate.Id === billId);
      if (!bill) throw new Error(`no bill ${billId} in realm ${realmId}`);
      const owedInFull = bill.Balance === bill.TotalAmt;
      change(bill);
      bill.SyncToken = String(Number(bill.SyncToken) + 1);
      const total = Math.round(bill.Line.reduce((sum, line) => sum + line.Amount * 100, 0)) / 100;
      // An unpaid bill stays owed in full; a payment made against it stays made.
      if (owedInFull && bill.Balance === bill.TotalAmt) bill.Balance = total;
      bill.TotalAmt = total;
      bill.Balance = Math.min(bill.Balance, total);
      bill.MetaData.LastUpdatedTime = isoTime(Date.now());
      notify(realmId, 'Bill', billId, 'Update');
      return bill;
    },
    deleteBill: (realmId, billId) => {
      const data = realmData(realmId);
      const index = data.bills.findIndex((candidate) => candidate.Id === billId);
      if (index < 0) throw new Error(`no bill ${billId} in realm ${realmId}`);
      data.bills.splice(index, 1);
      data.deleted.push({ entity: 'Bill', Id: billId, at: Date.now() });
      notify(realmId, 'Bill', billId, 'Delete');
    },
    traffic: (realmId) => {
      const { requests, throttled, peakConcurrent, answers, throttle } = realmTraffic(realmId);
      const peakPerSecond = throttle.peakPerSecond;
      return { requests, throttled, peakConcurrent, peakPerSecond, answers: [...answers] };
    },
    billPayments: (realmId) => [...realmData(realmId).billPayments],
    failNext: (realmId, count, status) => {
      realmTraffic(realmId).failures.push(...Array<number>(count).fill(status));
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const deliveries = new Set<Promise<void>>();
  /**
   * Intuit's change notification, one per change (Intuit batches them), signed with HMAC-SHA256
   * of the body under the verifier token, base64, in `intuit-signature`. CloudEvents: a list of
   * `{specversion, id, source, type: "qbo.bill.updated.v1", datacontenttype, time,
   * intuitentityid, intuitaccountid, data}` as application/cloudevents-batch+json; legacy:
   * `{eventNotifications: [{realmId, dataChangeEvent: {entities: [{name, id, operation,
   * lastUpdated}]}}]}` as application/json.
   */
  function notify(realmId: string, name: string, id: string, operation: string) {
    const target = emulator.webhook;
    if (!target) return;
    const time = isoTime(Date.now());
    const legacy = target.format === 'legacy';
    const body = JSON.stringify(
      legacy
        ? {
            eventNotifications: [
              { realmId, dataChangeEvent: { entities: [{ name, id, operation, lastUpdated: time }] } },
            ],
          }
        : [
            {
              specversion: '1.0',
              id: randomUUID(),
              source: `intuit.${createHmac('sha256', 'qbo-emulator').update(target.url).digest('base64')}`,
              type: `qbo.${name.toLowerCase()}.${CLOUD_EVENT_OPERATIONS[operation] ?? operation.toLowerCase()}.v1`,
              datacontenttype: 'application/json',
              time,
              intuitentityid: id,
              intuitaccountid: realmId,
              data: {},
            },
          ],
    );
    const delivery = fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': legacy ? 'application/json' : 'application/cloudevents-batch+json',
        'intuit-signature': createHmac('sha256', target.verifierToken).update(body).digest('base64'),
      },
      body,
    })
      .then(async (answer) => {
        await answer.arrayBuffer();
        emulator.webhookDeliveries.push(answer.status);
      })
      .catch(() => {
        emulator.webhookDeliveries.push(0);
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  function kill(refreshToken: string) {
    const grant = refreshTokens.get(refreshToken);
    if (grant) accessTokens.delete(grant.partner);
    refreshTokens.delete(refreshToken);
    deadTokens.add(refreshToken);
  }

  function issue(binding: Binding) {
    const accessToken = `emu-access-${randomBytes(24).toString('base64url')}`;
    const refreshToken = `emu-refresh-${randomBytes(18).toString('base64url')}`;
    refreshTokens.set(refreshToken, { binding, partner: accessToken });
    accessTokens.set(accessToken, { binding, expiresAt: Date.now() + ACCESS_TOKEN_TTL * 1000 });
    return {
      token_type: 'bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL,
      x_refresh_token_expires_in: REFRESH_TOKEN_TTL,
    };
  }

  /**
   * HTTP Basic client authentication. RFC 6749 §2.3.1 has clients form-encode the id and secret
   * before base64 (oauth4webapi does; Intuit's SDKs send them raw): both are accepted.
   */
  const clientAuthenticated = (request: IncomingMessage) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const formDecode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    return [
      [id, secret],
      [formDecode(id), formDecode(secret)],
    ].some(
      ([givenId, givenSecret]) =>
        same(givenId!, options.clientId) && same(givenSecret!, options.clientSecret),
    );
  };

  // Left out by a caller in plain JavaScript: nothing is registered, so nothing is accepted.
  const registered: readonly string[] = options.redirectUris ?? [];
  const redirectAllowed = (uri: string) => /^https?:\/\/\S+$/.test(uri) && registered.includes(uri);

  function consentPage(response: ServerResponse, params: URLSearchParams) {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (clientId !== options.clientId) return page(response, 400, 'Unknown client_id.');
    if (!redirectAllowed(redirectUri)) return page(response, 400, 'The redirect_uri is not registered.');
    const state = params.get('state') ?? '';
    if (params.get('response_type') !== 'code') {
      return redirect(response, redirectUri, { error: 'unsupported_response_type', state });
    }
    if (!(params.get('scope') ?? '').split(' ').includes(ACCOUNTING_SCOPE)) {
      return redirect(response, redirectUri, { error: 'invalid_scope', state });
    }
    const choices = companies
      .map(
        (company, index) =>
          `<label><input type="radio" name="realmId" value="${html(company.realmId)}"${
            index === 0 ? ' checked' : ''
          }> ${html(company.name)} <small>(${html(company.realmId)})</small></label>`,
      )
      .join('\n');
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${html(value)}">`;
    return page(
      response,
      200,
      `<h1>Connect to QuickBooks</h1>
<p>An app wants to connect to your QuickBooks company (QuickBooks Online emulator).</p>
<form method="post" action="${CONSENT_PATH}">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', state)}
<fieldset><legend>Choose a company</legend>
${choices}
</fieldset>
<button type="submit" name="decision" value="connect">Connect</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
    );
  }

  function consent(response: ServerResponse, form: URLSearchParams) {
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== options.clientId || !redirectAllowed(redirectUri)) {
      return page(response, 400, 'Invalid consent request.');
    }
    const state = form.get('state') ?? '';
    if (form.get('decision') !== 'connect')
      return redirect(response, redirectUri, { error: 'access_denied', state });
    const realmId = form.get('realmId') ?? '';
    if (!companies.some((company) => company.realmId === realmId)) {
      return page(response, 400, 'Choose a company.');
    }
    const code = `emu-code-${randomBytes(18).toString('base64url')}`;
    codes.set(code, { realmId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
    return redirect(response, redirectUri, { code, state, realmId });
  }

  function token(response: ServerResponse, form: URLSearchParams) {
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code); // single-use, whatever the outcome
      if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      return json(response, 200, issue({ realmId: pending.realmId }));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return json(response, 400, { error: 'invalid_request' });
      if (refreshToken.startsWith(REVOKED_TOKEN_PREFIX) || deadTokens.has(refreshToken)) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Token invalid' });
      }
      // A token never issued here is adopted, bound to no realm until its first read.
      const grant = refreshTokens.get(refreshToken);
      kill(refreshToken);
      return json(response, 200, issue(grant?.binding ?? { realmId: null }));
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  function revokeToken(response: ServerResponse, tokenValue: string | undefined) {
    if (!tokenValue) return json(response, 400, { error: 'invalid_request' });
    for (const [refreshToken, grant] of refreshTokens) {
      if (refreshToken === tokenValue || grant.partner === tokenValue) kill(refreshToken);
    }
    deadTokens.add(tokenValue);
    accessTokens.delete(tokenValue);
    // RFC 7009 and Intuit: 200 with an empty body, also for a token already invalid.
    response.writeHead(200, { 'Cache-Control': 'no-store' });
    response.end();
  }

  /**
   * The accounting API of one realm: authentication, then Intuit's throttles (per realm: at most
   * `perMinute` requests in a rolling minute and `perSecond` in a rolling second, else 429 with a
   * `ThrottleExceeded` Fault and Retry-After), then `minorversion`, then the resource.
   */
  async function accounting(
    request: IncomingMessage,
    response: ServerResponse,
    realmId: string,
    resource: string,
    url: URL,
    body?: string,
  ) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const grant = accessTokens.get(bearer);
    if (!grant || grant.expiresAt <= Date.now()) {
      return json(response, 401, {
        fault: {
          error: [
            {
              message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
              detail: grant ? 'Token expired' : 'Token invalid',
              code: '3200',
            },
          ],
          type: 'AUTHENTICATION',
        },
        time: intuitTime(),
      });
    }
    const known = companies.some((c) => c.realmId === realmId);
    if (known && grant.binding.realmId === null) grant.binding.realmId = realmId;
    if (!known || grant.binding.realmId !== realmId) {
      return fault(response, 403, 'AuthorizationFault', '3100', 'ApplicationAuthorizationFailed');
    }
    const seen = realmTraffic(realmId);
    seen.requests += 1;
    const now = Date.now();
    response.on('finish', () => {
      seen.answers.push({ at: now, status: response.statusCode });
      if (seen.answers.length > 1000) seen.answers.shift();
    });
    const forced = seen.failures.shift();
    const wait = forced === 429 ? 1 : seen.throttle.admit(now, emulator.limits);
    if (wait !== null) {
      seen.throttled += 1;
      response.setHeader('Retry-After', String(wait));
      return fault(
        response,
        429,
        'SERVICE',
        '3001',
        'message=ThrottleExceeded; errorCode=003001; statusCode=429',
        'The request limit was reached. Please try again later.',
      );
    }
    seen.inFlight += 1;
    seen.peakConcurrent = Math.max(seen.peakConcurrent, seen.inFlight);
    try {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      if (forced !== undefined) {
        return fault(
          response,
          forced,
          'SERVICE',
          '10000',
          'An application error has occurred while processing your request',
        );
      }
      const minor = url.searchParams.get('minorversion');
      if (
        minor !== null &&
        (!/^\d{1,3}$/.test(minor) || Number(minor) < 1 || Number(minor) > LATEST_MINOR_VERSION)
      ) {
        return fault(response, 400, 'ValidationFault', '2010', `Invalid minorversion: ${minor.slice(0, 20)}`);
      }
      const data = realmData(realmId);
      if (resource === 'billpayment') return billPayment(response, realmId, data, url, body ?? '');
      if (resource === 'bill') return billUpdate(response, realmId, data, body ?? '');
      if (resource === 'query') {
        const parsed = parseQuery(url.searchParams.get('query') ?? '');
        return json(response, 200, { QueryResponse: runQuery(data, parsed), time: intuitTime() });
      }
      if (resource === 'cdc') {
        const entities = (url.searchParams.get('entities') ?? '').split(',').map((name) => name.trim());
        const since = parseTime(url.searchParams.get('changedSince') ?? '');
        if (entities.some((name) => name !== 'Bill' && name !== 'Vendor') || entities.length === 0) {
          return fault(response, 400, 'ValidationFault', '2020', 'entities: Bill and Vendor are supported');
        }
        if (Number.isNaN(since) || since < Date.now() - CDC_WINDOW_DAYS * 86_400_000) {
          return fault(
            response,
            400,
            'ValidationFault',
            '2020',
            `changedSince must be a time within the last ${CDC_WINDOW_DAYS} days`,
          );
        }
        return json(response, 200, {
          ...changedSince(data, entities as Array<'Bill' | 'Vendor'>, since),
          time: intuitTime(),
        });
      }
      // The company's own record, read by its realm id (as the connect flow checks its token).
      const info = /^companyinfo\/(\d{1,32})$/.exec(resource);
      if (info) {
        const company = companies.find((candidate) => candidate.realmId === realmId)!;
        if (info[1] !== realmId) {
          return fault(response, 400, 'ValidationFault', '610', 'Object Not Found');
        }
        return json(response, 200, {
          CompanyInfo: { Id: '1', CompanyName: company.name, LegalName: company.name, Country: 'US' },
          time: intuitTime(),
        });
      }
      const read = /^(bill|vendor|billpayment)\/(\d{1,20})$/.exec(resource);
      if (read) {
        const list: Array<{ Id: string }> =
          read[1] === 'bill' ? data.bills : read[1] === 'vendor' ? data.vendors : data.billPayments;
        const found = list.find((entity) => entity.Id === read[2]);
        if (!found) {
          return fault(
            response,
            400,
            'ValidationFault',
            '610',
            'Object Not Found',
            "Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.",
          );
        }
        const name = read[1] === 'bill' ? 'Bill' : read[1] === 'vendor' ? 'Vendor' : 'BillPayment';
        return json(response, 200, { [name]: found, time: intuitTime() });
      }
      return fault(
        response,
        400,
        'ValidationFault',
        '4000',
        `Unsupported operation: ${resource.slice(0, 40)}`,
      );
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      return fault(response, 400, 'ValidationFault', '4000', error.message);
    } finally {
      seen.inFlight -= 1;
    }
  }

  /**
   * `POST /billpayment?requestid=…`: a JSON BillPayment (createBillPayment validates it). Each
   * answer is kept under the request's `requestid`: the same requestid gets the same answer again
   * and creates nothing more.
   */
  function billPayment(response: ServerResponse, realmId: string, data: RealmData, url: URL, body: string) {
    const requestId = url.searchParams.get('requestid');
    let store = answered.get(realmId);
    if (!store) {
      store = new Map();
      answered.set(realmId, store);
    }
    const earlier = requestId ? store.get(requestId) : undefined;
    if (earlier) return json(response, earlier.status, earlier.body);
    let answer: { status: number; body: Record<string, unknown> };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return fault(response, 400, 'ValidationFault', '2500', 'Request body is not valid JSON');
    }
    try {
      const payment = createBillPayment(data, parsed, Date.now());
      answer = { status: 200, body: { BillPayment: payment, time: intuitTime() } };
      notify(realmId, 'BillPayment', payment.Id, 'Create');
    } catch (error) {
      if (!(error instanceof PaymentFault)) throw error;
      answer = {
        status: 400,
        body: {
          Fault: {
            Error: [{ Message: error.message, Detail: error.detail, code: error.code }],
            type: error.type,
          },
          time: intuitTime(),
        },
      };
    }
    if (requestId) store.set(requestId, answer);
    return json(response, answer.status, answer.body);
  }

  /**
   * `POST /bill`: Intuit's sparse update of an existing bill. The SyncToken must be the bill's
   * current one (else 5010 'Stale Object Error', as two editors racing get there); the lines given
   * replace the bill's (each an amount of at least 0), DueDate and DocNumber may change too. The
   * edit goes through updateBill, so totals, the open balance, LastUpdatedTime and the webhook
   * follow as for any change.
   */
  function billUpdate(response: ServerResponse, realmId: string, data: RealmData, body: string) {
    let parsed: Record<string, unknown>;
    try {
      const value: unknown = JSON.parse(body);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('not an object');
      parsed = value as Record<string, unknown>;
    } catch {
      return fault(response, 400, 'ValidationFault', '2500', 'Request body is not valid JSON');
    }
    if (typeof parsed.Id !== 'string' || parsed.sparse !== true) {
      return fault(
        response,
        400,
        'ValidationFault',
        '4000',
        'Unsupported operation: only a sparse update of a bill',
      );
    }
    const bill = data.bills.find((candidate) => candidate.Id === parsed.Id);
    if (!bill) return fault(response, 400, 'ValidationFault', '610', 'Object Not Found');
    if (parsed.SyncToken !== bill.SyncToken) {
      return fault(
        response,
        400,
        'ValidationFault',
        '5010',
        'Stale Object Error',
        `You and another user were working on the same thing. Please try again. (SyncToken ${String(parsed.SyncToken).slice(0, 10)} is not ${bill.SyncToken})`,
      );
    }
    const lines = parsed.Line;
    if (
      lines !== undefined &&
      (!Array.isArray(lines) ||
        lines.length === 0 ||
        lines.some(
          (line: unknown) =>
            typeof line !== 'object' ||
            line === null ||
            typeof (line as { Amount?: unknown }).Amount !== 'number' ||
            !((line as { Amount: number }).Amount >= 0),
        ))
    ) {
      return fault(response, 400, 'ValidationFault', '2020', 'Required param missing: Line.Amount');
    }
    const dueDate =
      typeof parsed.DueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(parsed.DueDate)
        ? parsed.DueDate
        : undefined;
    const docNumber = typeof parsed.DocNumber === 'string' ? parsed.DocNumber.slice(0, 21) : undefined;
    const updated = emulator.updateBill(realmId, bill.Id, (target) => {
      if (lines !== undefined) target.Line = lines as Bill['Line'];
      if (dueDate) target.DueDate = dueDate;
      if (docNumber !== undefined) target.DocNumber = docNumber;
    });
    return json(response, 200, { Bill: updated, time: intuitTime() });
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const realmApi =
      /^\/v3\/company\/(\d{1,32})\/(query|cdc|companyinfo\/\d{1,32}|bill\/\d{1,20}|vendor\/\d{1,20}|billpayment\/\d{1,20})$/.exec(
        url.pathname,
      );
    if (realmApi && request.method === 'GET') {
      return accounting(request, response, realmApi[1]!, realmApi[2]!, url);
    }
    const realmWrite = /^\/v3\/company\/(\d{1,32})\/(billpayment|bill)$/.exec(url.pathname);
    if (realmWrite && request.method === 'POST') {
      const body = await readBody(request);
      if (body === null) return fault(response, 413, 'ValidationFault', '2500', 'Request body too large');
      return accounting(request, response, realmWrite[1]!, realmWrite[2]!, url, body);
    }
    if (url.pathname === AUTHORIZE_PATH && request.method === 'GET')
      return consentPage(response, url.searchParams);
    if (request.method !== 'POST' || ![CONSENT_PATH, TOKEN_PATH, REVOKE_PATH].includes(url.pathname)) {
      return json(response, 404, { error: 'not_found' });
    }
    const body = await readBody(request);
    if (body === null) return json(response, 413, { error: 'invalid_request' });
    const type = request.headers['content-type'] ?? '';
    if (url.pathname === CONSENT_PATH) return consent(response, new URLSearchParams(body));

    if (url.pathname === REVOKE_PATH) {
      emulator.revocations += 1;
      if (!clientAuthenticated(request)) return json(response, 401, { error: 'invalid_client' });
      const given = type.startsWith('application/json')
        ? parseToken(body)
        : (new URLSearchParams(body).get('token') ?? undefined);
      return revokeToken(response, given);
    }

    emulator.requests += 1;
    if (emulator.behaviour === 'hang') return; // never answers; close() destroys the socket
    if (emulator.behaviour === 'error') return json(response, 500, { error: 'server_error' });
    if (!clientAuthenticated(request)) return json(response, 401, { error: 'invalid_client' });
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return json(response, 400, { error: 'invalid_request', error_description: 'form body expected' });
    }
    return token(response, new URLSearchParams(body));
  };

  const server = createServer((request, response) => {
    response.setHeader('intuit_tid', transactionId());
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 500, { error: 'server_error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  emulator.baseUrl = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  emulator.authorizeUrl = emulator.baseUrl + AUTHORIZE_PATH;
  emulator.tokenUrl = emulator.baseUrl + TOKEN_PATH;
  emulator.revokeUrl = emulator.baseUrl + REVOKE_PATH;
  return emulator;
}

/** A new id for one answer, shaped like Intuit's `intuit_tid` (version, time in hex, random). */
function transactionId(): string {
  return `1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function json(response: ServerResponse, status: number, body: Record<string, unknown>) {
  response.writeHead(status, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
  response.end(JSON.stringify(body));
}

/** Intuit's `time` of an answer: milliseconds and a numeric offset (2026-11-25T14:03:10.123-08:00 there). */
function intuitTime(): string {
  return new Date().toISOString().replace('Z', '-00:00');
}

/** Intuit's error body of the accounting API. */
function fault(
  response: ServerResponse,
  status: number,
  type: string,
  code: string,
  message: string,
  detail = message,
) {
  json(response, status, {
    Fault: { Error: [{ Message: message, Detail: detail, code }], type },
    time: intuitTime(),
  });
}

function page(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'Content-Type': 'text/html;charset=UTF-8', 'Cache-Control': 'no-store' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>QuickBooks Online emulator</title></head><body>${
      status === 200 ? body : `<h1>Error</h1><p>${html(body)}</p>`
    }</body></html>`,
  );
}

function redirect(response: ServerResponse, target: string, params: Record<string, string>) {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  response.writeHead(302, { Location: url.toString(), 'Cache-Control': 'no-store' });
  response.end();
}

function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function parseToken(body: string): string | undefined {
  try {
    const value: unknown = JSON.parse(body);
    const token = (value as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : undefined;
  } catch {
    return undefined;
  }
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
