// Shared by `pnpm bench` and `pnpm bench -- --scale`: the load loop and the API-only server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_BUNDLE, apiNeedsBuild, buildApi } from './build-api.mjs';
import { ROOT } from './frontends.mjs';

/**
 * `concurrency` clients, each sending its next request as soon as the last one answered, for
 * `seconds`. `next()` gives [url, init] for each request (or null: no more work, that client stops).
 * Latencies are per request as the client sees them; non-2xx answers and network errors count as errors.
 */
export async function measure(next, { seconds, concurrency }) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  async function worker() {
    while (performance.now() < end) {
      const request = next();
      if (!request) break;
      const start = performance.now();
      try {
        const response = await fetch(request[0], request[1]);
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = Math.max(1, performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    rps: latencies.length / elapsed,
    p50: pick(50),
    p95: pick(95),
    p99: pick(99),
    errors,
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.on('error', reject);
  });
}

/**
 * The API alone, as `pnpm start` runs it (the compiled api/dist/main.js, built first when missing
 * or stale; STATIC_ROOT an empty folder), without building the frontends. Same server code and
 * database; only the static console is missing.
 */
export async function serveApiOnly(dir, extraEnv = {}) {
  const port = extraEnv.PORT ?? String(await freePort());
  if (apiNeedsBuild()) {
    console.info('Building api…');
    await buildApi();
  }
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'console-bench-static-'));
  const child = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      STATIC_ROOT: staticRoot,
      LOG_LEVEL: 'warn',
      ...extraEnv,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 600_000; ;) {
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
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(staticRoot, { recursive: true, force: true });
    },
  };
}
