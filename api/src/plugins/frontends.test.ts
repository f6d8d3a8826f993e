import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../test/build';
import { DEFAULT_REMOTES } from './frontends';

// Releases of one section (`pnpm release`): served under /releases/<section>/<build id>/ from the
// releases folder, which may gain releases while the server runs.
describe('frontends: releases, the remotes file and missing files', () => {
  let t: TestContext;
  let root: string;
  let releases: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  };
  const ID = '20261125-163012-9f3a';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'api-releases-'));
    releases = join(root, 'releases');
    write(join(root, 'host/dist/index.html'), '<!doctype html><title>console</title>');
    write(join(root, 'remote-users/dist/remoteEntry.js'), 'var users;');
    t = await build({
      seed: false,
      config: {
        staticRoot: root,
        releasesDir: releases,
        remotesFile: join(releases, 'remotes.json'),
        remoteOriginsFile: join(releases, 'remote-origins.txt'),
      },
      app: { serveFrontends: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /remotes.json with each section from its own build while no remotes file exists', async () => {
    const response = await t.request({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(DEFAULT_REMOTES));
    expect(response.json().users).toBe('/remotes/users/mf-manifest.json');
    // The file, once written (by `pnpm release`), is what is answered.
    write(join(releases, 'remotes.json'), `{"users":"/releases/users/${ID}/mf-manifest.json"}`);
    expect((await t.request({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      users: `/releases/users/${ID}/mf-manifest.json`,
    });
  });

  it('serves a release made after the server started, never its source maps or the tool files', async () => {
    const dir = join(releases, 'users', ID);
    write(join(dir, 'remoteEntry.js'), 'var users_release;');
    write(join(dir, 'remoteEntry.js.map'), '{"version":3}');
    write(join(dir, '113.57515aca5816f3902720.js'), 'export {}');
    const entry = await t.request({ method: 'GET', url: `/releases/users/${ID}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var users_release;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const chunk = await t.request({
      method: 'GET',
      url: `/releases/users/${ID}/113.57515aca5816f3902720.js`,
    });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      `/releases/users/${ID}/remoteEntry.js.map`,
      '/releases/remotes.json',
      '/releases/remote-origins.txt',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('"version":3');
      expect(response.body, url).not.toContain('mf-manifest');
    }
  });

  it("answers a remote's or a release's missing file with a plain 404, not the JSON envelope", async () => {
    for (const url of [
      '/remotes/users/404.0123456789abcdef0123.js',
      '/remotes/companies/remoteEntry.js',
      `/releases/users/${ID}/999.0123456789abcdef0123.js`,
      '/releases/users/gone/mf-manifest.json',
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/plain; charset=utf-8');
      expect(response.body, url).toBe('Not found');
    }
    // The API keeps its envelope.
    const api = await t.request({ method: 'GET', url: '/api/nope' });
    expect(api.headers['content-type']).toContain('application/json');
  });

  it("sends a release's standalone page with that release as its base, and nothing outside the releases", async () => {
    write(
      join(releases, 'users', ID, 'index.html'),
      '<!doctype html><html><head><title>users</title></head></html>',
    );
    const page = await t.request({ method: 'GET', url: `/releases/users/${ID}/users/7` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<base href="/releases/users/${ID}/">`);
    for (const url of ['/releases/users/%2e%2e/users', '/releases/users/nope/users', '/releases/bogus/x/']) {
      const response = await t.request({ method: 'GET', url });
      // Never a release's page (a path that is not a release may get the console's own page).
      expect(response.body, url).not.toContain('<title>users</title>');
      expect(response.body, url).not.toContain('<base');
    }
  });

  it('allows an origin added to the origins file in the Content-Security-Policy without a restart', async () => {
    const csp = async () =>
      String((await t.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(await csp()).not.toContain('https://cdn.example.com');
    write(
      join(releases, 'remote-origins.txt'),
      '# published by pnpm release\nhttps://cdn.example.com\nnot an origin\n',
    );
    // Looked at again at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const policy = await csp();
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+' https:\/\/cdn\.example\.com/);
    expect(policy).toContain("connect-src 'self' https://cdn.example.com");
    expect(policy).not.toContain('not an origin');
  });

  it("lets a host on a named origin read a section's manifest and entry (CORS), and no other origin", async () => {
    const dir = join(releases, 'users', ID);
    write(join(dir, 'mf-manifest.json'), '{"name":"users"}');
    write(join(dir, 'remoteEntry.js'), 'var users_release;');
    // The origins file of the test above names https://cdn.example.com.
    for (const url of [
      `/releases/users/${ID}/mf-manifest.json`,
      `/releases/users/${ID}/remoteEntry.js`,
      '/remotes/users/remoteEntry.js',
    ]) {
      const named = await t.request({ method: 'GET', url, headers: { origin: 'https://cdn.example.com' } });
      expect(named.statusCode, url).toBe(200);
      expect(named.headers['access-control-allow-origin'], url).toBe('https://cdn.example.com');
      expect(named.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(named.headers['vary']), url).toContain('Origin');
      const stranger = await t.request({ method: 'GET', url, headers: { origin: 'https://evil.example' } });
      expect(stranger.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    // Not the API: its answers keep the API's own policy (CORS_ORIGINS only, none here).
    const api = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://cdn.example.com' },
    });
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
  });
});
