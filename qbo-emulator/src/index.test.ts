import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANIES, startQboEmulator, type QboEmulator, type QboEmulatorOptions } from './index';
import { read } from './test-support';

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

describe('registered redirect URIs', () => {
  it('accepts only a registered one, exactly: none registered (or the option left out) accepts none', async () => {
    expect((await authorize({ ...good, redirect_uri: `${REDIRECT}/` })).status).toBe(400);
    expect((await authorize({ ...good, redirect_uri: REDIRECT.replace(':9/', ':90/') })).status).toBe(400);
    for (const options of [
      { clientId: 'id', clientSecret: 'secret', redirectUris: [] },
      // A caller in plain JavaScript that forgets the option registers nothing.
      { clientId: 'id', clientSecret: 'secret' } as QboEmulatorOptions,
    ]) {
      const bare = await startQboEmulator(options);
      try {
        const page = await fetch(`${bare.authorizeUrl}?${new URLSearchParams(good).toString()}`);
        expect([page.status, await page.text()]).toEqual([400, expect.stringContaining('not registered')]);
        const consent = await fetch(`${bare.baseUrl}/connect/oauth2/consent`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: 'id',
            redirect_uri: REDIRECT,
            state: 's1',
            realmId: DEFAULT_COMPANIES[0]!.realmId,
            decision: 'connect',
          }).toString(),
          redirect: 'manual',
        });
        expect(consent.status).toBe(400);
        expect(consent.headers.get('location')).toBeNull();
      } finally {
        await bare.close();
      }
    }
  });
});

describe('realms of tokens', () => {
  const [first, second] = [DEFAULT_COMPANIES[0]!.realmId, DEFAULT_COMPANIES[1]!.realmId];
  const refresh = async (refreshToken: string) => {
    const answer = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(answer.status).toBe(200);
    return (await answer.json()) as { access_token: string; refresh_token: string };
  };

  it('binds an adopted refresh token to the first company it reads, and every token rotated from it', async () => {
    const adopted = await refresh('made-up-by-a-seed');
    // A realm that is no sandbox company binds nothing.
    expect((await read(emulator, '1234567890123456/vendor/1', adopted.access_token)).status).toBe(403);
    expect((await read(emulator, `${first}/vendor/1`, adopted.access_token)).status).toBe(200);
    expect((await read(emulator, `${second}/vendor/1`, adopted.access_token)).status).toBe(403);
    const rotated = await refresh(adopted.refresh_token);
    expect((await read(emulator, `${second}/vendor/1`, rotated.access_token)).status).toBe(403);
    expect((await read(emulator, `${first}/vendor/1`, rotated.access_token)).status).toBe(200);
  });

  it('keeps a consented token to its company through every refresh', async () => {
    const code = (await codeFor(second)).searchParams.get('code')!;
    const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
    const pair = (await answer.json()) as { refresh_token: string };
    const rotated = await refresh(pair.refresh_token);
    expect((await read(emulator, `${first}/vendor/1`, rotated.access_token)).status).toBe(403);
    expect((await read(emulator, `${second}/vendor/1`, rotated.access_token)).status).toBe(200);
  });
});

describe('intuit_tid', () => {
  it('is on every answer of every endpoint, a new one each time', async () => {
    const adopted = (await (
      await token({ grant_type: 'refresh_token', refresh_token: 'tid-test' })
    ).json()) as { access_token: string };
    const realm = DEFAULT_COMPANIES[2]!.realmId;
    emulator.failNext(realm, 1, 429);
    const answers = [
      await authorize(good),
      await authorize({ ...good, client_id: 'other' }),
      await codeFor(realm).then(() => authorize(good)),
      await token({ grant_type: 'authorization_code', code: 'nope', redirect_uri: REDIRECT }),
      await token({ grant_type: 'refresh_token', refresh_token: 'x' }, 'Basic bm9wZQ=='),
      await fetch(emulator.revokeUrl, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'whatever' }),
      }),
      await read(emulator, `${realm}/vendor/1`, adopted.access_token), // 429 (failNext)
      await read(emulator, `${realm}/vendor/1`, adopted.access_token),
      await read(emulator, `${realm}/vendor/1`, 'nonsense'),
      await fetch(`${emulator.baseUrl}/nowhere`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 400, 200, 400, 401, 200, 429, 200, 401, 404,
    ]);
    const ids = answers.map((answer) => answer.headers.get('intuit_tid'));
    for (const id of ids) expect(id).toMatch(/^[\w-]{16,}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
