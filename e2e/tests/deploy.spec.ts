import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page, Route } from '@playwright/test';
import { defaultRemotes } from '../../tools/build/release/paths.mjs';
import { newBuildId } from '../../tools/build/webpack/build-id.js';
import { expect, test } from '../fixtures';
import { Layout } from '../pages/layout';

// Deploying one section: `pnpm release`, its compatibility gate, rollback, and a page that one bad
// section cannot break. The release tool runs against the same releases folder and remotes file as
// the worker's server (RELEASES_DIR, REMOTES_FILE), so what it switches is what the browser gets.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USERS_DIST = path.join(ROOT, 'remote-users', 'dist');
const FULL = Boolean(process.env.TEST_FULL);

test.describe.configure({ mode: 'serial' });

// The worker's server's (set before the tests of this file run, on whichever worker runs them).
let releasesDir = '';
let remotesFile = '';
/** Each section from its own build: what the server starts with. */
const original = JSON.stringify(defaultRemotes());

// From no release of Users, also when the file runs again (a retry) on a server it ran on before.
test.beforeAll(({ server }) => {
  ({ releasesDir, remotesFile } = server);
  rmSync(path.join(releasesDir, 'users'), { recursive: true, force: true });
  writeFileSync(remotesFile, original);
});
test.afterAll(() => writeFileSync(remotesFile, original));

/** Runs `pnpm release …` (the tool itself) and returns its exit code and output. */
function release(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools', 'build', 'release', 'release.mjs'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, RELEASES_DIR: releasesDir, REMOTES_FILE: remotesFile },
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Runs `pnpm gate <dir>`, as CI does for every remote. */
function gate(dir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'tools', 'build', 'release', 'gate.mjs'), dir],
      { cwd: ROOT },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const liveUsersEntry = () => (JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, string>).users;
const buildIdOf = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'build-info.json'), 'utf8')) as { buildId: string }).buildId;

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/**
 * Another build of the same sources, without running webpack again (a real build of the section is
 * the full run's, below): a copy of `dir` in which the build id is replaced wherever the build wrote
 * it (build-info.json, the manifest's buildVersion, the code that carries process.env.BUILD_ID), with
 * a build time of now and the precompressed copies of the changed files written again. The gate and
 * `pnpm release` read the id from the first two, so to them it is a build of its own. Removed by the
 * caller.
 */
function copyBuildAs(dir: string, id: string): string {
  const previous = buildIdOf(dir);
  const copy = mkdtempSync(path.join(tmpdir(), 'users-build-'));
  cpSync(dir, copy, { recursive: true });
  for (const file of filesIn(copy)) {
    if (!/\.(js|json|html|css|map|txt)$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    let changed = text.replaceAll(previous, id);
    if (path.basename(file) === 'build-info.json') {
      changed = JSON.stringify({ ...JSON.parse(changed), builtAt: new Date().toISOString() });
    }
    if (changed === text) continue;
    writeFileSync(file, changed);
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(changed));
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(changed, { level: 9 }));
  }
  return copy;
}

/** The users release ids whose files this page requested. */
function releasesRequested(page: Page): Set<string> {
  const ids = new Set<string>();
  page.on('request', (request) => {
    const id = /\/releases\/users\/([^/]+)\//.exec(new URL(request.url()).pathname)?.[1];
    if (id) ids.add(id);
  });
  return ids;
}

test('a release while a tab is open: the tab keeps its release and is told; new tabs get the new one; rollback in one command', async ({
  page,
  context,
}) => {
  // The build the server already serves becomes the first release (no build needed).
  const first = await release('users', '--from', USERS_DIST);
  expect(first.code, first.output).toBe(0);
  const firstId = buildIdOf(USERS_DIST);
  expect(liveUsersEntry()).toBe(`/releases/users/${firstId}/mf-manifest.json`);

  const seen = releasesRequested(page);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  expect([...seen]).toEqual([firstId]);

  // The dashboard names the live release.
  const layout = new Layout(page);
  await layout.link('Dashboard').click();
  // The release ids are on the About page, System Health's Details.
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page.getByTestId('release-users')).toContainText(firstId);

  // A new build of the section is released and switched while this tab keeps navigating.
  const nextBuild = copyBuildAs(USERS_DIST, newBuildId());
  try {
    const releasing = release('users', '--from', nextBuild);
    await layout.link('Users').click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    const second = await releasing;
    expect(second.code, second.output).toBe(0);
    const secondId = /^users (\S+) is live/m.exec(second.output)?.[1];
    expect(secondId, second.output).toBe(buildIdOf(nextBuild));
    expect(secondId).not.toBe(firstId);
    expect(liveUsersEntry()).toBe(`/releases/users/${secondId}/mf-manifest.json`);

    // The open tab: a navigation inside the section still works on its release and says a new one is live.
    await page.getByRole('link', { name: 'Add User' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
    await expect(page.getByText('A new version of this section is available')).toBeVisible();
    expect([...seen]).toEqual([firstId]);

    // A new tab gets the new release, without the notice; the dashboard names both builds.
    const fresh = await context.newPage();
    const freshSeen = releasesRequested(fresh);
    await fresh.goto('/users');
    await expect(fresh.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    expect([...freshSeen]).toEqual([secondId]);
    await new Layout(fresh).link('Dashboard').click();
    await fresh.getByRole('link', { name: 'Details' }).click();
    await expect(fresh.getByTestId('release-users')).toContainText(secondId!);
    await expect(fresh.getByTestId('release-host')).toContainText(/\d{8}-\d{6}-[0-9a-f]{4}/);
    await expect(fresh.getByText('A new version of this section is available')).toHaveCount(0);

    // Both releases are kept and listed; one command rolls back, and a new tab gets the old release.
    const listed = await release('--list');
    expect(listed.output).toContain(firstId);
    expect(listed.output).toMatch(new RegExp(`live ${secondId}`));
    const back = await release('--rollback', 'users');
    expect(back.code, back.output).toBe(0);
    expect(liveUsersEntry()).toBe(`/releases/users/${firstId}/mf-manifest.json`);
    const later = await context.newPage();
    const laterSeen = releasesRequested(later);
    await later.goto('/users');
    await expect(later.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    expect([...laterSeen]).toEqual([firstId]);

    // The standalone QA page of a release works from the release's folder.
    await later.goto(`/releases/users/${secondId}/users`);
    await expect(later.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(later.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // A file missing from a release is a plain 404, not the API's JSON.
    const missing = await later.request.get(`/releases/users/${secondId}/9999.0123456789abcdef0123.js`);
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toBe('text/plain; charset=utf-8');
  } finally {
    rmSync(nextBuild, { recursive: true, force: true });
  }
});

test('a release built against another shared-ui is refused by the gate, and forced live breaks only its own section', async ({
  page,
}) => {
  // The candidate: this build of Users as if built against shared-ui 0.2.0 (what its manifest tells
  // the gate and the page; its code is never run).
  const candidate = mkdtempSync(path.join(tmpdir(), 'skewed-users-'));
  try {
    cpSync(USERS_DIST, candidate, { recursive: true });
    const manifestPath = path.join(candidate, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      metaData: { buildInfo: { buildVersion: string } };
      shared: { name: string; version: string; requiredVersion: string }[];
    };
    for (const item of manifest.shared) {
      if (item.name.startsWith('shared-ui'))
        Object.assign(item, { version: '0.2.0', requiredVersion: '^0.2.0' });
    }
    manifest.metaData.buildInfo.buildVersion = 'skewed-ui-0.2.0';
    writeFileSync(manifestPath, JSON.stringify(manifest));
    // The build's precompressed copies of the manifest would still say 0.1.0.
    rmSync(`${manifestPath}.br`, { force: true });
    rmSync(`${manifestPath}.gz`, { force: true });
    const infoPath = path.join(candidate, 'build-info.json');
    writeFileSync(
      infoPath,
      JSON.stringify({ ...JSON.parse(readFileSync(infoPath, 'utf8')), buildId: 'skewed-ui-0.2.0' }),
    );

    const live = liveUsersEntry();
    const refused = await release('users', '--from', candidate);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(
      /users \(build skewed-ui-0\.2\.0\) requires shared-ui \^0\.2\.0, but the host \(build \S+\) provides shared-ui 0\.1\.0/,
    );
    expect(liveUsersEntry()).toBe(live);
    const ci = await gate(candidate);
    expect(ci.code).toBe(1);
    expect(ci.output).toContain('requires shared-ui ^0.2.0');

    // Forced into the remotes file anyway (by hand, past the gate).
    cpSync(candidate, path.join(releasesDir, 'users', 'skewed-ui-0.2.0'), { recursive: true });
    writeFileSync(
      remotesFile,
      JSON.stringify({ ...JSON.parse(original), users: '/releases/users/skewed-ui-0.2.0/mf-manifest.json' }),
    );
    const ran: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/skewed-ui-0.2.0/') && request.url().endsWith('.js'))
        ran.push(request.url());
    });
    await page.goto('/users');
    const panel = page
      .getByRole('alert')
      .filter({ hasText: "The Users section's release does not fit this console" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('It needs shared-ui ^0.2.0; this console provides shared-ui 0.1.0.');
    await expect(panel).toContainText('Release skewed-ui-0.2.0.');
    // Refused before any of its code ran: not one of its scripts was requested.
    expect(ran).toEqual([]);

    // Every other section keeps working in the same page, and the dashboard too.
    const layout = new Layout(page);
    for (const [link, heading] of [
      ['Companies', 'Companies'],
      ['Managers', 'Managers'],
      ['Approvals', 'Bill Approvals'],
    ] as const) {
      await layout.link(link).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/stopped working|could not be loaded/)).toHaveCount(0);
    }
    await layout.link('Users').click();
    await expect(panel).toBeVisible();
  } finally {
    writeFileSync(remotesFile, original);
    rmSync(candidate, { recursive: true, force: true });
  }
});

test('a chunk that fails to load, then Retry without visiting another section: the section recovers and the others work', async ({
  page,
}) => {
  // The managers section's chunks (not its entry or manifest) fail until the switch is turned off.
  const down = { on: true };
  let failed = 0;
  await page.route(/\/remotes\/managers\/[^/]+\.[0-9a-f]{16,}\.js$/, (route: Route) => {
    if (!down.on) return route.continue();
    failed += 1;
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
  });
  await page.goto('/managers');
  await expect(page.getByText('The Managers section could not be loaded')).toBeVisible();
  expect(failed).toBeGreaterThan(0);

  // The page stays the same document: Retry starts the section again without a reload.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  down.on = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Managers' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ managers$/)).toBeVisible();

  const layout = new Layout(page);
  for (const [link, heading] of [
    ['Users', 'User Management'],
    ['Companies', 'Companies'],
    ['Approvals', 'Bill Approvals'],
    ['Managers', 'Managers'],
  ] as const) {
    await layout.link(link).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/stopped working|could not be loaded/)).toHaveCount(0);
  }
});

test('`pnpm release users` builds the section from its sources and the new tab gets that build', async ({
  page,
}) => {
  test.skip(
    !FULL,
    'a real webpack build of the section (1.5–2 minutes on two cores): run by pnpm test:full (TEST_FULL=1); ' +
      'the first test releases a copied build the same way, and tools/build/release/release-build.test.mjs ' +
      'checks that the tool builds the section when given no --from',
  );
  test.setTimeout(360_000);
  const built = await release('users');
  try {
    expect(built.code, built.output).toBe(0);
    const id = /^users (\S+) is live/m.exec(built.output)?.[1];
    expect(id, built.output).toBeTruthy();
    // A build of its own: its id is in its build info, and it is not the build the server started with.
    const folder = path.join(releasesDir, 'users', id!);
    expect(buildIdOf(folder)).toBe(id);
    expect(id).not.toBe(buildIdOf(USERS_DIST));
    expect(liveUsersEntry()).toBe(`/releases/users/${id}/mf-manifest.json`);

    const seen = releasesRequested(page);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add User' }).first()).toBeVisible();
    expect([...seen]).toEqual([id]);
  } finally {
    writeFileSync(remotesFile, original);
  }
});
