import type { FastifyReply, FastifyRequest } from 'fastify';
import { APPROVAL_ERRORS, ERROR_CODES } from 'shared-contracts';
import { HttpError } from './http-error';
import { endWhenStalled } from './stall';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-person slots of the streamed exports (every export route shares them). */
    exportSlots: ExportSlots;
  }
}

/** Seconds a caller refused for running too many exports is asked to wait. */
export const EXPORT_RETRY_AFTER_S = 10;

/** The export limits of the configuration (approvalExport). */
export interface ExportLimits {
  /** Exports one person may have running at once, across every export route of this process. */
  perUser: number;
  /** A client that has not taken the bytes already sent for this long is cut off. */
  stallTimeoutMs: number;
}

/**
 * The slots of the streamed exports (the approvals' and the audit log's): a person may run
 * `perUser` exports at once in this process, whichever they are, so one account cannot tie up the
 * database with parallel downloads; a slot is given back when the answer's connection closes, and a
 * client that stops reading is cut off after `stallTimeoutMs`.
 */
export class ExportSlots {
  private readonly running = new Map<number, number>();

  constructor(private readonly limits: ExportLimits) {}

  /**
   * Takes a slot for `userId` for as long as `reply` is open (429 with Retry-After when they have none
   * left), and ends the answer if its client stalls. Call before the first database read.
   */
  hold(request: FastifyRequest, reply: FastifyReply, userId: number, what: string): void {
    const running = this.running.get(userId) ?? 0;
    if (running >= this.limits.perUser) {
      throw new HttpError(
        429,
        ERROR_CODES.tooManyRequests,
        APPROVAL_ERRORS.tooManyExports(running),
        undefined,
        {
          'Retry-After': String(EXPORT_RETRY_AFTER_S),
        },
      );
    }
    this.running.set(userId, running + 1);
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    });
    const { stallTimeoutMs } = this.limits;
    endWhenStalled(reply.raw, stallTimeoutMs, () =>
      request.log.info({ stallTimeoutMs }, `${what} export stalled: ended`),
    );
  }
}
