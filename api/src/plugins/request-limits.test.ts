/**
 * What a client cannot do to the server through the socket itself: send a request body a byte at a
 * time for ever, abort an upload and have it logged as a database outage, or put a credential in
 * the query string and find it in the access log. And where the server listens by default.
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { build, testConfig, type TestContext } from '../test/build';
import { redactUrl } from './access-log';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Log lines (parsed pino JSON) written while the app runs. */
const lines: Array<Record<string, unknown>> = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    callback();
  },
});

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await build({
    seed: false,
    // A one-second request deadline so the slow-body test is quick (the default is checked below).
    config: { http: { requestMs: 1_000, idleMs: 60_000, keepAliveMs: 10_000 } },
    app: { logger: { level: 'info', stream: logStream } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** Resolves when the socket closes, with everything the server sent. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => {});
  });
}

describe('HTTP timeouts', () => {
  it('default to at most a minute, and cannot be configured above one', () => {
    const config = testConfig();
    expect(config.http.requestMs).toBeLessThanOrEqual(60_000);
    expect(config.http.idleMs).toBeLessThanOrEqual(60_000);
    expect(config.http.keepAliveMs).toBeLessThanOrEqual(60_000);
    const app = t.app.server;
    expect(app.requestTimeout).toBe(1_000);
    expect(app.headersTimeout).toBeLessThanOrEqual(1_000);
    expect(() => testConfig({}, { HTTP_REQUEST_TIMEOUT_MS: '600000' })).toThrow(/at most 60000/);
    expect(() => testConfig({}, { HTTP_IDLE_TIMEOUT_MS: '61000' })).toThrow(/at most 60000/);
  });

  it('end a request whose body arrives a byte at a time (408)', async () => {
    const socket = connect(port, '127.0.0.1');
    const answer = answerOf(socket);
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const started = Date.now();
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 250);
    try {
      const text = await Promise.race([answer, sleep(6_000).then(() => 'still open after 6 s')]);
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('The request took too long to arrive');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});

describe('a client that aborts its upload', () => {
  it('is not logged as the database being unavailable', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = answerOf(socket);
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"someone@example.com",',
    );
    await sleep(150);
    const before = lines.length;
    socket.resetAndDestroy();
    await closed;
    // The server sees the reset and settles the request.
    for (let waited = 0; waited < 3_000; waited += 50) {
      if (lines.slice(before).some((line) => line.msg === 'client aborted the request')) break;
      await sleep(50);
    }
    const logged = lines.slice(before);
    expect(logged.map((line) => line.msg)).toContain('client aborted the request');
    expect(logged.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(logged.filter((line) => (line.level as number) >= 40)).toEqual([]);
  });
});

describe('the access log', () => {
  it('redacts access_token, token, code and password in the query string', async () => {
    const before = lines.length;
    const response = await t.request({
      method: 'GET',
      url: '/api/health?access_token=SECRET-A&page=2&token=SECRET-B&code=SECRET-C&Password=SECRET-D&state=xyz',
    });
    expect(response.statusCode).toBe(200);
    const written = JSON.stringify(lines.slice(before));
    expect(written).toContain(
      '/api/health?access_token=[REDACTED]&page=2&token=[REDACTED]&code=[REDACTED]&Password=[REDACTED]&state=xyz',
    );
    expect(written).not.toMatch(/SECRET-/);
  });

  it('writes one line per request: the request, its status and the time taken', async () => {
    const before = lines.length;
    const response = await t.request({ method: 'GET', url: '/api/health?page=7' });
    expect(response.statusCode).toBe(200);
    const written = lines.slice(before).filter((line) => JSON.stringify(line).includes('/api/health?page=7'));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health?page=7' },
      res: { statusCode: 200 },
    });
    expect(typeof (written[0] as { responseTime?: unknown }).responseTime).toBe('number');
  });

  it('redacts percent-encoded names and leaves other URLs alone', () => {
    expect(redactUrl('/x?%61ccess_token=abc')).toBe('/x?%61ccess_token=[REDACTED]');
    expect(redactUrl('/x?token')).toBe('/x?token=[REDACTED]');
    expect(redactUrl('/x?codes=1&zip=code')).toBe('/x?codes=1&zip=code');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?code=1#frag')).toBe('/x?code=[REDACTED]#frag');
  });
});

describe('where the server listens', () => {
  it('is the loopback interface unless HOST is set', () => {
    const env = {
      JWT_SECRET: 'x'.repeat(40),
      QB_TOKEN_KEY: '0'.repeat(64),
      BANK_ACCOUNT_KEY: '1'.repeat(64),
    };
    expect(loadConfig({ ...env, DATA_DIR: t.config.dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...env, DATA_DIR: t.config.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
