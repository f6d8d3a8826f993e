/**
 * The accounting API of each realm (as quickbooks.api.intuit.com): a Bearer access token of the
 * realm first, then Intuit's throttles (per realm: `perMinute` requests in a rolling minute and
 * `perSecond` in a rolling second, else 429 with a `ThrottleExceeded` Fault and Retry-After), then
 * `minorversion`, then the resource: query, change data capture, company info, reads by id, bill
 * payments (created and deleted) and sparse bill updates. What each realm's traffic was is kept
 * for tests and benches.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CDC_WINDOW_DAYS, changedSince, parseTime, type Bill, type RealmData } from './accounting';
import { createBillPayment, deleteBillPayment, PaymentFault } from './bill-payments';
import { fault, intuitTime, json } from './http';
import type { OAuthServer } from './oauth';
import { parseQuery, QueryError, runQuery } from './query';
import { RealmThrottle, type ThrottleLimits } from './throttle';
import { LATEST_MINOR_VERSION, type RealmTraffic, type SandboxCompany } from './types';

/** What the accounting API needs of the rest of the emulator. */
export interface AccountingDeps {
  oauth: OAuthServer;
  companies: readonly SandboxCompany[];
  realmData(realmId: string): RealmData;
  /** Read on each request: tests change them on a running emulator. */
  limits(): ThrottleLimits;
  latencyMs: number;
  /** Changes a bill as a QuickBooks user would (totals, SyncToken, the webhook). */
  updateBill(realmId: string, billId: string, change: (bill: Bill) => void): Bill;
  notify(realmId: string, name: string, id: string, operation: string): void;
}

interface RealmState extends Omit<RealmTraffic, 'peakPerSecond'> {
  throttle: RealmThrottle;
  inFlight: number;
  /** Statuses forced on the next requests (failNext). */
  failures: number[];
}

export class AccountingApi {
  private readonly realms = new Map<string, RealmState>();
  /**
   * Per realm, the answer given to each `requestid` of a write: the same request sent again (a
   * retry after a lost answer) gets the same answer and changes nothing, as Intuit does.
   */
  private readonly answered = new Map<
    string,
    Map<string, { status: number; body: Record<string, unknown> }>
  >();

  constructor(private readonly deps: AccountingDeps) {}

  private state(realmId: string): RealmState {
    let entry = this.realms.get(realmId);
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
      this.realms.set(realmId, entry);
    }
    return entry;
  }

  traffic(realmId: string): RealmTraffic {
    const { requests, throttled, peakConcurrent, answers, throttle } = this.state(realmId);
    return {
      requests,
      throttled,
      peakConcurrent,
      peakPerSecond: throttle.peakPerSecond,
      answers: [...answers],
    };
  }

  failNext(realmId: string, count: number, status: number): void {
    this.state(realmId).failures.push(...Array<number>(count).fill(status));
  }

  /** One request to `resource` of the realm (`query`, `cdc`, `bill/12`, `billpayment`, …). */
  async handle(
    request: IncomingMessage,
    response: ServerResponse,
    realmId: string,
    resource: string,
    url: URL,
    body?: string,
  ): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const grant = this.deps.oauth.accessGrant(bearer);
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
    const known = this.deps.companies.some((c) => c.realmId === realmId);
    if (known && grant.binding.realmId === null) grant.binding.realmId = realmId;
    if (!known || grant.binding.realmId !== realmId) {
      return fault(response, 403, 'AuthorizationFault', '3100', 'ApplicationAuthorizationFailed');
    }
    const seen = this.state(realmId);
    seen.requests += 1;
    const now = Date.now();
    response.on('finish', () => {
      seen.answers.push({ at: now, status: response.statusCode });
      if (seen.answers.length > 1000) seen.answers.shift();
    });
    const forced = seen.failures.shift();
    const wait = forced === 429 ? 1 : seen.throttle.admit(now, this.deps.limits());
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
      if (this.deps.latencyMs) await new Promise((resolve) => setTimeout(resolve, this.deps.latencyMs));
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
      return this.resource(response, realmId, resource, url, body);
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      return fault(response, 400, 'ValidationFault', '4000', error.message);
    } finally {
      seen.inFlight -= 1;
    }
  }

  private resource(response: ServerResponse, realmId: string, resource: string, url: URL, body?: string) {
    const data = this.deps.realmData(realmId);
    if (resource === 'billpayment') return this.billPayment(response, realmId, data, url, body ?? '');
    if (resource === 'bill') return this.billUpdate(response, realmId, data, body ?? '');
    if (resource === 'query') {
      const parsed = parseQuery(url.searchParams.get('query') ?? '');
      return json(response, 200, { QueryResponse: runQuery(data, parsed), time: intuitTime() });
    }
    if (resource === 'cdc') return this.changeDataCapture(response, data, url);
    // The company's own record, read by its realm id (as the connect flow checks its token).
    const info = /^companyinfo\/(\d{1,32})$/.exec(resource);
    if (info) {
      const company = this.deps.companies.find((candidate) => candidate.realmId === realmId)!;
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
    return fault(response, 400, 'ValidationFault', '4000', `Unsupported operation: ${resource.slice(0, 40)}`);
  }

  /** `GET /cdc?entities=Bill,Vendor&changedSince=…`: what changed since, within Intuit's 30 days. */
  private changeDataCapture(response: ServerResponse, data: RealmData, url: URL) {
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

  /**
   * `POST /billpayment?requestid=…`: a JSON BillPayment (createBillPayment validates it), or with
   * `operation=delete` the deletion of one (`{Id, SyncToken}`, deleteBillPayment). Each answer is
   * kept under the request's `requestid`: the same requestid gets the same answer again and
   * changes nothing more.
   */
  private billPayment(response: ServerResponse, realmId: string, data: RealmData, url: URL, body: string) {
    const operation = url.searchParams.get('operation');
    if (operation !== null && operation !== 'create' && operation !== 'delete') {
      return fault(
        response,
        400,
        'ValidationFault',
        '4000',
        `Unsupported operation: billpayment ${operation.slice(0, 20)}`,
      );
    }
    const requestId = url.searchParams.get('requestid');
    let store = this.answered.get(realmId);
    if (!store) {
      store = new Map();
      this.answered.set(realmId, store);
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
      if (operation === 'delete') {
        const payment = deleteBillPayment(data, parsed, Date.now());
        answer = {
          status: 200,
          body: { BillPayment: { Id: payment.Id, status: 'Deleted', domain: 'QBO' }, time: intuitTime() },
        };
        this.deps.notify(realmId, 'BillPayment', payment.Id, 'Delete');
      } else {
        const payment = createBillPayment(data, parsed, Date.now());
        answer = { status: 200, body: { BillPayment: payment, time: intuitTime() } };
        this.deps.notify(realmId, 'BillPayment', payment.Id, 'Create');
      }
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
  private billUpdate(response: ServerResponse, realmId: string, data: RealmData, body: string) {
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
    const updated = this.deps.updateBill(realmId, bill.Id, (target) => {
      if (lines !== undefined) target.Line = lines as Bill['Line'];
      if (dueDate) target.DueDate = dueDate;
      if (docNumber !== undefined) target.DocNumber = docNumber;
    });
    return json(response, 200, { Bill: updated, time: intuitTime() });
  }
}
