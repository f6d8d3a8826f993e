// An open console nobody uses signs itself out after the server's idle limit, instead of refreshing
// its token for ever. The limit comes from an API process of this test's own, started with a
// two-minute SESSION_IDLE_TIMEOUT; the page's clock is moved on (page.clock), so the minutes pass
// in an instant and the test waits for nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as newRequestContext } from '@playwright/test';
import { IDLE_TEXT } from '../../shared-contracts/src/idle-text';
import { expect, SIGNED_OUT, test } from '../fixtures';
import { DEMO, SignInPage } from '../pages/sign-in-page';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const IDLE_SECONDS = 120;

/** An API process of this test's own with a short idle limit (the built bundle, its own port and database). */
function startApi(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RELEASES_DIR: path.join(dataDir, 'releases'),
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL: '60',
      SESSION_IDLE_TIMEOUT: String(IDLE_SECONDS),
    },
  });
}

function stopApi(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

test('an unused console warns a minute before the idle limit, then signs out and says why', async ({
  browser,
  server: workerServer,
}) => {
  test.setTimeout(90_000);
  const port = workerServer.sparePort;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'idle-sign-out-'));
  const server = startApi(port, dataDir);
  const context = await browser.newContext({ baseURL: url, storageState: SIGNED_OUT });
  const api = await newRequestContext.newContext({ baseURL: url });
  try {
    await expect
      .poll(async () => (await api.get('/api/health').catch(() => null))?.status() ?? 0, {
        timeout: 60_000,
        intervals: [250],
      })
      .toBe(200);
    const page = await context.newPage();
    await page.clock.install();
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/refresh') refreshes.push(request.url());
    });

    await page.goto('/login');
    await new SignInPage(page).signIn(DEMO.admin, DEMO.password);
    await page.waitForURL(/\/dashboard$/);
    // The watch is fetched after the layout paints; the clock moves once it counts.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('last_activity'))).not.toBeNull();

    // A minute before the limit: the warning, its button focused.
    await page.clock.fastForward((IDLE_SECONDS - 60) * 1000);
    const warning = page.getByRole('alertdialog');
    await expect(warning).toContainText(IDLE_TEXT.warning);
    const stay = warning.getByRole('button', { name: IDLE_TEXT.staySignedIn });
    await expect(stay).toBeFocused();

    // Staying signed in refreshes the session once.
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
    await stay.click();
    expect((await refreshed).status()).toBe(200);
    await expect(warning).toBeHidden();
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const refreshesBefore = refreshes.length;

    // Nobody comes back: at the limit the console signs out without another refresh.
    await page.clock.fastForward((IDLE_SECONDS - 60) * 1000);
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.clock.fastForward(60 * 1000);
    await page.waitForURL(/\/login$/);
    await expect(page.getByRole('status')).toContainText(IDLE_TEXT.signedOut(IDLE_SECONDS / 60));
    expect(refreshes).toHaveLength(refreshesBefore);
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();

    // Signed out on the server too: the session's refresh token no longer works.
    await expect
      .poll(async () => (await api.post('/api/auth/refresh', { data: { refreshToken } })).status())
      .toBe(401);
  } finally {
    await context.close();
    await api.dispose();
    await stopApi(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
