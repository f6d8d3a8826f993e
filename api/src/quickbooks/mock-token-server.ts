/**
 * A local stand-in for Intuit's OAuth 2.0 token endpoint, for the demo, development and tests.
 * It speaks the same protocol as the real one (see token-client.ts):
 *
 * - POST application/x-www-form-urlencoded `grant_type=refresh_token&refresh_token=…` with HTTP
 *   Basic client_id:client_secret → 200 {access_token, refresh_token, expires_in: 3600,
 *   x_refresh_token_expires_in: 8726400, token_type: 'bearer'} with new random tokens;
 * - wrong or missing client credentials → 401 {error: 'invalid_client'};
 * - a refresh token starting with `revoked-` (the demo seed has one) or passed to `revoke()` →
 *   400 {error: 'invalid_grant'};
 * - `behaviour = 'error'` answers 500, `'hang'` never answers (timeout tests).
 *
 * It keeps no token store: any other refresh token is accepted, and it never logs tokens.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Path of the token endpoint, as on oauth.platform.intuit.com. */
export const MOCK_TOKEN_PATH = '/oauth2/v1/tokens/bearer';
/** Refresh tokens with this prefix are answered invalid_grant. */
export const REVOKED_TOKEN_PREFIX = 'revoked-';
export const MOCK_ACCESS_TOKEN_TTL = 3600;
export const MOCK_REFRESH_TOKEN_TTL = 8_726_400;

export type MockBehaviour = 'ok' | 'error' | 'hang';

export interface MockTokenServerOptions {
  clientId: string;
  clientSecret: string;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
}

export interface MockTokenServer {
  /** Full URL of the token endpoint, for QB_TOKEN_URL. */
  url: string;
  behaviour: MockBehaviour;
  /** Refresh grants received (whatever the answer). */
  requests: number;
  /** Answer invalid_grant for this refresh token from now on. */
  revoke(refreshToken: string): void;
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024;

export async function startMockTokenServer(options: MockTokenServerOptions): Promise<MockTokenServer> {
  const revoked = new Set<string>();
  const sockets = new Set<Socket>();
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
  );

  const state: MockTokenServer = {
    url: '',
    behaviour: 'ok',
    requests: 0,
    revoke: (token) => void revoked.add(token),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
    response.writeHead(status, {
      'Content-Type': 'application/json;charset=UTF-8',
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
    });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if ((request.url ?? '').split('?')[0] !== MOCK_TOKEN_PATH)
      return answer(response, 404, { error: 'not_found' });
    if (request.method !== 'POST') return answer(response, 405, { error: 'invalid_request' });
    const body = await readBody(request);
    if (body === null) return answer(response, 413, { error: 'invalid_request' });
    state.requests += 1;
    if (state.behaviour === 'hang') return; // never answers; close() destroys the socket
    if (state.behaviour === 'error') return answer(response, 500, { error: 'server_error' });

    const authorization = Buffer.from(request.headers.authorization ?? '');
    if (authorization.length !== expected.length || !timingSafeEqual(authorization, expected)) {
      return answer(response, 401, { error: 'invalid_client' });
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return answer(response, 400, { error: 'invalid_request', error_description: 'form body expected' });
    }
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'refresh_token')
      return answer(response, 400, { error: 'unsupported_grant_type' });
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) return answer(response, 400, { error: 'invalid_request' });
    if (refreshToken.startsWith(REVOKED_TOKEN_PREFIX) || revoked.has(refreshToken)) {
      return answer(response, 400, { error: 'invalid_grant', error_description: 'Token invalid' });
    }
    return answer(response, 200, {
      token_type: 'bearer',
      access_token: `mock-access-${randomBytes(24).toString('base64url')}`,
      refresh_token: `mock-refresh-${randomBytes(18).toString('base64url')}`,
      expires_in: MOCK_ACCESS_TOKEN_TTL,
      x_refresh_token_expires_in: MOCK_REFRESH_TOKEN_TTL,
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, { error: 'server_error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  state.url = `http://${host}:${port}${MOCK_TOKEN_PATH}`;
  return state;
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
