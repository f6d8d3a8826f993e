import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ALL_SERVERS, WORKERS } from './servers';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Tests that need the machine to themselves. */
const ALONE = /live-tabs\.spec\.ts$/;
const CI = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

/**
 * Browser tests against the production build served by `pnpm start`, one server per worker, each on
 * a fresh embedded database of its own (servers.ts; the `server` fixture in fixtures.ts picks the
 * worker's). Debian's Chromium is driven directly (Playwright's own download is unreachable here).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are shared out, so both workers stay busy to the end (a few files hold most of
  // the time). Each test makes the data it needs and never counts on another test having run on its
  // server; a file whose tests build on each other says so (deploy.spec.ts runs serially).
  fullyParallel: true,
  workers: WORKERS,
  retries: CI ? 1 : 0,
  // On CI the first failure that stays a failure ends the run: the rest would only add minutes.
  maxFailures: CI ? 1 : 0,
  reporter: [['list']],
  use: {
    headless: true,
    // Recording every test costs minutes; a retry records the failure again, with its trace.
    trace: 'on-first-retry',
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
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testIgnore: ALONE,
    },
    // Eight tabs of one browser fill both cores by themselves: beside another worker's browser on a
    // slow machine they starved (CI, 240 s without the list rendered in every tab). They run after
    // every other test, one worker only. Depending on 'chromium' means a run of this file alone
    // runs everything first unless it says --no-deps (the saved sign-ins are then made on first use).
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['chromium'],
      testMatch: ALONE,
      workers: 1,
    },
  ],
  webServer: {
    // serve.mjs builds what is stale once, then starts every worker's server at once, each on a fresh
    // data folder, releases folder and remotes file (each section from its own build, as the server's
    // default; REMOTES_FILE lets a test repoint a section without rebuilding), and says when all are up.
    command: 'node serve.mjs',
    cwd: here,
    // Ready when every server answers (serve.mjs checks them all and refuses a port already in use).
    wait: { stdout: /e2e servers ready/ },
    // A stale frontend is built first: minutes on two cores, more when the machine is busy. In
    // `pnpm test` the build stage has built everything already.
    timeout: 1_500_000,
    // Each server closes its embedded database on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      E2E_SERVERS: JSON.stringify(
        ALL_SERVERS.map((server) => ({
          name: `w${server.index}`,
          dir: server.dir,
          baseURL: server.baseURL,
          port: server.port,
          env: {
            PORT: String(server.port),
            DATA_DIR: server.dataDir,
            REMOTES_FILE: server.remotesFile,
            RELEASES_DIR: server.releasesDir,
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
            // The tests reuse one saved sign-in per role and server; an access token outliving the
            // run keeps them from refreshing at all, and so from all refreshing one rotated token
            // (which, after the grace window, is a reuse that revokes the session).
            ACCESS_TOKEN_TTL: String(4 * 3600),
            // The idle limit (30 minutes by default) must outlast the access token, which the
            // server checks at start; neither it nor the 12-hour limit from sign-in ends a saved
            // sign-in made at the start of a run that takes minutes.
            SESSION_IDLE_TIMEOUT: String(5 * 3600),
            // The tests make accounts as their data, as the demo admin, far faster than a person
            // does: the limit of new-password checks per person and minute (its own tests are the
            // API's) would refuse them.
            PASSWORD_CHECKS_PER_MINUTE: '10000',
            // The tests make accounts and name them approvers, policy steps and delegates without
            // giving them a second factor: a week's grace, as existing accounts got, keeps those
            // accounts working (enforcement itself is tested in the API's suite, with none).
            MFA_GRACE_DAYS: '7',
            // The saved sessions (and the API sessions pages/api-client.ts reuses) passed their
            // second step when the run began: an hour's window keeps them fresh through the run
            // for the routes that ask for a recent factor; the step-up journey gets its own short
            // window.
            STEP_UP_MINUTES: '60',
            QB_CLIENT_ID: server.qbClient.id,
            QB_CLIENT_SECRET: server.qbClient.secret,
          },
        })),
      ),
    },
  },
});
