/**
 * The sessions of a process's open streams, re-checked together: one statement per interval for
 * every stream (sessions in chunks), instead of one per stream, so a thousand open tabs cost the
 * database one query each half second, not two thousand a second.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from 'shared-contracts';
import type { Db } from '../../db/client';
import { usersInLiveSessions, type SessionLimits, type SessionRef } from '../../sessions/sessions.repository';

/** The user behind a live session, or undefined once the session has ended. */
export type SessionState = { role: Role; isActive: boolean } | undefined;

/** Sessions per statement (two parameters each). */
const CHUNK = 500;

export class SessionWatch {
  readonly #db: Db;
  readonly #intervalMs: number;
  readonly #maxAge: SessionLimits;
  readonly #log: FastifyBaseLogger;
  readonly #watchers = new Map<string, { ref: SessionRef; listeners: Set<(state: SessionState) => void> }>();
  #timer: NodeJS.Timeout | null = null;
  #checking = false;

  constructor(db: Db, intervalMs: number, maxAge: SessionLimits, log: FastifyBaseLogger) {
    this.#db = db;
    this.#intervalMs = intervalMs;
    this.#maxAge = maxAge;
    this.#log = log;
  }

  /** Calls `listener` after every check with the session's state; the answer stops it. */
  watch(ref: SessionRef, listener: (state: SessionState) => void): () => void {
    const key = `${ref.userId}:${ref.familyId}`;
    let entry = this.#watchers.get(key);
    if (!entry) {
      entry = { ref, listeners: new Set() };
      this.#watchers.set(key, entry);
    }
    entry.listeners.add(listener);
    this.#timer ??= setInterval(() => void this.#check(), this.#intervalMs);
    return () => {
      const current = this.#watchers.get(key);
      current?.listeners.delete(listener);
      if (current && current.listeners.size === 0) this.#watchers.delete(key);
      if (this.#watchers.size === 0) this.close();
    };
  }

  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #check(): Promise<void> {
    // A slow database must not pile checks up: the next interval waits for this one.
    if (this.#checking) return;
    this.#checking = true;
    try {
      const entries = [...this.#watchers.entries()];
      for (let start = 0; start < entries.length; start += CHUNK) {
        const chunk = entries.slice(start, start + CHUNK);
        const live = await usersInLiveSessions(
          this.#db,
          chunk.map(([, entry]) => entry.ref),
          this.#maxAge,
        );
        const byKey = new Map(live.map((row) => [`${row.userId}:${row.familyId}`, row]));
        for (const [key, entry] of chunk) {
          const row = byKey.get(key);
          const state: SessionState = row ? { role: row.role as Role, isActive: row.isActive } : undefined;
          for (const listener of [...entry.listeners]) listener(state);
        }
      }
    } catch (err) {
      // The streams stay open; the next check decides.
      this.#log.warn({ err }, 'live events: checking the streams’ sessions failed');
    } finally {
      this.#checking = false;
    }
  }
}
