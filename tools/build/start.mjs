// `pnpm start`: builds the frontends and the API that are missing or stale, then starts the compiled
// API (plain JavaScript, no TypeScript loader at run time), which migrates, seeds an empty embedded
// database and serves /api, the host, the remotes and /remotes.json on one port.
import { spawn } from 'node:child_process';
import { API_BUNDLE, apiNeedsBuild, buildApi } from './build-api.mjs';
import { appsNeedingBuild, ROOT } from './frontends.mjs';
import { runPnpm } from './run.mjs';

const stale = appsNeedingBuild();
for (const app of stale) {
  console.info(`Building ${app}…`);
  await runPnpm(['--filter', app, 'build']);
}

if (apiNeedsBuild()) {
  console.info('Building api…');
  await buildApi();
}

const server = spawn(process.execPath, ['--enable-source-maps', API_BUNDLE], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
