import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_ERRORS, type QbTokenRefreshResult, type QbTokenStatus } from 'shared-contracts';
import { activity, companies, type CompanyRow } from '../../db/schema';
import { DEMO_QB_STATES, type QbState } from '../../seed/companies';
import { SMALL_COUNTS } from '../../seed/demo';
import { buildApp } from '../../app';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import { decryptSecret, encryptSecret } from '../../security/token-cipher';
import { build, errorOf, type TestContext } from '../../test/build';

let t: TestContext;
let mock: QboEmulator;
const token = { moderator: '', user: '', guest: '' };
let quickBooks: TestContext['config']['quickBooks'];

beforeAll(async () => {
  // Only refresh grants here: no redirect URI is registered.
  mock = await startQboEmulator({ clientId: 'test-client', clientSecret: 'test-secret', redirectUris: [] });
  t = await build({
    config: {
      quickBooks: {
        tokenUrl: mock.tokenUrl,
        clientId: 'test-client',
        clientSecret: 'test-secret',
        timeoutMs: 300,
      },
    },
  });
  quickBooks = { ...t.config.quickBooks };
  Object.assign(token, await t.demoTokens('moderator', 'user', 'guest'));
});
afterEach(() => {
  mock.behaviour = 'ok';
  t.config.quickBooks = { ...quickBooks };
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

const KEY = Buffer.alloc(32);
const BASE = '/api/company/companies';

/** Seeded company i has DEMO_QB_STATES[i % 7] (ids follow insertion order). */
async function seeded(state: QbState, nth = 0): Promise<CompanyRow> {
  const rows = (await t.database.db.select().from(companies).orderBy(companies.id)).slice(
    0,
    SMALL_COUNTS.companies,
  );
  const matches = rows.filter((_, index) => DEMO_QB_STATES[index % DEMO_QB_STATES.length] === state);
  return matches[nth]!;
}
/** A fresh connected company with live tokens (the small seed has only two). */
async function connectedCompany(): Promise<CompanyRow> {
  const [created] = await t.database.db
    .insert(companies)
    .values({
      name: 'Connected For Test',
      qbConnectionStatus: 'connected',
      qbRealmId: '1234567890',
      qbAccessTokenEnc: encryptSecret('test-access', KEY),
      qbRefreshTokenEnc: encryptSecret('test-refresh', KEY),
      qbTokenExpiresAt: new Date(Date.now() + 1_800_000),
      qbLastRefresh: new Date(Date.now() - 1_800_000),
    })
    .returning();
  return created!;
}
async function row(id: number): Promise<CompanyRow> {
  const [found] = await t.database.db.select().from(companies).where(eq(companies.id, id));
  return found!;
}
const status = (id: number | string, role: keyof typeof token = 'guest') =>
  t.request({ method: 'GET', url: `${BASE}/${id}/qb-token-status`, token: token[role] });
const refresh = (id: number | string, role: keyof typeof token = 'moderator') =>
  t.request({ method: 'POST', url: `${BASE}/${id}/refresh-qb-token`, token: token[role] });
const activityOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.entityId, String(id)), eq(activity.action, action)))
    // In the order written: without it the rows come in whatever order the plan reads them (the
    // audit log's (action, created_at) index changed it).
    .orderBy(activity.id);

describe('GET /api/company/companies/{id}/qb-token-status', () => {
  it('reports no tokens for a company never connected and one with a realm only', async () => {
    for (const state of ['none', 'realm-only'] as const) {
      const response = await status((await seeded(state)).id);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: QbTokenStatus }>().data).toEqual({
        hasTokens: false,
        isExpired: false,
        expiresIn: 0,
      });
    }
  });

  it('reports expired tokens with 0 seconds left', async () => {
    for (const state of ['expired', 'error'] as const) {
      const response = await status((await seeded(state)).id);
      expect(response.json<{ data: QbTokenStatus }>().data).toEqual({
        hasTokens: true,
        isExpired: true,
        expiresIn: 0,
      });
    }
  });

  it('reports live tokens with the seconds left', async () => {
    const company = await seeded('connected');
    const data = (await status(company.id)).json<{ data: QbTokenStatus }>().data;
    const expected = Math.floor((company.qbTokenExpiresAt!.getTime() - Date.now()) / 1000);
    expect(data.hasTokens).toBe(true);
    expect(data.isExpired).toBe(false);
    expect(Math.abs(data.expiresIn - expected)).toBeLessThanOrEqual(2);
    expect(data.expiresIn).toBeLessThanOrEqual(3600);
  });

  it('answers 409 "reconnect" (the card\'s Unable to check), not a 500, for tokens that do not decrypt', async () => {
    const response = await status((await seeded('unreadable')).id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'QB_RECONNECT_REQUIRED',
      message: COMPANY_ERRORS.qbTokensUnreadable,
    });
  });

  it('answers 400 for a bad id, 404 for an unknown company, 401 when signed out', async () => {
    expect((await status('abc')).statusCode).toBe(400);
    expect((await status(999_999)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${BASE}/1/qb-token-status` })).statusCode).toBe(401);
  });
});

describe('POST /api/company/companies/{id}/refresh-qb-token', () => {
  it('is for MODERATOR and up', async () => {
    const company = await seeded('connected');
    expect((await refresh(company.id, 'user')).statusCode).toBe(403);
    expect((await refresh(company.id, 'guest')).statusCode).toBe(403);
  });

  it('rotates the tokens, stores them encrypted, and answers the new status with the company', async () => {
    const before = await seeded('expired');
    const requests = mock.requests;
    const response = await refresh(before.id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: QbTokenRefreshResult }>().data;
    expect(data).toMatchObject({
      hasTokens: true,
      isExpired: false,
      company: { id: before.id, qbConnectionStatus: 'connected' },
    });
    expect(data.expiresIn).toBeGreaterThan(3590);
    expect(Date.parse(data.company.qbLastRefresh!)).toBeGreaterThan(Date.now() - 10_000);
    expect(mock.requests).toBe(requests + 1);

    const after = await row(before.id);
    expect(after.qbAccessTokenEnc).not.toBe(before.qbAccessTokenEnc);
    expect(after.qbRefreshTokenEnc).not.toBe(before.qbRefreshTokenEnc);
    const access = decryptSecret(after.qbAccessTokenEnc!, KEY)!;
    const refreshToken = decryptSecret(after.qbRefreshTokenEnc!, KEY)!;
    expect(access).toMatch(/^emu-access-/);
    expect(refreshToken).toMatch(/^emu-refresh-/);
    // At rest only ciphertext: the plaintext appears nowhere in the row.
    expect(JSON.stringify(after)).not.toContain(access);
    expect(JSON.stringify(after)).not.toContain(refreshToken);
    expect(after.qbTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_500_000);

    const rows = await activityOf(before.id, 'company.qb_token_refresh');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(access);
    expect((await status(before.id)).json<{ data: QbTokenStatus }>().data.isExpired).toBe(false);
  });

  it('brings a company in error back to connected', async () => {
    const company = await seeded('error');
    const response = await refresh(company.id);
    expect(response.statusCode).toBe(200);
    expect((await row(company.id)).qbConnectionStatus).toBe('connected');
  });

  it('answers 409 and marks the company in error when QuickBooks rejects the refresh token', async () => {
    const company = await seeded('revoked');
    const response = await refresh(company.id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'QB_RECONNECT_REQUIRED', message: COMPANY_ERRORS.qbRejected });
    const after = await row(company.id);
    expect(after.qbConnectionStatus).toBe('error');
    expect(after.qbRefreshTokenEnc).toBe(company.qbRefreshTokenEnc);
    const rows = await activityOf(company.id, 'company.qb_token_refresh_failed');
    expect(rows.map((r) => r.details)).toEqual([{ reason: 'invalid_grant' }]);
  });

  it('answers 502 when QuickBooks fails with 5xx, and when it does not answer in time', async () => {
    const company = await connectedCompany();
    t.config.quickBooks = { ...quickBooks, timeoutMs: 5_000 };
    mock.behaviour = 'error';
    const serverError = await refresh(company.id);
    expect(serverError.statusCode).toBe(502);
    expect(errorOf(serverError)).toEqual({ code: 'UPSTREAM_ERROR', message: COMPANY_ERRORS.qbUpstream });
    expect((await row(company.id)).qbConnectionStatus).toBe('error');

    mock.behaviour = 'hang';
    const timeout = await refresh(company.id);
    expect(timeout.statusCode).toBe(502);
    expect(errorOf(timeout).message).toBe(COMPANY_ERRORS.qbUnreachable);
    expect((await activityOf(company.id, 'company.qb_token_refresh_failed')).map((r) => r.details)).toEqual([
      { reason: 'server_error' },
      { reason: 'timeout' },
    ]);
    // The stored tokens are untouched by failures.
    expect((await row(company.id)).qbRefreshTokenEnc).toBe(company.qbRefreshTokenEnc);
  });

  it('answers 502 when the token endpoint cannot be reached or refuses our client', async () => {
    const company = await connectedCompany();
    t.config.quickBooks = { ...quickBooks, tokenUrl: 'http://127.0.0.1:9/oauth2/v1/tokens/bearer' };
    expect(errorOf(await refresh(company.id)).message).toBe(COMPANY_ERRORS.qbUnreachable);
    t.config.quickBooks = { ...quickBooks, clientSecret: 'wrong-secret' };
    const refused = await refresh(company.id);
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).message).toBe(COMPANY_ERRORS.qbUpstream);
  });

  it('answers 503 when no client credentials are configured', async () => {
    const company = await connectedCompany();
    t.config.quickBooks = { ...quickBooks, clientId: undefined, clientSecret: undefined };
    const response = await refresh(company.id);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toEqual({ code: 'NOT_CONFIGURED', message: COMPANY_ERRORS.qbNotConfigured });
    expect((await row(company.id)).qbConnectionStatus).toBe('connected');
  });

  it('answers 400 without tokens, 409 for unreadable tokens, 404 for an unknown company', async () => {
    const realmOnly = await seeded('realm-only');
    const before = await row(realmOnly.id);
    const none = await refresh(realmOnly.id);
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe(COMPANY_ERRORS.qbNoTokens);
    // Refused before the refresh lease is taken: the row is exactly as it was (found by the fuzzer).
    expect(await row(realmOnly.id)).toEqual(before);
    const unreadable = await seeded('unreadable');
    const broken = await refresh(unreadable.id);
    expect(broken.statusCode).toBe(409);
    expect(errorOf(broken)).toEqual({
      code: 'QB_RECONNECT_REQUIRED',
      message: COMPANY_ERRORS.qbTokensUnreadable,
    });
    expect((await row(unreadable.id)).qbConnectionStatus).toBe('error');
    expect((await refresh(999_999)).statusCode).toBe(404);
    expect((await refresh('abc')).statusCode).toBe(400);
  });
});

describe('concurrent refreshes of one company (single-flight)', () => {
  it('twenty at once, on two API processes, make one upstream rotation and one activity row', async () => {
    const other = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      serveFrontends: false,
    });
    await other.ready();
    // 19 waiters polling an in-process PGlite share this thread with the mock: allow it time.
    t.config.quickBooks = { ...quickBooks, timeoutMs: 5_000 };
    try {
      const company = await connectedCompany();
      const before = mock.requests;
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: `${BASE}/${company.id}/refresh-qb-token`,
            headers: { authorization: `Bearer ${token.moderator}` },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      expect(mock.requests - before).toBe(1);
      expect(await activityOf(company.id, 'company.qb_token_refresh')).toHaveLength(1);
      const stored = decryptSecret((await row(company.id)).qbRefreshTokenEnc!, KEY);
      expect(stored).not.toBe('test-refresh');
      const bodies = responses.map((response) => response.json<{ data: QbTokenRefreshResult }>().data);
      for (const body of bodies) expect(body).toMatchObject({ hasTokens: true, isExpired: false });
    } finally {
      await other.close();
    }
  });

  it('twenty at once against a failing QuickBooks make one call and one failure row, all answering 502', async () => {
    const company = await connectedCompany();
    t.config.quickBooks = { ...quickBooks, timeoutMs: 5_000 };
    mock.behaviour = 'error';
    const before = mock.requests;
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(company.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(502));
    expect(mock.requests - before).toBe(1);
    expect(await activityOf(company.id, 'company.qb_token_refresh_failed')).toHaveLength(1);
  });
});
