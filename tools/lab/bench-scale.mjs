// `pnpm bench -- --scale`: the approvals workbench at a million approvals on PostgreSQL.
// Seeds (or reuses) its own database on the server of DATABASE_URL / TEST_DATABASE_URL, starts the
// compiled API on it as `pnpm start` runs it (the lab's, node api/dist/lab.js, built first when stale)
// with the bench routes (a constant-JSON ceiling route and memory readings), measures
// every view of the issue at N concurrent connections and prints one table. It prints figures and
// never fails on a timing.
// Options: --seconds N (per endpoint, default 5), --concurrency N (default 50), --port N (default: a
// free port), --database NAME (default bench_scale), --approvals/--companies/--users/--managers N,
// --only TEXT[,TEXT…] (measure only the endpoints whose label contains one of them, e.g. "list: sort"; the ceiling
// is always measured, the approve, export and NACHA rows only when their label matches),
// --cpu-prof DIR (the API runs under node --cpu-prof and writes one profile of the whole run into DIR
// when it stops), --profile-each DIR (one CPU profile per measured view, DIR/<view>.cpuprofile, of its
// measured window only, taken in-process through the bench routes' Profiler; each is summarised by
// tools/lab/profile-summary.mjs as it is written; --profile-interval N µs between samples, default 200),
// --encoding ENC (the client's Accept-Encoding, e.g. br, gzip or identity; default a browser's
// "gzip, deflate, br"; each view's line then shows the bytes per answer as received),
// --workers N (the API as N processes on one port through node:cluster, tools/lab/cluster-api.mjs;
// CPU per request then counts every process).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../build/frontends.mjs';
import { ACCEPT_ENCODING, measure, serveApiOnly } from './bench-lib.mjs';
import { demoSignIn } from './demo-sign-in.mjs';
import { formatSummary, summariseProfile } from './profile-summary.mjs';

const TSX = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');

// Fixed keys: the reused database's encrypted bank accounts must stay readable from run to run.
// Bench-only values for a throw-away database, never a deployment's.
const BENCH_ENV = {
  JWT_SECRET: 'bench-scale-jwt-secret-bench-scale-jwt-secret',
  QB_TOKEN_KEY: 'ab'.repeat(32),
  BANK_ACCOUNT_KEY: 'cd'.repeat(32),
  ACCESS_TOKEN_TTL: '7200',
  // Must outlast the access token (the server refuses to start otherwise).
  SESSION_IDLE_TIMEOUT: '10800',
};

// node-postgres from the api package (the root has no dependency of its own on it).
const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name "(…)": state ppid pgrp session tty tpgid flags minflt cminflt majflt
    // cmajflt utime stime, in clock ticks (USER_HZ, 100 on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The pid and, for a cluster's primary, its children's pids (Linux /proc; just the pid elsewhere). */
function processTree(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return [pid, ...(children ? children.split(' ').map(Number) : [])];
  } catch {
    return [pid];
  }
}

/** CPU seconds of a process and its children (the API's workers); null where /proc cannot be read. */
function treeCpuSeconds(pid) {
  let total = 0;
  for (const member of processTree(pid)) {
    const seconds = processCpuSeconds(member);
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

/**
 * Where each request's CPU goes: the API process, the PostgreSQL backends serving its pool (their
 * pids from pg_stat_activity; a backend that started during the window counts from zero), and this
 * client. Read before and after a window; null parts where /proc cannot be read.
 */
async function cpuProbe(apiPid, monitor, database) {
  const backends = async () => {
    const { rows } = await monitor.query(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return new Map(rows.map(({ pid }) => [pid, processCpuSeconds(pid)]));
  };
  const client = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const start = { api: treeCpuSeconds(apiPid), db: await backends(), client: client() };
  return async (count) => {
    const api = treeCpuSeconds(apiPid);
    const db = await backends();
    let dbSeconds = 0;
    let readable = db.size > 0;
    for (const [pid, seconds] of db) {
      if (seconds === null) readable = false;
      else dbSeconds += seconds - (start.db.get(pid) ?? 0);
    }
    const perRequest = (seconds) => (seconds === null || count === 0 ? null : (seconds * 1000) / count);
    return {
      apiMs: perRequest(api === null || start.api === null ? null : api - start.api),
      dbMs: perRequest(readable ? dbSeconds : null),
      clientMs: perRequest(client() - start.client),
    };
  };
}

const TARGETS = {
  list: { share: 0.2, p99: 50, label: '≥20% · p99≤50' },
  search: { share: 0.1, p99: 150, label: '≥10% · p99≤150' },
};

function spawnText(command, args, env, cwd = ROOT, echo = true) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (echo) process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args[0]} exited with ${code}`)),
    );
  });
}

export async function benchScale(args) {
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : fallback;
  };
  const seconds = Number(option('seconds', 5));
  const concurrency = Number(option('concurrency', 50));
  const port = option('port', undefined);
  const database = option('database', 'bench_scale');
  const only = option('only', undefined);
  const selected = (label) => only === undefined || only.split(',').some((part) => label.includes(part));
  const cpuProf = option('cpu-prof', undefined);
  const workers = Number(option('workers', 1));
  if (!Number.isSafeInteger(workers) || workers < 1) {
    console.error('--workers must be a whole number of at least 1');
    process.exit(1);
  }
  const profileEach = option('profile-each', undefined);
  const profileInterval = Number(option('profile-interval', 200));
  if (profileEach && workers > 1) {
    console.error('--profile-each profiles one API process: use it with --workers 1');
    process.exit(1);
  }
  if (profileEach) mkdirSync(profileEach, { recursive: true });
  const acceptEncoding = option('encoding', ACCEPT_ENCODING);
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base || !/^postgres(ql)?:\/\//.test(base)) {
    console.error(
      '--scale needs DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server; its own database is created)',
    );
    process.exit(1);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) {
    console.error('--database must be a plain lower-case name');
    process.exit(1);
  }
  const url = new URL(base);
  url.pathname = `/${database}`;
  const scaleUrl = url.toString();
  const sizeArgs = ['approvals', 'companies', 'users', 'managers'].flatMap((name) =>
    option(name, undefined) === undefined ? [] : [`--${name}`, option(name)],
  );

  // 1. The data set: seeded once, then reused while its marker matches.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-scale-'));
  const env = { ...process.env, ...BENCH_ENV, DATA_DIR: dataDir, SCALE_DATABASE_URL: scaleUrl };
  const seedStart = performance.now();
  await spawnText(TSX, [path.join(ROOT, 'api', 'src', 'seed', 'scale-cli.ts'), ...sizeArgs], env);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // Every status and sortable column, from shared-contracts itself (TypeScript: read through tsx).
  const contracts = JSON.parse(
    await spawnText(
      TSX,
      [
        '--eval',
        "import { APPROVAL_STATUSES as statuses, APPROVAL_SORT_FIELDS as sortFields } from 'shared-contracts'; process.stdout.write(JSON.stringify({ statuses, sortFields }))",
      ],
      env,
      path.join(ROOT, 'api'),
      false,
    ),
  );

  // 2. The API on it, with the bench routes.
  const server = await serveApiOnly(
    dataDir,
    {
      ...BENCH_ENV,
      DATABASE_URL: scaleUrl,
      ...(port ? { PORT: String(port) } : {}),
    },
    cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProf)] : [],
    { workers },
  );
  const rows = [];
  const notes = [];
  const monitors = [];
  try {
    const api = (route) => `${server.url}${route}`;
    const signIn = async (email) => (await demoSignIn(server.url, email, 'Password123!')).body;
    const bearer = (signedIn) => ({ Authorization: `Bearer ${signedIn.data.tokens.accessToken}` });
    const login = await signIn('admin@example.com');
    const auth = bearer(login);
    // A USER's queue is a different statement from a role holder's: their own keys, another index.
    const userAuth = bearer(await signIn('user@example.com'));
    const get = (route) => fetch(api(route), { headers: auth }).then((r) => r.json());
    const stats = (await get('/api/bill-approval/approvals/stats')).data;
    const total = stats.total;
    const lastPage = Math.ceil(total / 10);
    const sample = (await get('/api/bill-approval/approvals?limit=10&page=5')).data[3];
    const busyCompany = sample.companyId;
    const counts = {
      companies: (await get('/api/company/companies?limit=10')).meta.pagination.total,
      users: (await get('/api/user/users?limit=10')).meta.pagination.total,
      managers: (await get('/api/manager/managers?limit=10')).meta.pagination.total,
    };

    // Each endpoint gets a one-second warm-up at the same concurrency (not counted): the first
    // requests of a route pay for compiling its code paths and filling caches.
    const warm = (next) => measure(next, { seconds: Math.min(1, seconds), concurrency, acceptEncoding });
    const monitor = new pg.Client({ connectionString: scaleUrl });
    await monitor.connect();
    monitors.push(monitor);
    const measured = async (next, label) => {
      // The profile covers the measured window only (after the warm-up), the same requests the CPU
      // per request divides by; the two bench calls around it are a few ms against the window's seconds.
      if (profileEach && label)
        await fetch(api(`/api/bench/profile/start?intervalUs=${profileInterval}`), { method: 'POST' });
      const cpu = await cpuProbe(server.pid, monitor, database);
      const result = await measure(next, { seconds, concurrency, acceptEncoding });
      const row = { ...result, ...(await cpu(result.count)) };
      if (profileEach && label) {
        const profile = await fetch(api('/api/bench/profile/stop'), { method: 'POST' }).then((r) => r.json());
        const file = path.join(
          profileEach,
          `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`,
        );
        writeFileSync(file, JSON.stringify(profile));
        const summary = summariseProfile(profile, { root: ROOT, top: 15 });
        console.info(
          `\n  profile of "${label}": ${file}\n${formatSummary(summary, { msPerRequest: row.apiMs }).replace(/^/gm, '    ')}\n`,
        );
      }
      return row;
    };
    const measureRoute = async (route, label, headers = auth) => {
      const next = () => [api(route), { headers }];
      await warm(next);
      return measured(next, label);
    };
    const ceilingRun = async () => {
      const next = () => [api('/api/bench/ceiling'), {}];
      await warm(next);
      return measured(next);
    };

    console.info(`\nMeasuring: ${seconds}s per endpoint, ${concurrency} concurrent connections…`);
    const ceilingBefore = await ceilingRun();
    const add = (label, kind, result) => {
      rows.push({ label, kind, ...result });
      console.info(
        `  ${label.padEnd(44)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(6)}  p99 ${result.p99.toFixed(1).padStart(6)}  CPU ms/req ${cpuCell(result)}  ${result.bytesPerResponse.toFixed(0).padStart(6)} B/answer${result.errors ? `  errors ${result.errors}` : ''}`,
      );
    };
    const list = '/api/bill-approval/approvals';
    const views = [
      ['list: default view', 'list', list],
      ...contracts.statuses.map((status) => [`list: status ${status}`, 'list', `${list}?status=${status}`]),
      // The reviewer's queue ('Waiting for me') beside the status filter it must keep up with.
      ['list: waiting for me', 'list', `${list}?view=waiting`],
      // Its sidebar badge and dashboard figure (capped at the list's count cap) on the same path.
      ['waiting for me: badge count', 'list', `${list}/waiting-count`],
      ['list: waiting for me, a USER', 'list', `${list}?view=waiting`, userAuth],
      ['waiting for me: badge count, a USER', 'list', `${list}/waiting-count`, userAuth],
      ...contracts.sortFields.flatMap((field) =>
        ['asc', 'desc'].map((order) => [
          `list: sort ${field} ${order}`,
          'list',
          `${list}?sortBy=${field}&sortOrder=${order}`,
        ]),
      ),
      [`list: company ${busyCompany}`, 'list', `${list}?companyId=${busyCompany}`],
      ['list: page 1', 'list', `${list}?page=1`],
      ['list: page 100', 'list', `${list}?page=100`],
      [`list: last page (${lastPage})`, 'list', `${list}?page=${lastPage}`],
      ['list: search vendor "grainger"', 'search', `${list}?search=grainger`],
      [
        `list: search id prefix "${sample.id.slice(0, 8)}"`,
        'search',
        `${list}?search=${sample.id.slice(0, 8)}`,
      ],
      ['approvals stats', 'list', `${list}/stats`],
      ['dashboard stats', 'list', '/api/dashboard/stats'],
      ['approval detail', 'other', `${list}/${sample.id}`],
      ['approval history', 'other', `${list}/${sample.id}/history`],
      [`users list (${counts.users})`, 'list', '/api/user/users'],
      [`managers list (${counts.managers})`, 'list', '/api/manager/managers'],
      [`companies list (${counts.companies})`, 'list', '/api/company/companies'],
      // A page past the first: its page and total were once two statements.
      ['users list page 50', 'list', '/api/user/users?page=50'],
      ['managers list page 20', 'list', '/api/manager/managers?page=20'],
      ['companies list page 50', 'list', '/api/company/companies?page=50'],
    ];
    for (const [label, kind, route, headers] of views) {
      if (selected(label)) add(label, kind, await measureRoute(route, label, headers));
    }

    if (selected('approve')) {
      // Approve: each request a different fresh PENDING approval (newest first), never one created
      // by the admin (the generated ones never are).
      const pending = [];
      for (let page = 1; pending.length < 3000 && page <= 30; page += 1) {
        const batch = (await get(`${list}?status=PENDING&limit=100&page=${page}`)).data;
        if (batch.length === 0) break;
        pending.push(...batch.filter((a) => a.createdById !== login.data.user.id).map((a) => a.id));
      }
      let next = 0;
      const approve = await measured(() => {
        const id = pending[next++];
        return id ? [api(`${list}/${id}/approve`), { method: 'PUT', headers: auth }] : null;
      });
      add(`approve (${approve.count} PENDING rows, each once)`, 'other', approve);
    }

    const ceilingAfter = await ceilingRun();
    const ceiling = (ceilingBefore.rps + ceilingAfter.rps) / 2;
    // The database's own limit on this machine in the same run: PostgreSQL alone answering
    // primary-key reads (pgbench -S) at the same concurrency.
    const pgbenchTps = await pgbenchSelectOnly(base, { seconds, concurrency }).catch((error) => {
      notes.push(`pgbench -S could not run: ${error.message}`);
      return null;
    });

    let exportRow = null;
    if (selected('CSV export')) {
      // CSV export of every approval: rows per second, and the server's peak RSS growth.
      const memory = () => fetch(api('/api/bench/memory')).then((r) => r.json());
      await fetch(api('/api/bench/memory/reset-peak'), { method: 'POST' });
      const before = await memory();
      let sampledPeak = before.rss;
      const sampler = setInterval(() => {
        memory().then(
          (m) => {
            sampledPeak = Math.max(sampledPeak, m.rss);
          },
          () => {},
        );
      }, 100);
      const exportStart = performance.now();
      const response = await fetch(api(`${list}/export?format=csv`), { headers: auth });
      let lines = 0;
      for await (const chunk of response.body) {
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines += 1;
      }
      const exportMs = performance.now() - exportStart;
      clearInterval(sampler);
      const after = await memory();
      const peak = after.peakRss ?? sampledPeak;
      const exported = lines - 1;
      exportRow = {
        rowsPerSecond: exported / (exportMs / 1000),
        rows: exported,
        seconds: exportMs / 1000,
        growthMb: (Math.max(peak, sampledPeak) - before.rss) / 1024 / 1024,
        status: response.status,
      };
    }

    let nachaMedian = null;
    if (selected('NACHA')) {
      // 3. The bank file: written in its own process (the NACHA bench), median of 7.
      const nachaOut = await spawnText(TSX, [path.join(ROOT, 'api', 'lab', 'nacha-bench.ts'), '10000'], env);
      nachaMedian = Number(/write median ([\d.]+) ms/.exec(nachaOut)?.[1] ?? NaN);
    }

    printTable({
      rows,
      ceilingBefore,
      ceilingAfter,
      ceiling,
      pgbenchTps,
      exportRow,
      nachaMedian,
      sizes: { approvals: total, ...counts },
      seconds,
      concurrency,
      seedSeconds,
      notes,
      workers,
      acceptEncoding,
    });
  } finally {
    await Promise.all(monitors.map((monitor) => monitor.end()));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `pgbench -S` (select-only: one primary-key read per transaction, prepared) against its own
 * database `bench_pgbench` on the same server (initialised once, scale 10); answers the tps.
 */
async function pgbenchSelectOnly(base, { seconds, concurrency }) {
  const url = new URL(base);
  url.pathname = '/bench_pgbench';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`select 1 from pg_database where datname = 'bench_pgbench'`);
    if (rowCount === 0) await admin.query('create database bench_pgbench');
  } finally {
    await admin.end();
  }
  const check = new pg.Client({ connectionString: url.toString() });
  await check.connect();
  const initialised = await check
    .query(`select to_regclass('pgbench_accounts') is not null as ok`)
    .then((result) => result.rows[0].ok)
    .finally(() => check.end());
  if (!initialised)
    await spawnText('pgbench', ['-i', '-q', '-s', '10', url.toString()], process.env, ROOT, false);
  const out = await spawnText(
    'pgbench',
    [
      '-S',
      '-n',
      '-M',
      'prepared',
      '-c',
      String(concurrency),
      '-j',
      '2',
      '-T',
      String(seconds),
      url.toString(),
    ],
    process.env,
    ROOT,
    false,
  );
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
  if (!Number.isFinite(tps)) throw new Error(`no tps in pgbench's answer: ${out.slice(-200)}`);
  return tps;
}

/** "API · DB · client" CPU milliseconds per request, or '—' where /proc could not be read. */
function cpuCell(row) {
  const ms = (value) => (value === null || value === undefined ? '—' : value.toFixed(2));
  return `${ms(row.apiMs)} · ${ms(row.dbMs)} · ${ms(row.clientMs)}`;
}

function verdict(row, ceiling, page1) {
  const share = row.rps / ceiling;
  if (row.errors > 0) return 'errors';
  if (row.label.startsWith('list: last page') && page1) {
    const bounded = row.p50 <= page1.p50 * 1.25 + 1;
    const target = TARGETS.list;
    return share >= target.share && row.p99 <= target.p99 && bounded ? 'holds' : 'MISSED';
  }
  const target = TARGETS[row.kind];
  if (!target) return '(no target)';
  return share >= target.share && row.p99 <= target.p99 ? 'holds' : 'MISSED';
}

function printTable({
  rows,
  ceilingBefore,
  ceilingAfter,
  ceiling,
  pgbenchTps,
  exportRow,
  nachaMedian,
  sizes,
  seconds,
  concurrency,
  seedSeconds,
  workers,
  acceptEncoding,
}) {
  const [one, five, fifteen] = loadavg();
  const page1 = rows.find((row) => row.label === 'list: page 1');
  console.info('');
  console.info(
    `Scale bench ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores (${cpus()[0]?.model ?? '?'}) · load average ${one.toFixed(1)} / ${five.toFixed(1)} / ${fifteen.toFixed(1)}`,
  );
  console.info(
    `PostgreSQL, ${sizes.approvals.toLocaleString('en-US')} approvals, ${sizes.companies.toLocaleString('en-US')} companies, ${sizes.users.toLocaleString('en-US')} users, ${sizes.managers.toLocaleString('en-US')} managers (data ready in ${seedSeconds.toFixed(0)} s) · ${seconds} s per endpoint, ${concurrency} concurrent connections · API: node api/dist/lab.js (compiled, as pnpm start)${workers > 1 ? ` in ${workers} processes (node:cluster)` : ''} · Accept-Encoding: ${acceptEncoding}`,
  );
  console.info(
    `Ceiling (constant JSON route, same API process(es)): ${ceilingBefore.rps.toFixed(0)} req/s before (p50 ${ceilingBefore.p50.toFixed(1)} ms, p99 ${ceilingBefore.p99.toFixed(1)} ms), ${ceilingAfter.rps.toFixed(0)} after (p50 ${ceilingAfter.p50.toFixed(1)}, p99 ${ceilingAfter.p99.toFixed(1)}) → ${ceiling.toFixed(0)} req/s; CPU ms per request (API · DB · client) ${cpuCell(ceilingBefore)}`,
  );
  if (pgbenchTps !== null)
    console.info(
      `PostgreSQL alone (pgbench -S -M prepared, ${concurrency} clients, ${seconds} s, same run): ${pgbenchTps.toFixed(0)} primary-key reads/s — the database's limit beside the server's`,
    );
  console.info('');
  const header = `| ${'endpoint'.padEnd(46)} | ${'req/s'.padStart(6)} | ${'p50 ms'.padStart(7)} | ${'p99 ms'.padStart(7)} | ${'% ceil'.padStart(6)} | ${'CPU ms/req API · DB · client'.padEnd(28)} | ${'target'.padEnd(15)} | verdict |`;
  console.info(header);
  console.info(
    `|${'-'.repeat(48)}|${'-'.repeat(8)}|${'-'.repeat(9)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(30)}|${'-'.repeat(17)}|---------|`,
  );
  for (const row of rows) {
    const target = row.label.startsWith('list: last page')
      ? '≤ page 1 · list'
      : (TARGETS[row.kind]?.label ?? '—');
    console.info(
      `| ${row.label.padEnd(46)} | ${row.rps.toFixed(0).padStart(6)} | ${row.p50.toFixed(1).padStart(7)} | ${row.p99.toFixed(1).padStart(7)} | ${`${((row.rps / ceiling) * 100).toFixed(1)}%`.padStart(6)} | ${cpuCell(row).padEnd(28)} | ${target.padEnd(15)} | ${verdict(row, ceiling, page1)} |`,
    );
  }
  if (exportRow || nachaMedian !== null) {
    console.info('');
    console.info('| measure | figure | target | verdict |');
    console.info('|---|---|---|---|');
  }
  if (exportRow) {
    const exportOk =
      exportRow.rowsPerSecond >= 50_000 && exportRow.growthMb < 100 && exportRow.status === 200;
    console.info(
      `| CSV export of all ${exportRow.rows.toLocaleString('en-US')} approvals (${exportRow.seconds.toFixed(1)} s) | ${(exportRow.rowsPerSecond / 1000).toFixed(1)}k rows/s, peak RSS +${exportRow.growthMb.toFixed(1)} MB | ≥50k rows/s · <100 MB | ${exportOk ? 'holds' : 'MISSED'} |`,
    );
  }
  if (nachaMedian !== null) {
    console.info(
      `| NACHA file of 10,000 entries (write, median of 7) | ${nachaMedian.toFixed(1)} ms | ≤200 ms | ${nachaMedian <= 200 ? 'holds' : 'MISSED'} |`,
    );
  }
  console.info(
    '\nreq/s: completed requests per second over the window; p50/p99: latency seen by the client (ms);' +
      ' % ceil: req/s as a share of the ceiling route; client, API and PostgreSQL share the same cores.' +
      '\nCPU ms/req: CPU time (user + system, from /proc) of the API process, of the PostgreSQL backends' +
      ' serving it and of this client, divided by the requests completed in the window.',
  );
}
