import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * An API process of a test's own: the built bundle on its own port (the worker's spare port) and
 * its own embedded database in a temporary folder, with settings the worker's shared server must
 * not have (a step-up window of seconds) or a life the test controls (stopped and started again).
 * Stopping it touches nothing else: it is ended by its own pid.
 */
export class OwnApi {
  readonly url: string;
  readonly dataDir: string;
  private process: ChildProcess;

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-own-api-'));
    this.process = this.spawn();
  }

  /** Starts it and waits until /api/health answers. */
  static async start(port: number, env: Record<string, string> = {}): Promise<OwnApi> {
    const api = new OwnApi(port, env);
    await api.untilHealthy();
    return api;
  }

  private spawn(): ChildProcess {
    return spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js')], {
      cwd: ROOT,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        RELEASES_DIR: path.join(this.dataDir, 'releases'),
        LOG_LEVEL: 'warn',
        ...this.env,
      },
    });
  }

  async untilHealthy(): Promise<void> {
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${this.url}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);
  }

  /** Ends the process (SIGTERM, its own pid) and waits for it to exit. */
  stop(): Promise<void> {
    const server = this.process;
    if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }

  /** Starts it again on the same database, as after a restart; waits until healthy. */
  async restart(): Promise<void> {
    await this.stop();
    this.process = this.spawn();
    await this.untilHealthy();
  }

  /** Stops it and removes its data folder. */
  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
