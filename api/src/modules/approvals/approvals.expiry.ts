import type { FastifyInstance } from 'fastify';
import { escalateDueSteps } from './escalation.service';
import { expireOverdueApprovals } from './approvals.service';

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
