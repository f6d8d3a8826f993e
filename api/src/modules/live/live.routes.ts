import fastifySse from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { fileSchema } from '../../http/response-schemas';
import { hasRole, LIVE_ERRORS, type LiveEventData, type Role } from 'shared-contracts';
import { tooManyRequests } from '../../http/http-error';
import { authenticate, currentAuth } from '../../plugins/auth';
import { LIVE_EVENT_BATCH, type LiveHub } from './live.hub';
import { liveEventBounds, liveEventsAfter, type LiveEventFigure, type LiveEventRow } from './live.service';
import { SessionWatch } from './live.sessions';
import { sessionLimitsOf } from '../../sessions/sessions.repository';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

function dataOf(event: LiveEventRow, figures: readonly LiveEventFigure[]): LiveEventData {
  return {
    kind: event.kind,
    entity: event.entityType,
    id: event.entityId,
    status: event.status,
    version: event.version,
    actorId: event.actorId,
    at: event.createdAt.toISOString(),
    ...(figures.length > 0
      ? { figures: Object.fromEntries(figures.map((figure) => [figure.name, figure.value])) }
      : {}),
  };
}

/**
 * An event as the stream's bytes for `role`, written once however many streams it goes to: the
 * hub hands the same row to every subscriber, so a thousand open consoles cost one serialisation
 * per set of figures their roles may read (one, when every role may read them all). A figure a
 * role may not read is left out of that role's bytes, never sent.
 */
const wireText = new WeakMap<LiveEventRow, { byRole: Map<Role, string>; byFigures: Map<string, string> }>();
function wireOf(event: LiveEventRow, role: Role): string {
  let texts = wireText.get(event);
  if (texts === undefined) {
    texts = { byRole: new Map(), byFigures: new Map() };
    wireText.set(event, texts);
  }
  let text = texts.byRole.get(role);
  if (text !== undefined) return text;
  const figures = (event.figures ?? []).filter((figure) => hasRole(role, figure.minRole as Role));
  const variant = figures.map((figure) => figure.name).join(',');
  text = texts.byFigures.get(variant);
  if (text === undefined) {
    text = `id: ${event.seq}\nevent: change\ndata: ${JSON.stringify(dataOf(event, figures))}\n\n`;
    texts.byFigures.set(variant, text);
  }
  texts.byRole.set(role, text);
  return text;
}

/** A Last-Event-ID this API could have sent: a non-negative integer. */
function parseLastEventId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * What one account holds in this process: its open streams (capped, so one client cannot hold
 * thousands of sockets and replays) and when it last asked for replays (rate-limited, since a
 * replay reads the log).
 */
class AccountStreams {
  private readonly open = new Map<number, number>();
  private readonly replays = new Map<number, number[]>();

  constructor(private readonly limits: { maxStreamsPerAccount: number; replaysPerMinute: number }) {}

  /** Takes a place for a stream of `userId`, or false when the account has all of its places. */
  take(userId: number): boolean {
    const count = this.open.get(userId) ?? 0;
    if (count >= this.limits.maxStreamsPerAccount) return false;
    this.open.set(userId, count + 1);
    return true;
  }

  release(userId: number): void {
    const count = (this.open.get(userId) ?? 1) - 1;
    if (count <= 0) this.open.delete(userId);
    else this.open.set(userId, count);
  }

  /** Counts a replay of `userId`; false past the minute's allowance. */
  mayReplay(userId: number, now = Date.now()): boolean {
    const recent = (this.replays.get(userId) ?? []).filter((at) => at > now - 60_000);
    const allowed = recent.length < this.limits.replaysPerMinute;
    if (allowed) recent.push(now);
    if (recent.length > 0) this.replays.set(userId, recent);
    else this.replays.delete(userId);
    return allowed;
  }
}

/** GET /api/events: the live console's Server-Sent Events stream of the signed-in user. */
export async function liveRoutes(fastify: FastifyInstance): Promise<void> {
  const limits = fastify.config.liveEvents;
  const accounts = new AccountStreams(limits);
  await fastify.register(fastifySse, { heartbeatInterval: limits.heartbeatMs });
  const sessions = new SessionWatch(
    fastify.db,
    limits.sessionCheckMs,
    sessionLimitsOf(fastify.config),
    fastify.log,
  );
  fastify.addHook('onClose', () => sessions.close());

  fastify.get(
    '/',
    {
      onRequest: authenticate,
      sse: 'only',
      schema: {
        tags: ['Events'],
        summary: 'Live console events (Server-Sent Events; Last-Event-ID replays from the log)',
        response: {
          200: fileSchema(
            'A stream of events: `id` (its place in the log), `event` (the kind) and `data` (JSON)',
            {
              'text/event-stream': v.string(),
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      const { db, liveHub } = request.server;
      if (!accounts.take(auth.user.id)) {
        throw tooManyRequests(LIVE_ERRORS.tooManyStreams(limits.maxStreamsPerAccount), 5);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        accounts.release(auth.user.id);
      };
      // However the stream ends (closed here, by the client, or by an error), its place is freed.
      reply.raw.once('close', release);
      let role: Role = auth.user.role;
      let lastSent = liveHub.cursor;
      let replaying = true;
      const held: LiveEventRow[] = [];
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe = () => {};
      let unwatch = () => {};
      let closed = false;

      const close = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        unwatch();
        for (const timer of timers) clearInterval(timer);
        release();
        reply.sse.close();
      };
      const send = (event: LiveEventRow) => {
        if (closed || event.seq <= lastSent) return;
        lastSent = event.seq;
        if (!hasRole(role, event.minRole as Role)) return;
        // A client that does not read its stream must not grow this process's memory.
        if (reply.raw.writableLength > limits.maxBufferedBytes) {
          close();
          return;
        }
        try {
          reply.raw.write(wireOf(event, role));
        } catch {
          close();
        }
      };

      reply.sse.keepAlive();
      reply.sse.onClose(() => close());
      reply.header('cache-control', 'no-store');
      // A proxy in front (nginx) passes each event on as it is written instead of buffering it.
      reply.header('x-accel-buffering', 'no');
      reply.sse.sendHeaders();
      // How long a client waits before reconnecting, for clients that follow the field.
      reply.raw.write(`: live\nretry: ${limits.retryMs}\n\n`);

      unsubscribe = liveHub.subscribe({
        deliver(event) {
          if (replaying) held.push(event);
          else send(event);
        },
        end: close,
      });

      // Sign-out, a revoked session or a deactivated user end the stream; a role change applies.
      unwatch = sessions.watch({ userId: auth.user.id, familyId: auth.sessionId }, (user) => {
        if (!user || !user.isActive) close();
        else role = user.role;
      });
      // Ends when its access token expires (or now and then before), so the client comes back with
      // its current token and a stream never outlives what authorized it.
      timers.push(
        setTimeout(close, Math.max(0, Math.min(limits.maxStreamMs, auth.tokenExpiresAt - Date.now()))),
      );

      const lastEventId = parseLastEventId(reply.sse.lastEventId);
      // A new client learns where it starts (an id without data): when it reconnects, after a
      // restart or to another process, it names it and is replayed what it missed meanwhile, even
      // if no event reached it before.
      if (lastEventId === null) reply.raw.write(`id: ${lastSent}\n\n`);
      await replayFrom(lastEventId);
      replaying = false;
      for (const event of held.splice(0)) send(event);

      /** What the client missed since its Last-Event-ID, from the log, or one 'resync'. */
      async function replayFrom(lastEventId: number | null): Promise<void> {
        if (lastEventId === null) return;
        const { oldest, newest } = await liveEventBounds(db);
        const missedSome = oldest !== null && lastEventId < oldest - 1;
        const fromAnotherLog = lastEventId > (newest ?? 0);
        // A replay reads the log: a long one, or one more than the account's allowance this
        // minute, is a resync instead (one line; the client revalidates what it shows).
        const tooFarBehind = (newest ?? 0) - lastEventId > limits.maxReplayEvents;
        const upToDate = lastEventId === (newest ?? 0);
        if (
          missedSome ||
          fromAnotherLog ||
          tooFarBehind ||
          (!upToDate && !accounts.mayReplay(auth.user.id))
        ) {
          // Too far behind (or from before the log was reset): the client revalidates everything.
          lastSent = Math.max(newest ?? 0, liveHub.cursor);
          await reply.sse.send({ id: String(newest ?? 0), event: 'resync', data: {} });
          return;
        }
        lastSent = lastEventId;
        for (let after = lastEventId; !closed;) {
          const events = await liveEventsAfter(db, after, LIVE_EVENT_BATCH);
          for (const event of events) send(event);
          if (events.length < LIVE_EVENT_BATCH) return;
          after = events[events.length - 1]!.seq;
        }
      }
    },
  );
}
