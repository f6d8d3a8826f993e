// `pnpm bench`: starts the production server on a throw-away embedded database and prints latency
// percentiles and throughput of the API's hot reads. It prints figures; it never fails on a timing.
// Options: --seconds N (per endpoint, default 5), --concurrency N (default 10), --companies N (seed N
// generated companies first, through the API's seed CLI), --users N (likewise N generated users), --api-only (start the API alone, without
// building the frontends), DATABASE_URL to bench PostgreSQL.
// --scale: the million-approval benchmark on PostgreSQL instead (tools/lab/bench-scale.mjs).
// The live event stream is measured last: --streams N open streams (default 1000), --decisions N
// (default 20); --live-only skips the endpoints and the bank file.
// --qb-import [--bills 2500,10000]: the QuickBooks import of realms of those sizes from the
// emulator instead (tools/lab/bench-qb-import.mjs). The full run ends with it too (2,500 and
// 10,000 bills: wall time, requests, bills/s, peak memory; --no-qb-import leaves it out).
// --staff [N]: N open consoles (default 1000) on PostgreSQL (DATABASE_URL or TEST_DATABASE_URL; its
// own database bench_staff_<pid>, dropped after) with the demo data scaled up: each its own session,
// event stream and approvals list page answering events as the console does, while a driver decides
// --rate R approvals a second (default 5) for --seconds S (default 60); prints CPU per event per
// open console (API + PostgreSQL), delivery p50/p99, the fresh list load's p99 under that load,
// memory per stream and requests per event (tools/lab/bench-staff.mjs). --ladder N1,N2,… runs one
// step per N, each on data and an API of its own, and says the largest N at which the targets hold; --import adds a 2,500-bill
// QuickBooks import in the middle, timed alone first.
// --abuse: what one hostile GUEST costs everyone else (tools/lab/bench-abuse.mjs): an ADMIN's account
// creation while the GUEST floods password changes, and /api/health and memory while 100 GUEST
// streams replay the live log.
// --tabs [N]: the browser console itself (tools/lab/bench-tabs.mjs): N approvals tabs (default 8) of
// one Chromium while 20 decisions (--decisions D) are made over 10 s (--window S); prints when each
// tab shows every final status after the last decision, and the requests the tabs made (304s, full
// reads of the list and of the stat cards, other routes) and the events they received.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure as measureLoop, serveApiOnly } from './bench-lib.mjs';
import { benchLive } from './bench-live.mjs';
import { ROOT } from '../build/frontends.mjs';
import { run } from '../build/run.mjs';
import { demoSignIn } from './demo-sign-in.mjs';
import { serveTemp } from './serve-temp.mjs';

const args = process.argv.slice(2);
if (args.includes('--staff') || args.includes('--ladder')) {
  // Under tsx: the simulated consoles import the console's own live policy, which is TypeScript.
  await run(path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'), [
    path.join(ROOT, 'tools', 'lab', 'bench-staff-cli.mjs'),
    ...args,
  ]);
  process.exit(0);
}
if (args.includes('--tabs')) {
  // Under tsx: it makes its approvals and decisions with the e2e test's own helpers (TypeScript).
  const tabs = args.indexOf('--tabs');
  const count = /^\d+$/.test(args[tabs + 1] ?? '') ? [] : ['8'];
  await run(path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'), [
    path.join(ROOT, 'tools', 'lab', 'bench-tabs.mjs'),
    ...args.slice(0, tabs + 1),
    ...count,
    ...args.slice(tabs + 1),
  ]);
  process.exit(0);
}
if (args.includes('--qb-import')) {
  const { benchQbImport } = await import('./bench-qb-import.mjs');
  await benchQbImport(args);
  process.exit(0);
}
if (args.includes('--abuse')) {
  const { benchAbuse } = await import('./bench-abuse.mjs');
  await benchAbuse();
  process.exit(0);
}
if (args.includes('--scale')) {
  const { benchScale } = await import('./bench-scale.mjs');
  await benchScale(args);
  process.exit(0);
}
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 5);
const concurrency = option('concurrency', 10);
const extraCompanies = option('companies', 0);
const extraUsers = option('users', 0);
const streams = option('streams', 1000);
const decisions = option('decisions', 20);
const liveOnly = args.includes('--live-only');
if (![extraCompanies, extraUsers].every((n) => Number.isSafeInteger(n) && n >= 0)) {
  console.error('--companies and --users must be whole numbers');
  process.exit(1);
}

const measure = (url, init) => measureLoop(() => [url, init], { seconds, concurrency });

// With --companies: demo data plus N generated companies, written by the seed CLI into a fresh
// embedded database (or DATABASE_URL) before the server opens it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-'));
if (extraCompanies > 0 || extraUsers > 0) {
  console.info(`Seeding ${extraCompanies} companies and ${extraUsers} users…`);
  const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
  await run(
    tsx,
    [
      path.join(ROOT, 'api', 'src', 'seed', 'cli.ts'),
      '--companies',
      String(extraCompanies),
      '--users',
      String(extraUsers),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
}
// The lab's API either way: its measuring routes give the process's memory reading, for the live
// stream's figures. The live bench's thousand consoles stand for as many people, over a few demo
// accounts.
const benchEnv = { LIVE_MAX_STREAMS_PER_ACCOUNT: '1000' };
const server = args.includes('--api-only')
  ? await serveApiOnly(dataDir, benchEnv)
  : await serveTemp({ DATA_DIR: dataDir, ...benchEnv }, { lab: true });
try {
  const { data } = (await demoSignIn(server.url, 'admin@example.com', 'Password123!')).body;
  const auth = { headers: { Authorization: `Bearer ${data.tokens.accessToken}` } };
  const endpoints = [
    ['GET /api/auth/me', '/api/auth/me'],
    ['GET /api/dashboard/stats', '/api/dashboard/stats'],
    ['GET /api/health/detailed', '/api/health/detailed'],
    ['GET companies (default page)', '/api/company/companies'],
    [
      'GET companies ACTIVE name p3',
      '/api/company/companies?status=ACTIVE&sortBy=name&sortOrder=asc&page=3&limit=10',
    ],
    ['GET companies search', '/api/company/companies?search=logistics'],
    ['GET companies/search?q=', '/api/company/companies/search?q=summit'],
    ['GET user/users picker', '/api/user/users?role=ADMIN,MODERATOR,USER&isActive=true&limit=100'],
    ['GET user/users (default page)', '/api/user/users'],
    ['GET user/users GUEST name p3', '/api/user/users?role=GUEST&sortBy=name&sortOrder=asc&page=3'],
    ['GET user/users search', '/api/user/users?search=martin'],
    ['GET user/overview-stats', '/api/user/overview-stats'],
  ];
  const total = await fetch(`${server.url}/api/company/companies?limit=1`, auth).then((r) => r.json());
  console.info(
    `${seconds}s per endpoint, ${concurrency} concurrent clients, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${total.meta.pagination.total} companies\n`,
  );
  console.info(
    `${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const [label, route] of liveOnly ? [] : endpoints) {
    const r = await measure(`${server.url}${route}`, auth);
    console.info(
      `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  await benchLive(server.url, { streams, decisions });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (liveOnly) process.exit(0);

// Writing a bank file of 10,000 entries, in its own process so the server's load is not in it.
console.info('');
await run(path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'), [
  path.join(ROOT, 'api', 'lab', 'nacha-bench.ts'),
  '10000',
]);

// Importing one QuickBooks realm of 10,000 bills from the emulator, and one of 2,500:
// the same peak memory for both shows the import's memory is flat in the bill count.
if (!args.includes('--no-qb-import')) {
  console.info('');
  const { benchQbImport } = await import('./bench-qb-import.mjs');
  await benchQbImport(['--bills', '2500,10000']);
}
