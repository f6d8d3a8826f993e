import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/build';
import { consent } from '../test/qbo-emulator';
import { startDemoEmulator, usesDemoEmulator } from './demo-emulator';
import { buildAuthorizeUrl, exchangeAuthorizationCode } from './oauth-client';

describe("the demo's QuickBooks Online emulator", () => {
  it('knows the registered redirect URI (QB_REDIRECT_URI) and refuses a mistyped one, as Intuit does', async () => {
    const registered = 'http://localhost:8080/companies/quickbooks/callback';
    const config = testConfig({}, { QB_REDIRECT_URI: registered });
    expect(usesDemoEmulator(config)).toBe(true);
    const { emulator, quickBooks } = await startDemoEmulator(config);
    try {
      expect(quickBooks.redirectUri).toBe(registered);
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
    const config = testConfig({ host: '0.0.0.0', port: 4321 });
    const { emulator, quickBooks } = await startDemoEmulator(config);
    try {
      expect(quickBooks.redirectUri).toBe('http://127.0.0.1:4321/companies/quickbooks/callback');
      const page = await fetch(buildAuthorizeUrl(quickBooks, 'state-2'));
      expect(page.status).toBe(200);
    } finally {
      await emulator.close();
    }
  });
});
