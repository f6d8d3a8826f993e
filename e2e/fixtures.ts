import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  test as base,
  expect,
  request as newRequestContext,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { STORAGE_KEYS } from '../shared-contracts/src/limits';
import { signInThroughApi } from './pages/second-step';
import { DEMO } from './pages/sign-in-page';
import { workerServer, type WorkerServer } from './servers';

export { expect };

export type Role = 'admin' | 'moderator' | 'user' | 'guest';
export const ROLES: readonly Role[] = ['admin', 'moderator', 'user', 'guest'];

/** A browser's saved storage (Playwright's storage state). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A browser with nothing stored: signed out. */
export const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

/**
 * A new session of `email` made through the API (POST /api/auth/login, then the second step of a
 * demo account with the demo authenticator) on the server `request` talks to, as the browser state
 * a sign-in on the page leaves: shared-auth keeps both tokens and the signed-in user in
 * localStorage (no cookie), and the console checks them with GET /api/auth/me when it starts.
 */
export async function apiSession(
  request: APIRequestContext,
  email: string,
  password: string = DEMO.password,
): Promise<StorageState> {
  const { data, origin } = await signInThroughApi<{
    user: unknown;
    tokens: { accessToken: string; refreshToken: string; idleTimeoutSeconds?: number };
  }>(request, email, password);
  const { user, tokens } = data;
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: STORAGE_KEYS.accessToken, value: tokens.accessToken },
          { name: STORAGE_KEYS.refreshToken, value: tokens.refreshToken },
          { name: STORAGE_KEYS.session, value: JSON.stringify({ user, isAuthenticated: true }) },
          // As a sign-in in the console keeps it: the console signs itself out after the server's
          // idle limit (the e2e servers' hours), not after its own 30-minute default.
          ...(tokens.idleTimeoutSeconds
            ? [{ name: STORAGE_KEYS.idleTimeout, value: String(tokens.idleTimeoutSeconds) }]
            : []),
        ],
      },
    ],
  };
}

/** Where a role's saved sign-in on `server` is kept. */
export function savedStateFile(server: WorkerServer, role: Role): string {
  return path.join(server.statesDir, `${role}.json`);
}

/**
 * Makes (through the API) and saves the sign-in of `role` on `server`, once: the setup project makes
 * them all before the tests; a run without it (--no-deps) makes each on first use. Every test of
 * the server then shares it, which is safe because no test refreshes or ends a saved session (those
 * that do make a session of their own with apiSession), and the servers' access tokens outlive the
 * run (ACCESS_TOKEN_TTL in playwright.config.ts), so the console never refreshes them.
 */
export async function saveSignIn(server: WorkerServer, role: Role, replace = false): Promise<string> {
  const file = savedStateFile(server, role);
  if (existsSync(file) && !replace) return file;
  const request = await newRequestContext.newContext({ baseURL: server.baseURL });
  try {
    const state = await apiSession(request, DEMO[role]);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(state, null, 2));
    return file;
  } finally {
    await request.dispose();
  }
}

/**
 * Puts a session into a page that is already open, as a sign-in there would (its storage replaced),
 * then opens `path` (null: the caller opens a page next). The storage is written from a blank page
 * of the console's origin, so none of the console's code runs while it changes.
 */
export async function useSession(
  page: Page,
  state: string | StorageState,
  path: string | null = '/dashboard',
) {
  const saved: StorageState = typeof state === 'string' ? JSON.parse(readFileSync(state, 'utf8')) : state;
  const blank = '/__e2e-blank';
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  );
  try {
    await page.goto(blank);
    const origin = await page.evaluate(() => location.origin);
    const entry = saved.origins.find((candidate) => candidate.origin === origin);
    if (!entry) throw new Error(`the session is not of this page's origin (${origin})`);
    await page.evaluate((items) => {
      localStorage.clear();
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, entry.localStorage);
  } finally {
    await page.unroute(blank);
  }
  if (path !== null) await page.goto(path);
}

interface TestFixtures {
  /**
   * Whose saved sign-in the test's page starts with: the demo admin unless a file or block says
   * otherwise (`test.use({ signedInAs: 'guest' })`); null starts signed out.
   */
  signedInAs: Role | null;
  /** The file of a role's saved sign-in on this worker's server, for `browser.newContext` or useSession. */
  savedState: (role: Role) => Promise<string>;
}

interface WorkerFixtures {
  /** This worker's own server (servers.ts), by its parallel index: one server per worker slot. */
  server: WorkerServer;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      await use(workerServer(workerInfo.parallelIndex));
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  signedInAs: ['admin', { option: true }],
  storageState: async ({ server, signedInAs }, use) => {
    await use(signedInAs ? await saveSignIn(server, signedInAs) : SIGNED_OUT);
  },
  savedState: async ({ server }, use) => {
    await use((role) => saveSignIn(server, role));
  },
});
