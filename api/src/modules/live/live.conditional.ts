/**
 * Reads answered by the live log's position. Every change the console shows commits an event in
 * its own transaction, numbered in commit order, so the newest event this process has read is a
 * version of all the data: an answer computed after the process read event N reflects at least
 * everything up to N. A console that re-reads an unchanged view sends back the ETag it holds and
 * gets a 304 without the query being run; a thousand consoles asking for the same figures at the
 * same version share one query.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import { API_POOL_SIZE, type DatabaseHandle, type Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    rereads: LimitFunction;
  }
}

/**
 * Pooled connections a re-read never takes (PostgreSQL): what a person opening a page, or making a
 * change, finds free however many consoles are re-reading.
 */
export const FIRST_READ_CONNECTIONS = 3;

/**
 * The queue of this process's re-reads: a read that sends the ETag of a copy it holds is a screen
 * re-reading what it already shows after a live event, and a thousand consoles do so after every
 * change. At most this many compute at once; the rest wait here, not in the database pool, where a
 * first read (a page opened, no ETag) would queue behind every one of them. On the embedded
 * database, which runs one statement at a time, one re-read at a time.
 */
export function createRereadQueue(database: DatabaseHandle): LimitFunction {
  return pLimit(database.kind === 'postgres' ? API_POOL_SIZE - FIRST_READ_CONNECTIONS : 1);
}

/** The client's newest event id (the stream's `id`), so a process behind it reads the log first. */
export const LIVE_SEQ_HEADER = 'live-seq';

/**
 * Answers stay fresh at most this long whatever the log says: the few things an answer shows that
 * change with the clock alone (a delegation's window opening, an approval's age) are read again.
 */
export const VERSION_WINDOW_MS = 60_000;

/** The version the data is read at, or null while this process has not read the log yet. */
export async function dataVersion(request: FastifyRequest): Promise<string | null> {
  const hub = request.server.liveHub;
  const seen = request.headers[LIVE_SEQ_HEADER];
  const seq = typeof seen === 'string' && /^\d{1,15}$/.test(seen) ? Number(seen) : null;
  if (seq !== null && seq > hub.cursor) await hub.catchUpTo(seq);
  return currentVersion(request.server);
}

/** The version this process's data is at now (its hub's cursor and the clock's window), or null. */
export function currentVersion(server: FastifyInstance): string | null {
  const hub = server.liveHub;
  if (!hub.started) return null;
  return `${hub.cursor}.${Math.floor(server.now().getTime() / VERSION_WINDOW_MS)}`;
}

/** True when If-None-Match names `etag` (or is `*`). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag || tag.replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

/**
 * A GET whose answer depends only on the data and on who asks (their id and role, and the URL):
 * a 304 when the client holds the answer of this version, else `compute()` with an ETag. The ETag
 * names the person, so one account's answer never matches another's.
 */
export async function conditionalAnswer<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  viewer: { id: number; role: string },
  compute: () => Promise<T>,
): Promise<T | FastifyReply> {
  const version = await dataVersion(request);
  if (version === null) return compute();
  const scope = createHash('sha256')
    .update(`${viewer.id}\n${viewer.role}\n${request.url}`)
    .digest('base64url')
    .slice(0, 22);
  const etag = `W/"${version}-${scope}"`;
  reply.header('etag', etag);
  if (matches(request, etag)) return reply.code(304).send();
  // A re-read of a changed view: its turn comes after first reads (see createRereadQueue).
  if (request.headers['if-none-match']) return request.server.rereads(compute);
  return compute();
}

/**
 * One answer per data version, shared by everyone who asks at that version (figures that are the
 * same for every viewer): concurrent askers wait for the one query in flight.
 */
export class VersionedSnapshot<T> {
  #version: string | null = null;
  #value: Promise<T> | null = null;

  constructor(private readonly compute: (db: Db) => Promise<T>) {}

  async get(request: FastifyRequest): Promise<T> {
    return this.at(await dataVersion(request), request.server.db);
  }

  /** The answer at the process's version now, read on `db` when not shared yet (the live hub's). */
  current(server: FastifyInstance, db: Db): Promise<T> {
    return this.at(currentVersion(server), db);
  }

  private at(version: string | null, db: Db): Promise<T> {
    if (version === null) return this.compute(db);
    if (this.#version !== version || this.#value === null) {
      const value = this.compute(db);
      this.#version = version;
      this.#value = value;
      // A failed read is not kept: the next asker tries again.
      value.catch(() => {
        if (this.#value === value) this.#value = null;
      });
    }
    return this.#value;
  }
}
