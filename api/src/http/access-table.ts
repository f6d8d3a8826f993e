import { hasRole, type Role } from 'shared-contracts';

/**
 * Who may call each /api route: the one declared table of role gates. `src/access-matrix.test.ts` calls every route of the app's own route
 * table as anonymous, GUEST, USER, MODERATOR and ADMIN and compares each answer with this table
 * (a route missing here fails it); the table of docs/access.md is rendered from it
 * (`pnpm --filter api access:readme`) and a test keeps the two equal.
 *
 * - `public`: no sign-in (a bad body or token may still be refused, but never for who is asking).
 * - `signed-in`: any active signed-in user, GUEST and up.
 * - a role: that role or a higher one (GUEST < USER < MODERATOR < ADMIN); lower roles get 403.
 *
 * Rules that depend on the data, not on the caller's rank, sit on top of these gates and are
 * tested beside their routes, not here:
 * - approve and reject (single and bulk): only someone the open step of the approval's policy
 *   names, never its creator nor an account linked to the creator's, ADMIN included (segregation of
 *   duties, 403).
 * - users: a MODERATOR creates, edits, activates and deactivates USER and GUEST accounts only
 *   (POST /api/auth/register with role MODERATOR or ADMIN, or any write to a MODERATOR/ADMIN
 *   account, is 403); nobody deactivates, deletes or demotes themselves; the last active ADMIN is
 *   never demoted, deactivated or deleted (409).
 * - approvals: edit and delete only in the statuses that allow them (409); NACHA files are marked
 *   uploaded, then paid, in that order (409).
 * - PUT /api/user/profile and /api/user/password act on the caller's own account only.
 * - /api/auth/sessions lists and ends the caller's own sessions only (another person's session id
 *   is a 404); an ADMIN ends anyone's but their own through /api/user/users/:id/sessions/end.
 * - /api/user/security acts on the caller's own second factors only (another person's factor id is
 *   a 404). The second step of sign-in is public: its ticket, from a right password, is the
 *   credential.
 * - /api/user/users/:id/factor-reset: nobody asks for or confirms a reset of their own factors, and
 *   the ADMIN who asked (or an account one person with theirs) never confirms it (403).
 *
 * STEP_UP_ROUTES (marked "step-up" in docs/access.md) also need a second factor given within
 * STEP_UP_MINUTES: 403 STEP_UP_REQUIRED otherwise, for every role, until POST /api/auth/step-up.
 */
export type Access = 'public' | 'signed-in' | 'USER' | 'MODERATOR' | 'ADMIN';

export const ACCESS_TABLE = {
  // API description (generated from the route declarations)
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',

  // Health
  'GET /api/health': 'public',
  'GET /api/health/detailed': 'signed-in',

  // Auth
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/register': 'MODERATOR',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/:id': 'signed-in',
  'POST /api/auth/sessions/sign-out-others': 'signed-in',
  // The second step of sign-in (its ticket is the credential) and a step-up before an action.
  'POST /api/auth/second-step/passkey-options': 'public',
  'POST /api/auth/second-step': 'public',
  'POST /api/auth/step-up/options': 'signed-in',
  'POST /api/auth/step-up': 'signed-in',

  // Security: the caller's own second factors
  'GET /api/user/security': 'signed-in',
  'POST /api/user/security/totp': 'signed-in',
  'POST /api/user/security/totp/confirm': 'signed-in',
  'POST /api/user/security/passkeys/options': 'signed-in',
  'POST /api/user/security/passkeys': 'signed-in',
  'DELETE /api/user/security/factors/:id': 'signed-in',
  'POST /api/user/security/recovery-codes': 'signed-in',

  // Users
  'GET /api/user/users': 'signed-in',
  'GET /api/user/users/:id': 'signed-in',
  'PUT /api/user/users/:id': 'MODERATOR',
  'DELETE /api/user/users/:id': 'ADMIN',
  'PUT /api/user/users/:id/reactivate': 'MODERATOR',
  'PUT /api/user/users/:id/deactivate': 'MODERATOR',
  'PUT /api/user/users/:id/role': 'ADMIN',
  'PUT /api/user/users/:id/payment-decisions': 'ADMIN',
  'POST /api/user/users/:id/sessions/end': 'ADMIN',
  // Another person's second factors: one ADMIN asks for a reset, a second one confirms it.
  'GET /api/user/users/:id/factor-reset': 'ADMIN',
  'POST /api/user/users/:id/factor-reset': 'ADMIN',
  'PUT /api/user/users/:id/factor-reset/confirm': 'ADMIN',
  'PUT /api/user/users/:id/factor-reset/cancel': 'ADMIN',
  'GET /api/user/statistics': 'signed-in',
  'GET /api/user/overview-stats': 'signed-in',
  'GET /api/user/profile': 'signed-in',
  'PUT /api/user/profile': 'signed-in',
  'PUT /api/user/password': 'signed-in',

  // Companies
  'GET /api/company/companies': 'signed-in',
  'GET /api/company/companies/search': 'signed-in',
  'POST /api/company/companies': 'MODERATOR',
  'GET /api/company/companies/:id': 'signed-in',
  'GET /api/company/companies/:id/activity': 'signed-in',
  'PUT /api/company/companies/:id': 'MODERATOR',
  'DELETE /api/company/companies/:id': 'ADMIN',
  'PUT /api/company/companies/:id/reactivate': 'MODERATOR',
  'PUT /api/company/companies/:id/deactivate': 'MODERATOR',
  'GET /api/company/companies/:id/qb-token-status': 'signed-in',
  'POST /api/company/companies/:id/refresh-qb-token': 'MODERATOR',
  'POST /api/company/companies/:id/qb-connect': 'MODERATOR',
  'POST /api/company/quickbooks/callback': 'MODERATOR',
  'POST /api/company/companies/:id/qb-disconnect': 'MODERATOR',
  'GET /api/company/companies/:id/qb-sync': 'signed-in',
  'POST /api/company/companies/:id/qb-sync': 'MODERATOR',
  // Signed by Intuit (intuit-signature), not by a session: a wrong signature is 401 for anyone.
  'POST /api/quickbooks/webhooks': 'public',

  // Payments (originator settings, vendor bank accounts — numbers masked in every answer)
  'GET /api/company/companies/:id/payment-settings': 'signed-in',
  'PUT /api/company/companies/:id/payment-settings': 'MODERATOR',
  'GET /api/company/companies/:id/vendor-accounts': 'signed-in',
  'POST /api/company/companies/:id/vendor-accounts': 'MODERATOR',
  'PUT /api/company/companies/:id/vendor-accounts/:accountId': 'MODERATOR',
  'PUT /api/company/companies/:id/vendor-accounts/:accountId/confirm': 'MODERATOR',
  'PUT /api/company/companies/:id/payment-settings/confirm-settlement': 'MODERATOR',
  'DELETE /api/company/companies/:id/vendor-accounts/:accountId': 'MODERATOR',
  'GET /api/bill-approval/approvals/:id/payment-accounts': 'signed-in',
  // A vendor's earlier payments and a recent change of its account: read as the approval is read.
  'GET /api/bill-approval/approvals/:id/vendor-history': 'signed-in',
  // NACHA bank files carry account numbers: MODERATOR downloads and regenerates; ADMIN marks them sent and paid.
  'GET /api/bill-approval/approvals/:id/nacha': 'MODERATOR',
  'POST /api/bill-approval/approvals/:id/nacha': 'MODERATOR',
  'PUT /api/bill-approval/approvals/:id/bank-uploaded': 'ADMIN',
  'PUT /api/bill-approval/approvals/:id/payment-completed': 'ADMIN',
  // Sending the paid bills to QuickBooks again after a refusal: who marks payments completed.
  'POST /api/bill-approval/approvals/:id/qb-bill-payments/retry': 'ADMIN',
  // The payments board: approved payments by where they stand, read as bank files are read.
  'GET /api/bill-approval/payments-board': 'MODERATOR',
  // Return files from the bank: an ADMIN applies one (it reopens bills and blocks accounts).
  'GET /api/bank-returns': 'MODERATOR',
  'POST /api/bank-returns': 'ADMIN',
  // Reconciliation of bank files: read as the approval they pay is read; the CSV as the bank file.
  'GET /api/bank-files': 'signed-in',
  'GET /api/bank-files/:id': 'signed-in',
  'GET /api/bank-files/:id/reconciliation.csv': 'MODERATOR',
  // The demo's bank (BANK_SIMULATOR=on; 404 otherwise): whether it is on, and a return it sends.
  'GET /api/bank-returns/simulator': 'signed-in',
  'POST /api/bill-approval/approvals/:id/simulate-return': 'ADMIN',

  // Managers
  'GET /api/manager/managers': 'signed-in',
  'GET /api/manager/managers/search': 'signed-in',
  'POST /api/manager/managers': 'MODERATOR',
  'GET /api/manager/managers/:id': 'signed-in',
  'PUT /api/manager/managers/:id': 'MODERATOR',
  'DELETE /api/manager/managers/:id': 'ADMIN',
  'PUT /api/manager/managers/:id/link-user': 'MODERATOR',
  'PUT /api/manager/managers/:id/unlink-user': 'MODERATOR',

  // Approvals
  'GET /api/bill-approval/approvals': 'signed-in',
  'GET /api/bill-approval/approvals/stats': 'signed-in',
  'GET /api/bill-approval/approvals/export': 'signed-in',
  'POST /api/bill-approval/approvals': 'MODERATOR',
  'POST /api/bill-approval/approvals/manual': 'MODERATOR',
  'POST /api/bill-approval/approvals/bulk-approve': 'USER',
  'POST /api/bill-approval/approvals/bulk-reject': 'USER',
  'GET /api/bill-approval/approvals/:id': 'signed-in',
  'PUT /api/bill-approval/approvals/:id': 'MODERATOR',
  'DELETE /api/bill-approval/approvals/:id': 'ADMIN',
  'PUT /api/bill-approval/approvals/:id/approve': 'USER',
  'PUT /api/bill-approval/approvals/:id/reject': 'USER',
  // Deciding again after a QuickBooks change: whoever may approve (the service applies the same rules).
  'PUT /api/bill-approval/approvals/:id/qb-changes/confirm': 'USER',
  'PUT /api/bill-approval/approvals/:id/qb-changes/reopen': 'USER',
  'PUT /api/bill-approval/approvals/:id/recipients': 'MODERATOR',
  'GET /api/bill-approval/approvals/:id/history': 'signed-in',
  'GET /api/bill-approval/approvals/:id/chain': 'signed-in',
  'GET /api/bill-approval/approvals/waiting-count': 'signed-in',
  'GET /api/company/companies/:id/approval-policy': 'signed-in',
  'PUT /api/company/companies/:id/approval-policy': 'MODERATOR',
  // A policy change takes two people: an ADMIN other than its author confirms it; its author
  // (MODERATOR and up) or an ADMIN may discard it (the service tells the two apart).
  'PUT /api/company/companies/:id/approval-policy/pending/confirm': 'ADMIN',
  'PUT /api/company/companies/:id/approval-policy/pending/discard': 'MODERATOR',
  'POST /api/company/companies/:id/approval-policy/simulate': 'MODERATOR',
  'PUT /api/user/users/:id/out-of-office': 'USER',

  // Dashboard
  // Live console events (Server-Sent Events); each event is filtered by what the role may read
  'GET /api/events': 'signed-in',

  'GET /api/dashboard/stats': 'signed-in',
  // Console-wide counts and sums, like the headline counts (no row or name in them)
  'GET /api/dashboard/charts': 'signed-in',

  // Audit log: every person's actions, payment-detail changes included
  'GET /api/audit': 'ADMIN',
  'GET /api/audit/export': 'ADMIN',
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof ACCESS_TABLE;

/** The routes that also need a fresh second factor (requireStepUp); the matrix test checks the hooks agree. */
export const STEP_UP_ROUTES: ReadonlySet<RouteKey> = new Set<RouteKey>([
  'DELETE /api/user/security/factors/:id',
  'POST /api/user/security/recovery-codes',
  'POST /api/user/users/:id/factor-reset',
  'PUT /api/user/users/:id/factor-reset/confirm',
  // Where money goes: vendor bank accounts and the company's own
  'PUT /api/company/companies/:id/payment-settings',
  'PUT /api/company/companies/:id/payment-settings/confirm-settlement',
  'POST /api/company/companies/:id/vendor-accounts',
  'PUT /api/company/companies/:id/vendor-accounts/:accountId',
  'PUT /api/company/companies/:id/vendor-accounts/:accountId/confirm',
  'DELETE /api/company/companies/:id/vendor-accounts/:accountId',
  // What the bank pays
  'GET /api/bill-approval/approvals/:id/nacha',
  'POST /api/bill-approval/approvals/:id/nacha',
  'POST /api/bank-returns',
  'POST /api/bill-approval/approvals/:id/simulate-return',
  // Who may decide payments
  'PUT /api/user/users/:id/role',
  'PUT /api/user/users/:id/payment-decisions',
  'PUT /api/user/users/:id/out-of-office',
  'PUT /api/company/companies/:id/approval-policy',
  'PUT /api/company/companies/:id/approval-policy/pending/confirm',
]);

/**
 * The routes that ask for a fresh second factor only in some cases, checked past the role gate by
 * the route itself: approving (the service weighs the whole approval's total, after the person's
 * right to decide it; a bulk approval asks once, before deciding anything) and adding a factor
 * beside one the person has.
 */
export const CONDITIONAL_STEP_UP_ROUTES: ReadonlyMap<RouteKey, string> = new Map<RouteKey, string>([
  ['PUT /api/bill-approval/approvals/:id/approve', 'from STEP_UP_AMOUNT'],
  ['POST /api/bill-approval/approvals/bulk-approve', 'from STEP_UP_AMOUNT'],
  ['POST /api/user/security/totp', 'beside a factor'],
  ['POST /api/user/security/passkeys/options', 'beside a factor'],
]);

/** The callers of the matrix, from anonymous up. */
export const CALLERS = ['anonymous', 'GUEST', 'USER', 'MODERATOR', 'ADMIN'] as const;
export type Caller = (typeof CALLERS)[number];

/** Whether `caller` passes the gate `access`. */
export function mayCall(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  if (caller === 'anonymous') return false;
  return access === 'signed-in' || hasRole(caller satisfies Role, access);
}

export const README_START = '<!-- access-matrix:start (generated from src/http/access-table.ts) -->';
export const README_END = '<!-- access-matrix:end -->';

function stepUpMark(route: string): string {
  if (STEP_UP_ROUTES.has(route as RouteKey)) return ' (step-up)';
  const when = CONDITIONAL_STEP_UP_ROUTES.get(route as RouteKey);
  return when ? ` (step-up ${when})` : '';
}

/** The table as markdown, one row per route in the declared order (the README's section). */
export function renderAccessTable(table: Record<string, Access> = ACCESS_TABLE): string {
  const header = ['route', ...CALLERS];
  const rows = Object.entries(table).map(([route, access]) => [
    `\`${route}\`${stepUpMark(route)}`,
    ...CALLERS.map((caller) => (mayCall(access, caller) ? '✓' : '✗')),
  ]);
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
