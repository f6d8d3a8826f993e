// `pnpm dev`: the API in watch mode plus a dev server for the host and one per remote.
// The host (http://localhost:3000) proxies /api to the API and reads each remote from its own port.
import { spawn } from 'node:child_process';
import { ROOT } from './frontends.mjs';
import { pnpmCommand } from './run.mjs';

const { command, prefix } = pnpmCommand();
// The dev servers call the API cross-origin with credentials; production allows no origin unless
// CORS_ORIGINS lists it, so the dev command lists its own servers (unless the caller set one).
const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`).join(',');
const env = { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS || DEV_ORIGINS };
const processes = [
  ['api', ['--filter', 'api', 'dev']],
  ['host', ['--filter', 'host', 'dev']],
  ['companies', ['--filter', 'remote-companies', 'dev']],
  ['users', ['--filter', 'remote-users', 'dev']],
  ['managers', ['--filter', 'remote-managers', 'dev']],
  ['approvals', ['--filter', 'remote-approvals', 'dev']],
].map(([label, args]) => {
  const child = spawn(command, [...prefix, ...args], { cwd: ROOT, env });
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
console.info('Console: http://localhost:3000  (API on http://localhost:8080)');
