/**
 * Background jobs on pg-boss, in the API's own database, for both engines.
 *
 * pg-boss 10.4 (the newest line that runs on Node 20; 11 and later require Node 22) is given the
 * database through its `db` adapter instead of a pool of its own: on PostgreSQL it runs its
 * statements on the API's pool, on the embedded database on the one PGlite instance. PGlite runs
 * each statement after any open transaction ends, so a poll never lands inside a request's
 * transaction. Tried and measured here: its schema migrates in ~0.15 s on PGlite and a job sent
 * is picked up within the polling interval. The embedded mode therefore needs no in-process
 * stand-in: both engines run the same queue.
 *
 * The rest of the API sees only `JobQueue`.
 */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

export interface JobOptions {
  /** At most one such job waiting and one running per key (pg-boss 'stately' queues). */
  singletonKey?: string;
}

export interface JobQueue {
  /** Queues a job; null when one with the same singleton key is already waiting. */
  send(name: string, data: object, options?: JobOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue in this process, one at a time. */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Sends `name` on a cron schedule (once across all processes). */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueDefinition {
  name: string;
  /** A job still running this long is taken as lost (its process died) and retried. */
  expireInSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** The adapter pg-boss runs its SQL through: the API's pool, or the embedded instance. */
function adapter(database: DatabaseHandle): PgBoss.Db {
  if (database.kind === 'postgres') {
    return { executeSql: (text, values) => database.pool.query(text, values) };
  }
  const client = database.client;
  return {
    async executeSql(text, values) {
      // pg-boss sends its schema and migrations as one multi-statement text without parameters.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

/**
 * Arbitrary constant: the advisory lock that serialises the queue's set-up across API processes.
 * Not 727_274_001 (migrations) nor 727_274_002 (the live event log numbers its events under it at
 * every commit: sharing it made every write of every process wait while one process set up).
 */
const QUEUE_SETUP_LOCK_ID = 727_274_003;

/**
 * Runs the queue's set-up in one API process at a time. pg-boss creates a queue's table and its
 * constraints without a lock of its own, so two processes starting together against one server
 * deadlock (40P01) in `createQueue`; the second now waits and finds the queues made. The embedded
 * database has one process.
 */
async function oneProcessAtATime(database: DatabaseHandle, setUp: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres') return setUp();
  const client = await database.pool.connect();
  try {
    // The pool's statement limit would end a long wait for the other process's set-up.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_ID]);
    try {
      await setUp();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]);
    }
  } finally {
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

export async function startJobQueue(
  database: DatabaseHandle,
  queues: QueueDefinition[],
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: adapter(database),
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
    // Finished jobs are history nobody reads here: kept a day.
    deleteAfterHours: 24,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await oneProcessAtATime(database, async () => {
    await boss.start();
    for (const queue of queues) {
      await boss.createQueue(queue.name, {
        name: queue.name,
        policy: 'stately',
        expireInSeconds: queue.expireInSeconds,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
      });
    }
  });
  return {
    send: (name, data, options = {}) =>
      boss.send(name, data, options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    async work<T extends object>(name: string, handler: (data: T) => Promise<void>) {
      await boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    schedule: (name, cron) => boss.schedule(name, cron),
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
