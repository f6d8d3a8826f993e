// The demo's QuickBooks Online emulator, for the launchers (start.mjs, dev.mjs, e2e/serve.mjs and the
// lab's servers): qbo-emulator/src/demo.ts compiled into qbo-emulator/dist/demo.js when missing or
// stale, so the launchers run plain JavaScript, and started in the launcher's process beside the API
// it serves. The API itself never starts it: it reads the QB_* variables this sets, as it would
// read Intuit's.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle } from './build-api.mjs';
import { ROOT } from './frontends.mjs';

const EMULATOR = path.join(ROOT, 'qbo-emulator');
const emulatorBundle = bundle({
  entry: path.join(EMULATOR, 'src', 'demo.ts'),
  outfile: path.join(EMULATOR, 'dist', 'demo.js'),
  sources: [path.join(EMULATOR, 'src')],
  inputs: [path.join(EMULATOR, 'package.json')],
});

/**
 * When `env` (the API's environment) is the demo's, the embedded database and no QB_TOKEN_URL:
 * starts the emulator for that API and answers `{ env, baseUrl, close }`, `env` being the QB_*
 * variables to add to the API's environment. Otherwise null, and nothing is started.
 */
export async function startDemoEmulator(env, { log = console.info } = {}) {
  // PostgreSQL or a QuickBooks of its own: no demo, and no emulator to build either.
  if (env.DATABASE_URL || env.QB_TOKEN_URL) return null;
  if (emulatorBundle.needsBuild()) await emulatorBundle.build();
  const demo = await import(pathToFileURL(emulatorBundle.path).href);
  if (!demo.usesDemoEmulator(env)) return null;
  const { emulator, env: settings } = await demo.startDemoEmulator(env);
  log(`QuickBooks: demo mode, talking to the local QuickBooks Online emulator at ${emulator.baseUrl}`);
  return { env: settings, baseUrl: emulator.baseUrl, close: () => emulator.close() };
}
