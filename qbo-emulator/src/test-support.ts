/** What the emulator's own tests share: the app they register, and connecting to a realm. */
import type { QboEmulator } from './index';

export const CLIENT = { clientId: 'id', clientSecret: 'secret' };
export const REDIRECT = 'http://127.0.0.1:9/callback';
export const BASIC = `Basic ${Buffer.from('id:secret').toString('base64')}`;

/** A connected realm, as the consent page and the code exchange give it: the access token. */
export async function connectTo(server: QboEmulator, realmId: string): Promise<string> {
  const consent = await fetch(`${server.baseUrl}/connect/oauth2/consent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT,
      state: 's',
      realmId,
      decision: 'connect',
    }).toString(),
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(server.tokenUrl, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }).toString(),
  });
  return ((await tokens.json()) as { access_token: string }).access_token;
}

/** GET `/v3/company/{path}` with a Bearer token. */
export const read = (server: QboEmulator, path: string, token: string) =>
  fetch(`${server.baseUrl}/v3/company/${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });

/** Limits no test about data reaches (throttle.test.ts is about the throttles). */
export const UNTHROTTLED = { perMinute: 1_000_000, perSecond: 1_000_000 };
