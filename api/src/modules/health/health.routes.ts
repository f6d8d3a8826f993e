import { statfs } from 'node:fs/promises';
import { freemem, totalmem } from 'node:os';
import type { FastifyInstance } from 'fastify';
import {
  HealthPingSchema,
  SystemHealthSchema,
  type ComponentHealth,
  type SystemHealth,
  type UsageFigure,
} from 'shared-contracts';
import { ok } from '../../http/envelope';
import { okSchema } from '../../http/response-schemas';
import type { ValibotTypeProvider } from '../../http/valibot-type-provider';
import { authenticate } from '../../plugins/auth';

/**
 * A `select 1` slower than this means the database is struggling (a long transaction holding the
 * embedded engine, an exhausted pool): reported as degraded without waiting any longer.
 */
export const DB_SLOW_MS = 1_000;

/** The ping's outcome when it does not answer within DB_SLOW_MS. */
class SlowPing extends Error {}

function usage(used: number, total: number): UsageFigure {
  return { used, total, percentage: total > 0 ? Math.round((used / total) * 1000) / 10 : 0 };
}

function elapsedMs(start: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - start) / 1e4) / 100;
}

/** /api/health: a public liveness probe and the dashboard's System Health card. */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Health'];

  app.get(
    '/',
    {
      schema: {
        summary: 'Liveness probe (no sign-in)',
        tags,
        response: { 200: okSchema(HealthPingSchema) },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  const detailed = {
    summary: 'System health: database, API, memory and disk (the dashboard card)',
    tags,
    response: { 200: okSchema(SystemHealthSchema) },
  };
  app.get('/detailed', { onRequest: authenticate, schema: detailed }, async () => {
    const started = process.hrtime.bigint();
    const database = await pingDatabase(app);
    const disk = await diskUsage(app.config.dataDir);
    const health: SystemHealth = {
      status: database.status === 'healthy' ? 'healthy' : 'degraded',
      uptime: Math.floor(process.uptime()),
      version: app.config.version,
      database,
      api: { status: 'healthy', responseTime: elapsedMs(started) },
      memory: usage(totalmem() - freemem(), totalmem()),
      disk,
    };
    return ok(health);
  });
}

async function pingDatabase(app: FastifyInstance): Promise<ComponentHealth> {
  const started = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      app.database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new SlowPing()), DB_SLOW_MS);
      }),
    ]);
    return { status: 'healthy', responseTime: elapsedMs(started) };
  } catch (error) {
    if (error instanceof SlowPing) {
      app.log.warn({ afterMs: DB_SLOW_MS }, 'database ping is slow');
      // Node's timers may fire a fraction of a millisecond before the clock read here says the
      // second is up: the ping took at least DB_SLOW_MS, whatever that rounding says.
      return { status: 'degraded', responseTime: Math.max(elapsedMs(started), DB_SLOW_MS) };
    }
    app.log.warn({ err: error }, 'database ping failed');
    return { status: 'down', responseTime: elapsedMs(started) };
  } finally {
    clearTimeout(timer);
  }
}

async function diskUsage(dir: string): Promise<UsageFigure> {
  for (const candidate of [dir, process.cwd()]) {
    try {
      const stats = await statfs(candidate);
      const total = stats.blocks * stats.bsize;
      return usage(total - stats.bfree * stats.bsize, total);
    } catch {
      // DATA_DIR may not exist (PostgreSQL deployments): try the working directory.
    }
  }
  return usage(0, 0);
}
