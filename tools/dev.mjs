// `pnpm dev`: the API in watch mode plus a dev server for the host and one per remote.
// The host (http://localhost:3000) proxies /api to the API and reads each remote from its own port.
import { spawn } from 'node:child_process';
import { ROOT } from './frontends.mjs';
import { pnpmCommand } from './run.mjs';

const { command, prefix } = pnpmCommand();
const processes = [
  ['api', ['--filter', 'api', 'dev']],
  ['host', ['--filter', 'host', 'dev']],
  ['companies', ['--filter', 'remote-companies', 'dev']],
  ['users', ['--filter', 'remote-users', 'dev']],
  ['managers', ['--filter', 'remote-managers', 'dev']],
  ['approvals', ['--filter', 'remote-approvals', 'dev']],
].map(([label, args]) => {
  const child = spawn(command, [...prefix, ...args], { cwd: ROOT, env: process.env });
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
