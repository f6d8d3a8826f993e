// `pnpm start`: builds the frontends that are missing or stale, then starts the API, which migrates,
// seeds an empty embedded database and serves /api, the host, the remotes and /remotes.json on one port.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { appsNeedingBuild, ROOT } from './frontends.mjs';
import { runPnpm } from './run.mjs';

const stale = appsNeedingBuild();
for (const app of stale) {
  console.info(`Building ${app}…`);
  await runPnpm(['--filter', app, 'build']);
}

const tsx = path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [path.join(ROOT, 'api', 'src', 'main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
