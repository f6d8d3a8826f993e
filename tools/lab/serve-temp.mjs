// Starts `pnpm start` on a free port with a throw-away embedded database, for the size and bench scripts;
// with `lab`, the lab's API (start-lab.mjs: the bench's measuring routes) in place of the product's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/frontends.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Resolves to { url, stop } once /api/health answers. */
export async function serveTemp(extraEnv = {}, { lab = false } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-data-'));
  const start = lab
    ? path.join(ROOT, 'tools', 'lab', 'start-lab.mjs')
    : path.join(ROOT, 'tools', 'build', 'start.mjs');
  const child = spawn(process.execPath, [start], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group, so a failed start can end the builds it runs too, not leave them behind.
    detached: true,
  });
  const kill = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const url = `http://127.0.0.1:${port}`;
  // The start builds every stale frontend first: on a busy two-core machine that alone can take 15 min.
  const deadline = Date.now() + 1_500_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error('the server did not start in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
