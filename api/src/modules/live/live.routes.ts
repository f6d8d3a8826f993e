import fastifySse from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { fileSchema } from '../../http/response-schemas';
import { hasRole, type LiveEventData, type Role } from 'shared-contracts';
import { authenticate, currentAuth } from '../../plugins/auth';
import { LIVE_EVENT_BATCH, type LiveHub } from './live.hub';
import { liveEventBounds, liveEventsAfter, type LiveEventRow } from './live.service';
import { SessionWatch } from './live.sessions';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

function dataOf(event: LiveEventRow): LiveEventData {
  return {
    kind: event.kind,
    entity: event.entityType,
    id: event.entityId,
    status: event.status,
    version: event.version,
    actorId: event.actorId,
    at: event.createdAt.toISOString(),
  };
}

/** A Last-Event-ID this API could have sent: a non-negative integer. */
function parseLastEventId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** GET /api/events: the live console's Server-Sent Events stream of the signed-in user. */
export async function liveRoutes(fastify: FastifyInstance): Promise<void> {
  const limits = fastify.config.liveEvents;
  await fastify.register(fastifySse, { heartbeatInterval: limits.heartbeatMs });
  const sessions = new SessionWatch(
    fastify.db,
    limits.sessionCheckMs,
    fastify.config.sessionMaxAge,
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
        reply.sse.send({ id: String(event.seq), event: 'change', data: dataOf(event) }).catch(() => close());
      };

      reply.sse.keepAlive();
      reply.sse.onClose(() => close());
      reply.header('cache-control', 'no-store');
      reply.sse.sendHeaders();
      reply.raw.write(': live\n\n');

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
      // Ends now and then, so the client comes back with its current access token.
      timers.push(setTimeout(close, limits.maxStreamMs));

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
        if (missedSome || fromAnotherLog) {
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
