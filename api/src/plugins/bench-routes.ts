/**
 * Routes for `pnpm bench -- --scale` only (BENCH_ROUTES=1; never registered otherwise):
 * - GET /api/bench/ceiling: a constant JSON body straight from Fastify (no auth, no database, no
 *   compression), the ceiling the other endpoints are compared with in the same process;
 * - GET /api/bench/memory: this process's resident memory now and its peak (VmHWM, Linux), in bytes;
 * - POST /api/bench/memory/reset-peak: resets that peak (Linux /proc/self/clear_refs), so the peak
 *   read after one request is that request's.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

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

export function registerBenchRoutes(app: FastifyInstance): void {
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
