/**
 * One per API process: wakes on the database's notification (the process's DatabaseListener),
 * reads the committed events after the last one it has seen from the log and
 * hands each to every open stream. The log is the source of truth: a missed wake-up (a dropped
 * listening connection) only delays delivery until the next wake-up or the safety poll.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db } from '../../db/client';
import type { DatabaseListener } from '../../db/listener';
import type { LiveFigures, Role } from 'shared-contracts';
import {
  liveEventsAfter,
  newestLiveEvent,
  pruneLiveEvents,
  type LiveEventFigure,
  type LiveEventRow,
} from './live.service';

export const LIVE_EVENTS_CHANNEL = 'live_events';
/** Events read from the log per query while catching up. */
export const LIVE_EVENT_BATCH = 500;
/**
 * How long the events of a read wait for their figures at most: past it they go without them (the
 * screens re-read the figures), so a slow database never holds back delivery by more.
 */
export const LIVE_FIGURES_WAIT_MS = 250;
/**
 * Stream writes between two turns of the event loop. One event to a thousand streams is a thousand
 * socket writes (tens of milliseconds); in one go they held every request that arrived meanwhile, a
 * fresh page load among them.
 */
export const LIVE_DELIVERY_CHUNK = 200;
/** The log is trimmed to its bound this often. */
const PRUNE_MS = 60_000;

export interface LiveSubscriber {
  deliver(event: LiveEventRow): void;
  /** The process is shutting down: the stream ends and its client reconnects to another one. */
  end(): void;
}

/**
 * Figures the events of one entity carry (the approvals' stat cards): computed once per read of the
 * log that holds such events, after they committed, and written into each of them, so a screen
 * that shows them need not re-read them. `minRole`: the lowest role the figures' own route answers.
 */
export interface LiveFiguresSource {
  entity: string;
  name: keyof LiveFigures;
  minRole: Role;
  /** On `db`, the hub's own connection, after the log read that found the events. */
  compute: (db: Db) => Promise<unknown>;
}

const LATE = Symbol('late');

/**
 * Hands every event to every subscriber, each subscriber's events in order, letting the event loop
 * take what arrived (requests, other streams' connections) after every `chunk` writes. The
 * subscribers are those open when the events were read: one that ends meanwhile drops what it is
 * handed, and one that opens meanwhile starts after these events.
 */
export async function fanOut(
  events: readonly LiveEventRow[],
  subscribers: readonly LiveSubscriber[],
  chunk = LIVE_DELIVERY_CHUNK,
): Promise<void> {
  let written = 0;
  for (const event of events) {
    for (const subscriber of subscribers) {
      subscriber.deliver(event);
      written += 1;
      if (written % chunk === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

export class LiveHub {
  readonly #database: DatabaseHandle;
  readonly #log: FastifyBaseLogger;
  readonly #logSize: number;
  readonly #safetyPollMs: number;
  readonly #subscribers = new Set<LiveSubscriber>();
  readonly #figures = new Set<LiveFiguresSource>();
  /** Null until the log has been read once (the database may be down at start). */
  #cursor: number | null = null;
  #pumping: Promise<void> | null = null;
  #again = false;
  #closed = false;
  #timers: NodeJS.Timeout[] = [];

  /**
   * `listener`: the process's LISTEN connection (started by its owner after start()).
   * `safetyPollMs`: without any wake-up, the log is read this often anyway.
   */
  constructor(
    database: DatabaseHandle,
    listener: DatabaseListener,
    log: FastifyBaseLogger,
    logSize: number,
    safetyPollMs = 2_000,
  ) {
    this.#database = database;
    this.#log = log;
    this.#logSize = logSize;
    this.#safetyPollMs = safetyPollMs;
    listener.on(LIVE_EVENTS_CHANNEL, () => void this.wake());
    // Listening again after a loss: read what was committed meanwhile.
    listener.onRestored(() => void this.wake());
  }

  /** The newest event this process has handed out: a stream without Last-Event-ID starts here. */
  get cursor(): number {
    return this.#cursor ?? 0;
  }

  /** True once the log has been read: until then the cursor says nothing of the data. */
  get started(): boolean {
    return this.#cursor !== null;
  }

  /**
   * Reads the log until the cursor reaches `seq` (an event a client saw from another process, or
   * from this one a moment before this process read it), a few reads at most: a `seq` from another
   * log (after a reset) is never reached, and the cursor is then as new as the log.
   */
  async catchUpTo(seq: number): Promise<void> {
    for (let read = 0; read < 3 && !this.#closed && this.cursor < seq; read += 1) await this.wake();
  }

  async start(): Promise<void> {
    await this.wake();
    this.#timers.push(setInterval(() => this.wake(), this.#safetyPollMs).unref());
    this.#timers.push(
      setInterval(() => {
        pruneLiveEvents(this.#database.db, this.#logSize).catch((err: unknown) =>
          this.#log.warn({ err }, 'live events: trimming the log failed'),
        );
      }, PRUNE_MS).unref(),
    );
  }

  /** Before the server closes: open streams would otherwise hold it open. */
  endStreams(): void {
    for (const subscriber of [...this.#subscribers]) subscriber.end();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.endStreams();
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await this.#pumping?.catch(() => {});
  }

  /** Events of `source.entity` carry its figures from now on; the answer stops it. */
  addFigures(source: LiveFiguresSource): () => void {
    this.#figures.add(source);
    return () => this.#figures.delete(source);
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  /**
   * Reads the log with a read that starts now: everything committed before the call is read when
   * it resolves (a read already under way may have started before the caller's commit).
   */
  async readCommitted(): Promise<void> {
    if (this.#closed || this.#cursor === null) return;
    if (this.#pumping) {
      this.#again = true;
      await this.#pumping;
      // The read that follows it has started (the one under way started it on finishing).
      await this.#pumping;
      return;
    }
    await this.wake();
  }

  /** Reads the log now (coalesced: one read at a time, one more if woken meanwhile). */
  wake(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (this.#pumping) {
      this.#again = true;
      return this.#pumping;
    }
    this.#pumping = this.#pump().finally(() => {
      this.#pumping = null;
      if (this.#again && !this.#closed) {
        this.#again = false;
        void this.wake();
      }
    });
    return this.#pumping;
  }

  async #pump(): Promise<void> {
    try {
      if (this.#cursor === null) {
        // Streams start from now: what happened before this process started is replayed only on
        // a client's Last-Event-ID.
        this.#cursor = await newestLiveEvent(this.#database.db);
        return;
      }
      for (;;) {
        const events = await liveEventsAfter(this.#database.db, this.#cursor, LIVE_EVENT_BATCH);
        if (events.length === 0) return;
        // Every answer read from now on reflects these events (they committed before the read):
        // the figures below are of that version, and a stream opened meanwhile starts after them.
        this.#cursor = events[events.length - 1]!.seq;
        await this.#withFigures(events);
        await fanOut(events, [...this.#subscribers]);
        if (events.length < LIVE_EVENT_BATCH || this.#closed) return;
      }
    } catch (err) {
      this.#log.warn({ err }, 'live events: reading the log failed');
    }
  }

  /**
   * Writes each source's figures into the events of its entity: one computation per source and
   * read, shared by every event and stream (none when nobody listens). A failed or late computation
   * only leaves them out: the screens then re-read them as without figures.
   */
  async #withFigures(events: LiveEventRow[]): Promise<void> {
    if (this.#figures.size === 0 || this.#subscribers.size === 0) return;
    const added = new Map<string, LiveEventFigure[]>();
    for (const source of this.#figures) {
      if (!events.some((event) => event.entityType === source.entity)) continue;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<typeof LATE>((resolve) => {
        timer = setTimeout(() => resolve(LATE), LIVE_FIGURES_WAIT_MS);
      });
      try {
        const value = await Promise.race([source.compute(this.#database.db), late]);
        if (value === LATE) continue;
        const list = added.get(source.entity) ?? [];
        list.push({ name: source.name, minRole: source.minRole, value });
        added.set(source.entity, list);
      } catch (err) {
        this.#log.warn({ err }, `live events: computing ${source.name} failed`);
      } finally {
        clearTimeout(timer);
      }
    }
    for (const event of events) {
      const figures = added.get(event.entityType);
      if (figures) event.figures = figures;
    }
  }
}
