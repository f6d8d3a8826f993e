// Shared by `pnpm bench` and `pnpm bench -- --scale`: the load loop and the API-only server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../build/frontends.mjs';
import { launchApi } from '../build/launch-api.mjs';
import { LAB_API } from './lab-api.mjs';

/** A browser's Accept-Encoding: the server compresses as it would for the console. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * One request over a kept-alive connection of `agent` (node:http, no fetch): resolves with the
 * status and the body's size on the wire (bytes as sent, before any decompression) once the whole
 * answer has been read. The body is read but not decoded or decompressed: the client's part of the
 * shared CPU stays small, the server's work is what a browser gets. `acceptEncoding` replaces the
 * browser's Accept-Encoding (say 'br', 'gzip' or 'identity' to compare the server's compression).
 */
function send(agent, url, init = {}, acceptEncoding = ACCEPT_ENCODING) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        agent,
        method: init.method ?? 'GET',
        headers: { 'accept-encoding': acceptEncoding, ...(init.headers ?? {}) },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}

/**
 * `concurrency` clients, each sending its next request as soon as the last one answered, for
 * `seconds`, over `concurrency` kept-alive connections (node:http: about a third of fetch's CPU per
 * request, and the client shares the cores with the server it measures). `next()` gives
 * [url, init] for each request (or null: no more work, that client stops). Latencies are per
 * request as the client sees them; non-2xx answers and network errors count as errors.
 */
export async function measure(next, { seconds, concurrency, acceptEncoding = ACCEPT_ENCODING }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  let bodyBytes = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  async function worker() {
    while (performance.now() < end) {
      const request = next();
      if (!request) break;
      const start = performance.now();
      try {
        const { status, bytes } = await send(agent, request[0], request[1], acceptEncoding);
        bodyBytes += bytes;
        if (status < 200 || status >= 300) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = Math.max(1, performance.now() - started) / 1000;
  agent.destroy();
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
    // Mean body bytes per answer as received (compressed when the server compressed it).
    bytesPerResponse: latencies.length === 0 ? 0 : bodyBytes / latencies.length,
  };
}

export async function freePort() {
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
 * The API alone, as `pnpm start` runs it (compiled, built first when missing or stale; STATIC_ROOT an
 * empty folder), without building the frontends: the lab's API (lab-api.mjs), the product's server
 * with the measuring routes (ceiling, memory, profiles). Same server code and database; only the
 * static console is missing. `nodeArgs` go to node before the bundle (say `--cpu-prof`), `workers`
 * how many API processes share the port.
 */
export async function serveApiOnly(dir, extraEnv = {}, nodeArgs = [], { workers = 1 } = {}) {
  const port = extraEnv.PORT ?? String(await freePort());
  if (LAB_API.needsBuild()) {
    console.info('Building the lab API…');
    await LAB_API.build();
  }
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'console-bench-static-'));
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    STATIC_ROOT: staticRoot,
    LOG_LEVEL: 'warn',
    ...extraEnv,
    PORT: String(port),
  };
  // BENCH_API_LOG=1 shows the API's own log (its errors, at LOG_LEVEL), else only its stderr.
  const stdio = ['ignore', process.env.BENCH_API_LOG === '1' ? 'inherit' : 'ignore', 'inherit'];
  // With workers > 1 the API runs as that many processes on one port (tools/lab/cluster-api.mjs;
  // PostgreSQL only); the pid returned is then the cluster's primary, whose children are the API
  // processes. One process starts as `pnpm start` does, with the demo's QuickBooks emulator beside
  // it on the embedded database.
  const child =
    workers > 1
      ? spawn(
          process.execPath,
          [path.join(ROOT, 'tools', 'lab', 'cluster-api.mjs'), String(workers), ...nodeArgs],
          { cwd: ROOT, env, stdio },
        )
      : await launchApi(LAB_API.path, { env, nodeArgs, stdio, log: () => {} });
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
