/**
 * Reads from QuickBooks Online's accounting API (`GET /v3/company/{realmId}/…`): the query
 * endpoint, CDC and reads by id, each with `minorversion` and a Bearer access token.
 *
 * Every request of a realm goes through the realm's limiter, which keeps this process under
 * Intuit's throttles (per realm, a rolling minute and a rolling second; qbSync in config.ts says
 * how far under). A 429 still happens (another app, another process): the realm then waits the
 * answer's Retry-After before any of its requests goes out again, and the request is retried. A
 * 5xx or a network failure is retried with a doubling back-off. Tokens never appear in an error or
 * a log; a failure QuickBooks answered carries the answer's `intuit_tid`, the id Intuit's support
 * traces a request by.
 */
import { INTUIT_SANDBOX_API_URL, type QbSyncConfig, type QuickBooksConfig } from '../../../config';
import { intuitTid, parseJson } from './token-client';

/** The minor version of the accounting API this client is written against. */
export const QB_MINOR_VERSION = '75';

export type QbApiFailure =
  /** 401: the access token is expired or revoked (refresh, then retry once). */
  | 'unauthorized'
  /** 403: the app may not read this realm. */
  | 'forbidden'
  /** 429 past the attempts, or a Retry-After longer than we wait. */
  | 'throttled'
  /** 5xx past the attempts. */
  | 'server_error'
  /** Another 4xx, e.g. a query QuickBooks refused (its Fault message says why). */
  | 'rejected'
  | 'unreachable'
  | 'timeout'
  | 'bad_response';

export class QbApiError extends Error {
  constructor(
    readonly kind: QbApiFailure,
    readonly status?: number,
    /** The first `Fault.Error[].Message` (or `Detail`) QuickBooks sent, at most 200 characters. */
    readonly fault?: string,
    /** The answer's `intuit_tid` header (none when no answer came), for Intuit's support. */
    readonly intuitTid?: string,
    /** The first Fault's `code` (e.g. 5010 Stale Object Error, 610 Object Not Found). */
    readonly faultCode?: string,
  ) {
    super(
      `QuickBooks API ${kind}${status ? ` (HTTP ${status})` : ''}${fault ? `: ${fault}` : ''}${
        intuitTid ? ` [intuit_tid ${intuitTid}]` : ''
      }`,
    );
    this.name = 'QbApiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type BudgetLimits = Pick<QbSyncConfig, 'perMinute' | 'perSecond' | 'concurrent'>;

/**
 * One realm's budget in this process: at most `perMinute` requests in a rolling minute,
 * `perSecond` in a rolling second and `concurrent` in flight, and nothing at all until
 * `pausedUntil` (after a 429).
 *
 * QuickBooks counts a request when it arrives, somewhere between our sending it and its answer
 * coming back, and answers vary in how long they take: counting by the time sent, a slow request
 * followed a second later by a fast one can land in one of QuickBooks' windows together with the
 * next second's. So a request counts against a window from when it is sent until the window's
 * length after its answer came back: then whatever QuickBooks counted in any of its windows, this
 * budget counted too, and staying within the budget stays within QuickBooks' limits.
 */
class RealmBudget {
  private inFlight = 0;
  /** When each answer of the last minute came back, oldest first. */
  private readonly answered: number[] = [];
  pausedUntil = 0;
  private waiters: Array<() => void> = [];

  constructor(private readonly limits: BudgetLimits) {}

  async acquire(): Promise<void> {
    for (;;) {
      const now = Date.now();
      while (this.answered.length > 0 && this.answered[0]! <= now - 60_000) this.answered.shift();
      if (now < this.pausedUntil) {
        await sleep(this.pausedUntil - now);
        continue;
      }
      let lastSecond = 0;
      while (
        lastSecond < this.answered.length &&
        this.answered[this.answered.length - 1 - lastSecond]! > now - 1000
      ) {
        lastSecond += 1;
      }
      // Full: wait for an answer to leave its window, or for one in flight to come back.
      let leaves: number | undefined;
      if (this.inFlight + this.answered.length >= this.limits.perMinute) {
        leaves = this.answered[0] === undefined ? undefined : this.answered[0] + 60_000;
      } else if (this.inFlight + lastSecond >= this.limits.perSecond) {
        leaves = lastSecond === 0 ? undefined : this.answered[this.answered.length - lastSecond]! + 1000;
      } else if (this.inFlight < this.limits.concurrent) {
        this.inFlight += 1;
        return;
      }
      await (leaves === undefined ? this.nextAnswer() : sleep(leaves - now));
    }
  }

  release(): void {
    this.inFlight -= 1;
    this.answered.push(Date.now());
    // Every waiter looks again: the one that cannot go yet sleeps until its window has room.
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  private nextAnswer(): Promise<void> {
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

/** The per-realm limiters of this process. */
export class RealmLimiter {
  private readonly budgets = new Map<string, RealmBudget>();
  constructor(private readonly limits: BudgetLimits) {}

  budget(realmId: string): RealmBudget {
    let budget = this.budgets.get(realmId);
    if (!budget) {
      budget = new RealmBudget(this.limits);
      this.budgets.set(realmId, budget);
    }
    return budget;
  }
}

export interface QbRequestContext {
  config: QuickBooksConfig;
  sync: Pick<QbSyncConfig, 'maxAttempts' | 'backoffMs' | 'maxRetryAfterSeconds'>;
  limiter: RealmLimiter;
  realmId: string;
  accessToken: string;
  /** Called once per HTTP request sent (the sync counts them). */
  onRequest?: () => void;
}

/** Largest answer read (a page of 1000 bills of 20 lines is a few MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * GET `/v3/company/{realmId}/{resource}` with the parameters and `minorversion`, through the
 * realm's limiter, honouring 429 Retry-After and retrying 5xx. Answers the parsed JSON body.
 */
export async function qbGet(
  context: QbRequestContext,
  resource: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  return qbRequest(context, 'GET', resource, params);
}

/**
 * POST `/v3/company/{realmId}/{resource}` with a JSON body, as `qbGet` sends a GET. A write is
 * retried (429, 5xx, a lost answer) only with a `requestid` in `params`: QuickBooks answers a
 * requestid it has seen with its first answer instead of writing again.
 */
export async function qbPost(
  context: QbRequestContext,
  resource: string,
  params: Record<string, string> & { requestid: string },
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return qbRequest(context, 'POST', resource, params, body);
}

async function qbRequest(
  context: QbRequestContext,
  method: 'GET' | 'POST',
  resource: string,
  params: Record<string, string>,
  payload?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const base = (context.config.apiUrl ?? INTUIT_SANDBOX_API_URL).replace(/\/+$/, '');
  const url = new URL(`${base}/v3/company/${encodeURIComponent(context.realmId)}/${resource}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('minorversion', QB_MINOR_VERSION);
  const budget = context.limiter.budget(context.realmId);
  let backoff = context.sync.backoffMs;
  for (let attempt = 1; ; attempt += 1) {
    const last = attempt >= context.sync.maxAttempts;
    await budget.acquire();
    let response: Response;
    let text: string;
    try {
      context.onRequest?.();
      response = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${context.accessToken}`,
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(context.config.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      const kind = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
      if (last) throw new QbApiError(kind);
      await sleep(backoff);
      backoff *= 2;
      continue;
    } finally {
      budget.release();
    }
    const body = text.length > MAX_ANSWER_BYTES ? undefined : parseJson(text);
    const tid = intuitTid(response);
    if (response.status === 429) {
      const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
      if (last || retryAfter > context.sync.maxRetryAfterSeconds) {
        throw new QbApiError('throttled', 429, faultMessage(body), tid);
      }
      // Every request of the realm waits, not only this one.
      budget.pausedUntil = Math.max(budget.pausedUntil, Date.now() + retryAfter * 1000);
      continue;
    }
    if (response.status >= 500) {
      if (last) throw new QbApiError('server_error', response.status, faultMessage(body), tid);
      await sleep(backoff);
      backoff *= 2;
      continue;
    }
    if (response.status === 401) throw new QbApiError('unauthorized', 401, undefined, tid);
    if (response.status === 403) throw new QbApiError('forbidden', 403, faultMessage(body), tid);
    if (response.status !== 200) {
      throw new QbApiError('rejected', response.status, faultMessage(body), tid, faultCode(body));
    }
    if (!body) throw new QbApiError('bad_response', response.status, undefined, tid);
    // QuickBooks answers some refusals with 200 and a Fault body.
    if (body.Fault) {
      throw new QbApiError('rejected', response.status, faultMessage(body), tid, faultCode(body));
    }
    return body;
  }
}

/** Retry-After in seconds (a number or an HTTP date); 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number {
  if (header === null) return 60;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function firstFault(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const fault = (body?.Fault ?? body?.fault) as { Error?: unknown[]; error?: unknown[] } | undefined;
  return (fault?.Error?.[0] ?? fault?.error?.[0]) as Record<string, unknown> | undefined;
}

function faultMessage(body: Record<string, unknown> | undefined): string | undefined {
  const record = firstFault(body);
  const message = record?.Detail ?? record?.Message ?? record?.message;
  return typeof message === 'string' ? message.slice(0, 200) : undefined;
}

function faultCode(body: Record<string, unknown> | undefined): string | undefined {
  const code = firstFault(body)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code).slice(0, 20) : undefined;
}
