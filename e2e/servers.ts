import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Parallel workers, each with a server of its own: two fill a two-core machine (each worker's
 * browser and server share it); E2E_WORKERS changes it, and the servers follow.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const BASE_PORT = Number(process.env.E2E_PORT ?? 8181);

/** What one worker's tests run against: its own server, database, remotes file and releases. */
export interface WorkerServer {
  index: number;
  port: number;
  baseURL: string;
  /** Everything of this server: wiped when it starts. */
  dir: string;
  dataDir: string;
  remotesFile: string;
  releasesDir: string;
  /** Saved sign-ins (storage states) of the demo roles on this server. */
  statesDir: string;
  /** A free port for a test that starts an API process of its own (live.spec.ts). */
  sparePort: number;
  /**
   * The QuickBooks app credentials of this server's emulator, fixed so a test can read the
   * emulator's realms itself (tests/quickbooks-payment.spec.ts) as another app of the developer.
   */
  qbClient: { id: string; secret: string };
}

export function workerServer(index: number): WorkerServer {
  if (!Number.isInteger(index) || index < 0 || index >= WORKERS) {
    throw new Error(`No e2e server for worker ${index}: ${WORKERS} are started (E2E_WORKERS)`);
  }
  const port = BASE_PORT + index;
  const dir = path.join(here, '.tmp', `w${index}`);
  return {
    index,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dir,
    dataDir: path.join(dir, 'data'),
    remotesFile: path.join(dir, 'remotes.json'),
    releasesDir: path.join(dir, 'releases'),
    statesDir: path.join(dir, 'states'),
    sparePort: BASE_PORT + 1000 + index,
    qbClient: { id: `e2e-demo-client-${index}`, secret: `e2e-demo-client-secret-${index}` },
  };
}

export const ALL_SERVERS: WorkerServer[] = Array.from({ length: WORKERS }, (_, index) => workerServer(index));
