// `pnpm bench`: starts the production server on a throw-away embedded database and prints latency
// percentiles and throughput of the API's hot reads. It prints figures; it never fails on a timing.
// Options: --seconds N (per endpoint, default 5), --concurrency N (default 10), --companies N (seed N
// generated companies first, through the API's seed CLI), --users N (likewise N generated users), --api-only (start the API alone, without
// building the frontends), DATABASE_URL to bench PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './frontends.mjs';
import { run } from './run.mjs';
import { serveTemp } from './serve-temp.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 5);
const concurrency = option('concurrency', 10);
const extraCompanies = option('companies', 0);
const extraUsers = option('users', 0);
if (![extraCompanies, extraUsers].every((n) => Number.isSafeInteger(n) && n >= 0)) {
  console.error('--companies and --users must be whole numbers');
  process.exit(1);
}

async function measure(url, init) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  async function worker() {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const pick = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    rps: latencies.length / seconds,
    p50: pick(50),
    p95: pick(95),
    p99: pick(99),
    errors,
  };
}

/**
 * --api-only: the API alone (tsx api/src/main.ts, STATIC_ROOT an empty folder), without building
 * the frontends first. Same server code and database; only the static console is missing.
 */
async function serveApiOnly(dir) {
  const { createServer } = await import('node:net');
  const { spawn } = await import('node:child_process');
  const port = await new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.on('error', reject);
  });
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'console-bench-static-'));
  const child = spawn(
    path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'api', 'src', 'main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        STATIC_ROOT: staticRoot,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('the API did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(staticRoot, { recursive: true, force: true });
    },
  };
}

// With --companies: demo data plus N generated companies, written by the seed CLI into a fresh
// embedded database (or DATABASE_URL) before the server opens it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-bench-'));
if (extraCompanies > 0 || extraUsers > 0) {
  console.info(`Seeding ${extraCompanies} companies and ${extraUsers} users…`);
  const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
  await run(
    tsx,
    [
      path.join(ROOT, 'api', 'src', 'db', 'seed-cli.ts'),
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
const server = args.includes('--api-only')
  ? await serveApiOnly(dataDir)
  : await serveTemp({ DATA_DIR: dataDir });
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Password123!' }),
  });
  const { data } = await login.json();
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
  for (const [label, route] of endpoints) {
    const r = await measure(`${server.url}${route}`, auth);
    console.info(
      `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
