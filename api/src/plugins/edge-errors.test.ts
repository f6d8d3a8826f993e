/**
 * Answers that used to leave the envelope or allow too much: framework-level client errors (a bad
 * URL encoding, an over-long header) and the production CORS default.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from 'shared-contracts';
import { build, errorOf, testConfig, type TestContext } from '../test/build';

let t: TestContext;
beforeAll(async () => {
  t = await build({ seed: false });
});
afterAll(async () => t?.close());

/** Sends raw bytes to a listening server and returns the whole answer as text. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('framework errors answer the envelope', () => {
  it('a bad URL encoding is a 400 envelope', async () => {
    const response = await t.request({ method: 'GET', url: '/api/%c0%ae%c0%ae/' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: ERROR_CODES.validation,
      message: 'The request URL is not valid (bad percent-encoding)',
    });
  });

  it('an over-long header is a 431 envelope on the wire', async () => {
    // Node's HTTP parser refuses the request before Fastify sees it: only a real socket shows it.
    // (The server stops with the app in afterAll.)
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Long: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      success: false,
      error: { code: ERROR_CODES.validation, message: 'The request headers are too large' },
    });
  });
});

describe('CORS', () => {
  it('allows no cross-origin caller by default (production)', () => {
    expect(testConfig().corsOrigins).toEqual([]);
  });

  it('a default server does not answer the dev origins with credentials', async () => {
    for (const origin of ['http://localhost:3000', 'http://localhost:3004']) {
      const response = await t.request({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('CORS_ORIGINS lists the allowed origins', () => {
    const config = testConfig({}, { CORS_ORIGINS: 'https://console.example.com, http://localhost:3001' });
    expect(config.corsOrigins).toEqual(['https://console.example.com', 'http://localhost:3001']);
  });
});
