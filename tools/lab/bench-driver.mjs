// `node tools/lab/bench-driver.mjs`: how much of a list request's API CPU is the PostgreSQL
// driver, `pg` (a pool of 10 PreparingClients, named prepared statements, as the API) against
// postgres.js (`postgres`, max 10, prepared statements by default, pipelining), on the million-
// approval database of `pnpm bench -- --scale` (bench_scale, seeded by it; this script never seeds).
// Each view's statements are the ones the API's repositories send (captured through Drizzle's
// logger by api/lab/bench/driver-views.ts), measured at two levels, each run in a fresh process:
//   sql      the captured text and parameters sent directly through the driver, rows decoded as
//            Drizzle has them decoded (arrays, its type parsers);
//   drizzle  the API's repository function on Drizzle over the driver: the data path of a request
//            without HTTP; `postgres` prepares every statement as PreparingClient does,
//            `postgres-unprepared` is Drizzle's postgres-js driver as it would send the API's
//            queries out of the box (unnamed, or by the simple protocol when without parameters:
//            parsed and planned on every execution).
// Per run: queries/s, p50/p99 ms, the process's CPU (process.cpuUsage) and its PostgreSQL
// backends' CPU (/proc, by application_name) per request. It prints figures; it never fails on a
// timing.
// Options: --seconds N (default 5), --warmup N (default 2), --concurrency N (default 50),
// --database NAME (default bench_scale), --only TEXT[,TEXT…] (views whose name holds one of them),
// --levels sql,drizzle.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const seconds = Number(option('--seconds', '5'));
const warmup = Number(option('--warmup', '2'));
const concurrency = Number(option('--concurrency', '50'));
const database = option('--database', 'bench_scale');
const only = option('--only', undefined);
const levels = option('--levels', 'sql,drizzle').split(',');

const server = new URL(
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const url = new URL(server);
url.pathname = `/${database}`;

// node-postgres from the api package (the root has no dependency of its own on it).
const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');
{
  const client = new pg.Client({ connectionString: url.href });
  try {
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from approvals');
    console.info(`${database}: ${rows[0].n.toLocaleString('en-US')} approvals`);
  } catch (error) {
    console.error(
      `${database} is not usable (${error.message}); seed it with: pnpm bench -- --scale --only "approval stats"`,
    );
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}

const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');

/** Runs driver-views.ts with `argv` and resolves with the JSON of the last line it prints. */
function worker(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['lab/bench/driver-views.ts', ...argv], {
      cwd: path.join(ROOT, 'api'),
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: url.href },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1);
      if (code === 0 && last) resolve(JSON.parse(last));
      else reject(new Error(`driver-views.ts ${argv.join(' ')} exited with ${code}`));
    });
  });
}

const statements = await worker(['capture']);
const views = Object.keys(statements).filter(
  (name) => !only || only.split(',').some((part) => name.includes(part)),
);
for (const name of views) {
  console.info(`\n${name}: ${statements[name].length} statement(s)`);
  for (const { text, params } of statements[name]) {
    console.info(`  ${text.length} chars, parameters ${JSON.stringify(params)}`);
    console.info(`  ${text.slice(0, 200)}…`);
  }
}

const DRIVERS = { sql: ['pg', 'postgres'], drizzle: ['pg', 'postgres', 'postgres-unprepared'] };
const started = new Date();
const loadBefore = loadavg();
console.info(
  `\n${started.toISOString()}  load average ${loadBefore.map((n) => n.toFixed(2)).join(' / ')}  ${concurrency} callers, ${warmup} s warm-up, ${seconds} s per run`,
);
const results = [];
for (const name of views) {
  for (const level of levels) {
    for (const driver of DRIVERS[level] ?? []) {
      const result = await worker([
        'run',
        level,
        driver,
        name,
        String(seconds),
        String(warmup),
        String(concurrency),
      ]);
      results.push(result);
      console.info(
        `  ${name.padEnd(26)} ${level.padEnd(8)} ${driver.padEnd(20)} ${result.qps.toFixed(0).padStart(6)}/s  p50 ${result.p50.toFixed(1).padStart(5)}  p99 ${result.p99.toFixed(1).padStart(5)} ms  Node ${result.nodeUsPerQuery.toFixed(0).padStart(4)} µs  PostgreSQL ${result.dbUsPerQuery.toFixed(0).padStart(4)} µs  (${result.backends} backends${result.errors ? `, ${result.errors} errors` : ''})`,
      );
    }
  }
}

console.info(
  `\nload average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')}`,
);
console.info(
  '\n| view | level | driver | queries/s | p50 / p99 ms | Node CPU µs/query | PostgreSQL CPU µs/query |',
);
console.info('|---|---|---|---:|---|---:|---:|');
for (const r of results) {
  console.info(
    `| ${r.view} | ${r.level} | ${r.driver} | ${r.qps.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} | ${r.nodeUsPerQuery.toFixed(0)} | ${r.dbUsPerQuery.toFixed(0)} |`,
  );
}
