/**
 * The demo's QuickBooks: with the embedded database and no QB_TOKEN_URL, `pnpm start` (its launcher,
 * not the API) runs this emulator beside the API and points the API at it through the settings the
 * API reads for Intuit (QB_* environment variables). It is the same protocol reached through the
 * same configuration, so connecting, refreshing and disconnecting all work without an Intuit
 * account, and the same mistakes fail: the emulator knows the app's registered redirect URI
 * (QB_REDIRECT_URI, or the API's callback page) and refuses any other, as Intuit's consent page does.
 */
import { randomBytes } from 'node:crypto';
import { startQboEmulator } from './index';
import type { QboEmulator } from './types';

/** The API's environment, as the launcher passes it to the API's process. */
export type ApiEnvironment = Readonly<Record<string, string | undefined>>;

/** The callback page the console serves, where QuickBooks sends the browser back. */
export const CALLBACK_PATH = '/companies/quickbooks/callback';

/** Where the API listens unless HOST and PORT say otherwise (the API's own defaults). */
const API_DEFAULT_HOST = '127.0.0.1';
const API_DEFAULT_PORT = '8080';

/** An empty variable counts as unset, as the API reads it. */
const setting = (env: ApiEnvironment, name: string): string | undefined => env[name] || undefined;

/** Whether the demo runs the emulator: the embedded database (no DATABASE_URL) and no QB_TOKEN_URL. */
export function usesDemoEmulator(env: ApiEnvironment): boolean {
  return !setting(env, 'DATABASE_URL') && !setting(env, 'QB_TOKEN_URL');
}

export interface DemoEmulator {
  emulator: QboEmulator;
  /** The QB_* variables that point the API at the emulator, to add to the API's environment. */
  env: Record<string, string>;
}

/**
 * Starts the emulator for the API that `env` configures: the app's credentials (QB_CLIENT_ID /
 * QB_CLIENT_SECRET, or made up), the redirect URI registered, and change notifications posted to
 * that API's webhook endpoint. Answers it and the variables pointing the API at it.
 */
export async function startDemoEmulator(env: ApiEnvironment): Promise<DemoEmulator> {
  const clientId = setting(env, 'QB_CLIENT_ID') ?? 'demo-client';
  const clientSecret = setting(env, 'QB_CLIENT_SECRET') ?? randomBytes(24).toString('base64url');
  const host = setting(env, 'HOST') ?? API_DEFAULT_HOST;
  const port = String(Number(setting(env, 'PORT') ?? API_DEFAULT_PORT));
  const callbackHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const redirectUri = setting(env, 'QB_REDIRECT_URI') ?? `http://${callbackHost}:${port}${CALLBACK_PATH}`;
  // The emulator posts its change notifications to the API, signed as Intuit signs them.
  const webhookVerifierToken =
    setting(env, 'QB_WEBHOOK_VERIFIER_TOKEN') ?? randomBytes(24).toString('base64url');
  const emulator = await startQboEmulator({
    clientId,
    clientSecret,
    redirectUris: [redirectUri],
    webhook: {
      url: `http://${callbackHost}:${port}/api/quickbooks/webhooks`,
      verifierToken: webhookVerifierToken,
    },
  });
  return {
    emulator,
    env: {
      QB_CLIENT_ID: clientId,
      QB_CLIENT_SECRET: clientSecret,
      QB_REDIRECT_URI: redirectUri,
      QB_WEBHOOK_VERIFIER_TOKEN: webhookVerifierToken,
      QB_AUTHORIZE_URL: emulator.authorizeUrl,
      QB_TOKEN_URL: emulator.tokenUrl,
      QB_REVOKE_URL: emulator.revokeUrl,
      QB_API_URL: emulator.baseUrl,
    },
  };
}
