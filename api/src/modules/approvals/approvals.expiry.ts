import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { recordLiveEvents } from '../live/live.service';
import { expirePendingBatch } from './approvals.repository';
import { escalateDueSteps } from './escalation.service';

/**
 * The expiry sweep: once when the server is ready, then every
 * `config.approvalSweepIntervalMs`. Each run is a set of single conditional statements (see
 * expirePendingBatch), so several API processes sweeping at once expire each approval once.
 * Closing the app waits for a run in progress.
 */
export function scheduleApprovalExpiry(app: FastifyInstance): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= expireOverdueApprovals(app.db, app.config.approvalExpiryDays)
      .then(async (count) => {
        if (count > 0) app.log.info({ count }, 'expired overdue approvals');
        // Steps that waited past their company's escalation time are widened to the ADMINs.
        const escalated = await escalateDueSteps(app.db, app.now());
        if (escalated > 0) app.log.info({ escalated }, 'escalated approval steps');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'approval expiry sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, app.config.approvalSweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** Expiry sweep: every PENDING approval older than `days` becomes EXPIRED, in batches. */
export async function expireOverdueApprovals(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    // Each batch with its live events, in one transaction: open screens learn of every expiry.
    const expired = await db.transaction(async (tx) => {
      const ids = await expirePendingBatch(tx, cutoff, 500);
      await recordLiveEvents(
        tx,
        ids.map((id) => ({
          actorId: null,
          action: 'approval.expire',
          entityType: 'approval',
          entityId: id,
          status: 'EXPIRED',
        })),
      );
      return ids.length;
    });
    total += expired;
    if (expired < 500) return total;
  }
}
