// Readings for `pnpm bench -- --staff N` (bench-staff.mjs): CPU of the API and of PostgreSQL from
// /proc (Linux, read only), the lab API's counters and memory, percentiles and the printed table.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const HZ = 100;

/** [comm, ppid, utime+stime, cutime+cstime] of a process in seconds, or null when gone. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime
    // stime cutime cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm,
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / HZ,
      children: (Number(fields[13]) + Number(fields[14])) / HZ,
    };
  } catch {
    return null;
  }
}

/** CPU seconds of a process and its threads (user + system); null where /proc cannot be read. */
export function processCpuSeconds(pid) {
  return procStat(pid)?.own ?? null;
}

/** CPU seconds of a process and of its living children (nginx's master and its workers). */
export function processTreeCpuSeconds(pid) {
  let total = procStat(pid)?.own ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(name);
    if (stat?.ppid === pid) total += stat.own;
  }
  return total;
}

/** The counters of several API processes as one. */
export function sumCounters(list) {
  const buckets = {};
  for (const counters of list) {
    for (const [key, bucket] of Object.entries(counters.buckets)) {
      const sum = (buckets[key] ??= { requests: 0, dbRequests: 0, queries: 0, notModified: 0 });
      for (const field of Object.keys(sum)) sum[field] += bucket[field] ?? 0;
    }
  }
  return {
    queries: list.reduce((sum, c) => sum + c.queries, 0),
    buckets,
    // Each process's own list, so a later reading's new entries are those past an earlier's length.
    proberLists: list.map((c) => c.proberListMs ?? []),
    // The worst event-loop delay of any process since its previous reading.
    loopMaxMs: Math.max(...list.map((c) => c.loop?.maxMs ?? NaN)),
    loopP99Ms: Math.max(...list.map((c) => c.loop?.p99Ms ?? NaN)),
  };
}

/**
 * CPU seconds of every PostgreSQL process on this machine: each one's own time, plus the time of
 * the backends that already ended, which the postmaster holds as its children's. Any load on the
 * server (other databases, other people's tests) is in it.
 */
export function postgresCpuSeconds() {
  let total = 0;
  let found = 0;
  const postgres = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(name);
    if (stat?.comm === 'postgres' || stat?.comm?.startsWith('postgres:')) postgres.set(Number(name), stat);
  }
  for (const stat of postgres.values()) {
    found += 1;
    total += stat.own;
    if (!postgres.has(stat.ppid)) total += stat.children;
  }
  return found > 0 ? total : null;
}

/** CPU seconds of the backends connected to `database` now (pg_stat_activity, through `monitor`). */
export async function databaseBackends(monitor, database) {
  const { rows } = await monitor.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return new Map(rows.map(({ pid }) => [pid, processCpuSeconds(pid) ?? 0]));
}

/** Seconds the backends of `after` used since `before` (a backend that started counts from zero). */
export function backendsDelta(before, after) {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}

export async function labJson(url, route) {
  const response = await fetch(`${url}${route}`);
  if (!response.ok) throw new Error(`${route} answered ${response.status}: the lab's API is needed`);
  return response.json();
}

/** Requests, those with database work and statements of `key` between two counter readings. */
export function bucketDelta(before, after, key) {
  const a = after.buckets[key] ?? { requests: 0, dbRequests: 0, queries: 0, notModified: 0 };
  const b = before.buckets[key] ?? { requests: 0, dbRequests: 0, queries: 0, notModified: 0 };
  return {
    requests: a.requests - b.requests,
    dbRequests: a.dbRequests - b.dbRequests,
    queries: a.queries - b.queries,
    notModified: a.notModified - b.notModified,
  };
}

/** Every route's requests, database requests and statements between two readings, busiest first. */
export function routeDeltas(before, after) {
  return Object.keys(after.buckets)
    .filter((key) => key.startsWith('route '))
    .map((key) => ({ route: key.slice('route '.length), ...bucketDelta(before, after, key) }))
    .filter((delta) => delta.requests > 0)
    .sort((a, b) => b.requests - a.requests);
}

export const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Targets of the issue, on this 2-core machine at 1,000 consoles and 5 decisions a second. */
export const TARGETS = [
  { key: 'cpu', label: 'API + PostgreSQL CPU per event per open console', max: 0.1, unit: 'ms' },
  { key: 'deliveryP99', label: 'event delivery p99', max: 1000, unit: 'ms' },
  { key: 'freshP99', label: 'fresh list load p99', max: 100, unit: 'ms' },
  { key: 'kbPerStream', label: 'memory per open stream', max: 64, unit: 'KB' },
  { key: 'importRatio', label: 'import time under load / alone', max: 2, unit: '×' },
];

const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** The figures of every step, one column per N, and which targets held. */
export function printTable(steps, { rate, seconds }) {
  const rows = [
    ['open consoles (N)', (s) => String(s.n)],
    ['API processes', (s) => (s.processes > 1 ? `${s.processes} behind nginx` : '1')],
    ['events in the window', (s) => `${s.events} (${s.decisions} decisions)`],
    [
      'CPU ms per event per open console: API + PostgreSQL (all processes)',
      (s) => `${fixed(s.cpu, 3)} = ${fixed(s.apiMsPerEventConsole, 3)} + ${fixed(s.pgMsPerEventConsole, 3)}`,
    ],
    ['  PostgreSQL: this database’s backends only', (s) => fixed(s.dbOwnMsPerEventConsole, 3)],
    ['  nginx (not in the sum)', (s) => fixed(s.proxyMsPerEventConsole, 3)],
    [
      '  CPU use over the window: API · PostgreSQL (cores)',
      (s) => `${fixed(s.apiCores, 2)} · ${fixed(s.pgCores, 2)}`,
    ],
    [
      'event delivery from the decision’s transaction p50 / p99 ms',
      (s) => `${fixed(s.deliveryP50, 0)} / ${fixed(s.deliveryP99, 0)}`,
    ],
    [
      '  after the driver got its answer (lower bound) p50 / p99 ms',
      (s) => `${fixed(s.answerP50, 0)} / ${fixed(s.answerP99, 0)}`,
    ],
    [
      '  from the decision’s request (upper bound) p50 / p99 ms',
      (s) => `${fixed(s.requestP50, 0)} / ${fixed(s.requestP99, 0)}`,
    ],
    ['  deliveries (missing)', (s) => `${s.deliveries} (${s.missing})`],
    ['  driver’s answers', (s) => s.driverStatuses || 'none'],
    [
      'fresh list load p50 / p99 ms (list request)',
      (s) => `${fixed(s.freshP50, 0)} / ${fixed(s.freshP99, 0)}`,
    ],
    ['  whole page (list, stats, badge, companies) p99 ms', (s) => fixed(s.freshPageP99, 0)],
    // Where a slow fresh load waited: opening its connection, in the API, or in the bench itself.
    ['  list: connection opened p99 ms', (s) => fixed(s.freshConnectP99, 0)],
    ['  list: in the API (arrival to answer) p99 ms', (s) => fixed(s.freshServerP99, 0)],
    ['  API’s event-loop delay p99 / max ms', (s) => `${fixed(s.apiLoopP99, 0)} / ${fixed(s.apiLoopMax, 0)}`],
    [
      '  bench’s own event-loop delay p99 / max ms',
      (s) => `${fixed(s.loopDelayP99, 0)} / ${fixed(s.loopDelayMax, 0)}`,
    ],
    ['memory per open stream KB', (s) => fixed(s.kbPerStream, 1)],
    [
      'requests per event (with database work)',
      (s) => `${fixed(s.requestsPerEvent, 0)} (${fixed(s.dbRequestsPerEvent, 0)})`,
    ],
    ['  per open console per event', (s) => fixed(s.requestsPerEvent / s.n, 2)],
    ['  304 answers per event', (s) => fixed(s.notModifiedPerEvent, 0)],
    ['  rows patched in place per event (no request)', (s) => fixed(s.patchesPerEvent, 0)],
    ['  stat cards written from the event per event (no request)', (s) => fixed(s.figuresPerEvent, 0)],
    ['  statements per event (all, streams and background included)', (s) => fixed(s.queriesPerEvent, 0)],
    ['re-reads still unanswered at the end / failed', (s) => `${s.unanswered} / ${s.failed}`],
    [
      'sampled consoles whose page equals a fresh read',
      (s) =>
        `${s.sample.same} of ${s.sample.sampled}${s.sample.differing.length ? ` (${s.sample.differing.join('; ')})` : ''}`,
    ],
    ['import of 2,500 bills: alone → under load s', (s) => s.importText ?? 'not run (--import)'],
  ];
  const cells = rows.map(([label, cell]) => [label, ...steps.map(cell)]);
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  console.info(`\n${steps.length > 1 ? 'Ladder' : 'Staff'}: ${rate} decisions/s, ${seconds} s per step`);
  for (const row of cells) {
    console.info(
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('   '),
    );
  }
  console.info('\nTargets (1,000 consoles, 5 decisions/s):');
  for (const target of TARGETS) {
    const held = steps.filter((s) => Number.isFinite(s[target.key]) && s[target.key] <= target.max);
    const largest = held.length ? Math.max(...held.map((s) => s.n)) : null;
    const measured = steps.some((s) => Number.isFinite(s[target.key]));
    console.info(
      `  ${target.label} ≤ ${target.max} ${target.unit}: ${!measured ? 'not measured' : largest === null ? 'held at no N measured' : `held up to N = ${largest}`}`,
    );
  }
  const all = steps.filter((s) => TARGETS.every((t) => !Number.isFinite(s[t.key]) || s[t.key] <= t.max));
  console.info(
    `  largest N measured at which every measured target held: ${all.length ? Math.max(...all.map((s) => s.n)) : 'none'}`,
  );
  for (const step of steps) {
    // Where the requests go (every client: the consoles' re-reads, the driver's decisions, the prober).
    console.info(`\nN = ${step.n}: requests per event by route (with database work; statements)`);
    for (const { route, requests, dbRequests, queries } of step.routes.slice(0, 8)) {
      const per = (value) => (value / step.events).toFixed(1);
      console.info(`  ${per(requests).padStart(7)} (${per(dbRequests)}; ${per(queries)})  ${route}`);
    }
  }
  console.info(
    '  PostgreSQL (all processes) counts every process of the server from /proc: other load on it' +
      ' (other databases, other people’s runs) is in that figure; this database’s backends is the clean part.' +
      ' The client (consoles, driver, prober) shares the same cores and is not counted.',
  );
}
