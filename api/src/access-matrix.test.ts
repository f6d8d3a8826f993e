import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TABLE,
  CALLERS,
  mayCall,
  CONDITIONAL_STEP_UP_ROUTES,
  renderAccessTable,
  STEP_UP_ROUTES,
  type Access,
  type Caller,
  type RouteKey,
} from './http/access-table';
import { README_PATH, readmeAccessTable } from './http/access-table-readme';
import { routeAccess } from './plugins/auth';
import { intuitSignature } from './modules/quickbooks/qb-webhooks.routes';
import { build, TEST_WEBHOOK_VERIFIER_TOKEN, type TestContext } from './test/build';
import { sessionWithFactorAge } from './test/second-factors';

/**
 * The access matrix: every /api route of the app's own route table, called as
 * anonymous, GUEST, USER, MODERATOR and ADMIN, answers as ACCESS_TABLE declares — 401 for
 * anonymous where sign-in is needed, 403 in the error envelope below the route's minimum role,
 * and neither at or above it (any other answer — 200, 400, 404, 409 — means the gate let the
 * caller through). A new route without an entry in the table fails here.
 *
 * Each request is otherwise valid enough to reach the gate, on the seeded demo data. Calls that
 * would change or end something (delete, deactivate, role change, approve, password) use an id
 * that does not exist or an invalid body, so the answer after the gate is a 404 or 400 and one
 * caller's call never breaks the next caller's session or data.
 */

/** Ids no seeded row has (well-formed, so the lookup really runs after the gate). */
const MISSING = 999_999;
const MISSING_APPROVAL = '00000000-0000-4000-8000-000000000000';

interface Fixtures {
  companyId: number;
  userId: number;
  managerId: number;
  approvalId: number;
}

type Call = Omit<InjectOptions, 'method'> & { url: string };

/** One request per declared route: `:params` filled in, a query or body where the route reads one. */
const CALLS: Record<RouteKey, (fx: Fixtures) => Call | Promise<Call>> = {
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /api/docs': () => ({ url: '/api/docs' }),
  'GET /api/docs/json': () => ({ url: '/api/docs/json' }),
  'GET /api/docs/yaml': () => ({ url: '/api/docs/yaml' }),
  'GET /api/docs/static/index.html': () => ({ url: '/api/docs/static/index.html' }),
  'GET /api/docs/static/swagger-initializer.js': () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  'GET /api/docs/static/*': () => ({ url: '/api/docs/static/swagger-ui.css' }),

  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/health/detailed': () => ({ url: '/api/health/detailed' }),

  'POST /api/auth/login': () => ({
    url: '/api/auth/login',
    payload: { email: 'user@example.com', password: 'Password123!' },
  }),
  // A refresh token of its own each time (a spent one would be refused whoever asks).
  'POST /api/auth/refresh': async () => ({
    url: '/api/auth/refresh',
    payload: { refreshToken: (await t.login('user@example.com')).tokens.refreshToken },
  }),
  'POST /api/auth/logout': async () => ({
    url: '/api/auth/logout',
    payload: { refreshToken: (await t.login('user@example.com')).tokens.refreshToken },
  }),
  'GET /api/auth/me': () => ({ url: '/api/auth/me' }),
  'POST /api/auth/register': () => ({ url: '/api/auth/register', payload: {} }),
  'GET /api/auth/sessions': () => ({ url: '/api/auth/sessions' }),
  // A session nobody has: a 404 after the gate, and nobody is signed out.
  'DELETE /api/auth/sessions/:id': () => ({ url: `/api/auth/sessions/${MISSING_APPROVAL}` }),
  // Ends only the caller's other sessions: those the refresh and logout rows made, never the
  // caller's own token that the next rows use.
  'POST /api/auth/sessions/sign-out-others': () => ({ url: '/api/auth/sessions/sign-out-others' }),
  // Public: a body without a ticket is a 400 whoever sends it.
  'POST /api/auth/second-step/passkey-options': () => ({
    url: '/api/auth/second-step/passkey-options',
    payload: {},
  }),
  'POST /api/auth/second-step': () => ({ url: '/api/auth/second-step', payload: { method: 'totp' } }),
  'POST /api/auth/step-up/options': () => ({ url: '/api/auth/step-up/options' }),
  // Not a code: a 400 after the gate.
  'POST /api/auth/step-up': () => ({ url: '/api/auth/step-up', payload: { method: 'totp', code: 'x' } }),

  'GET /api/user/security': () => ({ url: '/api/user/security' }),
  'POST /api/user/security/totp': () => ({ url: '/api/user/security/totp' }),
  'POST /api/user/security/totp/confirm': () => ({ url: '/api/user/security/totp/confirm', payload: {} }),
  'POST /api/user/security/passkeys/options': () => ({ url: '/api/user/security/passkeys/options' }),
  'POST /api/user/security/passkeys': () => ({ url: '/api/user/security/passkeys', payload: {} }),
  // Step-up routes: each caller's factor is older than STEP_UP_MINUTES (beforeAll), so past the role
  // gate they get 403 STEP_UP_REQUIRED.
  'DELETE /api/user/security/factors/:id': () => ({ url: `/api/user/security/factors/${MISSING}` }),
  'POST /api/user/security/recovery-codes': () => ({ url: '/api/user/security/recovery-codes' }),

  'GET /api/user/users': () => ({ url: '/api/user/users' }),
  'GET /api/user/users/:id': ({ userId }) => ({ url: `/api/user/users/${userId}` }),
  'PUT /api/user/users/:id': () => ({
    url: `/api/user/users/${MISSING}`,
    payload: {
      email: 'matrix@example.com',
      firstName: 'Access',
      lastName: 'Matrix',
      role: 'GUEST',
      isActive: true,
    },
  }),
  'DELETE /api/user/users/:id': () => ({ url: `/api/user/users/${MISSING}` }),
  'PUT /api/user/users/:id/reactivate': () => ({ url: `/api/user/users/${MISSING}/reactivate` }),
  'PUT /api/user/users/:id/deactivate': () => ({ url: `/api/user/users/${MISSING}/deactivate` }),
  'PUT /api/user/users/:id/role': () => ({
    url: `/api/user/users/${MISSING}/role`,
    payload: { role: 'USER' },
  }),
  'PUT /api/user/users/:id/payment-decisions': () => ({
    url: `/api/user/users/${MISSING}/payment-decisions`,
    payload: { allowed: true },
  }),
  'POST /api/user/users/:id/sessions/end': () => ({ url: `/api/user/users/${MISSING}/sessions/end` }),
  'GET /api/user/users/:id/factor-reset': ({ userId }) => ({ url: `/api/user/users/${userId}/factor-reset` }),
  'POST /api/user/users/:id/factor-reset': () => ({ url: `/api/user/users/${MISSING}/factor-reset` }),
  'PUT /api/user/users/:id/factor-reset/confirm': () => ({
    url: `/api/user/users/${MISSING}/factor-reset/confirm`,
    payload: { requestId: 1 },
  }),
  'PUT /api/user/users/:id/factor-reset/cancel': () => ({
    url: `/api/user/users/${MISSING}/factor-reset/cancel`,
    payload: { requestId: 1 },
  }),
  'GET /api/user/statistics': ({ userId }) => ({
    url: '/api/user/statistics',
    query: { userId: String(userId) },
  }),
  'GET /api/user/overview-stats': () => ({ url: '/api/user/overview-stats' }),
  'GET /api/user/profile': () => ({ url: '/api/user/profile' }),
  'PUT /api/user/profile': () => ({ url: '/api/user/profile', payload: {} }),
  // Without the current password: a 400 after the gate, and nobody's password or sessions change.
  'PUT /api/user/password': () => ({ url: '/api/user/password', payload: {} }),

  'GET /api/company/companies': () => ({ url: '/api/company/companies' }),
  'GET /api/company/companies/search': () => ({ url: '/api/company/companies/search', query: { q: 'a' } }),
  'POST /api/company/companies': () => ({ url: '/api/company/companies', payload: {} }),
  'GET /api/company/companies/:id': ({ companyId }) => ({ url: `/api/company/companies/${companyId}` }),
  'GET /api/company/companies/:id/activity': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/activity`,
  }),
  'PUT /api/company/companies/:id': () => ({ url: `/api/company/companies/${MISSING}`, payload: {} }),
  'DELETE /api/company/companies/:id': () => ({ url: `/api/company/companies/${MISSING}` }),
  'PUT /api/company/companies/:id/reactivate': () => ({
    url: `/api/company/companies/${MISSING}/reactivate`,
  }),
  'PUT /api/company/companies/:id/deactivate': () => ({
    url: `/api/company/companies/${MISSING}/deactivate`,
  }),
  'GET /api/company/companies/:id/qb-token-status': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/qb-token-status`,
  }),
  'POST /api/company/companies/:id/refresh-qb-token': () => ({
    url: `/api/company/companies/${MISSING}/refresh-qb-token`,
  }),
  'POST /api/company/companies/:id/qb-connect': () => ({
    url: `/api/company/companies/${MISSING}/qb-connect`,
  }),
  // A state nobody issued: refused after the gate, whoever asks.
  'POST /api/company/quickbooks/callback': () => ({
    url: '/api/company/quickbooks/callback',
    payload: { code: 'code', state: 'not-a-state', realmId: '1' },
  }),
  'POST /api/company/companies/:id/qb-disconnect': () => ({
    url: `/api/company/companies/${MISSING}/qb-disconnect`,
  }),
  'GET /api/company/companies/:id/qb-sync': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/qb-sync`,
  }),
  // A company that does not exist: refused after the gate, whoever asks.
  'POST /api/company/companies/:id/qb-sync': () => ({
    url: `/api/company/companies/${MISSING}/qb-sync`,
  }),
  // Correctly signed, for a realm no company holds: accepted whoever sends it.
  'POST /api/quickbooks/webhooks': () => {
    const payload = JSON.stringify({
      eventNotifications: [{ realmId: '1', dataChangeEvent: { entities: [] } }],
    });
    return {
      url: '/api/quickbooks/webhooks',
      payload,
      headers: {
        'content-type': 'application/json',
        'intuit-signature': intuitSignature(TEST_WEBHOOK_VERIFIER_TOKEN, payload),
      },
    };
  },
  'GET /api/company/companies/:id/payment-settings': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/payment-settings`,
  }),
  'PUT /api/company/companies/:id/payment-settings': () => ({
    url: `/api/company/companies/${MISSING}/payment-settings`,
    payload: {},
  }),
  'GET /api/company/companies/:id/vendor-accounts': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/vendor-accounts`,
  }),
  'POST /api/company/companies/:id/vendor-accounts': () => ({
    url: `/api/company/companies/${MISSING}/vendor-accounts`,
    payload: {},
  }),
  'PUT /api/company/companies/:id/vendor-accounts/:accountId': () => ({
    url: `/api/company/companies/${MISSING}/vendor-accounts/${MISSING}`,
    payload: {},
  }),
  'PUT /api/company/companies/:id/vendor-accounts/:accountId/confirm': () => ({
    url: `/api/company/companies/${MISSING}/vendor-accounts/${MISSING}/confirm`,
    payload: { version: 1 },
  }),
  'PUT /api/company/companies/:id/payment-settings/confirm-settlement': () => ({
    url: `/api/company/companies/${MISSING}/payment-settings/confirm-settlement`,
    payload: { version: 1 },
  }),
  'DELETE /api/company/companies/:id/vendor-accounts/:accountId': () => ({
    url: `/api/company/companies/${MISSING}/vendor-accounts/${MISSING}`,
  }),
  'GET /api/bill-approval/approvals/:id/payment-accounts': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}/payment-accounts`,
  }),
  'GET /api/bill-approval/approvals/:id/vendor-history': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}/vendor-history`,
  }),
  'GET /api/bill-approval/approvals/:id/nacha': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}/nacha`,
  }),
  'POST /api/bill-approval/approvals/:id/nacha': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/nacha`,
  }),
  'PUT /api/bill-approval/approvals/:id/bank-uploaded': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/bank-uploaded`,
  }),
  'PUT /api/bill-approval/approvals/:id/payment-completed': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/payment-completed`,
  }),
  'POST /api/bill-approval/approvals/:id/qb-bill-payments/retry': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/qb-bill-payments/retry`,
  }),
  'GET /api/bill-approval/payments-board': () => ({ url: '/api/bill-approval/payments-board' }),
  'GET /api/bank-returns': () => ({ url: '/api/bank-returns?page=1&limit=1' }),
  // An empty body: refused (400) once past the gate, so nothing is applied.
  'POST /api/bank-returns': () => ({ url: '/api/bank-returns', payload: {} }),
  'GET /api/bank-files': () => ({ url: '/api/bank-files?page=1&limit=1' }),
  'GET /api/bank-files/:id': () => ({ url: `/api/bank-files/${MISSING}` }),
  'GET /api/bank-files/:id/reconciliation.csv': () => ({
    url: `/api/bank-files/${MISSING}/reconciliation.csv`,
  }),
  'GET /api/bank-returns/simulator': () => ({ url: '/api/bank-returns/simulator' }),
  'POST /api/bill-approval/approvals/:id/simulate-return': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/simulate-return`,
    payload: { billIds: ['1'], code: 'R01' },
  }),

  'GET /api/manager/managers': () => ({ url: '/api/manager/managers' }),
  'GET /api/manager/managers/search': () => ({ url: '/api/manager/managers/search', query: { q: 'a' } }),
  'POST /api/manager/managers': () => ({ url: '/api/manager/managers', payload: {} }),
  'GET /api/manager/managers/:id': ({ managerId }) => ({ url: `/api/manager/managers/${managerId}` }),
  'PUT /api/manager/managers/:id': () => ({ url: `/api/manager/managers/${MISSING}`, payload: {} }),
  'DELETE /api/manager/managers/:id': () => ({ url: `/api/manager/managers/${MISSING}` }),
  'PUT /api/manager/managers/:id/link-user': ({ userId }) => ({
    url: `/api/manager/managers/${MISSING}/link-user`,
    payload: { userId },
  }),
  'PUT /api/manager/managers/:id/unlink-user': () => ({
    url: `/api/manager/managers/${MISSING}/unlink-user`,
  }),

  'GET /api/bill-approval/approvals': () => ({ url: '/api/bill-approval/approvals' }),
  'GET /api/bill-approval/approvals/stats': () => ({ url: '/api/bill-approval/approvals/stats' }),
  'GET /api/bill-approval/approvals/export': () => ({
    url: '/api/bill-approval/approvals/export',
    query: { format: 'json', status: 'REJECTED' },
  }),
  'POST /api/bill-approval/approvals': () => ({ url: '/api/bill-approval/approvals', payload: {} }),
  'POST /api/bill-approval/approvals/manual': () => ({
    url: '/api/bill-approval/approvals/manual',
    payload: {},
  }),
  'POST /api/bill-approval/approvals/bulk-approve': () => ({
    url: '/api/bill-approval/approvals/bulk-approve',
    payload: { ids: [MISSING_APPROVAL] },
  }),
  'POST /api/bill-approval/approvals/bulk-reject': () => ({
    url: '/api/bill-approval/approvals/bulk-reject',
    payload: { ids: [MISSING_APPROVAL], rejectionReason: 'Access matrix' },
  }),
  'GET /api/bill-approval/approvals/:id': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}`,
  }),
  'PUT /api/bill-approval/approvals/:id': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}`,
    payload: {},
  }),
  'DELETE /api/bill-approval/approvals/:id': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}`,
  }),
  'PUT /api/bill-approval/approvals/:id/approve': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/approve`,
    payload: {},
  }),
  'PUT /api/bill-approval/approvals/:id/reject': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/reject`,
    payload: { rejectionReason: 'Access matrix' },
  }),
  'PUT /api/bill-approval/approvals/:id/qb-changes/confirm': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/qb-changes/confirm`,
    payload: { reason: 'Access matrix' },
  }),
  'PUT /api/bill-approval/approvals/:id/qb-changes/reopen': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/qb-changes/reopen`,
    payload: { reason: 'Access matrix' },
  }),
  'PUT /api/bill-approval/approvals/:id/recipients': () => ({
    url: `/api/bill-approval/approvals/${MISSING_APPROVAL}/recipients`,
    payload: {},
  }),
  'GET /api/bill-approval/approvals/:id/history': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}/history`,
  }),
  'GET /api/bill-approval/approvals/:id/chain': ({ approvalId }) => ({
    url: `/api/bill-approval/approvals/${approvalId}/chain`,
  }),
  'GET /api/bill-approval/approvals/waiting-count': () => ({
    url: '/api/bill-approval/approvals/waiting-count',
  }),
  'GET /api/company/companies/:id/approval-policy': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/approval-policy`,
  }),
  'PUT /api/company/companies/:id/approval-policy': () => ({
    url: `/api/company/companies/${MISSING}/approval-policy`,
    payload: {},
  }),
  'PUT /api/company/companies/:id/approval-policy/pending/confirm': () => ({
    url: `/api/company/companies/${MISSING}/approval-policy/pending/confirm`,
    payload: { changeId: 1 },
  }),
  'PUT /api/company/companies/:id/approval-policy/pending/discard': () => ({
    url: `/api/company/companies/${MISSING}/approval-policy/pending/discard`,
    payload: { changeId: 1 },
  }),
  'PUT /api/user/users/:id/out-of-office': () => ({
    url: `/api/user/users/${MISSING}/out-of-office`,
    payload: { awayFrom: null, awayUntil: null, delegateId: null },
  }),
  'POST /api/company/companies/:id/approval-policy/simulate': ({ companyId }) => ({
    url: `/api/company/companies/${companyId}/approval-policy/simulate`,
    payload: { amount: 12 },
  }),

  // A signed-in caller's stream ends after the test configuration's short stream lifetime.
  'GET /api/events': () => ({ url: '/api/events' }),

  'GET /api/dashboard/stats': () => ({ url: '/api/dashboard/stats' }),
  'GET /api/dashboard/charts': () => ({ url: '/api/dashboard/charts' }),
  'GET /api/audit': () => ({ url: '/api/audit?page=1&limit=1' }),
  // A day with no rows: a short file.
  'GET /api/audit/export': () => ({ url: '/api/audit/export?from=2000-01-01&to=2000-01-01' }),
};

const EMAILS: Record<Exclude<Caller, 'anonymous'>, string> = {
  GUEST: 'guest@example.com',
  USER: 'user@example.com',
  MODERATOR: 'moderator@example.com',
  ADMIN: 'admin@example.com',
};

let t: TestContext;
/** Every /api route of the app's own route table, "METHOD /url" (HEAD twins left out). */
const routes = new Set<string>();
/** What each route's onRequest hooks demand (what the API description documents), as an Access. */
const declaredByHooks = new Map<string, Access>();
/** The routes whose onRequest hooks ask for a step-up. */
const stepUpByHooks = new Set<string>();
const tokens = new Map<Caller, string | undefined>([['anonymous', undefined]]);
let fixtures: Fixtures;
/** The route (its declared URL) that the last request reached, so a mistyped URL cannot pass. */
let reached: string | undefined;

/** The first id of a list answer. */
async function firstId(url: string, token: string): Promise<number> {
  const response = await t.request({ method: 'GET', url, query: { limit: '5' }, token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  const id = response.json<{ data: { id: number }[] }>().data[0]?.id;
  if (id === undefined) throw new Error(`${url}: the seed has no rows`);
  return id;
}

beforeAll(async () => {
  t = await build({
    beforeReady(app) {
      app.addHook('onRequest', async (request) => {
        reached = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
      });
    },
    app: {
      onRoute(route) {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
          routes.add(`${method} ${route.url}`);
          const access = routeAccess(route.onRequest);
          if (access.signedIn && access.stepUp) stepUpByHooks.add(`${method} ${route.url}`);
          declaredByHooks.set(
            `${method} ${route.url}`,
            !access.signedIn ? 'public' : !access.role || access.role === 'GUEST' ? 'signed-in' : access.role,
          );
        }
      },
    },
  });
  // Sessions whose factor is older than STEP_UP_MINUTES (the GUEST has none), so the step-up
  // routes ask each caller for a step-up past the role gate, and the other routes do not.
  for (const [role, email] of Object.entries(EMAILS)) {
    const aged = await sessionWithFactorAge(t, t.config.stepUpMinutes + 1, email);
    tokens.set(role as Caller, aged.accessToken);
  }
  const admin = tokens.get('ADMIN') ?? '';
  const guest = await t.request({ method: 'GET', url: '/api/auth/me', token: tokens.get('GUEST') });
  fixtures = {
    companyId: await firstId('/api/company/companies', admin),
    userId: guest.json<{ data: { id: number } }>().data.id,
    managerId: await firstId('/api/manager/managers', admin),
    approvalId: await firstId('/api/bill-approval/approvals', admin),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('the declared access table', () => {
  it('has an entry for every /api route of the app, and no entry for a route that does not exist', () => {
    const declared = new Set(Object.keys(ACCESS_TABLE));
    expect(
      [...routes].filter((route) => !declared.has(route)),
      'routes missing from ACCESS_TABLE',
    ).toEqual([]);
    expect(
      [...declared].filter((route) => !routes.has(route)),
      'ACCESS_TABLE entries with no route',
    ).toEqual([]);
  });

  it('agrees with each route’s onRequest hooks (so /api/openapi.json documents the same 401/403s)', () => {
    const disagreements = Object.entries(ACCESS_TABLE)
      .filter(([route, access]) => declaredByHooks.has(route) && declaredByHooks.get(route) !== access)
      .map(([route, access]) => `${route}: table ${access}, hooks ${declaredByHooks.get(route)}`);
    expect(disagreements).toEqual([]);
  });

  it('names exactly the routes whose hooks ask for a step-up (requireStepUp) in STEP_UP_ROUTES', () => {
    expect([...stepUpByHooks].sort()).toEqual([...STEP_UP_ROUTES].sort());
  });

  it('asks for a step-up on every route that changes where money goes, what the bank pays or who decides', () => {
    // What counts as such a route, by its path: a new one of these kinds without a step-up fails here.
    const moneyRoute = (route: string) => {
      const [method, path = ''] = route.split(' ');
      if (/\/nacha$/.test(path)) return true;
      if (method === 'GET') return false;
      return [
        /\/vendor-accounts/,
        /\/payment-settings/,
        /\/role$/,
        /\/payment-decisions$/,
        /\/out-of-office$/,
        /\/approval-policy(\/pending\/confirm)?$/,
        /\/factor-reset(\/confirm)?$/,
        /\/security\/factors\//,
        /\/recovery-codes$/,
        /\/(bulk-)?approve$/,
        /\/bank-returns$/,
        /\/simulate-return$/,
      ].some((pattern) => pattern.test(path));
    };
    const unguarded = Object.keys(ACCESS_TABLE).filter(
      (route) =>
        moneyRoute(route) &&
        !STEP_UP_ROUTES.has(route as RouteKey) &&
        !CONDITIONAL_STEP_UP_ROUTES.has(route as RouteKey),
    );
    expect(unguarded).toEqual([]);
  });

  it('is what docs/access.md shows (pnpm --filter api access:readme rewrites it)', () => {
    // Compared cell by cell, so re-aligning the markdown (prettier) does not count as a change.
    const cells = (markdown: string | null) =>
      (markdown ?? '')
        .split('\n')
        .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
        .map((line) =>
          line
            .slice(1, -1)
            .split('|')
            .map((cell) => cell.trim()),
        );
    const readme = readmeAccessTable(readFileSync(README_PATH, 'utf8'));
    expect(readme, 'docs/access.md lacks the access-matrix markers').not.toBeNull();
    expect(cells(readme)).toEqual(cells(renderAccessTable()));
  });
});

describe('every route answers every caller as the table says', () => {
  it('anonymous, GUEST, USER, MODERATOR and ADMIN: zero unexpected answers', async () => {
    const unexpected: string[] = [];
    let calls = 0;
    for (const [route, access] of Object.entries(ACCESS_TABLE) as [
      RouteKey,
      (typeof ACCESS_TABLE)[RouteKey],
    ][]) {
      const method = route.slice(0, route.indexOf(' ')) as InjectOptions['method'];
      for (const caller of CALLERS) {
        const call = await CALLS[route](fixtures);
        reached = undefined;
        const response = await t.request({ ...call, method, token: tokens.get(caller) });
        if (reached !== route) unexpected.push(`${caller} ${route}: the request reached ${reached}`);
        calls += 1;
        const stepUp = STEP_UP_ROUTES.has(route)
          ? 'always'
          : CONDITIONAL_STEP_UP_ROUTES.has(route)
            ? 'maybe'
            : 'never';
        const problem = judge(response, mayCall(access, caller), caller, stepUp);
        if (problem) unexpected.push(`${caller} ${route} (${access}): ${problem}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(calls).toBe(Object.keys(ACCESS_TABLE).length * CALLERS.length);
  });
});

/** What is wrong with an answer, or null when it is the one the table expects. */
function judge(
  response: LightMyRequestResponse,
  allowed: boolean,
  caller: Caller,
  stepUp: 'always' | 'maybe' | 'never',
): string | null {
  const { statusCode } = response;
  if (statusCode >= 500) return `${statusCode} ${response.body.slice(0, 200)}`;
  // A route that asks in some cases (an amount, a factor already there) may ask these callers.
  if (allowed && stepUp === 'maybe' && safeJson(response.body)?.error?.code === 'STEP_UP_REQUIRED')
    return null;
  if (allowed && stepUp === 'always') {
    // Past the role gate, a caller without a fresh second factor is asked for one, and only that.
    const code = safeJson(response.body)?.error?.code;
    return statusCode === 403 && code === 'STEP_UP_REQUIRED'
      ? null
      : `expected 403 STEP_UP_REQUIRED, got ${statusCode} ${response.body.slice(0, 200)}`;
  }
  if (allowed) {
    return statusCode === 401 || statusCode === 403
      ? `refused: ${statusCode} ${response.body.slice(0, 200)}`
      : null;
  }
  const expected = caller === 'anonymous' ? 401 : 403;
  if (statusCode !== expected)
    return `expected ${expected}, got ${statusCode} ${response.body.slice(0, 200)}`;
  const body = safeJson(response.body);
  const code = expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
  if (body?.success !== false || body.error?.code !== code || !body.error.message)
    return `${expected} without the error envelope (${code}): ${response.body.slice(0, 200)}`;
  return null;
}

function safeJson(text: string): { success?: unknown; error?: { code?: unknown; message?: unknown } } | null {
  try {
    return JSON.parse(text) as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  } catch {
    return null;
  }
}
