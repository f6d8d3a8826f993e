/**
 * One side of `node tools/lab/bench-driver.mjs`: a list view's statements run by many concurrent
 * callers through one driver, on the PostgreSQL database of DATABASE_URL, printing one JSON line.
 *
 * `tsx lab/bench/driver-views.ts capture` prints the statements (text and parameters) the API's
 * repositories send for each view, captured by Drizzle's logger: the exact text PreparingClient
 * names and prepares.
 *
 * `tsx lab/bench/driver-views.ts run <level> <driver> <view> <seconds> <warmup> <concurrency>`:
 * - level `sql`: the captured text and parameters sent directly, rows decoded as Drizzle asks
 *   (arrays, its type parsers), through `pg` (a pool of PreparingClient, as the API) or `postgres`
 *   (postgres.js: prepared statements, its default, and pipelining);
 * - level `drizzle`: the API's own repository function (listApprovals, listUsers) on a Drizzle
 *   database over `pg` (openPostgres, as the API) or over postgres.js, `postgres` with every
 *   statement prepared and `postgres-unprepared` as Drizzle's postgres-js driver sends the API's
 *   unnamed prepared queries out of the box (unnamed, and a text without parameters by the simple
 *   protocol: parsed and planned on every execution).
 * It measures queries/s, latency, this process's CPU (process.cpuUsage) and the CPU of the
 * PostgreSQL backends serving it (by application_name, from /proc) over the window after a warm-up.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import pg from 'pg';
import postgres from 'postgres';
import * as v from 'valibot';
import { ApprovalListQuerySchema, UserListQuerySchema } from 'shared-contracts';
import { openPostgres, PLAN_PER_EXECUTION, PreparingClient, type Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { listApprovals } from '../../src/modules/approvals/approval-list.repository';
import { listUsers } from '../../src/modules/users/users.repository';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the PostgreSQL database to measure on');

/** Who reads the lists: an ADMIN, as the route passes the signed-in person (viewerDecision). */
const VIEWER = { id: 1, role: 'ADMIN' as const, createdById: null, mayDecidePayments: true };

/** The views, each as the route calls its repository (the query parsed as the route parses it). */
const VIEWS: Record<string, (db: Db) => Promise<unknown>> = {
  'approvals default view': (db) =>
    listApprovals(db, VIEWER, new Date(), v.parse(ApprovalListQuerySchema, {})),
  'approvals status PENDING': (db) =>
    listApprovals(db, VIEWER, new Date(), v.parse(ApprovalListQuerySchema, { status: 'PENDING' })),
  'approvals page 100': (db) =>
    listApprovals(db, VIEWER, new Date(), v.parse(ApprovalListQuerySchema, { page: '100' })),
  'users list': (db) => listUsers(db, v.parse(UserListQuerySchema, {})),
};

interface Statement {
  text: string;
  params: unknown[];
}

/** Each view's statements, from Drizzle's logger (the text and the filled-in parameters it sends). */
async function capture(): Promise<Record<string, Statement[]>> {
  const pool = new pg.Pool({ connectionString: url, max: 1, Client: PreparingClient });
  const captured: Statement[] = [];
  const db = drizzleNodePg(pool, {
    schema,
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as Db;
  const out: Record<string, Statement[]> = {};
  try {
    for (const [name, run] of Object.entries(VIEWS)) {
      captured.length = 0;
      await run(db);
      out[name] = [...captured];
    }
  } finally {
    await pool.end();
  }
  return out;
}

// The types Drizzle's drivers return as text (timestamps, dates, intervals and their arrays):
// both sides decode them as Drizzle has them decoded, so neither parses what the API never sees.
const PASSTHROUGH_TYPES = [1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231, 1187];
const passthrough = (value: string) => value;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PASSTHROUGH_TYPES.includes(oid)
      ? passthrough
      : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(
          oid,
          format,
        )) as typeof pg.types.getTypeParser,
};

function postgresJs(applicationName: string, forcePrepare: boolean) {
  const client = postgres(url as string, {
    max: 10,
    connection: { application_name: applicationName },
    onnotice: () => {},
  });
  for (const oid of PASSTHROUGH_TYPES) client.options.parsers[oid] = passthrough;
  if (forcePrepare) {
    // Drizzle's postgres-js driver prepares only queries given a name (prepare: name !== undefined),
    // and the API's prepared queries are unnamed (PreparingClient names them); and postgres.js's
    // unsafe() sends a text without parameters by the simple protocol (parsed and planned every
    // time), which is most list pages (LIMIT and OFFSET 0 are literals). Here they are prepared as
    // PreparingClient prepares them: all but those marked to be planned per execution, and a text
    // without parameters unless it may hold several statements.
    const unsafe = client.unsafe.bind(client);
    client.unsafe = ((text: string, params: unknown[] = [], options?: { prepare?: boolean }) =>
      unsafe(
        text,
        params as never,
        {
          ...options,
          prepare: !text.includes(PLAN_PER_EXECUTION),
          // `simple` is an option of unsafe() its types do not declare.
          simple: params.length === 0 && text.includes(';'),
        } as postgres.UnsafeQueryOptions,
      )) as typeof client.unsafe;
  }
  return client;
}

interface Runner {
  call: () => Promise<unknown>;
  close: () => Promise<void>;
}

async function runner(level: string, driver: string, view: string, applicationName: string): Promise<Runner> {
  const run = VIEWS[view];
  if (!run) throw new Error(`no view ${view}`);
  if (level === 'drizzle') {
    if (driver === 'pg') {
      process.env.PGAPPNAME = applicationName;
      const handle = openPostgres(url as string, 10);
      return { call: () => run(handle.db), close: () => handle.close() };
    }
    const client = postgresJs(applicationName, driver === 'postgres');
    const db = drizzlePostgresJs(client, { schema }) as unknown as Db;
    return { call: () => run(db), close: () => client.end() };
  }
  const statements = (await capture())[view] ?? [];
  if (driver === 'pg') {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      Client: PreparingClient,
      application_name: applicationName,
    });
    pool.on('error', () => {});
    const configs = statements.map((s) => ({ text: s.text, rowMode: 'array' as const, types: pgTypes }));
    return {
      call: async () => {
        // A view's statements one after another, as its repository function awaits them.
        for (let i = 0; i < statements.length; i += 1) {
          await pool.query(configs[i] as pg.QueryArrayConfig, statements[i]?.params as unknown[]);
        }
      },
      close: () => pool.end(),
    };
  }
  const client = postgresJs(applicationName, true);
  return {
    call: async () => {
      for (const s of statements) {
        await client
          .unsafe(s.text, s.params as never, { prepare: true, simple: false } as postgres.UnsafeQueryOptions)
          .values();
      }
    },
    close: () => client.end(),
  };
}

/** CPU seconds of a process (user + system) from /proc/<pid>/stat; 0 for one that has gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function measure(args: string[]) {
  const [level = 'sql', driver = 'pg', view = 'approvals default view'] = args;
  const seconds = Number(args[3] ?? 5);
  const warmup = Number(args[4] ?? 1);
  const concurrency = Number(args[5] ?? 50);
  const applicationName = `bench-driver-${process.pid}`;
  const { call, close } = await runner(level, driver, view, applicationName);
  const monitor = new pg.Client({ connectionString: url, application_name: 'bench-driver-monitor' });
  await monitor.connect();
  const backends = async () =>
    (
      await monitor.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
        applicationName,
      ])
    ).rows.map((row) => row.pid);

  let phase: 'warmup' | 'window' | 'done' = 'warmup';
  const latencies: number[] = [];
  let errors = 0;
  const caller = async () => {
    while (phase !== 'done') {
      const started = performance.now();
      try {
        await call();
      } catch (error) {
        errors += 1;
        if (errors === 1) console.error(error);
      }
      if (phase === 'window') latencies.push(performance.now() - started);
    }
  };
  const callers = Array.from({ length: concurrency }, caller);
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));

  const before = await backends();
  const backendCpuBefore = new Map(before.map((pid) => [pid, cpuSeconds(pid)]));
  latencies.length = 0;
  const cpuBefore = process.cpuUsage();
  const windowStart = performance.now();
  phase = 'window';
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  phase = 'done';
  const elapsed = (performance.now() - windowStart) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const completed = latencies.length;
  // A backend that started in the window counts from zero.
  const after = await backends();
  let backendCpu = 0;
  for (const pid of after) backendCpu += cpuSeconds(pid) - (backendCpuBefore.get(pid) ?? 0);
  await Promise.all(callers);
  await monitor.end();
  await close();

  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    level,
    driver,
    view,
    qps: completed / elapsed,
    p50: pct(50),
    p99: pct(99),
    nodeUsPerQuery: (cpu.user + cpu.system) / Math.max(1, completed),
    dbUsPerQuery: (backendCpu * 1e6) / Math.max(1, completed),
    backends: after.length,
    errors,
  };
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'capture') {
  console.info(JSON.stringify(await capture()));
} else if (mode === 'run') {
  console.info(JSON.stringify(await measure(rest)));
} else {
  throw new Error(
    'usage: driver-views.ts capture | run <level> <driver> <view> <seconds> <warmup> <concurrency>',
  );
}
