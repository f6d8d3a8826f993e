/**
 * What the lab's API counts for the thousand-console benchmark (tools/lab/bench-staff.mjs): every
 * answered request, how many of them ran at least one database statement, and the statements
 * themselves, grouped by the client kind the bench names in its `x-bench-client` header (console,
 * prober, driver) and by route. Lab build only: the product's server never registers it.
 *
 * A statement is attributed to the request whose async context issued it (AsyncLocalStorage
 * entered in onRequest and again before the handler, as a parsed body loses the context). It is
 * counted where it is issued: `Pool.query` in the caller's context; a checked-out client's own
 * `query` (a transaction's statements) likewise, but not the call pg-pool makes on behalf of
 * `Pool.query` (it passes a callback and may run in the context of whichever request released the
 * client). PostgreSQL only: the embedded database's statements are not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';

interface Tally {
  queries: number;
}

interface Bucket {
  requests: number;
  /** Requests that ran at least one statement. */
  dbRequests: number;
  queries: number;
  notModified: number;
}

const context = new AsyncLocalStorage<Tally>();
const totals = { queries: 0 };
/**
 * The prober's list reads as this process timed them, from the request's arrival to its answer
 * (the last 5,000): beside the time the prober saw, this says whether a slow fresh load waited in
 * the server or before it (the connection, the bench's own event loop).
 */
const PROBER_LIST_ROUTE = 'GET /api/bill-approval/approvals';
const proberListMs: number[] = [];
/** This process's event-loop delay since the last reading of the counters (each reading resets it). */
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
const buckets = new Map<string, Bucket>();
const tallies = new WeakMap<FastifyRequest, Tally>();
let installed = false;

function countStatement(): void {
  totals.queries += 1;
  const tally = context.getStore();
  if (tally) tally.queries += 1;
}

/** Wraps pg's query methods once per process (the prototypes are shared by every pool). */
function installQueryCounter(): void {
  if (installed) return;
  installed = true;
  const poolQuery = pg.Pool.prototype.query;
  const clientQuery = pg.Client.prototype.query;
  // pg's query() is overloaded; these wrappers pass every argument on unchanged.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: any[]): any {
    countStatement();
    return (poolQuery as (...a: any[]) => any).apply(this, args);
  } as typeof poolQuery;
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]): any {
    // With a callback: pg-pool's own call for a Pool.query already counted (or a stream).
    if (typeof args.at(-1) !== 'function' && typeof args[0]?.submit !== 'function') countStatement();
    return (clientQuery as (...a: any[]) => any).apply(this, args);
  } as typeof clientQuery;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

function bucketOf(key: string): Bucket {
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { requests: 0, dbRequests: 0, queries: 0, notModified: 0 };
    buckets.set(key, bucket);
  }
  return bucket;
}

/** The hooks that count, and GET /api/bench/counters (no auth: the lab's API only). */
export function registerBenchCounters(app: FastifyInstance): void {
  installQueryCounter();
  app.addHook('onRequest', (request, _reply, done) => {
    const tally = { queries: 0 };
    tallies.set(request, tally);
    context.run(tally, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const tally = tallies.get(request);
    if (tally) context.run(tally, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unrouted';
    if (!route.startsWith('/api/bench/')) {
      const header = request.headers['x-bench-client'];
      const client = typeof header === 'string' && /^[a-z-]{1,20}$/.test(header) ? header : 'other';
      const queries = tallies.get(request)?.queries ?? 0;
      for (const key of [`client ${client}`, `route ${request.method} ${route}`]) {
        const bucket = bucketOf(key);
        bucket.requests += 1;
        bucket.queries += queries;
        if (queries > 0) bucket.dbRequests += 1;
        if (reply.statusCode === 304) bucket.notModified += 1;
      }
      if (client === 'prober' && `${request.method} ${route}` === PROBER_LIST_ROUTE) {
        proberListMs.push(reply.elapsedTime);
        if (proberListMs.length > 5000) proberListMs.shift();
      }
    }
    done();
  });
  loopDelay.enable();
  app.get('/api/bench/counters', async () => {
    const loop = { p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6 };
    loopDelay.reset();
    return {
      // Every statement this process sent, in requests or not (the live stream's reads of the event
      // log and its session checks belong to no counted request).
      queries: totals.queries,
      cpu: process.cpuUsage(),
      buckets: Object.fromEntries(buckets),
      proberListMs,
      loop,
    };
  });
}
