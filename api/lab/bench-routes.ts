/**
 * The measuring routes of the lab's API (server.ts here, which `pnpm bench` starts); the product's
 * app never has them:
 * - GET /api/bench/ceiling: a constant JSON body straight from Fastify (no auth, no database, no
 *   compression), the ceiling the other endpoints are compared with in the same process;
 * - GET /api/bench/memory: this process's resident memory now and its peak (VmHWM, Linux), in bytes;
 * - POST /api/bench/memory/reset-peak: resets that peak (Linux /proc/self/clear_refs), so the peak
 *   read after one request is that request's;
 * - POST /api/bench/profile/start and /api/bench/profile/stop: a CPU profile of this process between
 *   the two calls (node:inspector's Profiler, in-process), answered by stop as a .cpuprofile JSON. The
 *   bench starts it after a view's warm-up and stops it at the end of its measured window, so each view
 *   gets a profile of exactly the requests it counts; `node --cpu-prof` can only write one profile for
 *   the whole process, and restarting the API per view would profile start-up and warm-up too;
 * - GET /api/bench/counters: requests answered, those that ran a database statement, and the
 *   statements, by client kind and route (bench-counters.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import type { FastifyInstance } from 'fastify';
import { registerBenchCounters } from './bench-counters';

const CEILING_BODY = { success: true, data: { ok: true } };

async function peakRss(): Promise<number | null> {
  try {
    const status = await readFile('/proc/self/status', 'utf8');
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** One inspector call as a promise (node:inspector/promises is not in Node 20's types everywhere). */
function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

export function registerBenchRoutes(app: FastifyInstance): void {
  registerBenchCounters(app);
  let profiling: Session | null = null;
  app.post<{ Querystring: { intervalUs?: string } }>('/api/bench/profile/start', async (request, reply) => {
    if (profiling) return reply.code(409).send({ started: false });
    const session = new Session();
    session.connect();
    profiling = session;
    await post(session, 'Profiler.enable');
    // Microseconds between samples: V8's default is 1,000; the bench asks for finer sampling.
    const interval = Number(request.query.intervalUs ?? 1000);
    await post(session, 'Profiler.setSamplingInterval', {
      interval: Number.isSafeInteger(interval) && interval >= 50 ? interval : 1000,
    });
    await post(session, 'Profiler.start');
    return { started: true };
  });
  app.post('/api/bench/profile/stop', async (_request, reply) => {
    const session = profiling;
    if (!session) return reply.code(409).send({ stopped: false });
    profiling = null;
    try {
      const { profile } = await post<{ profile: unknown }>(session, 'Profiler.stop');
      // Sent as text: the profile is not the API's JSON envelope and needs no schema.
      return reply.type('application/json').send(JSON.stringify(profile));
    } finally {
      session.disconnect();
    }
  });

  app.get('/api/bench/ceiling', async () => CEILING_BODY);
  app.get('/api/bench/memory', async () => ({ rss: process.memoryUsage.rss(), peakRss: await peakRss() }));
  app.post('/api/bench/memory/reset-peak', async () => {
    try {
      await writeFile('/proc/self/clear_refs', '5');
      return { reset: true };
    } catch {
      return { reset: false };
    }
  });
}
