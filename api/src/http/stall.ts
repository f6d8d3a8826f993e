import type { ServerResponse } from 'node:http';

/**
 * Ends `response` (closes its connection) once it has waited `stallMs` for its client to take
 * the bytes already written: its buffer has not drained (a write was refused and no 'drain'
 * followed), or it was ended but its last bytes are still unread. A client that reads, however
 * slowly, lets the buffer drain now and then and keeps its answer; one that stopped reading holds
 * nothing for longer than `stallMs`.
 */
export function endWhenStalled(response: ServerResponse, stallMs: number, onStalled?: () => void): void {
  let waitingSince: number | undefined;
  const check = () => {
    const waiting = response.writableNeedDrain || (response.writableEnded && !response.writableFinished);
    if (!waiting) {
      waitingSince = undefined;
      return;
    }
    const now = Date.now();
    waitingSince ??= now;
    if (now - waitingSince >= stallMs) {
      clearInterval(timer);
      onStalled?.();
      response.destroy();
    }
  };
  const timer = setInterval(check, Math.max(50, Math.min(1_000, Math.floor(stallMs / 10))));
  timer.unref();
  response.on('drain', () => (waitingSince = undefined));
  response.once('close', () => clearInterval(timer));
}
