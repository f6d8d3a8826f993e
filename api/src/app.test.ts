import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdParamSchema, SERVER_ERRORS } from 'shared-contracts';
import { ok } from './http/envelope';
import { parseInput } from './http/validate';
import { build, errorOf, type TestContext } from './test/build';

describe('app: errors, validation and CORS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await build({
      seed: false,
      // As `pnpm dev` configures it (the production default allows no origin: edge-errors.test.ts).
      config: { corsOrigins: ['http://localhost:3000', 'http://localhost:3002'] },
      beforeReady(app) {
        // Routes that exist only here, to exercise the plugins every module relies on.
        app.get('/api/test/items/:id', async (request) =>
          ok(parseInput(IdParamSchema, request.params, 'params')),
        );
        app.get('/api/test/boom', async () => {
          throw new Error('select secret_column from users where password_hash = $1');
        });
        app.get('/api/test/sql', async () => app.db.execute(sql`select * from no_such_table`));
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers unknown /api routes with a 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.request({ method, url: '/api/does/not/exist' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ message: SERVER_ERRORS.notFound, code: 'NOT_FOUND' });
    }
  });

  it('validates path ids', async () => {
    expect((await t.request({ method: 'GET', url: '/api/test/items/12' })).json()).toEqual({
      success: true,
      data: { id: 12 },
    });
    for (const id of ['abc', '1.5', '-1', '0']) {
      const response = await t.request({ method: 'GET', url: `/api/test/items/${id}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_ERROR',
        message: `id: ${SERVER_ERRORS.invalidId}`,
        fields: { id: SERVER_ERRORS.invalidId },
      });
    }
  });

  it('never leaks messages, SQL or stacks of unexpected errors', async () => {
    for (const url of ['/api/test/boom', '/api/test/sql']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        success: false,
        error: { message: SERVER_ERRORS.internal, code: 'INTERNAL_ERROR' },
      });
      expect(response.body).not.toMatch(/select|no_such_table|stack|at /i);
    }
  });

  it('answers 415 for bodies that are not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('allows the dev servers cross-origin with credentials, and nobody else', async () => {
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'http://localhost:3002',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3002');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');

    const simple = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(simple.headers['access-control-allow-origin']).toBe('http://localhost:3000');

    const foreign = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

const INDEX = '<!doctype html><title>console</title>';
const LOGIN = '<!doctype html><title>console</title><h1>Sign in to Admin Dashboard</h1>';
const BIG_SCRIPT = `console.log("host");\n${'export const filler = "abcdefghij";\n'.repeat(200)}`;

describe('app: serving the built console', () => {
  let t: TestContext;
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'api-static-'));
    write('host/dist/index.html', INDEX);
    write('host/dist/login.html', LOGIN);
    writeFileSync(join(root, 'host/dist/login.html.br'), brotliCompressSync(LOGIN));
    write('host/dist/main.js', BIG_SCRIPT);
    write('host/dist/remotes.json', '{"users":"/remotes/users/mf-manifest.json"}');
    write('remote-users/dist/remoteEntry.js', 'var users;');
    write('remote-users/dist/remoteEntry.js.map', '{"version":3}');
    write('host/dist/main.js.map', '{"version":3}');
    write('remote-users/dist/assets/page.js', 'export {}');
    write('remote-users/dist/113.57515aca5816f3902720.js', 'export {}');
    write('remote-users/dist/114.8a9fb4c2d1e0a7b3c6f5.js', BIG_SCRIPT);
    writeFileSync(
      join(root, 'remote-users/dist/114.8a9fb4c2d1e0a7b3c6f5.js.br'),
      brotliCompressSync(BIG_SCRIPT),
    );
    // What the production build writes beside each asset (tools/build/webpack/create-config.js).
    for (const file of ['host/dist/index.html', 'host/dist/main.js', 'remote-users/dist/remoteEntry.js']) {
      const text = file.endsWith('main.js') ? BIG_SCRIPT : file.endsWith('.html') ? INDEX : 'var users;';
      writeFileSync(join(root, `${file}.br`), brotliCompressSync(text));
      writeFileSync(join(root, `${file}.gz`), gzipSync(text));
    }
    t = await build({
      seed: false,
      config: { staticRoot: root, remotesFile: join(root, 'host/dist/remotes.json') },
      app: { serveFrontends: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the host with index.html uncached, and the SPA for page routes', async () => {
    for (const url of ['/', '/companies/1/edit', '/dashboard?x=1']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>console</title>');
    }
    const script = await t.request({ method: 'GET', url: '/main.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('host');
  });

  it('sends /login already rendered (login.html), uncached and precompressed, and no other page', async () => {
    for (const url of ['/login', '/login?next=%2Fusers']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Sign in to Admin Dashboard');
    }
    const compressed = await t.request({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    for (const url of ['/dashboard', '/login/extra', '/logins']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.body, url).not.toContain('Sign in to Admin Dashboard');
    }
  });

  it('sends the precompressed copy the browser prefers, never compressing a file per request', async () => {
    const asked = async (url: string, acceptEncoding?: string) =>
      t.request({
        method: 'GET',
        url,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await asked('/main.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await asked('/main.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await asked('/main.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);

    // The SPA page for a deep link comes from the same copies, still revalidated.
    const page = await asked('/companies/7', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    const entry = await asked('/remotes/users/remoteEntry.js', 'br');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('no-cache');

    // A content-hashed chunk stays immutable when sent as its compressed copy.
    const hashed = await asked('/remotes/users/114.8a9fb4c2d1e0a7b3c6f5.js', 'br');
    expect(hashed.headers['content-encoding']).toBe('br');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A file the build left without copies goes out as it is.
    const chunk = await asked('/remotes/users/113.57515aca5816f3902720.js', 'br, gzip');
    expect(chunk.headers['content-encoding']).toBeUndefined();
    expect(chunk.body).toBe('export {}');
  });

  it('never sends source maps', async () => {
    for (const url of ['/main.js.map', '/remotes/users/remoteEntry.js.map']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('"version":3');
    }
  });

  it('does not answer missing files or /api paths with the SPA', async () => {
    expect((await t.request({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    const api = await t.request({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(errorOf(api).code).toBe('NOT_FOUND');
  });

  it('serves each built remote under /remotes/<name>/ and skips missing ones', async () => {
    const entry = await t.request({ method: 'GET', url: '/remotes/users/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await t.request({ method: 'GET', url: '/remotes/users/assets/page.js' })).statusCode).toBe(200);
    const chunk = await t.request({ method: 'GET', url: '/remotes/users/113.57515aca5816f3902720.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.request({ method: 'GET', url: '/remotes/companies/remoteEntry.js' })).statusCode).toBe(
      404,
    );
  });

  it("sends a remote's standalone page for its deep links with its base, compressed once per build", async () => {
    const page = `<!doctype html><html><head><title>users</title><style>${'.x{color:red}'.repeat(200)}</style></head></html>`;
    write('remote-users/dist/index.html', page);
    const asked = (encoding?: string) =>
      t.request({
        method: 'GET',
        url: '/remotes/users/users/7',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });
    const withBase = page.replace('<head>', '<head><base href="/remotes/users/">');

    const br = await asked('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(withBase);
    expect(br.rawPayload.length).toBeLessThan(withBase.length / 4);

    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(withBase);

    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(withBase);

    // A new build of the page is picked up (its modification time changed).
    const rebuilt = page.replace('<title>users</title>', '<title>users 2</title>');
    write('remote-users/dist/index.html', rebuilt);
    utimesSync(join(root, 'remote-users/dist/index.html'), new Date(), new Date(Date.now() + 5_000));
    expect((await asked()).body).toContain('<title>users 2</title>');

    // A section without a build is not answered with another page.
    expect((await t.request({ method: 'GET', url: '/remotes/companies/companies' })).statusCode).toBe(404);
  });

  it('reads /remotes.json from disk on every request', async () => {
    const first = await t.request({ method: 'GET', url: '/remotes.json' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.json()).toEqual({ users: '/remotes/users/mf-manifest.json' });
    write('host/dist/remotes.json', '{"users":"http://localhost:3002/mf-manifest.json"}');
    expect((await t.request({ method: 'GET', url: '/remotes.json' })).json()).toEqual({
      users: 'http://localhost:3002/mf-manifest.json',
    });
  });
});

describe('app: compressed API answers', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await build();
    token = (await t.login('admin@example.com')).tokens.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses answers above 1 KB with the encoding the client prefers, and leaves small ones', async () => {
    const url = '/api/company/companies?limit=100';
    const plain = await t.request({ method: 'GET', url, token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    // Brotli at quality 1 with a 256 KB window (plugins/compression.ts): a quarter of quality 4's CPU
    // per list page for a few per cent more bytes. The same bytes as that setting gives the plain body.
    expect(br.rawPayload).toEqual(
      brotliCompressSync(plain.rawPayload, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 },
      }),
    );

    const gz = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    // The API description too (about 100 KB of JSON).
    const docs = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);

    const small = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
