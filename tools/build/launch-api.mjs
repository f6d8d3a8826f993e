// Starting a compiled API as `pnpm start` does, for start.mjs, e2e/serve.mjs and the lab's servers:
// with the demo's QuickBooks Online emulator beside it when its environment is the demo's (the
// embedded database and no QB_TOKEN_URL; demo-emulator.mjs), the emulator's QB_* variables added to
// the API's environment. The emulator stops when the API does.
import { spawn } from 'node:child_process';
import { startDemoEmulator } from './demo-emulator.mjs';
import { appsNeedingBuild, ROOT } from './frontends.mjs';
import { runPnpm } from './run.mjs';

/**
 * Spawns `node bundlePath` (after `nodeArgs`) with `env`, plus the demo emulator's variables when
 * `env` is the demo's. Answers the child process; `log` gets the emulator's line.
 */
export async function launchApi(
  bundlePath,
  { env = process.env, nodeArgs = [], stdio = 'inherit', log } = {},
) {
  const demo = await startDemoEmulator(env, log ? { log } : {});
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, bundlePath], {
    cwd: ROOT,
    env: { ...env, ...demo?.env },
    stdio,
  });
  child.once('exit', () => void demo?.close());
  return child;
}

/**
 * What `pnpm start` does with an API bundle (build-api.mjs's `bundle`): builds the frontends (unless
 * `frontends` is false) and the API that are missing or stale, then serves until the API exits,
 * passing SIGINT and SIGTERM on to it, and exits with its code.
 */
export async function startConsole(api, { frontends = true } = {}) {
  for (const app of frontends ? appsNeedingBuild() : []) {
    console.info(`Building ${app}…`);
    await runPnpm(['--filter', app, 'build']);
  }
  if (api.needsBuild()) {
    console.info('Building api…');
    await api.build();
  }
  const server = await launchApi(api.path);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
