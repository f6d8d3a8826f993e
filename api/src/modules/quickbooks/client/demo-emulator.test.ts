import { startDemoEmulator, usesDemoEmulator } from 'qbo-emulator/demo';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/build';
import { consent } from '../../../test/qbo-emulator';
import { buildAuthorizeUrl, exchangeAuthorizationCode } from './oauth-client';

// `pnpm start`'s launcher starts the demo's emulator and passes its QB_* variables to the API's
// process: here the API reads them as it reads them at start, and talks to the emulator with them.
describe("the demo's QuickBooks Online emulator", () => {
  it('knows the registered redirect URI (QB_REDIRECT_URI) and refuses a mistyped one, as Intuit does', async () => {
    const registered = 'http://localhost:8080/companies/quickbooks/callback';
    const env = { QB_REDIRECT_URI: registered };
    expect(usesDemoEmulator(env)).toBe(true);
    const demo = await startDemoEmulator(env);
    const { emulator } = demo;
    try {
      const { quickBooks } = testConfig({}, { ...env, ...demo.env });
      expect(quickBooks.redirectUri).toBe(registered);
      expect(quickBooks.tokenUrl).toBe(emulator.tokenUrl);
      const authorizeUrl = buildAuthorizeUrl(quickBooks, 'state-1');
      const callback = await consent(authorizeUrl, emulator.companies[0]!.realmId);
      const tokens = await exchangeAuthorizationCode(quickBooks, callback.code, callback.state);
      expect(tokens.refreshToken).not.toBe('');

      for (const mistyped of [
        'http://localhost:8081/companies/quickbooks/callback',
        'http://127.0.0.1:8080/companies/quickbooks/callback',
        `${registered}/`,
      ]) {
        const url = new URL(authorizeUrl);
        url.searchParams.set('redirect_uri', mistyped);
        const page = await fetch(url);
        expect([page.status, await page.text()]).toEqual([400, expect.stringContaining('not registered')]);
      }
    } finally {
      await emulator.close();
    }
  });

  it("registers this server's callback page when QB_REDIRECT_URI is not set", async () => {
    const env = { HOST: '0.0.0.0', PORT: '4321' };
    const demo = await startDemoEmulator(env);
    try {
      const { quickBooks } = testConfig({}, { ...env, ...demo.env });
      expect(quickBooks.redirectUri).toBe('http://127.0.0.1:4321/companies/quickbooks/callback');
      const page = await fetch(buildAuthorizeUrl(quickBooks, 'state-2'));
      expect(page.status).toBe(200);
    } finally {
      await demo.emulator.close();
    }
  });

  it("finds the API where the API's own defaults put it, with neither HOST nor PORT set", async () => {
    const demo = await startDemoEmulator({});
    try {
      const config = testConfig({}, demo.env);
      expect(config.quickBooks.redirectUri).toBe(
        `http://${config.host}:${config.port}/companies/quickbooks/callback`,
      );
      // The credentials made up for the demo are ones the API accepts.
      expect(config.quickBooks.clientId).toBe('demo-client');
      expect(config.quickBooks.clientSecret).toBe(demo.env.QB_CLIENT_SECRET);
      expect(config.quickBooks.webhookVerifierToken).toBe(demo.env.QB_WEBHOOK_VERIFIER_TOKEN);
    } finally {
      await demo.emulator.close();
    }
  });

  it('is left out with a PostgreSQL database or a QuickBooks of its own', () => {
    expect(usesDemoEmulator({})).toBe(true);
    expect(usesDemoEmulator({ DATABASE_URL: '', QB_TOKEN_URL: '' })).toBe(true);
    expect(usesDemoEmulator({ DATABASE_URL: 'postgres://localhost/console' })).toBe(false);
    expect(
      usesDemoEmulator({ QB_TOKEN_URL: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer' }),
    ).toBe(false);
  });
});
