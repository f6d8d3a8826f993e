import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { defaultRemotes } from '../tools/build/release/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);
export const dataDir = path.join(here, '.tmp', 'data');
export const remotesFile = path.join(here, '.tmp', 'remotes.json');
/** The releases `pnpm release` makes during the run (tests/deploy.spec.ts), served under /releases/. */
export const releasesDir = path.join(here, '.tmp', 'releases');

/**
 * The QuickBooks app credentials of the demo server's emulator, fixed so a test can read the
 * emulator's realms itself (tests/quickbooks-payment.spec.ts) as another app of the developer.
 */
export const QB_E2E_CLIENT = { id: 'e2e-demo-client', secret: 'e2e-demo-client-secret' } as const;

/**
 * Browser tests against the production build served by `pnpm start` on a fresh embedded database.
 * Debian's Chromium is driven directly (Playwright's own download is unreachable here).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], storageState: path.join(here, '.tmp', 'admin.json') },
      dependencies: ['setup'],
    },
  ],
  webServer: {
    // A fresh database every run; REMOTES_FILE (each section from its own build, as the server's
    // default) lets a test repoint a section without rebuilding.
    command: `rm -rf "${dataDir}" "${releasesDir}" && mkdir -p "${path.dirname(remotesFile)}" && printf '%s' '${JSON.stringify(defaultRemotes())}' > "${remotesFile}" && node ../tools/build/start.mjs`,
    cwd: here,
    url: `http://127.0.0.1:${port}/api/health`,
    // The server builds every stale frontend first: minutes on two cores, more when the machine is busy.
    timeout: 1_500_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      REMOTES_FILE: remotesFile,
      RELEASES_DIR: releasesDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every test starts from one saved sign-in per role; an access token outliving the run keeps
      // them from all refreshing one rotated token (which, after the grace window, is a reuse that
      // revokes the session).
      ACCESS_TOKEN_TTL: String(4 * 3600),
      QB_CLIENT_ID: QB_E2E_CLIENT.id,
      QB_CLIENT_SECRET: QB_E2E_CLIENT.secret,
    },
  },
});
