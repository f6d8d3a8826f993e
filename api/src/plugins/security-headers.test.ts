import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../test/build';
import { THEME_SCRIPT_HASH } from './security-headers';

let t: TestContext;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'api-headers-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('host/dist/index.html', '<!doctype html><title>console</title><script src="/main.js"></script>');
  write('host/dist/main.js', 'console.log("host")');
  write('remote-users/dist/remoteEntry.js', 'var users;');
  t = await build({
    seed: false,
    config: { staticRoot: root, remotesFile: join(root, 'host/dist/remotes.json'), trustProxy: true },
    app: { serveFrontends: true },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

function directives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = directives(response);
  expect(csp.get('default-src')).toBe("'self'");
  // Scripts from this origin, and the colour theme's inline script by its hash only.
  expect(csp.get('script-src')).toBe(`'self' ${THEME_SCRIPT_HASH}`);
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('object-src')).toBe("'none'");
  // No inline or eval'd script anywhere in the policy; inline styles only (Emotion).
  expect(csp.get('script-src')).not.toMatch(/unsafe/);
  expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // Plain HTTP: no HSTS.
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on the HTML page (and its SPA deep links)', async () => {
    for (const url of ['/', '/companies/12/edit']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expectSecurityHeaders(response);
    }
  });

  it('are on static assets, and remotes may be loaded by hosts on other origins', async () => {
    const asset = await t.request({ method: 'GET', url: '/main.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset);
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    const remote = await t.request({ method: 'GET', url: '/remotes/users/remoteEntry.js' });
    expect(remote.statusCode).toBe(200);
    expectSecurityHeaders(remote);
    expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('are on API answers, success and failure, which are never cached', async () => {
    for (const url of ['/api/health', '/api/auth/me', '/api/no/such/route']) {
      const response = await t.request({ method: 'GET', url });
      expectSecurityHeaders(response);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('send HSTS only when the request came over HTTPS (per the trusted proxy)', async () => {
    const https = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.request({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('REMOTE_ORIGINS and TRUST_PROXY', () => {
  it('allow remotes from the configured origins in the policy', async () => {
    const other = await build({
      seed: false,
      config: { remoteOrigins: ['https://cdn.example.com'] },
    });
    try {
      const csp = directives(await other.request({ method: 'GET', url: '/api/health' }));
      expect(csp.get('script-src')).toBe(`'self' ${THEME_SCRIPT_HASH} https://cdn.example.com`);
      expect(csp.get('connect-src')).toBe("'self' https://cdn.example.com");
      // Without a trusted proxy, a client's X-Forwarded-Proto is not believed.
      const spoofed = await other.request({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
