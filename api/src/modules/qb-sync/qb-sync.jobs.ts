/**
 * The QuickBooks sync as jobs: a minute's schedule queues a sync for every connected company
 * whose next run is due, and 'Sync now' queues one at once. Queues are 'stately' keyed by the
 * company, so one company has at most one sync waiting and one running across all API processes;
 * the sync's own lease and page fences (qb-sync.service.ts) hold even if a job ran twice.
 */
import type { FastifyInstance } from 'fastify';
import { startJobQueue, type JobQueue } from '../../jobs/queue';
import { RealmLimiter } from '../../quickbooks/accounting-client';
import { findCompaniesDue } from './qb-sync.repository';
import { runCompanySync, type QbSyncDeps } from './qb-sync.service';

export const QB_SYNC_QUEUE = 'qb-sync';
const QB_SYNC_DUE_QUEUE = 'qb-sync-due';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's per-realm limiter of QuickBooks requests. */
    qbLimiter: RealmLimiter;
    /** The job queue, when this process runs it (JOBS=on); null otherwise. */
    jobs: JobQueue | null;
  }
}

export function registerQbSyncJobs(app: FastifyInstance): void {
  app.decorate('qbLimiter', new RealmLimiter(app.config.qbSync));
  app.decorate<JobQueue | null>('jobs', null);
  /** Runs started in this process without the queue (JOBS=off): awaited on close. */
  const running = new Set<Promise<unknown>>();
  app.decorate('runSyncInProcess', (companyId: number) => {
    const run = runCompanySync(app as QbSyncDeps, companyId)
      .catch((error: unknown) => app.log.error({ err: error, companyId }, 'QuickBooks sync failed'))
      .finally(() => running.delete(run));
    running.add(run);
  });
  app.decorate('qbSyncIdle', async () => {
    await Promise.all(running);
  });
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
  if (!app.config.qbSync.jobs) return;

  app.addHook('onReady', async () => {
    const queue = await startJobQueue(
      app.database,
      [
        // A sync cut by a dead process is retried after its lease and job expire; it resumes.
        { name: QB_SYNC_QUEUE, expireInSeconds: 30 * 60, retryLimit: 5, retryDelaySeconds: 30 },
        { name: QB_SYNC_DUE_QUEUE, expireInSeconds: 5 * 60, retryLimit: 0, retryDelaySeconds: 60 },
      ],
      app.log,
    );
    app.jobs = queue;
    await queue.work<{ companyId: number }>(QB_SYNC_QUEUE, async ({ companyId }) => {
      const outcome = await runCompanySync(app as QbSyncDeps, companyId);
      if (outcome.status === 'failed') {
        app.log.warn({ companyId, error: outcome.error }, 'QuickBooks sync stopped');
      }
    });
    await queue.work(QB_SYNC_DUE_QUEUE, async () => {
      for (const companyId of await findCompaniesDue(app.db, 500)) {
        await queue.send(QB_SYNC_QUEUE, { companyId }, { singletonKey: String(companyId) });
      }
    });
    await queue.schedule(QB_SYNC_DUE_QUEUE, '* * * * *');
  });
  app.addHook('onClose', async () => {
    await app.jobs?.stop();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a sync in this process (used when the queue is not running here). */
    runSyncInProcess(companyId: number): void;
    /** Resolves when the syncs started in this process have ended. */
    qbSyncIdle(): Promise<void>;
  }
}

/** 'Sync now': queued when the queue runs here, else started in this process. */
export async function requestSync(app: FastifyInstance, companyId: number): Promise<void> {
  if (app.jobs) {
    await app.jobs.send(QB_SYNC_QUEUE, { companyId }, { singletonKey: String(companyId) });
    return;
  }
  app.runSyncInProcess(companyId);
}
