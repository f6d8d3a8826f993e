/**
 * The QuickBooks sync as jobs: a minute's schedule queues a sync for every connected company
 * whose next run is due, and 'Sync now' queues one at once. Queues are 'stately' keyed by the
 * company, so one company has at most one sync waiting and one running across all API processes;
 * the sync's own lease and page fences (qb-sync.service.ts) hold even if a job ran twice.
 */
import type { FastifyInstance } from 'fastify';
import { startJobQueue, type JobQueue } from '../../jobs/queue';
import { RealmLimiter } from './client/accounting-client';
import { approvalsWithStalePayments } from './qb-bill-payments.repository';
import { BillPaymentsRetry, runBillPayments, type BillPaymentDeps } from './qb-bill-payments';
import { runBillPaymentDeletions } from './qb-bill-payment-deletions';
import { findCompaniesDue } from './qb-sync.repository';
import { runCompanySync } from '../../flows/quickbooks-import';
import type { QbSyncDeps } from './qb-sync.service';

export const QB_SYNC_QUEUE = 'qb-sync';
const QB_SYNC_DUE_QUEUE = 'qb-sync-due';
/**
 * Recording an approval's payments back in QuickBooks (qb-bill-payments.ts), then deleting those
 * of bills the bank returned (qb-bill-payment-deletions.ts), keyed by the approval.
 */
export const QB_BILL_PAYMENT_QUEUE = 'qb-bill-payment';
/** A payment or deletion still pending this long (its job gave up, or was never sent) is queued again. */
const STALE_PAYMENT_MS = 5 * 60_000;

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
  app.decorate('runBillPaymentsInProcess', (approvalId: string) => {
    const run = runBillPaymentWork(app as QbSyncDeps, approvalId)
      .catch((error: unknown) =>
        app.log.error({ err: error, approvalId }, 'recording payments in QuickBooks failed'),
      )
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
        // Retried with a doubling delay from 30 s while QuickBooks throttles or is down; a process
        // that dies mid-way leaves the job to expire and run again (requestid keeps it once).
        { name: QB_BILL_PAYMENT_QUEUE, expireInSeconds: 10 * 60, retryLimit: 8, retryDelaySeconds: 30 },
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
    await queue.work<{ approvalId: string }>(QB_BILL_PAYMENT_QUEUE, async ({ approvalId }) => {
      const outcome = await runBillPaymentWork(app as QbSyncDeps, approvalId);
      // pg-boss retries a failed job after its delay: what QuickBooks could not take yet.
      if (outcome.retryable) {
        throw new BillPaymentsRetry(`${outcome.waiting} payment(s) or deletion(s) wait for QuickBooks`);
      }
    });
    await queue.work(QB_SYNC_DUE_QUEUE, async () => {
      for (const companyId of await findCompaniesDue(app.db, 500)) {
        await queue.send(QB_SYNC_QUEUE, { companyId }, { singletonKey: String(companyId) });
      }
      // Payments whose job ran out of retries, or was never sent (a crash right after the commit).
      for (const approvalId of await approvalsWithStalePayments(app.db, STALE_PAYMENT_MS, 500)) {
        await queue.send(QB_BILL_PAYMENT_QUEUE, { approvalId }, { singletonKey: approvalId });
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
    /** Records an approval's payments in QuickBooks in this process (when the queue is not here). */
    runBillPaymentsInProcess(approvalId: string): void;
    /** Resolves when the syncs and payment runs started in this process have ended. */
    qbSyncIdle(): Promise<void>;
  }
}

/**
 * The job's body: the approval's pending BillPayments, then the deletions of those whose payment
 * the bank returned (after, so one created while its return was applied is deleted in the same run).
 */
export async function runBillPaymentWork(
  deps: BillPaymentDeps,
  approvalId: string,
): Promise<{ waiting: number; retryable: boolean }> {
  const created = await runBillPayments(deps, approvalId);
  const deleted = await runBillPaymentDeletions(deps, approvalId);
  return {
    waiting: created.waiting + deleted.waiting,
    retryable: created.retryable || deleted.retryable,
  };
}

/**
 * After PAYMENT_COMPLETED, or a return of its payments: the approval's BillPayments are sent (or
 * deleted) by a job, or in this process.
 */
export async function requestBillPayments(app: FastifyInstance, approvalId: string): Promise<void> {
  if (app.jobs) {
    await app.jobs.send(QB_BILL_PAYMENT_QUEUE, { approvalId }, { singletonKey: approvalId });
    return;
  }
  app.runBillPaymentsInProcess(approvalId);
}

/** 'Sync now': queued when the queue runs here, else started in this process. */
export async function requestSync(app: FastifyInstance, companyId: number): Promise<void> {
  if (app.jobs) {
    await app.jobs.send(QB_SYNC_QUEUE, { companyId }, { singletonKey: String(companyId) });
    return;
  }
  app.runSyncInProcess(companyId);
}
