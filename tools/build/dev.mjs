// `pnpm dev`: the API in watch mode plus a dev server for the host and one per remote.
// The host (http://localhost:3000) proxies /api to the API and reads each remote from its own port.
import { spawn } from 'node:child_process';
import { startDemoEmulator } from './demo-emulator.mjs';
import { ROOT } from './frontends.mjs';
import { pnpmCommand } from './run.mjs';
import { HOST_PORT, REMOTES } from './webpack/remotes.js';

const { command, prefix } = pnpmCommand();
// The dev servers call the API cross-origin with credentials; production allows no origin unless
// CORS_ORIGINS lists it, so the dev command lists its own servers (unless the caller set one).
const DEV_ORIGINS = [HOST_PORT, ...REMOTES.map((remote) => remote.port)]
  .map((port) => `http://localhost:${port}`)
  .join(',');
const env = { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS || DEV_ORIGINS };
// The demo's QuickBooks (the embedded database, no QB_TOKEN_URL), as `pnpm start` has it: here it
// outlives the API's restarts in watch mode.
const demo = await startDemoEmulator(env);
const apiEnv = { ...env, ...demo?.env };
const processes = [
  ['api', ['--filter', 'api', 'dev'], apiEnv],
  ['host', ['--filter', 'host', 'dev'], env],
  ...REMOTES.map((remote) => [remote.name, ['--filter', remote.dir, 'dev'], env]),
].map(([label, args, childEnv]) => {
  const child = spawn(command, [...prefix, ...args], { cwd: ROOT, env: childEnv });
  const tag = `[${label}]`.padEnd(12);
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(`${tag}${line}\n`);
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
});

function stopAll() {
  for (const child of processes) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
console.info(`Console: http://localhost:${HOST_PORT}  (API on http://localhost:8080)`);
