// The browser tests' servers, one per worker (playwright.config.ts passes them in E2E_SERVERS): the
// frontends and the API bundle that are missing or stale are built once, before any server starts
// (so no two servers ever build the same app, and all serve the same build), then every server
// starts at once on a fresh data folder, releases folder and saved sign-ins of its own, with the
// remotes file naming each section's own build, and the demo's QuickBooks Online emulator of its own
// as `pnpm start` runs it. Prints "e2e servers ready" once all answer /api/health. A server that
// exits ends the others and this process; SIGTERM or SIGINT ends them all.
// In `pnpm test` the build stage has built everything already.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import { API_BUNDLE, apiNeedsBuild, buildApi } from '../tools/build/build-api.mjs';
import { appsNeedingBuild } from '../tools/build/frontends.mjs';
import { launchApi } from '../tools/build/launch-api.mjs';
import { defaultRemotes } from '../tools/build/release/paths.mjs';
import { runPnpm } from '../tools/build/run.mjs';

/** @type {Array<{ name: string, dir: string, baseURL: string, port: number, env: Record<string, string> }>} */
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (servers.length === 0) throw new Error('serve.mjs: E2E_SERVERS is not set (playwright.config.ts sets it)');

/** True when something already listens on the port (a server left from an earlier run, say). */
function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
for (const server of servers) {
  if (await listening(server.port)) {
    console.error(`${server.baseURL} is already in use: stop what listens there (an earlier run's server?)`);
    process.exit(1);
  }
}

for (const app of appsNeedingBuild()) {
  console.info(`Building ${app}…`);
  await runPnpm(['--filter', app, 'build']);
}
if (apiNeedsBuild()) {
  console.info('Building api…');
  await buildApi();
}

const children = new Map();
let stopping = false;

/** Ends every server (each closes its embedded database), then this process with `code`. */
function stopAll(signal, code) {
  if (stopping) return;
  stopping = true;
  const running = [...children.values()].filter(
    (child) => child.exitCode === null && child.signalCode === null,
  );
  if (running.length === 0) process.exit(code);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(code);
    });
    child.kill(signal);
  }
}
process.on('SIGTERM', () => stopAll('SIGTERM', 0));
process.on('SIGINT', () => stopAll('SIGINT', 0));

for (const server of servers) {
  // A fresh database every run, no releases, and no sign-ins saved against an earlier database.
  rmSync(server.dir, { recursive: true, force: true });
  mkdirSync(server.dir, { recursive: true });
  writeFileSync(server.env.REMOTES_FILE, JSON.stringify(defaultRemotes()));
  // What `pnpm start` runs once nothing is stale: the compiled API on the server's own port and
  // folders, with the demo's QuickBooks emulator (the server's QB_CLIENT_ID and QB_CLIENT_SECRET).
  const child = await launchApi(API_BUNDLE, {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    log: (line) => process.stdout.write(`[${server.name}] ${line}\n`),
  });
  children.set(server.name, child);
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${server.name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${server.name}] the server exited (${code ?? signal}): stopping the others`);
    stopAll('SIGTERM', code || 1);
  });
}

async function healthy(server) {
  try {
    return (await fetch(`${server.baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}
for (const server of servers) {
  while (!(await healthy(server))) {
    if (stopping) await new Promise(() => {});
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
console.info(`e2e servers ready: ${servers.map((server) => server.baseURL).join(', ')}`);
