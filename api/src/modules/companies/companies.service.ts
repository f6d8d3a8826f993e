import {
  COMPANY_ASSIGNEE_FIELDS,
  COMPANY_ASSIGNEE_ROLES,
  COMPANY_ERRORS,
  COMPANY_STAFF_ROLES,
  ERROR_CODES,
  type Company,
  type CompanyAssigneeField,
  type CompanyAssignmentInput,
  type CompanyCreateInput,
  type CompanyUpdateInput,
  type QbTokenRefreshResult,
  type QbTokenStatus,
} from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, isRestrictViolation } from '../../db/errors';
import type { CompanyRow, UserRow } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../http/http-error';
import { QbTokenError, refreshQuickBooksTokens, type QbRefreshFailure } from '../../quickbooks/token-client';
import { tokenStatus, UnreadableTokensError } from '../../quickbooks/token-status';
import { decryptSecret, encryptSecret } from '../../security/token-cipher';
import { recordActivity, type Actor } from '../activity/activity.service';
import { displayName } from '../../person-name';
import { NOTHING_AT_RISK, type StrandedSteps } from '../../ports/stranded-steps';
import { findUsersByIds } from '../users/users.service';
import {
  countApprovalsOfCompany,
  countPaymentRecordsOfCompany,
  deleteCompany as deleteCompanyRow,
  existingManagerIds,
  findCompany,
  findCompanyRow,
  insertCompany,
  updateCompany,
  updateCompanyIfRefreshTokenIs,
  type CompanyValues,
  acquireQbRefreshLease,
  readQbRefreshState,
  releaseQbRefreshLease,
} from './companies.repository';

const companyNotFound = () => notFound(COMPANY_ERRORS.notFound);

/** The company as the API answers it; 404 when it does not exist. */
export async function getCompany(db: Db, id: number): Promise<Company> {
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound();
  return company;
}

type Assignees = Partial<Record<CompanyAssigneeField, number | null | undefined>>;

/**
 * 400 naming each assignee field whose id is not assignable: the manager must exist; processor,
 * approver and accountant must be active users with role ADMIN, MODERATOR or USER (a GUEST only
 * reads, so it cannot process, approve or account for a company's bills).
 * Ids equal to the current ones are not re-checked, so editing a company whose approver was later
 * deactivated does not force a new approver.
 */
async function checkAssignees(db: Db, wanted: Assignees, current?: CompanyRow): Promise<void> {
  const changed = COMPANY_ASSIGNEE_FIELDS.filter((field) => {
    const value = wanted[field];
    return typeof value === 'number' && value !== current?.[field];
  });
  if (changed.length === 0) return;
  const fields: Record<string, string> = {};
  const managerId = changed.includes('managerId') ? (wanted.managerId as number) : undefined;
  const userIds = changed.filter((field) => field !== 'managerId').map((field) => wanted[field] as number);
  const [managerIds, userRows] = await Promise.all([
    existingManagerIds(db, managerId === undefined ? [] : [managerId]),
    findUsersByIds(db, userIds),
  ]);
  if (managerId !== undefined && !managerIds.has(managerId))
    fields.managerId = COMPANY_ERRORS.noManager(managerId);
  const byId = new Map(userRows.map((user) => [user.id, user]));
  for (const field of changed) {
    if (field === 'managerId') continue;
    const id = wanted[field] as number;
    const user = byId.get(id);
    if (!user) fields[field] = COMPANY_ERRORS.noUser(id);
    else if (!(COMPANY_STAFF_ROLES as readonly string[]).includes(user.role))
      fields[field] = COMPANY_ERRORS.userRole(id, user.role);
    else if (!user.isActive) fields[field] = COMPANY_ERRORS.userInactive(id);
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

/**
 * A manager or user deleted between the check and the write makes the foreign key fail: answer
 * what the check now says (a 400 on that field) instead of a 500.
 */
async function explainForeignKeyFailure(db: Db, error: unknown, wanted: Assignees): Promise<never> {
  if (isForeignKeyViolation(error)) await checkAssignees(db, wanted);
  throw error;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  website: 'website',
  address: 'address',
  description: 'description',
  industry: 'industry',
  ...COMPANY_ASSIGNEE_ROLES,
};

/** Creates a company with its activity row, in one transaction; 400 on an unknown assignee. */
export async function createCompany(
  deps: AppDeps,
  actor: UserRow,
  input: CompanyCreateInput,
): Promise<Company> {
  const values: CompanyValues & { name: string } = {
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    address: input.address ?? null,
    description: input.description ?? null,
    industry: input.industry ?? null,
    managerId: input.managerId ?? null,
    processorId: input.processorId ?? null,
    approverId: input.approverId ?? null,
    accountantId: input.accountantId ?? null,
    status: 'ACTIVE',
    isActive: true,
  };
  try {
    return await deps.db.transaction(async (tx) => {
      await checkAssignees(tx, values);
      const row = await insertCompany(tx, values);
      await recordActivity(tx, actor, 'company', row.id, {
        action: 'company.create',
        description: `${displayName(actor)} created company ${row.name}`,
        details: { status: row.status, industry: row.industry },
      });
      return (await findCompany(tx, row.id))!;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, values);
  }
}

/** The full-form edit: changes the fields sent (null clears), with a 'company.update' row. */
export async function updateCompanyDetails(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  input: CompanyUpdateInput,
  strandedSteps: StrandedSteps,
): Promise<Company> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findCompanyRow(tx, id, true);
      if (!current) throw companyNotFound();
      await checkAssignees(tx, input, current);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(input) as Array<[keyof CompanyRow, unknown]>) {
        if (value === undefined || current[field] === value) continue;
        values[field] = value;
        changes[field] = { from: current[field], to: value };
      }
      if (Object.keys(values).length === 0) return (await findCompany(tx, id))!;
      const reassigned = ['approverId', 'managerId', 'accountantId'].some((field) => field in values);
      const atRisk = reassigned
        ? await strandedSteps(tx, [{ kind: 'company', companyId: id }])
        : NOTHING_AT_RISK;
      const row = (await updateCompany(tx, id, values as CompanyValues))!;
      await atRisk.escalate(deps.now?.() ?? new Date());
      const changed = Object.keys(changes).map((field) => FIELD_LABELS[field] ?? field);
      await recordActivity(tx, actor, 'company', id, {
        action: 'company.update',
        description: `${displayName(actor)} updated company ${row.name} (${changed.join(', ')})`,
        details: { changes },
      });
      return (await findCompany(tx, id))!;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, input);
  }
}

/** The inline assignment of the detail page: one assignee set or cleared, 'company.assignment'. */
export async function assignCompany(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  { field, value }: CompanyAssignmentInput,
  strandedSteps: StrandedSteps,
): Promise<Company> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findCompanyRow(tx, id, true);
      if (!current) throw companyNotFound();
      if (current[field] === value) return (await findCompany(tx, id))!;
      await checkAssignees(tx, { [field]: value }, current);
      // A step asking for the company's approver, manager or accountant may have nobody now.
      const atRisk = await strandedSteps(tx, [{ kind: 'company', companyId: id }]);
      await updateCompany(tx, id, { [field]: value });
      await atRisk.escalate(deps.now?.() ?? new Date());
      const company = (await findCompany(tx, id))!;
      const role = COMPANY_ASSIGNEE_ROLES[field];
      const assignee = company[role as 'manager' | 'processor' | 'approver' | 'accountant'];
      const who = assignee ? displayName(assignee) : null;
      await recordActivity(tx, actor, 'company', id, {
        action: 'company.assignment',
        description: who
          ? `${displayName(actor)} assigned ${who} as ${role} of ${company.name}`
          : `${displayName(actor)} removed the ${role} of ${company.name}`,
        details: { field, from: current[field], to: value },
      });
      return company;
    });
  } catch (error) {
    return explainForeignKeyFailure(deps.db, error, { [field]: value });
  }
}

/** Deletes a company; its approvals go with it (ON DELETE CASCADE). */
/**
 * Deletes a company with its pending, rejected and expired approvals. Approvals that reached
 * APPROVED or later are payment records: their company is kept and the caller gets 409 saying
 * why. The approvals trigger refuses such deletes too, so one approved between the count and the
 * delete makes the delete fail the same way instead of removing it.
 */
export async function deleteCompany(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  try {
    await deleteCompanyInTransaction(deps, actor, id);
  } catch (error) {
    if (!isRestrictViolation(error)) throw error;
    const records = await countPaymentRecordsOfCompany(deps.db, id);
    throw new HttpError(409, ERROR_CODES.conflict, COMPANY_ERRORS.hasPaymentRecords(Math.max(records, 1)));
  }
}

async function deleteCompanyInTransaction(deps: AppDeps, actor: UserRow, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const current = await findCompanyRow(tx, id, true);
    if (!current) throw companyNotFound();
    const records = await countPaymentRecordsOfCompany(tx, id);
    if (records > 0)
      throw new HttpError(409, ERROR_CODES.conflict, COMPANY_ERRORS.hasPaymentRecords(records));
    const approvalsDeleted = await countApprovalsOfCompany(tx, id);
    await deleteCompanyRow(tx, id);
    await recordActivity(tx, actor, 'company', id, {
      action: 'company.delete',
      description: `${displayName(actor)} deleted company ${current.name}`,
      details: { name: current.name, approvalsDeleted },
    });
  });
}

/** Activate (status ACTIVE, isActive) or deactivate (INACTIVE, not active); no-op when already so. */
export async function setCompanyActive(
  deps: AppDeps,
  actor: UserRow,
  id: number,
  active: boolean,
): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    const current = await findCompanyRow(tx, id, true);
    if (!current) throw companyNotFound();
    const status = active ? 'ACTIVE' : 'INACTIVE';
    if (current.status === status && current.isActive === active) return (await findCompany(tx, id))!;
    await updateCompany(tx, id, { status, isActive: active });
    await recordActivity(tx, actor, 'company', id, {
      action: active ? 'company.activate' : 'company.deactivate',
      description: `${displayName(actor)} ${active ? 'activated' : 'deactivated'} company ${current.name}`,
      details: { from: current.status, to: status },
    });
    return (await findCompany(tx, id))!;
  });
}

// ---- QuickBooks -------------------------------------------------------------------------------

/**
 * Tokens that do not decrypt are not a server fault to retry: the company must be reconnected.
 * 409 QB_RECONNECT_REQUIRED is what the QuickBooks card shows as "Unable to check" with its
 * connection-issue notice, asking for a reconnect rather than a retry.
 */
const unreadableTokens = () =>
  new HttpError(409, ERROR_CODES.qbReconnectRequired, COMPANY_ERRORS.qbTokensUnreadable);

/** GET …/qb-token-status; 409 QB_RECONNECT_REQUIRED for undecryptable tokens. */
export async function getQbTokenStatus(deps: AppDeps, id: number): Promise<QbTokenStatus> {
  const row = await findCompanyRow(deps.db, id);
  if (!row) throw companyNotFound();
  try {
    return tokenStatus(row, deps.config.qbTokenKey);
  } catch (error) {
    if (!(error instanceof UnreadableTokensError)) throw error;
    deps.log.warn({ companyId: id }, 'stored QuickBooks tokens do not decrypt with QB_TOKEN_KEY');
    throw unreadableTokens();
  }
}

const noQbTokens = () => new HttpError(400, ERROR_CODES.validation, COMPANY_ERRORS.qbNoTokens);

type RefreshFailure = QbRefreshFailure | 'unreadable';

const FAILURE_TEXT: Record<RefreshFailure, string> = {
  invalid_grant: 'QuickBooks rejected the refresh token',
  rejected: 'QuickBooks refused the request',
  server_error: 'QuickBooks answered with a server error',
  unreachable: 'QuickBooks could not be reached',
  timeout: 'QuickBooks did not answer in time',
  bad_response: 'QuickBooks answered with an unexpected response',
  not_configured: 'QuickBooks is not configured on this server',
  unreadable: 'the stored tokens could not be read',
};

function failureError(kind: RefreshFailure): HttpError {
  switch (kind) {
    case 'invalid_grant':
      return new HttpError(409, ERROR_CODES.qbReconnectRequired, COMPANY_ERRORS.qbRejected);
    case 'timeout':
    case 'unreachable':
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUnreachable);
    case 'not_configured':
      return new HttpError(503, ERROR_CODES.notConfigured, COMPANY_ERRORS.qbNotConfigured);
    case 'unreadable':
      return unreadableTokens();
    default:
      return new HttpError(502, ERROR_CODES.upstream, COMPANY_ERRORS.qbUpstream);
  }
}

/** The answer of a refresh: the token status read back from the stored row, and the company. */
async function refreshResult(deps: AppDeps, db: Db, id: number): Promise<QbTokenRefreshResult> {
  const row = await findCompanyRow(db, id);
  const company = await findCompany(db, id);
  if (!row || !company) throw companyNotFound();
  return { ...tokenStatus(row, deps.config.qbTokenKey), company };
}

/** A refresh that succeeded this recently is answered as is, without another upstream call. */
const RECENT_REFRESH_SECONDS = 5;
/** How often a request waiting for another one's refresh of the same company looks again. */
const LEASE_POLL_MS = 100;

/**
 * POST …/refresh-qb-token, single-flight per company across API processes: concurrent requests
 * (a double click, two staff, several API processes) make ONE upstream rotation and one activity
 * row, and all answer its outcome. A request takes the company's lease (a conditional UPDATE;
 * no transaction is held across the HTTP call, which may take QB_TIMEOUT_MS); the others wait
 * for it to be released and answer the outcome it recorded. A refresh that succeeded in the last
 * few seconds is answered without calling QuickBooks again.
 */
export async function refreshCompanyQbToken(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<QbTokenRefreshResult> {
  const leaseMs = deps.config.quickBooks.timeoutMs + 5_000;
  const deadline = Date.now() + leaseMs + 5_000;
  // Refused before the lease is taken: a company without tokens answers 400 and nothing is written.
  const company = await findCompanyRow(deps.db, id);
  if (!company) throw companyNotFound();
  if (!company.qbRefreshTokenEnc) throw noQbTokens();
  for (;;) {
    const state = await readQbRefreshState(deps.db, id, RECENT_REFRESH_SECONDS);
    if (!state) throw companyNotFound();
    if (state.recentlyRefreshed) return refreshResult(deps, deps.db, id);
    if (await acquireQbRefreshLease(deps.db, id, leaseMs)) {
      let outcome: RefreshFailure | 'ok' | null = null;
      try {
        const result = await refreshUpstream(deps, actor, id);
        outcome = 'ok';
        return result;
      } catch (error) {
        outcome = error instanceof QbRefreshFailed ? error.kind : null;
        throw error instanceof QbRefreshFailed ? error.httpError : error;
      } finally {
        // No outcome (e.g. 400 without tokens, or a bug): waiters then try themselves.
        await releaseQbRefreshLease(deps.db, id, outcome ?? 'none');
      }
    }
    const seen = state.finishedAt?.getTime() ?? null;
    // Another request holds the lease: wait for it to end (or to expire, if its process died).
    for (;;) {
      if (Date.now() > deadline) throw failureError('timeout');
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      const now = await readQbRefreshState(deps.db, id, RECENT_REFRESH_SECONDS);
      if (!now) throw companyNotFound();
      if (now.leaseHeld) continue;
      if ((now.finishedAt?.getTime() ?? null) !== seen) {
        if (now.outcome === 'ok') return refreshResult(deps, deps.db, id);
        if (now.outcome && now.outcome in FAILURE_TEXT) throw failureError(now.outcome as RefreshFailure);
      }
      break; // released without an outcome, or expired: try to take it ourselves
    }
  }
}

/** A refresh failure of the lease holder: its kind is recorded for the requests that waited. */
class QbRefreshFailed extends Error {
  constructor(
    readonly kind: RefreshFailure,
    readonly httpError: HttpError,
  ) {
    super(httpError.message);
  }
}

/**
 * The refresh itself: a real OAuth 2.0 refresh_token grant, then the rotated tokens stored
 * encrypted with the new expiry, qb_last_refresh and status 'connected'. On failure the company's
 * QuickBooks status becomes 'error'. Success and failure each write an activity row.
 *
 * Every write is also conditional on the refresh token read before the call (a lease that
 * expired while a slow upstream call was still running must not let two rotations overwrite
 * each other): if another refresh rotated it meanwhile, that one's outcome stands and is answered.
 */
async function refreshUpstream(deps: AppDeps, actor: Actor, id: number): Promise<QbTokenRefreshResult> {
  const row = await findCompanyRow(deps.db, id);
  if (!row) throw companyNotFound();
  if (!row.qbRefreshTokenEnc) throw noQbTokens();
  const storedRefresh = row.qbRefreshTokenEnc;

  const refreshToken = decryptSecret(storedRefresh, deps.config.qbTokenKey);
  if (refreshToken === null) {
    deps.log.warn({ companyId: id }, 'stored QuickBooks tokens do not decrypt with QB_TOKEN_KEY');
    return failRefresh(deps, actor, row, 'unreadable');
  }

  let tokens;
  try {
    tokens = await refreshQuickBooksTokens(deps.config.quickBooks, refreshToken);
  } catch (error) {
    if (!(error instanceof QbTokenError)) throw error;
    if (error.kind === 'not_configured') {
      deps.log.error('QuickBooks token refresh needs QB_CLIENT_ID and QB_CLIENT_SECRET');
      throw new QbRefreshFailed('not_configured', failureError('not_configured'));
    }
    if (error.kind === 'rejected') {
      deps.log.error(
        { status: error.status, oauthError: error.oauthError, intuitTid: error.intuitTid },
        'QuickBooks token endpoint refused the client: check QB_CLIENT_ID / QB_CLIENT_SECRET',
      );
    } else {
      deps.log.warn(
        { companyId: id, kind: error.kind, status: error.status, intuitTid: error.intuitTid },
        'QuickBooks token refresh failed',
      );
    }
    return failRefresh(deps, actor, row, error.kind);
  }

  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const stored = await updateCompanyIfRefreshTokenIs(tx, id, storedRefresh, {
      qbAccessTokenEnc: encryptSecret(tokens.accessToken, deps.config.qbTokenKey),
      qbRefreshTokenEnc: encryptSecret(tokens.refreshToken, deps.config.qbTokenKey),
      qbTokenExpiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
      qbLastRefresh: now,
      qbConnectionStatus: 'connected',
    });
    // Deleted meanwhile (404 below) or refreshed by a concurrent request: answer what is stored.
    if (!stored) return refreshResult(deps, tx, id);
    await recordActivity(tx, actor, 'company', id, {
      action: 'company.qb_token_refresh',
      description: `${displayName(actor)} refreshed the QuickBooks token of ${row.name}`,
      details: { expiresIn: tokens.expiresIn },
    });
    return refreshResult(deps, tx, id);
  });
}

async function failRefresh(
  deps: AppDeps,
  actor: Actor,
  row: CompanyRow,
  kind: RefreshFailure,
): Promise<QbTokenRefreshResult> {
  const raced = await deps.db.transaction(async (tx) => {
    const marked = await updateCompanyIfRefreshTokenIs(tx, row.id, row.qbRefreshTokenEnc!, {
      qbConnectionStatus: 'error',
    });
    if (!marked) return true;
    await recordActivity(tx, actor, 'company', row.id, {
      action: 'company.qb_token_refresh_failed',
      description: `${displayName(actor)} could not refresh the QuickBooks token of ${row.name}: ${FAILURE_TEXT[kind]}`,
      details: { reason: kind },
    });
    return false;
  });
  // A concurrent refresh rotated the token (which is why ours was refused): its result stands.
  if (raced) return refreshResult(deps, deps.db, row.id);
  throw new QbRefreshFailed(kind, failureError(kind));
}

// What other modules read and change of companies: through this service, never through companies.repository.
export { clearManagerFromCompanies, findCompanyRow } from './companies.repository';
