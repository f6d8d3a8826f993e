// One simulated open console of `pnpm bench -- --staff N` (bench-staff.mjs): a signed-in tab on the
// approvals list, holding its event stream and answering events with the console's own policy
// (shared-auth's live-policy.ts, imported as TypeScript: the bench runs under tsx). Its requests go
// through node:http (fetch costs about three times the client CPU, and the client shares the cores
// with the server it measures), each console over its own connections, as each person's browser.
import http from 'node:http';
import zlib from 'node:zlib';
import {
  carriedFigures,
  concernsEntities,
  createLiveFolder,
  listReaction,
  LIVE_COUNT_INTERVAL_MS,
  LIVE_REVALIDATE_INTERVAL_MS,
  LIVE_REVALIDATE_JITTER_MS,
  patchRows,
  relatedToReRead,
} from '../../shared-auth/src/live-policy.ts';
import { parseLiveChange } from '../../shared-auth/src/live-parse.ts';
import { APPROVAL_LIVE_POLICY } from '../../shared-contracts/src/approval-list.ts';
import { PAGE_SIZE, COMPANY_FILTER_LIMIT } from '../../shared-contracts/src/limits.ts';
import { ACCEPT_ENCODING } from './bench-lib.mjs';

const APPROVALS = '/api/bill-approval/approvals';

/**
 * The approvals list page's requests, as the console makes them:
 * - the page: remote-approvals' approvals-list-page.tsx runs shared-ui's useListController with
 *   `approvalList` (remote-approvals api/keys.ts, path /api/bill-approval/approvals); every filter
 *   empty (left out of the query by shared-auth's api.ts), the controller's default sort
 *   (createdAt desc), page 1 and PAGE_SIZE rows, in the controller's order of keys;
 * - the stat cards: useApprovalStats (api/get-approval-options.ts), GET …/approvals/stats;
 * - the sidebar's 'Waiting for me' badge: the host's useWaitingCount
 *   (host/src/dashboard/api/get-dashboard-stats.ts), GET …/approvals/waiting-count;
 * - the Company filter's choices, read once (useCompanyOptions).
 * The stat cards' trends (GET /api/dashboard/charts, after an idle moment) are not re-read on events
 * and are left out.
 */
/** The list page's request as listReaction reads it: no filter, the default sort, page 1. */
const LIST_REQUEST = { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: PAGE_SIZE };

export const PAGE_REQUESTS = {
  list: `${APPROVALS}?${new URLSearchParams({ sortBy: 'createdAt', sortOrder: 'desc', page: '1', limit: String(PAGE_SIZE) })}`,
  stats: `${APPROVALS}/stats`,
  badge: `${APPROVALS}/waiting-count`,
  companies: `/api/company/companies?${new URLSearchParams({ limit: String(COMPANY_FILTER_LIMIT), sortBy: 'name', sortOrder: 'asc' })}`,
};

/**
 * What an event makes the page re-read, each a folder of its own as in the console (shared-auth's
 * useLiveBatches: every event of a burst, at most once a second, after a random part of
 * LIVE_REVALIDATE_JITTER_MS):
 * - the list: useListController answers a batch with listReaction and approvalList's policy
 *   (APPROVAL_LIVE_POLICY): the page and the stat cards when a change may have changed what the page
 *   shows (a row on it, a creation or deletion, a resync), else the stat cards only; and the stat
 *   cards only when the batch's latest event did not bring them (relatedToReRead): an event with
 *   the figures is written to the cards as it arrives (carriedFigures), no request;
 * - the badge: useWaitingCount calls useLiveEvents(['approval'], mutate, LIVE_COUNT_INTERVAL_MS);
 * - the signed-in layout's useLiveDashboardStats (every entity) re-reads /api/dashboard/stats, which
 *   no hook on the approvals page shows: SWR re-reads mounted keys only, so it sends nothing here.
 * Every read goes as shared-auth's conditional-reads.ts sends it: with the ETag of the copy held
 * (a 304 keeps the copy) and the newest event id seen (Live-Seq). With `baseline` (--baseline), the
 * console of 9b69e8f instead: every approval event re-reads the page and the stat cards, at once,
 * with no ETag.
 */
export const LIVE_VIEWS = [
  {
    entities: ['approval'],
    requests: ['list', 'stats'],
    related: ['stats'],
    list: true,
    intervalMs: LIVE_REVALIDATE_INTERVAL_MS,
  },
  {
    entities: ['approval'],
    requests: ['badge'],
    related: [],
    list: false,
    intervalMs: LIVE_COUNT_INTERVAL_MS,
  },
];

/** What a row shows that a change moves: its id, status and last change, in the page's order. */
const rowsOf = (rows) => rows.map((row) => `${row.id}:${row.status}:${row.updatedAt}`);

/** A body as sent (compressed as the console asks for it), as text. */
function decoded(body, encoding) {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * One answered request: resolves with status, ms, the ETag and (with `keepBody`) the body's text;
 * otherwise the body is read, not kept.
 */
export function get(agent, url, token, client, extraHeaders = {}, keepBody = false) {
  const started = performance.now();
  // How long the connection took to open (0 on a reused one): a wait here is the server's queue of
  // unaccepted connections or TCP's retries, not the request's own work.
  let connectMs = 0;
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': ACCEPT_ENCODING,
          'x-bench-client': client,
          ...extraHeaders,
        },
      },
      (response) => {
        const headersMs = performance.now() - started;
        const chunks = [];
        response.on('data', (chunk) => {
          if (keepBody) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            connectMs,
            headersMs,
            etag: response.headers.etag ?? null,
            body: keepBody ? decoded(Buffer.concat(chunks), response.headers['content-encoding']) : null,
          }),
        );
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started, connectMs }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started, connectMs }));
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      socket.once('connect', () => {
        connectMs = performance.now() - started;
      });
    });
    request.end();
  });
}

/**
 * A console: `open()` holds its stream (resolves at the stream's first bytes), `load()` reads the
 * page once as on arrival. Every change event is offered to `onChange(event, at)` (delivery
 * timing) and to the page's folders, which re-read as the console does. Counts its re-reads.
 */
export function createConsole({ url, token, onChange, baseline = false }) {
  // A browser keeps up to six connections to one origin; the stream holds one of them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
  const streamAgent = new http.Agent({ keepAlive: false });
  const stats = {
    events: 0,
    reReads: 0,
    notModified: 0,
    inFlight: 0,
    failed: 0,
    reconnects: 0,
    /** Events written to a row on the page in place, as the list controller does, no request made. */
    patches: 0,
    /** Events whose stat cards were written from the event, as the list controller does, no request. */
    figures: 0,
  };
  let lastEventId = null;
  let request = null;
  let closed = false;
  /** The copies this tab holds: ETag by request, as conditional-reads.ts keeps them. */
  const etags = new Map();
  /** Ids of the rows on the page, from the list's last answer. */
  let visibleIds = new Set();
  /** The page's rows as this tab shows them (kept through 304s, patched by events). */
  let pageRows = [];
  /** The same, as compared with a fresh read at the end. */
  let heldRows = null;
  let lastEventAt = Number.NEGATIVE_INFINITY;
  const read = async (name, client) => {
    const headers = {};
    if (!baseline) {
      const etag = etags.get(name);
      if (etag) headers['if-none-match'] = etag;
      if (lastEventId !== null) headers['live-seq'] = lastEventId;
    }
    const answer = await get(agent, `${url}${PAGE_REQUESTS[name]}`, token, client, headers, name === 'list');
    if (!baseline && answer.status === 200) {
      if (answer.etag) etags.set(name, answer.etag);
      else etags.delete(name);
    }
    if (name === 'list' && answer.status === 200 && answer.body) {
      pageRows = JSON.parse(answer.body).data;
      visibleIds = new Set(pageRows.map((row) => String(row.id)));
      heldRows = rowsOf(pageRows);
    }
    return answer;
  };
  const reRead = (name) => {
    stats.reReads += 1;
    stats.inFlight += 1;
    return read(name, 'console').then(({ status }) => {
      stats.inFlight -= 1;
      if (status === 304) stats.notModified += 1;
      else if (status < 200 || status >= 400) stats.failed += 1;
    });
  };
  const folders = LIVE_VIEWS.map((view) => ({
    view,
    folder: createLiveFolder(
      (batch) => {
        const live = { entities: view.entities, policy: APPROVAL_LIVE_POLICY };
        const reaction =
          baseline || !view.list
            ? 'all'
            : listReaction(batch, { ...live, visibleIds, request: LIST_REQUEST });
        const related = baseline || !view.list ? view.related : relatedToReRead(batch, view.related, live);
        const own = view.requests.filter((name) => !view.related.includes(name));
        const names = reaction === 'all' ? [...own, ...related] : reaction === 'related' ? related : [];
        // As the console's hooks return SWR's mutate: the folder's next answer waits for these.
        return Promise.all(names.map(reRead));
      },
      {
        jitterMs: baseline ? 0 : LIVE_REVALIDATE_JITTER_MS,
        intervalMs: baseline ? LIVE_REVALIDATE_INTERVAL_MS : view.intervalMs,
      },
    ),
  }));
  const dispatch = (event) => {
    lastEventAt = performance.now();
    const patched =
      !baseline && patchRows(pageRows, event, { entities: ['approval'], policy: APPROVAL_LIVE_POLICY });
    if (patched) {
      pageRows = patched;
      heldRows = rowsOf(patched);
      stats.patches += 1;
    }
    if (
      !baseline &&
      carriedFigures(event, { entities: ['approval'], policy: APPROVAL_LIVE_POLICY }).length > 0
    )
      stats.figures += 1;
    for (const { view, folder } of folders) if (concernsEntities(event, view.entities)) folder.push(event);
  };

  function connect(resolveOpen, rejectOpen) {
    const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (lastEventId !== null) headers['last-event-id'] = lastEventId;
    request = http.request(`${url}/api/events`, { agent: streamAgent, headers }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        rejectOpen(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        const at = performance.now();
        resolveOpen();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let kind = 'message';
          let data = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('id:')) lastEventId = line.slice(3).trim();
            else if (line.startsWith('event:')) kind = line.slice(6).trim();
            else if (line.startsWith('data:')) data = line.slice(5).trim();
          }
          if (kind === 'resync') dispatch({ type: 'resync' });
          else if (kind === 'change' && data) {
            // As the console's stream does: checked against the event's schema, a malformed one
            // changes nothing.
            const event = parseLiveChange(data);
            if (!event) continue;
            stats.events += 1;
            onChange(event, at);
            dispatch(event);
          }
        }
      });
      // The server ends a stream when its token expires (and now and then): the console reconnects
      // with the last id it saw, as the browser's EventSource does.
      response.on('end', () => reconnect());
      response.on('error', () => reconnect());
    });
    request.on('error', (error) => {
      rejectOpen(error);
      reconnect();
    });
    request.end();
  }
  function reconnect() {
    if (closed) return;
    stats.reconnects += 1;
    setTimeout(() => {
      if (!closed)
        connect(
          () => {},
          () => {},
        );
    }, 1000).unref();
  }

  return {
    stats,
    open: () => new Promise((resolve, reject) => connect(resolve, reject)),
    /** The page's first reads, all at once as the page mounts. */
    load: () =>
      Promise.all(['list', 'stats', 'badge', 'companies'].map((name) => read(name, 'console-load'))),
    /** An event came within the folders' longest wait: a re-read may still be on its way. */
    pending: () => performance.now() - lastEventAt < LIVE_COUNT_INTERVAL_MS + LIVE_REVALIDATE_JITTER_MS + 200,
    /** This tab's page against a fresh read of it (no ETag): the same rows, statuses and changes. */
    async compareWithFresh() {
      const answer = await get(agent, `${url}${PAGE_REQUESTS.list}`, token, 'sample', {}, true);
      if (answer.status !== 200 || !answer.body)
        return { same: false, detail: `fresh read ${answer.status}` };
      const fresh = rowsOf(JSON.parse(answer.body).data);
      if (heldRows === null) return { same: false, detail: 'no page held' };
      const at = fresh.findIndex((row, i) => row !== heldRows[i]);
      if (at < 0 && fresh.length === heldRows.length) return { same: true, detail: '' };
      return {
        same: false,
        detail: `row ${at + 1}: held ${heldRows[at] ?? 'none'}, fresh ${fresh[at] ?? 'none'}`,
      };
    },
    close() {
      closed = true;
      for (const { folder } of folders) folder.dispose();
      request?.destroy();
      agent.destroy();
    },
  };
}
