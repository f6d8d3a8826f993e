// Small helpers to run workspace commands from the tools scripts.
import { spawn } from 'node:child_process';
import { ROOT } from './frontends.mjs';

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** The pnpm of this workspace: the one running us if any, else the pinned version through npx. */
export function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && execPath.includes('pnpm')) return { command: process.execPath, prefix: [execPath] };
  return { command: 'npx', prefix: ['--yes', 'pnpm@10.34.8'] };
}

export function runPnpm(args, options) {
  const { command, prefix } = pnpmCommand();
  return run(command, [...prefix, ...args], options);
}
