import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, startQboEmulator, type QboEmulator } from './index';

let emulator: QboEmulator;
const REDIRECT = 'http://127.0.0.1:9/callback';
const basic = `Basic ${Buffer.from('id:secret').toString('base64')}`;

beforeAll(async () => {
  emulator = await startQboEmulator({ clientId: 'id', clientSecret: 'secret', redirectUris: [REDIRECT] });
});
afterAll(async () => {
  await emulator.close();
});

const authorize = (params: Record<string, string>) =>
  fetch(`${emulator.authorizeUrl}?${new URLSearchParams(params).toString()}`, { redirect: 'manual' });
const good = {
  client_id: 'id',
  response_type: 'code',
  scope: 'com.intuit.quickbooks.accounting',
  redirect_uri: REDIRECT,
  state: 's1',
};
async function codeFor(realmId: string, decision = 'connect') {
  const answer = await fetch(`${emulator.baseUrl}/connect/oauth2/consent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'id',
      redirect_uri: REDIRECT,
      state: 's1',
      realmId,
      decision,
    }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}
const token = (form: Record<string, string>, authorization = basic) =>
  fetch(emulator.tokenUrl, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the consent page', () => {
  it('lists the sandbox companies with a Connect button', async () => {
    const page = await authorize(good);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const company of DEFAULT_COMPANIES) expect(html).toContain(company.name);
    expect(html).toContain('>Connect</button>');
  });

  it('refuses an unknown client or redirect URI, and redirects with an error for a missing scope', async () => {
    expect((await authorize({ ...good, client_id: 'other' })).status).toBe(400);
    expect((await authorize({ ...good, redirect_uri: 'http://evil.example/cb' })).status).toBe(400);
    const noScope = await authorize({ ...good, scope: 'openid' });
    expect(noScope.status).toBe(302);
    expect(new URL(noScope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('redirects with code, state and realmId on Connect, and access_denied on Cancel', async () => {
    const back = await codeFor(DEFAULT_COMPANIES[1]!.realmId);
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('realmId')).toBe(DEFAULT_COMPANIES[1]!.realmId);
    expect(back.searchParams.get('code')).toMatch(/^emu-code-/);
    const cancelled = await codeFor(DEFAULT_COMPANIES[1]!.realmId, 'cancel');
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
  });
});

describe('tokens', () => {
  it('exchanges a code once, rotates refresh tokens, and revokes', async () => {
    const code = (await codeFor(DEFAULT_COMPANIES[0]!.realmId)).searchParams.get('code')!;
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    const pair = (await first.json()) as { refresh_token: string; access_token: string; expires_in: number };
    expect(pair.expires_in).toBe(3600);
    const again = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    expect([again.status, await again.json()]).toEqual([400, { error: 'invalid_grant' }]);

    const rotated = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    const next = (await rotated.json()) as { refresh_token: string };
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    const old = await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token });
    expect([old.status, ((await old.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);

    const revoke = await fetch(emulator.revokeUrl, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: next.refresh_token }),
    });
    expect(revoke.status).toBe(200);
    const afterRevoke = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token });
    expect(afterRevoke.status).toBe(400);
  });

  it('refuses wrong client credentials with invalid_client', async () => {
    const wrong = await token(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      `Basic ${Buffer.from('id:nope').toString('base64')}`,
    );
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: 'invalid_client' }]);
  });
});
