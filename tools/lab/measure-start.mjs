// Start-up time and memory of the API server, compiled (`node api/dist/main.js`, what `pnpm start`
// runs) against the TypeScript loader it replaced (`tsx api/src/main.ts`). Each mode starts N times
// on one already-seeded embedded database; start-up is spawn → first 200 from /api/health, memory
// the resident set of the server's process tree 3 s after that, idle.
// `node tools/lab/measure-start.mjs [--runs 3] [--port 8302]`
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_BUNDLE, apiNeedsBuild, buildApi } from '../build/build-api.mjs';
import { ROOT } from '../build/frontends.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = arg('runs', 3);
const port = arg('port', 8302);
const dataDir = mkdtempSync(path.join(tmpdir(), 'measure-start-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

const MODES = {
  compiled: [process.execPath, ['--enable-source-maps', API_BUNDLE]],
  tsx: [path.join(ROOT, 'api', 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'main.ts')]],
};

/** Resident set of a process and all its descendants, in MB (Linux /proc). */
function treeRssMb(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  let kb = 0;
  const visit = (id) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

async function startOnce(mode) {
  const [command, args] = MODES[mode];
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode} server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    const startMs = performance.now() - started;
    await sleep(3000);
    return { startMs, rssMb: treeRssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (apiNeedsBuild()) await buildApi();
await startOnce('compiled'); // migrates and seeds the database once, outside the figures
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const mode of ['tsx', 'compiled']) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await startOnce(mode));
  console.info(
    `${mode.padEnd(9)} start-up ${Math.round(median(samples.map((s) => s.startMs)))} ms (median of ${runs}), ` +
      `RSS ${Math.round(median(samples.map((s) => s.rssMb)))} MB`,
  );
}
rmSync(dataDir, { recursive: true, force: true });
