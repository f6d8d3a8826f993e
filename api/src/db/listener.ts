/**
 * One LISTEN connection per API process for every channel the process follows (the live console's
 * event log, the sign-in cache's invalidations). On PostgreSQL it is a connection of its own,
 * outside the pool, held for the life of the process; on the embedded database, PGlite's listen in
 * the same process.
 *
 * A notification can be missed while the connection is down, and a half-dead connection may not
 * say so. So the listener answers the question a cache must ask — "would I have heard of a change
 * committed before time T?" — with `confirmedAt`: the time a heartbeat query was sent on the
 * listening connection whose answer has come back. PostgreSQL hands a listening session the
 * notifications committed before a query when it finishes that query, so everything committed
 * before `confirmedAt` has been delivered. The heartbeat runs every HEARTBEAT_MS; when it stops
 * answering, `confirmedAt` stops moving and readers that need fresh data stop trusting what they
 * keep.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './client';

/** After the listening connection fails, the next attempt waits this long. */
const RELISTEN_MS = 1_000;
/** How often the listening connection proves it is alive (PostgreSQL only). */
export const HEARTBEAT_MS = 250;
/** A heartbeat unanswered this long means a dead connection: it is replaced. */
const HEARTBEAT_TIMEOUT_MS = 5_000;

type Handler = (payload: string) => void;

export class DatabaseListener {
  readonly #database: DatabaseHandle;
  readonly #log: FastifyBaseLogger;
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #restored = new Set<() => void>();
  #client: pg.Client | null = null;
  #unlisten: Array<() => Promise<void>> = [];
  #heartbeat: NodeJS.Timeout | null = null;
  #beating = false;
  #beatAgain = false;
  #confirmedAt = 0;
  #started = false;
  #closed = false;

  constructor(database: DatabaseHandle, log: FastifyBaseLogger) {
    this.#database = database;
    this.#log = log;
  }

  /**
   * Until which time (`performance.now()` of this process) every notification committed is known
   * to have been delivered. 0 before the first confirmation and never moving while the connection
   * is down. The embedded database delivers in the same process, at once.
   */
  get confirmedAt(): number {
    if (this.#database.kind === 'pglite') return this.#started && !this.#closed ? performance.now() : 0;
    return this.#confirmedAt;
  }

  /** Asks for a heartbeat now (after a local write, so that confirmedAt soon passes it). */
  confirmSoon(): void {
    if (this.#database.kind !== 'postgres' || this.#closed) return;
    if (this.#beating) this.#beatAgain = true;
    else void this.#beat();
  }

  /**
   * Resolves once everything committed before the call has been delivered (at once on the
   * embedded database). For callers that must see a change made through another connection before
   * going on, such as tests that change rows directly and then ask the API.
   */
  async caughtUp(timeoutMs = 5_000): Promise<void> {
    if (this.#database.kind !== 'postgres' || !this.#started) return;
    const since = performance.now();
    while (this.#confirmedAt <= since) {
      if (performance.now() - since > timeoutMs) throw new Error('the database listener is not confirming');
      this.confirmSoon();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** Calls `handler` with each notification's payload on `channel`. Register before start(). */
  on(channel: string, handler: Handler): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
    }
    handlers.add(handler);
  }

  /** Called each time listening starts again after a loss (notifications may have been missed). */
  onRestored(handler: () => void): void {
    this.#restored.add(handler);
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    const database = this.#database;
    if (database.kind === 'pglite') {
      for (const [channel, handlers] of this.#handlers) {
        this.#unlisten.push(
          await database.client.listen(channel, (payload) => {
            for (const handler of handlers) handler(payload);
          }),
        );
      }
      return;
    }
    await this.#connect();
    this.#heartbeat = setInterval(() => void this.#beat(), HEARTBEAT_MS).unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    for (const unlisten of this.#unlisten) await unlisten().catch(() => {});
    this.#unlisten = [];
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    if (this.#database.kind !== 'postgres') return;
    const client = new pg.Client(this.#database.pool.options);
    const lost = () => this.#lost(client);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    this.#client = client;
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      this.#log.warn({ err }, 'database listener: listening failed; retrying');
      lost();
      return;
    }
    if (this.#client !== client) return;
    await this.#beat();
    for (const handler of this.#restored) handler();
  }

  #lost(client: pg.Client): void {
    if (this.#closed || this.#client !== client) return;
    this.#client = null;
    client.end().catch(() => {});
    setTimeout(() => {
      if (!this.#closed) void this.#connect();
    }, RELISTEN_MS).unref();
  }

  /** One round trip on the listening connection; on its answer, what was sent before is delivered. */
  async #beat(): Promise<void> {
    const client = this.#client;
    if (!client || this.#beating) return;
    this.#beating = true;
    const sentAt = performance.now();
    const timeout = setTimeout(() => this.#lost(client), HEARTBEAT_TIMEOUT_MS).unref();
    try {
      await client.query('select 1');
      if (this.#client === client) this.#confirmedAt = Math.max(this.#confirmedAt, sentAt);
    } catch {
      // The 'error' / 'end' handler reconnects; confirmedAt stays where it was.
    } finally {
      clearTimeout(timeout);
      this.#beating = false;
      if (this.#beatAgain) {
        this.#beatAgain = false;
        void this.#beat();
      }
    }
  }
}
