/**
 * The demo's QuickBooks: with the embedded database and no QB_TOKEN_URL, the API talks to a local
 * QuickBooks Online emulator instead of Intuit. It is the same protocol reached through the same
 * configuration, so connecting, refreshing and disconnecting all work without an Intuit account,
 * and the same mistakes fail: the emulator knows the app's registered redirect URI (QB_REDIRECT_URI,
 * or this server's callback page) and refuses any other, as Intuit's consent page does.
 */
import { randomBytes } from 'node:crypto';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import type { AppConfig, QuickBooksConfig } from '../config';

/** The callback page the console serves, where QuickBooks sends the browser back. */
export const CALLBACK_PATH = '/companies/quickbooks/callback';

/** Whether `pnpm start` runs the emulator: the embedded database and no QuickBooks configured. */
export function usesDemoEmulator(config: AppConfig): boolean {
  return !config.databaseUrl && !config.quickBooks.tokenUrl;
}

/**
 * Starts the emulator for this server: the app's credentials (QB_CLIENT_ID / QB_CLIENT_SECRET, or
 * made up), the redirect URI registered, and change notifications posted to this API's webhook
 * endpoint. Answers it and the QuickBooks configuration pointing at it.
 */
export async function startDemoEmulator(
  config: AppConfig,
): Promise<{ emulator: QboEmulator; quickBooks: QuickBooksConfig }> {
  const clientId = config.quickBooks.clientId ?? 'demo-client';
  const clientSecret = config.quickBooks.clientSecret ?? randomBytes(24).toString('base64url');
  const callbackHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const redirectUri =
    config.quickBooks.redirectUri ?? `http://${callbackHost}:${config.port}${CALLBACK_PATH}`;
  // The emulator posts its change notifications to this API, signed as Intuit signs them.
  const webhookVerifierToken =
    config.quickBooks.webhookVerifierToken ?? randomBytes(24).toString('base64url');
  const emulator = await startQboEmulator({
    clientId,
    clientSecret,
    redirectUris: [redirectUri],
    webhook: {
      url: `http://${callbackHost}:${config.port}/api/quickbooks/webhooks`,
      verifierToken: webhookVerifierToken,
    },
  });
  return {
    emulator,
    quickBooks: {
      ...config.quickBooks,
      webhookVerifierToken,
      clientId,
      clientSecret,
      redirectUri,
      authorizeUrl: emulator.authorizeUrl,
      tokenUrl: emulator.tokenUrl,
      revokeUrl: emulator.revokeUrl,
      apiUrl: emulator.baseUrl,
    },
  };
}
