import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickBooksConfig } from '../../../config';
import { ACCESS_TOKEN_TTL, startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { exchangeAuthorizationCode, revokeQuickBooksToken } from './oauth-client';
import { QbTokenError, refreshQuickBooksTokens } from './token-client';

let mock: QboEmulator;
let config: QuickBooksConfig;
beforeAll(async () => {
  // Only refresh grants here: no redirect URI is registered.
  mock = await startQboEmulator({ clientId: 'client-id', clientSecret: 'client-secret', redirectUris: [] });
  config = { tokenUrl: mock.tokenUrl, clientId: 'client-id', clientSecret: 'client-secret', timeoutMs: 300 };
});
afterEach(() => {
  mock.behaviour = 'ok';
});
afterAll(async () => {
  await mock.close();
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QbTokenError);
  return error as QbTokenError;
};

describe('refreshQuickBooksTokens', () => {
  it('sends the refresh_token grant as a form with HTTP Basic and reads the rotated pair', async () => {
    // A recording endpoint shows the exact request Intuit would get.
    let seen: { method?: string; type?: string; auth?: string; body?: string } = {};
    const recorder = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen = {
          method: request.method,
          type: request.headers['content-type'],
          auth: request.headers.authorization,
          body,
        };
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            token_type: 'bearer',
            access_token: 'new-access',
            refresh_token: 'new-refresh',
            expires_in: 3600,
            x_refresh_token_expires_in: 8726400,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    const { port } = recorder.address() as AddressInfo;
    try {
      const tokens = await refreshQuickBooksTokens(
        { ...config, tokenUrl: `http://127.0.0.1:${port}/oauth2/v1/tokens/bearer` },
        'old refresh&token',
      );
      expect(tokens).toEqual({
        accessToken: 'new-access',
        refreshToken: 'new-refresh',
        expiresIn: 3600,
        refreshTokenExpiresIn: 8726400,
      });
      expect(seen).toEqual({
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        auth: `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
        body: 'grant_type=refresh_token&refresh_token=old+refresh%26token',
      });
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });

  it('gets new random tokens from the mock server', async () => {
    const a = await refreshQuickBooksTokens(config, 'some-refresh-token');
    const b = await refreshQuickBooksTokens(config, a.refreshToken);
    expect(a.expiresIn).toBe(ACCESS_TOKEN_TTL);
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(a.refreshToken).not.toBe(b.refreshToken);
  });

  it('tells invalid_grant, a refused client, 5xx, timeouts and unreachable hosts apart', async () => {
    expect((await failure(refreshQuickBooksTokens(config, 'revoked-abc'))).kind).toBe('invalid_grant');
    mock.revoke('explicitly-revoked');
    expect((await failure(refreshQuickBooksTokens(config, 'explicitly-revoked'))).kind).toBe('invalid_grant');

    const refused = await failure(refreshQuickBooksTokens({ ...config, clientSecret: 'wrong' }, 'x'));
    expect([refused.kind, refused.status, refused.oauthError]).toEqual(['rejected', 401, 'invalid_client']);

    mock.behaviour = 'error';
    expect((await failure(refreshQuickBooksTokens(config, 'x'))).kind).toBe('server_error');

    mock.behaviour = 'hang';
    const started = Date.now();
    expect((await failure(refreshQuickBooksTokens(config, 'x'))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      (await failure(refreshQuickBooksTokens({ ...config, tokenUrl: `http://127.0.0.1:${port}/` }, 'x')))
        .kind,
    ).toBe('unreachable');
  });

  it('needs client credentials, and never puts a token in an error message', async () => {
    expect((await failure(refreshQuickBooksTokens({ ...config, clientId: undefined }, 'x'))).kind).toBe(
      'not_configured',
    );
    const error = await failure(refreshQuickBooksTokens(config, 'revoked-secret-value'));
    expect(error.message).not.toContain('secret-value');
  });

  it("carries the answer's intuit_tid in every failure QuickBooks answered, of the refresh, the code exchange and the revocation", async () => {
    const tid = /^\S{16,}$/;
    const refused = await failure(refreshQuickBooksTokens(config, 'revoked-abc'));
    expect(refused.intuitTid).toMatch(tid);
    expect(refused.message).toContain(`intuit_tid ${refused.intuitTid}`);
    const wrongClient = await failure(refreshQuickBooksTokens({ ...config, clientSecret: 'wrong' }, 'x'));
    expect(wrongClient.intuitTid).toMatch(tid);
    mock.behaviour = 'error';
    expect((await failure(refreshQuickBooksTokens(config, 'x'))).intuitTid).toMatch(tid);
    mock.behaviour = 'ok';

    const oauthConfig = {
      ...config,
      authorizeUrl: mock.authorizeUrl,
      revokeUrl: mock.revokeUrl,
      redirectUri: 'http://127.0.0.1:9/callback',
    };
    const badCode = await failure(exchangeAuthorizationCode(oauthConfig, 'not-a-code', 'state'));
    expect([badCode.kind, badCode.intuitTid]).toEqual(['invalid_grant', expect.stringMatching(tid)]);
    const revoke = await failure(revokeQuickBooksToken({ ...oauthConfig, clientSecret: 'wrong' }, 'x'));
    expect([revoke.kind, revoke.status, revoke.intuitTid]).toEqual([
      'rejected',
      401,
      expect.stringMatching(tid),
    ]);
    // No answer, no id.
    mock.behaviour = 'hang';
    expect((await failure(refreshQuickBooksTokens(config, 'x'))).intuitTid).toBeUndefined();
  });
});
