/**
 * The signed-in user of a live session, kept in the process so that a signed-in request does not
 * read the database to learn who is calling — while a deactivation, demotion, sign-out, password
 * change or any other change of the account or its sessions still takes effect within a second on
 * every API process.
 *
 * The database says when to forget: triggers on `users` and `refresh_tokens` NOTIFY the user's id
 * on AUTH_CHANGES_CHANNEL when the row changes or goes, in the changing transaction (delivered at
 * its commit, never for a rollback). Each process LISTENs (db/listener.ts) and drops that user's
 * sessions at once. Three rules make a missed notification harmless:
 *  - an answer is trusted only while the listening connection has proven, less than
 *    MAX_UNCONFIRMED_MS ago, that it has delivered everything committed before (its heartbeat);
 *    otherwise every request reads the database, as without the cache;
 *  - after this process answers a write (which may have changed an account or a session), kept
 *    answers wait for the next proof of delivery (asked for at once), so the process's own next
 *    request never sees what its last write changed — e.g. a deactivation answered 200 and the
 *    deactivated user's next request;
 *  - a read that started before a notification arrived is not kept (the generation counter), so a
 *    change committed while the read ran is not hidden behind the read's older answer;
 *  - a session is kept only until the earlier of its last refresh token's expiry and its absolute
 *    limit (the database computes both), and at most MAX_AGE_MS in any case.
 */
import { performance } from 'node:perf_hooks';
import type { UserRow } from '../db/schema';
import type { DatabaseListener } from '../db/listener';

export const AUTH_CHANGES_CHANNEL = 'auth_changes';
/** How old the listener's last proof of delivery may be for a kept answer to count. */
export const MAX_UNCONFIRMED_MS = 750;
/** No answer is kept longer than this, whatever the notifications say. */
const MAX_AGE_MS = 5 * 60_000;
/** Sessions kept per process; past it the cache starts again empty (a bound, not an LRU). */
const MAX_SESSIONS = 20_000;

interface Entry {
  user: UserRow;
  /** ms since the epoch: the session's end as the database computed it. */
  liveUntil: number;
  storedAt: number;
}

export class AuthCache {
  readonly #listener: DatabaseListener;
  /** user id → session (refresh family) id → entry */
  readonly #users = new Map<number, Map<string, Entry>>();
  #size = 0;
  #generation = 0;
  /** performance.now() of the last write this process answered. */
  #localWriteAt = 0;

  constructor(listener: DatabaseListener) {
    this.#listener = listener;
    listener.on(AUTH_CHANGES_CHANNEL, (payload) => this.forget(Number(payload)));
    // Notifications may have been missed while the connection was down.
    listener.onRestored(() => this.clear());
  }

  /** Taken before a database read; store() keeps the read's answer only if nothing changed since. */
  get generation(): number {
    return this.#generation;
  }

  /** The kept user of this session, or undefined when the database must be asked. */
  get(userId: number, sessionId: string, now = Date.now()): UserRow | undefined {
    const entry = this.#users.get(userId)?.get(sessionId);
    if (!entry) return undefined;
    if (now >= entry.liveUntil || now - entry.storedAt > MAX_AGE_MS) {
      this.#remove(userId, sessionId);
      return undefined;
    }
    if (!this.#current()) return undefined;
    return entry.user;
  }

  /** This process answered a write: trust nothing kept until the database has caught up with it. */
  noteLocalWrite(): void {
    this.#localWriteAt = performance.now();
    this.#listener.confirmSoon();
  }

  /** Would a change committed up to now have been heard of? */
  #current(): boolean {
    const confirmed = this.#listener.confirmedAt;
    return confirmed > this.#localWriteAt && performance.now() - confirmed <= MAX_UNCONFIRMED_MS;
  }

  /**
   * Keeps a database answer taken at `generation`, unless a change was notified since (it may
   * not be in the answer) or the listener cannot vouch for the answer staying current.
   */
  store(generation: number, userId: number, sessionId: string, user: UserRow, liveUntil: number): void {
    if (generation !== this.#generation) return;
    const now = Date.now();
    if (!this.#current()) return;
    if (this.#size >= MAX_SESSIONS) this.clear();
    let sessions = this.#users.get(userId);
    if (!sessions) {
      sessions = new Map();
      this.#users.set(userId, sessions);
    }
    if (!sessions.has(sessionId)) this.#size += 1;
    sessions.set(sessionId, { user, liveUntil, storedAt: now });
  }

  /** The account or a session of `userId` changed: ask the database next time. */
  forget(userId: number): void {
    this.#generation += 1;
    const sessions = this.#users.get(userId);
    if (!sessions) return;
    this.#size -= sessions.size;
    this.#users.delete(userId);
  }

  clear(): void {
    this.#generation += 1;
    this.#users.clear();
    this.#size = 0;
  }

  #remove(userId: number, sessionId: string): void {
    const sessions = this.#users.get(userId);
    if (sessions?.delete(sessionId)) this.#size -= 1;
    if (sessions?.size === 0) this.#users.delete(userId);
  }
}
