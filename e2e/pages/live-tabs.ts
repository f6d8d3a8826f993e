import type { Page, Request, Response } from '@playwright/test';
import { LIVE_PATCH_MARK } from '../../shared-auth/src/live-policy';
import type { ApiClient } from './api-client';
import type { ApprovalDto, ApprovalFactory } from './approvals-page';

// Several approvals tabs open on one browser while someone else decides a burst of approvals: the
// e2e test checks what the tabs end up showing, the lab's `pnpm bench -- --tabs N` times it. Both
// make the approvals, the decisions and the request counts with this module.

/** The list route's path (GET: one page of the list). */
export const APPROVAL_LIST_PATH = '/api/bill-approval/approvals';
/** The stat cards' route. */
export const APPROVAL_STATS_PATH = '/api/bill-approval/approvals/stats';
/** The live event stream (held open for the tab's life; not a read). */
const EVENTS_PATH = '/api/events';

/** A decision and the status label the list then shows for it. */
export interface Decision {
  approval: ApprovalDto;
  verb: 'approve' | 'reject';
  /** The list's status label after it. */
  shows: 'Approved' | 'Rejected';
}

/**
 * `count` new PENDING approvals of one new vendor (one bill each, each amount its own), so a search
 * for `vendor` shows exactly them.
 */
export async function createWatchedApprovals(
  factory: ApprovalFactory,
  vendor: string,
  count: number,
): Promise<ApprovalDto[]> {
  const approvals: ApprovalDto[] = [];
  for (let index = 0; index < count; index += 1) {
    approvals.push(await factory.create(vendor, [100 + index]));
  }
  return approvals;
}

/** Every other approval approved, the rest rejected. */
export function mixedDecisions(approvals: readonly ApprovalDto[]): Decision[] {
  return approvals.map((approval, index) =>
    index % 2 === 0
      ? { approval, verb: 'approve', shows: 'Approved' }
      : { approval, verb: 'reject', shows: 'Rejected' },
  );
}

/**
 * Makes `decisions` through the API as `decider`, spread evenly over `windowMs` (the first at once,
 * the last at the window's end, each after the previous one's answer): when the last one was
 * answered (Date.now()).
 */
export async function decideOverWindow(
  decider: ApiClient,
  decisions: readonly Decision[],
  windowMs: number,
): Promise<number> {
  const started = Date.now();
  const gap = decisions.length > 1 ? windowMs / (decisions.length - 1) : 0;
  for (const [index, { approval, verb }] of decisions.entries()) {
    const due = started + index * gap - Date.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    const path = `/api/bill-approval/approvals/${approval.id}/${verb}`;
    await decider.put(path, verb === 'reject' ? { rejectionReason: 'Decided while tabs watch' } : {});
  }
  return Date.now();
}

/** A tab's API requests by kind, from when the counter was started or last reset. */
export interface TabRequestCounts {
  /** The list route answered in full (200) or from the tab's copy (304). */
  list200: number;
  list304: number;
  stats200: number;
  stats304: number;
  /** Any other API route, by `METHOD path` (any status). */
  other: Record<string, number>;
  /** Requests that got no answer (aborted, failed). */
  failed: number;
}

/** No requests yet: where a counter starts, and a total over tabs begins. */
export const emptyTabRequestCounts = (): TabRequestCounts => ({
  list200: 0,
  list304: 0,
  stats200: 0,
  stats304: 0,
  other: {},
  failed: 0,
});

/** Adds one tab's counts to a total over tabs (in place). */
export function addTabRequestCounts(total: TabRequestCounts, counts: TabRequestCounts): void {
  total.list200 += counts.list200;
  total.list304 += counts.list304;
  total.stats200 += counts.stats200;
  total.stats304 += counts.stats304;
  total.failed += counts.failed;
  for (const [route, n] of Object.entries(counts.other)) total.other[route] = (total.other[route] ?? 0) + n;
}

const isApiRequest = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') && pathname !== EVENTS_PATH;
};

/** Counts the API requests a tab makes (page.on('response')), except its event stream. */
export class TabRequestCounter {
  private current = emptyTabRequestCounts();
  /** Asked and not answered yet, whenever asked. */
  private readonly waiting = new Set<Request>();

  constructor(page: Page) {
    page.on('request', (request) => {
      if (isApiRequest(request.url())) this.waiting.add(request);
    });
    page.on('response', (response) => {
      this.waiting.delete(response.request());
      this.record(response);
    });
    page.on('requestfailed', (request) => {
      this.waiting.delete(request);
      if (isApiRequest(request.url())) this.current.failed += 1;
    });
  }

  /** API requests asked and still unanswered now. */
  unanswered(): number {
    return this.waiting.size;
  }

  private record(response: Response): void {
    const request = response.request();
    if (!isApiRequest(response.url())) return;
    const { pathname } = new URL(response.url());
    const status = response.status();
    const counts = this.current;
    if (request.method() === 'GET' && pathname === APPROVAL_LIST_PATH) {
      if (status === 200) counts.list200 += 1;
      else if (status === 304) counts.list304 += 1;
      else counts.other[`GET ${pathname} ${status}`] = (counts.other[`GET ${pathname} ${status}`] ?? 0) + 1;
    } else if (request.method() === 'GET' && pathname === APPROVAL_STATS_PATH) {
      if (status === 200) counts.stats200 += 1;
      else if (status === 304) counts.stats304 += 1;
      else counts.other[`GET ${pathname} ${status}`] = (counts.other[`GET ${pathname} ${status}`] ?? 0) + 1;
    } else {
      const key = `${request.method()} ${pathname}`;
      counts.other[key] = (counts.other[key] ?? 0) + 1;
    }
  }

  /** Starts counting afresh (after the first load, before the decisions). */
  reset(): void {
    this.current = emptyTabRequestCounts();
  }

  /** The counts so far. */
  counts(): TabRequestCounts {
    return structuredClone(this.current);
  }

  /** Reads of the list, in full or not. */
  listReads(): number {
    return this.current.list200 + this.current.list304;
  }
}

/**
 * The decisions whose rows a tab does not show with their new status yet (short ids), from one read
 * of the page's rows rather than a locator per row, so polling eight tabs stays cheap.
 */
export async function staleRows(page: Page, decisions: readonly Decision[]): Promise<string[]> {
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('table tbody tr')].map((row) => (row as HTMLElement).innerText),
  );
  return decisions
    .filter(
      ({ approval, shows }) => !rows.find((text) => text.includes(approval.id.slice(0, 8)))?.includes(shows),
    )
    .map(({ approval, shows }) => `${approval.id.slice(0, 8)} not ${shows}`);
}

/**
 * A tab's stream state, requests and patches in a line, for a failure to say why a tab lagged (no
 * stream, a read that never came back or was refused, no event reaching it).
 */
export async function tabState(page: Page, counter: TabRequestCounter): Promise<string> {
  const live = await page.getByTestId('live-indicator').textContent();
  return `${live}; ${JSON.stringify(counter.counts())}; ${counter.unanswered()} unanswered; ${await livePatches(page)} rows patched`;
}

/** How many times the tab's list has written an event's status to a row in place so far. */
export function livePatches(page: Page): Promise<number> {
  return page.evaluate((name) => performance.getEntriesByName(name, 'mark').length, LIVE_PATCH_MARK);
}

/** When (the page's Date.now()) the tab last wrote an event's status to a row; null when never. */
export function lastLivePatchAt(page: Page): Promise<number | null> {
  return page.evaluate((name) => {
    const mark = performance.getEntriesByName(name, 'mark').at(-1);
    return mark ? performance.timeOrigin + mark.startTime : null;
  }, LIVE_PATCH_MARK);
}
