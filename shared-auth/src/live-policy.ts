// How a screen reacts to the live stream, apart from React and the browser, so the console and the
// load benchmark that stands for a thousand open consoles (tools/lab) run the same code: which
// events concern a view, and when a burst of them is answered.
import type { LiveFigures } from 'shared-contracts';
import type { LiveEvent } from './live-bus';

/** How often at most a view re-reads what it shows because of live events. */
export const LIVE_REVALIDATE_INTERVAL_MS = 1000;

/**
 * How often at most a count beside the page (the sidebar's 'Waiting for me' badge) is re-read
 * because of other people's changes. Each asker's count is a query of its own (it depends on who
 * asks), so with a thousand open consoles it was most of the database work of every decision; a
 * lone change is still answered at once, only a burst is folded over this longer interval.
 */
export const LIVE_COUNT_INTERVAL_MS = 3000;

/**
 * Each re-read waits a random part of this first, so the consoles one event reaches do not all
 * ask in the same few milliseconds (a thousand of them spread over a third of a second).
 */
export const LIVE_REVALIDATE_JITTER_MS = 300;

/** An event that concerns a view of `entities` (every entity when null): its entity's, or a resync. */
export function concernsEntities(event: LiveEvent, entities: readonly string[] | null): boolean {
  return event.type === 'resync' || !entities || entities.includes(event.entity);
}

/** An event that concerns the one record `entity` `id`, or a resync. */
export function concernsRecord(event: LiveEvent, entity: string, id: string | number): boolean {
  return event.type === 'resync' || (event.entity === entity && event.id === String(id));
}

export interface LiveFolderOptions {
  intervalMs?: number;
  /** Up to this much longer, at random, before each answer (0: none). */
  jitterMs?: number;
  random?: () => number;
  /** Clock and timers: the page's own, or a test's. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface LiveFolder<E> {
  /** An event arrived: answered at once after a quiet interval, else folded into the next answer. */
  push(event: E): void;
  /** Drops what is waiting; nothing is answered after this. */
  dispose(): void;
}

/** Events a folder keeps between two answers; a longer burst is answered as "everything changed". */
export const LIVE_FOLD_MAX_EVENTS = 200;

/**
 * The longest a folder waits for its last answer's re-read before answering again all the same: a
 * read that never settles must not stop a view following changes.
 */
export const LIVE_ANSWER_WAIT_MAX_MS = 15_000;

/** What a folder answers with: the latest event, and every event since the last answer. */
export interface LiveBatch<E> {
  latest: E;
  /** Oldest first; empty when the burst held more than LIVE_FOLD_MAX_EVENTS (`overflowed`). */
  events: readonly E[];
  overflowed: boolean;
}

/**
 * Folds a stream of events into calls of `onFire`: at once (after the jitter) when the last call
 * was at least an interval ago, else at the interval's end, so a burst of changes costs a view one
 * re-read a second however many events it holds. When `onFire` answers with a promise (the re-read
 * it started), the next call also waits for that to settle (at most LIVE_ANSWER_WAIT_MAX_MS): a view
 * never has two re-reads of its own under way, so when the server is slow, a thousand consoles
 * wait for their answers instead of asking again and again (each new ask another connection and
 * another query behind the last).
 */
export function createLiveFolder<E>(
  onFire: (batch: LiveBatch<E>) => unknown,
  options: LiveFolderOptions = {},
): LiveFolder<E> {
  const intervalMs = options.intervalMs ?? LIVE_REVALIDATE_INTERVAL_MS;
  const jitterMs = options.jitterMs ?? 0;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  /** The last answer's re-read, while it is under way (with its deadline's timer). */
  let answering: { deadline: unknown } | null = null;
  let pending: E[] = [];
  let overflowed = false;
  let latest: { event: E } | null = null;
  let disposed = false;
  const schedule = () => {
    if (timer !== null || answering !== null || latest === null || disposed) return;
    timer = setTimer(fire, Math.max(0, last + intervalMs - now()) + Math.floor(random() * jitterMs));
  };
  const fire = () => {
    timer = null;
    last = now();
    const batch = latest && { latest: latest.event, events: overflowed ? [] : pending, overflowed };
    latest = null;
    pending = [];
    overflowed = false;
    if (!batch || disposed) return;
    const answer = onFire(batch);
    if (!answer || typeof (answer as PromiseLike<unknown>).then !== 'function') return;
    const current = { deadline: null as unknown };
    const settle = () => {
      if (answering !== current) return;
      clearTimer(current.deadline);
      answering = null;
      schedule();
    };
    answering = current;
    current.deadline = setTimer(settle, LIVE_ANSWER_WAIT_MAX_MS);
    (answer as PromiseLike<unknown>).then(settle, settle);
  };
  return {
    push(event) {
      if (disposed) return;
      latest = { event };
      if (!overflowed) pending.push(event);
      if (pending.length > LIVE_FOLD_MAX_EVENTS) {
        overflowed = true;
        pending = [];
      }
      schedule();
    },
    dispose() {
      disposed = true;
      latest = null;
      pending = [];
      if (timer !== null) clearTimer(timer);
      timer = null;
      if (answering !== null) clearTimer(answering.deadline);
      answering = null;
    },
  };
}

/**
 * How a list keeps up with changes of its entities without re-reading its page on every one: the
 * changes that leave a row where it is in the list (its status moves on; its creation date,
 * company and amounts stay), and the query keys (filters and sorts) no such change touches.
 */
export interface ListLivePolicy {
  inPlaceKinds: readonly string[];
  stableKeys: readonly string[];
  /**
   * The row field an event's status is written to, on the row on screen, as soon as the event
   * arrives: the new status shows at once, before the folded re-read brings the rest of the row
   * (its step, dates and who decided). None: rows change only when the page is re-read.
   */
  statusField?: string;
  /**
   * Related keys whose figures an event may carry (related key → the event's figure): written
   * from the event as it arrives instead of re-read. Figures the event lacks are re-read as before.
   */
  figures?: Readonly<Record<string, keyof LiveFigures>>;
}

/** What a list re-reads after a batch of events: nothing, only its related figures, or everything. */
export type ListReaction = 'none' | 'related' | 'all';

/**
 * A list's answer to a batch of events. Its page is re-read when a change may have changed what
 * the page shows: a row on it changed, a row may have come or gone (a creation, a deletion, any
 * change the policy does not know), or the page is filtered or sorted by something a change can
 * move. Otherwise only the related figures (counts by status) are re-read.
 */
export function listReaction(
  batch: LiveBatch<LiveEvent>,
  view: {
    entities: readonly string[] | null;
    /** Ids of the rows on the page. */
    visibleIds: ReadonlySet<string>;
    /** The page's query: filters, sortBy, page, limit, sortOrder. */
    request: Readonly<Record<string, unknown>>;
    policy: ListLivePolicy | undefined;
  },
): ListReaction {
  if (batch.overflowed) return 'all';
  const concerning = batch.events.filter((event) => concernsEntities(event, view.entities));
  if (concerning.length === 0) return 'none';
  const { policy } = view;
  if (!policy) return 'all';
  for (const event of concerning) {
    if (event.type === 'resync') return 'all';
    if (!policy.inPlaceKinds.includes(event.kind) || view.visibleIds.has(event.id)) return 'all';
  }
  const moving = Object.entries(view.request).some(
    ([key, value]) =>
      !PAGING_KEYS.has(key) &&
      value !== undefined &&
      value !== '' &&
      !policy.stableKeys.includes(key === 'sortBy' ? String(value) : key),
  );
  return moving ? 'all' : 'related';
}

/**
 * The User Timing mark a list leaves each time it writes an event to a row in place, so DevTools'
 * performance panel and the lab's tab measurement can count them.
 */
export const LIVE_PATCH_MARK = 'live-row-patch';

/**
 * The rows of a page with `event`'s status written to the row it names, when that row is on the
 * page, the event is of a kind that leaves the row in place and the status differs; null when
 * nothing changes (so a caller re-renders nothing and keeps any read under way).
 */
export function patchRows<Row extends { id: string | number }>(
  rows: readonly Row[],
  event: LiveEvent,
  view: { entities: readonly string[] | null; policy: ListLivePolicy | undefined },
): Row[] | null {
  const field = view.policy?.statusField;
  if (!field || event.type !== 'change' || event.status === null) return null;
  if (!concernsEntities(event, view.entities) || !view.policy!.inPlaceKinds.includes(event.kind)) return null;
  const index = rows.findIndex((row) => String(row.id) === event.id);
  if (index < 0 || (rows[index] as Record<string, unknown>)[field] === event.status) return null;
  const patched = [...rows];
  patched[index] = { ...rows[index]!, [field]: event.status };
  return patched;
}

/**
 * The related figures `event` carries for a list of `view`, as [related key, value] pairs, for the
 * list to write in place as the event arrives (none for a resync, a replayed event, an event of
 * another entity or figures the policy does not name).
 */
export function carriedFigures(
  event: LiveEvent,
  view: { entities: readonly string[] | null; policy: ListLivePolicy | undefined },
): Array<[string, unknown]> {
  const named = view.policy?.figures;
  if (!named || event.type !== 'change' || !event.figures) return [];
  if (!concernsEntities(event, view.entities)) return [];
  const carried: Array<[string, unknown]> = [];
  for (const [key, figure] of Object.entries(named)) {
    const value = event.figures[figure];
    if (value !== undefined) carried.push([key, value]);
  }
  return carried;
}

/**
 * The related keys a batch still has to re-read: all of them, but those whose figures its latest
 * event carried. Events come in the log's order and the server computes each event's figures after
 * that event committed, so the latest event's figures cover every earlier change of the burst.
 */
export function relatedToReRead(
  batch: LiveBatch<LiveEvent>,
  related: readonly string[],
  view: { entities: readonly string[] | null; policy: ListLivePolicy | undefined },
): string[] {
  const carried = new Set(carriedFigures(batch.latest, view).map(([key]) => key));
  return related.filter((key) => !carried.has(key));
}

/** Keys of a list request that say which page, not which rows. */
const PAGING_KEYS = new Set(['page', 'limit', 'sortOrder']);
