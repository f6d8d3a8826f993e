import { and, eq } from 'drizzle-orm';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { QB_CONNECT_ERRORS, type Company, type QbConnectStart } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, companies, qbOauthStates, type CompanyRow } from '../../db/schema';
import { decryptSecret } from '../../security/token-cipher';
import { build, errorOf, type TestContext } from '../../test/build';
import { consent, emulatorConfig } from '../../test/qbo-emulator';

let t: TestContext;
let emulator: QboEmulator;
/** Two sessions of one MODERATOR, and an ADMIN. */
const token = { moderator: '', otherSession: '', admin: '' };
const BASE = '/api/company/companies';
const KEY = Buffer.alloc(32);

beforeAll(async () => {
  emulator = await startQboEmulator({
    clientId: 'connect-client',
    clientSecret: 'connect-secret',
    redirectUris: ['http://127.0.0.1:8080/companies/quickbooks/callback'],
  });
  t = await build({
    config: {
      quickBooks: emulatorConfig(
        emulator,
        { clientId: 'connect-client', clientSecret: 'connect-secret' },
        5_000,
      ),
    },
  });
  token.moderator = (await t.login('moderator@example.com')).tokens.accessToken;
  token.otherSession = (await t.login('moderator@example.com')).tokens.accessToken;
  token.admin = (await t.login('admin@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

let nameCounter = 0;
async function newCompany(): Promise<CompanyRow> {
  nameCounter += 1;
  const [created] = await t.database.db
    .insert(companies)
    .values({ name: `QuickBooks Connect ${nameCounter}` })
    .returning();
  return created!;
}
async function row(id: number): Promise<CompanyRow> {
  const [found] = await t.database.db.select().from(companies).where(eq(companies.id, id));
  return found!;
}
async function start(id: number, who: keyof typeof token = 'moderator'): Promise<string> {
  const response = await t.request({ method: 'POST', url: `${BASE}/${id}/qb-connect`, token: token[who] });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: QbConnectStart }>().data.authorizeUrl;
}
const callback = (
  payload: { code: string; state: string; realmId: string },
  who: keyof typeof token = 'moderator',
) => t.request({ method: 'POST', url: '/api/company/quickbooks/callback', payload, token: token[who] });
const disconnect = (id: number) =>
  t.request({ method: 'POST', url: `${BASE}/${id}/qb-disconnect`, token: token.moderator });
const refresh = (id: number) =>
  t.request({ method: 'POST', url: `${BASE}/${id}/refresh-qb-token`, token: token.moderator });
const actions = async (id: number) =>
  (
    await t.database.db
      .select({ action: activity.action })
      .from(activity)
      .where(and(eq(activity.entityType, 'company'), eq(activity.entityId, String(id))))
      .orderBy(activity.id)
  ).map((entry) => entry.action);
const realm = (n: number) => emulator.companies[n]!.realmId;
/** A refresh_token grant sent straight to the emulator, as QuickBooks would get it. */
const refreshAtEmulator = (refreshToken: string) =>
  fetch(emulator.tokenUrl, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('connect-client:connect-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });

describe('connecting a company to QuickBooks', () => {
  it('sends the browser to the consent page with the accounting scope and a state, then stores the tokens encrypted', async () => {
    const company = await newCompany();
    const authorizeUrl = await start(company.id);
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(emulator.authorizeUrl);
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('connect-client');
    const state = url.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(40);
    // Only its hash is stored.
    const stored = await t.database.db
      .select()
      .from(qbOauthStates)
      .where(eq(qbOauthStates.companyId, company.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.stateHash).not.toContain(state);

    const answer = await callback(await consent(authorizeUrl, realm(0)));
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: { companyId: number } }>().data).toEqual({ companyId: company.id });
    const after = await row(company.id);
    expect(after.qbRealmId).toBe(realm(0));
    expect(after.qbConnectionStatus).toBe('connected');
    expect(after.qbRefreshTokenEnc).not.toMatch(/emu-refresh/);
    expect(decryptSecret(after.qbRefreshTokenEnc!, KEY)).toMatch(/^emu-refresh-/);
    expect(decryptSecret(after.qbAccessTokenEnc!, KEY)).toMatch(/^emu-access-/);
    expect(after.qbTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(await actions(company.id)).toEqual(['company.qb_connect_started', 'company.qb_connected']);
    await disconnect(company.id);
  });

  it('refuses a state used twice', async () => {
    const company = await newCompany();
    const params = await consent(await start(company.id), realm(1));
    expect((await callback(params)).statusCode).toBe(200);
    const again = await callback(params);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(QB_CONNECT_ERRORS.stateInvalid);
    await disconnect(company.id);
  });

  it('refuses an expired state', async () => {
    const company = await newCompany();
    const params = await consent(await start(company.id), realm(1));
    await t.database.db
      .update(qbOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(qbOauthStates.companyId, company.id));
    const answer = await callback(params);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).message).toBe(QB_CONNECT_ERRORS.stateInvalid);
    expect((await row(company.id)).qbRealmId).toBeNull();
  });

  it('refuses a state from another session without consuming it, and states expire after ten minutes', async () => {
    const company = await newCompany();
    const before = Date.now();
    const params = await consent(await start(company.id), realm(1));
    const [stored] = await t.database.db
      .select()
      .from(qbOauthStates)
      .where(eq(qbOauthStates.companyId, company.id));
    expect(stored!.expiresAt.getTime() - before).toBeGreaterThan(9.9 * 60_000);
    expect(stored!.expiresAt.getTime() - before).toBeLessThanOrEqual(10 * 60_000 + 1_000);

    for (const who of ['otherSession', 'admin'] as const) {
      const answer = await callback(params, who);
      expect(answer.statusCode).toBe(400);
      expect(errorOf(answer).message).toBe(QB_CONNECT_ERRORS.stateInvalid);
    }
    expect((await row(company.id)).qbRealmId).toBeNull();
    // The rightful session can still finish.
    expect((await callback(params)).statusCode).toBe(200);
    await disconnect(company.id);
  });

  it('refuses a realm already connected to another company, and says which', async () => {
    const first = await newCompany();
    const second = await newCompany();
    expect((await callback(await consent(await start(first.id), realm(2)))).statusCode).toBe(200);
    const answer = await callback(await consent(await start(second.id), realm(2)));
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).message).toBe(QB_CONNECT_ERRORS.realmTaken(first.name));
    expect((await row(second.id)).qbRealmId).toBeNull();
    expect(await actions(second.id)).toEqual(['company.qb_connect_started', 'company.qb_connect_failed']);
    await disconnect(first.id);
  });

  it('refuses a realm id the authorization is not for, stores nothing and reserves nothing', async () => {
    const company = await newCompany();
    // Consent given for one QuickBooks company; the browser sends back another's realm id.
    const given = await consent(await start(company.id), realm(0));
    const answer = await callback({ ...given, realmId: realm(1) });
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).message).toBe(QB_CONNECT_ERRORS.realmNotAuthorized(realm(1)));
    const after = await row(company.id);
    expect(after).toMatchObject({ qbRealmId: null, qbAccessTokenEnc: null, qbRefreshTokenEnc: null });
    expect(after.qbConnectionStatus).not.toBe('connected');
    expect(await actions(company.id)).toEqual(['company.qb_connect_started', 'company.qb_connect_failed']);
    // The realm named is still free: its real owner connects it.
    const owner = await newCompany();
    expect((await callback(await consent(await start(owner.id), realm(1)))).statusCode).toBe(200);
    expect((await row(owner.id)).qbRealmId).toBe(realm(1));
    await disconnect(owner.id);
  });

  it('stores the rotated refresh token on every refresh; the old one is then refused', async () => {
    const company = await newCompany();
    expect((await callback(await consent(await start(company.id), realm(0)))).statusCode).toBe(200);
    const first = decryptSecret((await row(company.id)).qbRefreshTokenEnc!, KEY)!;
    // A refresh done just now is answered without a new rotation: step past that window.
    await t.database.db
      .update(companies)
      .set({
        qbLastRefresh: new Date(Date.now() - 60_000),
        qbRefreshFinishedAt: new Date(Date.now() - 60_000),
      })
      .where(eq(companies.id, company.id));
    expect((await refresh(company.id)).statusCode).toBe(200);
    const second = decryptSecret((await row(company.id)).qbRefreshTokenEnc!, KEY)!;
    expect(second).toMatch(/^emu-refresh-/);
    expect(second).not.toBe(first);
    const reused = await refreshAtEmulator(first);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    await disconnect(company.id);
  });

  it('puts the company in its error state when QuickBooks answers invalid_grant', async () => {
    const company = await newCompany();
    expect((await callback(await consent(await start(company.id), realm(0)))).statusCode).toBe(200);
    emulator.revoke(decryptSecret((await row(company.id)).qbRefreshTokenEnc!, KEY)!);
    await t.database.db
      .update(companies)
      .set({ qbRefreshFinishedAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, company.id));
    const answer = await refresh(company.id);
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).code).toBe('QB_RECONNECT_REQUIRED');
    expect((await row(company.id)).qbConnectionStatus).toBe('error');
    // Reconnecting (the card's Reconnect) starts the same flow and clears the error.
    expect((await callback(await consent(await start(company.id), realm(0)))).statusCode).toBe(200);
    expect((await row(company.id)).qbConnectionStatus).toBe('connected');
    await disconnect(company.id);
  });

  it('disconnect revokes the tokens at QuickBooks and keeps the history', async () => {
    const company = await newCompany();
    expect((await callback(await consent(await start(company.id), realm(1)))).statusCode).toBe(200);
    const refreshToken = decryptSecret((await row(company.id)).qbRefreshTokenEnc!, KEY)!;
    const revocations = emulator.revocations;
    const answer = await disconnect(company.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: Company }>().data.qbRealmId).toBeNull();
    expect(emulator.revocations).toBe(revocations + 1);
    const after = await row(company.id);
    expect([after.qbRefreshTokenEnc, after.qbAccessTokenEnc, after.qbConnectionStatus]).toEqual([
      null,
      null,
      'disconnected',
    ]);
    expect(await actions(company.id)).toEqual([
      'company.qb_connect_started',
      'company.qb_connected',
      'company.qb_disconnected',
    ]);
    const reused = await refreshAtEmulator(refreshToken);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    // Nothing left to disconnect.
    expect((await disconnect(company.id)).statusCode).toBe(400);
  });

  it('answers 503 when the server has no redirect URI configured', async () => {
    const company = await newCompany();
    const saved = t.config.quickBooks;
    t.config.quickBooks = { ...saved, redirectUri: undefined };
    try {
      const answer = await t.request({
        method: 'POST',
        url: `${BASE}/${company.id}/qb-connect`,
        token: token.moderator,
      });
      expect(answer.statusCode).toBe(503);
    } finally {
      t.config.quickBooks = saved;
    }
  });
});
