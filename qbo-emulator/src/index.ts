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
 * - `POST /v3/company/{realmId}/billpayment?operation=delete` — `{Id, SyncToken}` deletes a bill
 *   payment (`{BillPayment: {Id, status: 'Deleted', domain: 'QBO'}, time}`) and its bills owe the
 *   amount again; a stale SyncToken is Fault 5010 'Stale Object Error', an unknown Id 610 'Object
 *   Not Found'; idempotent per `requestid` like the create.
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
 *
 * Its parts: oauth.ts (consent, tokens, revocation), accounting-api.ts (the realms' API and its
 * throttles), webhooks.ts (change notifications), accounting.ts and query.ts (each realm's data and
 * the query language), http.ts (Intuit's answer shapes).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isoTime, seedRealm, type RealmData, type RealmSize } from './accounting';
import { AccountingApi } from './accounting-api';
import { fault, json, parseToken, readBody, transactionId } from './http';
import { AUTHORIZE_PATH, CONSENT_PATH, OAuthServer, REVOKE_PATH, TOKEN_PATH } from './oauth';
import { INTUIT_LIMITS } from './throttle';
import { DEFAULT_COMPANIES, type QboEmulator, type QboEmulatorOptions, type SandboxCompany } from './types';
import { WebhookSender } from './webhooks';

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
export {
  ACCESS_TOKEN_TTL,
  ACCOUNTING_SCOPE,
  AUTHORIZE_PATH,
  CONSENT_PATH,
  REFRESH_TOKEN_TTL,
  REVOKE_PATH,
  REVOKED_TOKEN_PREFIX,
  TOKEN_PATH,
} from './oauth';
export * from './types';

/** An accounting read: `GET /v3/company/{realmId}/{resource}`. */
const REALM_READ =
  /^\/v3\/company\/(\d{1,32})\/(query|cdc|companyinfo\/\d{1,32}|bill\/\d{1,20}|vendor\/\d{1,20}|billpayment\/\d{1,20})$/;
/** An accounting write: `POST /v3/company/{realmId}/billpayment|bill`. */
const REALM_WRITE = /^\/v3\/company\/(\d{1,32})\/(billpayment|bill)$/;

export async function startQboEmulator(options: QboEmulatorOptions): Promise<QboEmulator> {
  const companies: SandboxCompany[] = [...(options.companies ?? DEFAULT_COMPANIES)];
  const sizes = new Map<string, RealmSize>();
  /** Realm ids are 16 digits, past Number's exact integers: counted as text. */
  let createdRealms = 0;
  const realms = new Map<string, RealmData>();
  const seededAt = Date.now();
  const realmData = (realmId: string) => {
    let data = realms.get(realmId);
    if (!data) {
      data = seedRealm(realmId, seededAt, sizes.get(realmId));
      realms.set(realmId, data);
    }
    return data;
  };
  const oauth = new OAuthServer(options, companies);
  const webhooks = new WebhookSender();
  const notify = (realmId: string, name: string, id: string, operation: string) =>
    webhooks.send(emulator.webhook, realmId, name, id, operation);
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
    revoke: (token) => oauth.kill(token),
    expireAccessTokens: () => oauth.expireAccessTokens(),
    realm: realmData,
    limits: options.limits ?? { ...INTUIT_LIMITS },
    webhook: options.webhook ?? null,
    webhookDeliveries: webhooks.deliveries,
    webhooksSettled: () => webhooks.settled(),
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
    traffic: (realmId) => accounting.traffic(realmId),
    billPayments: (realmId) => [...realmData(realmId).billPayments],
    failNext: (realmId, count, status) => accounting.failNext(realmId, count, status),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const accounting = new AccountingApi({
    oauth,
    companies,
    realmData,
    limits: () => emulator.limits,
    latencyMs: options.latencyMs ?? 0,
    updateBill: emulator.updateBill,
    notify,
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const realmRead = REALM_READ.exec(url.pathname);
    if (realmRead && request.method === 'GET') {
      return accounting.handle(request, response, realmRead[1]!, realmRead[2]!, url);
    }
    const realmWrite = REALM_WRITE.exec(url.pathname);
    if (realmWrite && request.method === 'POST') {
      const body = await readBody(request);
      if (body === null) return fault(response, 413, 'ValidationFault', '2500', 'Request body too large');
      return accounting.handle(request, response, realmWrite[1]!, realmWrite[2]!, url, body);
    }
    if (url.pathname === AUTHORIZE_PATH && request.method === 'GET')
      return oauth.consentPage(response, url.searchParams);
    if (request.method !== 'POST' || ![CONSENT_PATH, TOKEN_PATH, REVOKE_PATH].includes(url.pathname)) {
      return json(response, 404, { error: 'not_found' });
    }
    const body = await readBody(request);
    if (body === null) return json(response, 413, { error: 'invalid_request' });
    const type = request.headers['content-type'] ?? '';
    if (url.pathname === CONSENT_PATH) return oauth.consent(response, new URLSearchParams(body));

    if (url.pathname === REVOKE_PATH) {
      emulator.revocations += 1;
      if (!oauth.clientAuthenticated(request)) return json(response, 401, { error: 'invalid_client' });
      const given = type.startsWith('application/json')
        ? parseToken(body)
        : (new URLSearchParams(body).get('token') ?? undefined);
      return oauth.revoke(response, given);
    }

    emulator.requests += 1;
    if (emulator.behaviour === 'hang') return; // never answers; close() destroys the socket
    if (emulator.behaviour === 'error') return json(response, 500, { error: 'server_error' });
    if (!oauth.clientAuthenticated(request)) return json(response, 401, { error: 'invalid_client' });
    if (!type.startsWith('application/x-www-form-urlencoded')) {
      return json(response, 400, { error: 'invalid_request', error_description: 'form body expected' });
    }
    return oauth.token(response, new URLSearchParams(body));
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
