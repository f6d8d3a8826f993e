// `pnpm bench`: starts the production server on a throw-away embedded database and prints latency
// percentiles and throughput of the API's hot reads. It prints figures; it never fails on a timing.
// Options: --seconds N (per endpoint, default 5), --concurrency N (default 10), DATABASE_URL to bench PostgreSQL.
import { performance } from 'node:perf_hooks';
import { serveTemp } from './serve-temp.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option('seconds', 5);
const concurrency = option('concurrency', 10);

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

const server = await serveTemp();
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
  ];
  console.info(
    `${seconds}s per endpoint, ${concurrency} concurrent clients, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}\n`,
  );
  console.info(
    `${'endpoint'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  for (const [label, path] of endpoints) {
    const r = await measure(`${server.url}${path}`, auth);
    console.info(
      `${label.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
} finally {
  await server.stop();
}
