/**
 * Importing a company's unpaid QuickBooks bills as approval requests.
 *
 * A run: take the company's lease (one process at a time), then
 *  1. first full sync: vendors, then unpaid bills (`select * from Bill where Balance > '0' and
 *     Id > '<last id read>' ORDERBY Id MAXRESULTS m`), page by page past 1,000;
 *  2. then incremental: CDC (`/cdc?entities=Bill,Vendor&changedSince=…`) from where the last one
 *     (or the full sync's start) left off.
 * Each page is written in its own transaction, fenced by the lease owner and the position the page
 * was read at, and the position moves on in that same transaction: a run cut anywhere (a crash, a
 * deploy, QuickBooks failing) resumes at the first page not written, and no page is half written.
 * Each QuickBooks bill is imported once, by the primary key (company, QuickBooks bill id) of
 * `qb_imported_bills`, whatever runs concurrently.
 *
 * New bills become approvals through the approvals create path (flows/quickbooks-import.ts): per page, ordered by
 * due date, at most 25 bills each, priority from the earliest due date, created by the system
 * actor 'Imported from QuickBooks'.
 */
import { randomUUID } from 'node:crypto';
import { COMPANY_ERRORS, ERROR_CODES, QB_SYNC_ERRORS, type QbSyncStatus } from 'shared-contracts';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/client';
import { retryOnConflict } from '../../db/errors';
import type { QbSyncPhase } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { QbApiError, qbGet, type QbRequestContext, type RealmLimiter } from './client/accounting-client';
import { readTokens, UnreadableTokensError } from './client/token-status';
import { QUICKBOOKS_SYNC_ACTOR } from '../activity/activity.service';
import { type ApprovalsFromBills } from '../../ports/approvals-from-bills';
import { findCompanyRow } from '../companies/companies.service';
import { refreshCompanyQbToken } from './qb-tokens.service';
import {
  acquireSyncLease,
  addSyncCounts,
  countPendingApprovals,
  countWaitingBills,
  ensureSyncState,
  fenceSyncPage,
  findSyncState,
  releaseSyncLease,
  updateSyncState,
  upsertVendors,
} from './qb-sync.repository';
import { applyBillChanges, importBills, type QbBill, type SyncOutcome } from './qb-import';

export type { SyncOutcome };

export interface QbSyncDeps extends AppDeps {
  qbLimiter: RealmLimiter;
}

/** CDC is asked from a little before the last run started: clocks differ, and importing is idempotent. */
const CDC_OVERLAP_MS = 60_000;
/** Intuit answers CDC for the last 30 days; older than this, the next run is a full sync again. */
const CDC_MAX_AGE_MS = 29 * 86_400_000;

/** Thrown from `onPageWritten` to stop a run as a crash would: the lease is not released. */
export class SyncInterrupted extends Error {}

export interface SyncOptions {
  /** Who holds the lease (default: a new id per run). */
  owner?: string;
  /** Called after each page's transaction committed (tests cut a run there). */
  onPageWritten?: (page: { phase: QbSyncPhase; position: number; count: number }) => void | Promise<void>;
}

interface QbVendor {
  Id: string;
  SyncToken?: string;
  DisplayName?: string;
  Active?: boolean;
  status?: string;
}

/** What stops a run, with the sentence the sync panel shows. */
export class SyncError extends Error {}

/**
 * One run for one company (flows/quickbooks-import.ts gives it the approvals). Never throws for a
 * QuickBooks or data problem: the outcome says it and the state row keeps it for the panel.
 */
export async function syncCompany(
  deps: QbSyncDeps,
  companyId: number,
  approvals: ApprovalsFromBills,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const owner = options.owner ?? randomUUID();
  const sync = deps.config.qbSync;
  const outcome: SyncOutcome = {
    status: 'done',
    billsImported: 0,
    approvalsCreated: 0,
    pages: 0,
    requests: 0,
  };
  await ensureSyncState(deps.db, companyId);
  const taken = await acquireSyncLease(deps.db, companyId, owner, sync.leaseSeconds);
  if (!taken) return { ...outcome, status: 'busy' };
  let state = taken;
  const nextRunAt = () => new Date(Date.now() + sync.intervalMinutes * 60_000);
  try {
    const company = await findCompanyRow(deps.db, companyId);
    if (!company) throw new SyncError('The company no longer exists');
    if (!company.qbRealmId || !company.qbRefreshTokenEnc) {
      throw new SyncError('The company is not connected to QuickBooks');
    }
    if (company.qbConnectionStatus === 'error') {
      throw new SyncError('QuickBooks refused the connection: reconnect the company');
    }
    const realmId = company.qbRealmId;
    let accessToken = await currentAccessToken(deps, companyId, false);
    const context = (): QbRequestContext => ({
      config: deps.config.quickBooks,
      sync,
      limiter: deps.qbLimiter,
      realmId,
      accessToken,
      onRequest: () => {
        outcome.requests += 1;
      },
    });
    /** A GET; on 401 the tokens are refreshed once and the request sent again. */
    const get = async (resource: string, params: Record<string, string>) => {
      try {
        return await qbGet(context(), resource, params);
      } catch (error) {
        if (!(error instanceof QbApiError) || error.kind !== 'unauthorized') throw error;
        accessToken = await currentAccessToken(deps, companyId, true);
        return qbGet(context(), resource, params);
      }
    };

    for (;;) {
      const phase = state.phase;
      const position = state.nextPosition;
      if (phase === 'vendors' || phase === 'bills') {
        const fullSyncStartedAt = state.fullSyncStartedAt ?? new Date();
        const entity = phase === 'vendors' ? 'Vendor' : 'Bill';
        const page = queryPage(
          await get('query', { query: fullSyncQuery(entity, state.afterId, sync.pageSize) }),
          entity,
        );
        const done = page.length < sync.pageSize;
        const next = done
          ? phase === 'vendors'
            ? { phase: 'bills' as const, nextPosition: 1, afterId: null }
            : { phase: 'incremental' as const, nextPosition: 1, afterId: null, cdcSince: fullSyncStartedAt }
          : { phase, nextPosition: position + page.length, afterId: lastId(page) };
        const written = await writePage(deps, companyId, owner, phase, position, outcome, async (tx) => {
          if (phase === 'vendors') await saveVendors(tx, companyId, page as QbVendor[]);
          else await importBills(tx, approvals, companyId, page as QbBill[], outcome);
          await updateSyncState(tx, companyId, { ...next, fullSyncStartedAt });
        });
        if (!written) return { ...outcome, status: 'busy' };
        outcome.pages += 1;
        state = { ...state, ...next, fullSyncStartedAt };
        await options.onPageWritten?.({ phase, position, count: page.length });
        continue;
      }

      // Incremental: what changed since the last run, by CDC.
      const since = state.cdcSince ?? state.fullSyncStartedAt;
      if (!since || Date.now() - since.getTime() > CDC_MAX_AGE_MS) {
        // Too long ago for CDC (or never synced): a full sync again; imported bills stay imported.
        await updateSyncState(deps.db, companyId, {
          phase: 'vendors',
          nextPosition: 1,
          afterId: null,
          fullSyncStartedAt: null,
        });
        state = { ...state, phase: 'vendors', nextPosition: 1, afterId: null, fullSyncStartedAt: null };
        continue;
      }
      const askedAt = new Date();
      const answer = await get('cdc', {
        entities: 'Bill,Vendor',
        changedSince: new Date(since.getTime() - CDC_OVERLAP_MS).toISOString(),
      });
      const changes = cdcEntities(answer);
      const written = await writePage(
        deps,
        companyId,
        owner,
        'incremental',
        position,
        outcome,
        async (tx) => {
          await saveVendors(tx, companyId, changes.vendors);
          const known = await applyBillChanges(tx, approvals, companyId, changes.bills);
          const unpaid = changes.bills.filter(
            (bill) => !known.has(bill.Id) && bill.status !== 'Deleted' && (bill.Balance ?? 0) > 0,
          );
          await importBills(tx, approvals, companyId, unpaid, outcome);
          await updateSyncState(tx, companyId, { cdcSince: askedAt });
        },
      );
      if (!written) return { ...outcome, status: 'busy' };
      outcome.pages += 1;
      await options.onPageWritten?.({ phase: 'incremental', position, count: changes.bills.length });
      break;
    }
    await releaseSyncLease(deps.db, companyId, owner, { lastSyncAt: new Date(), nextRunAt: nextRunAt() });
    return outcome;
  } catch (error) {
    if (error instanceof SyncInterrupted) throw error;
    const message = failureText(error);
    if (!(error instanceof SyncError) && !(error instanceof QbApiError) && !(error instanceof HttpError)) {
      deps.log.error({ err: error, companyId }, 'QuickBooks sync failed');
    } else if (error instanceof QbApiError) {
      const { kind, status, intuitTid } = error;
      deps.log.warn({ companyId, reason: message, kind, status, intuitTid }, 'QuickBooks sync stopped');
    } else {
      deps.log.warn({ companyId, reason: message }, 'QuickBooks sync stopped');
    }
    await releaseSyncLease(deps.db, companyId, owner, {
      lastError: message,
      lastErrorAt: new Date(),
      nextRunAt: nextRunAt(),
    });
    return { ...outcome, status: 'failed', error: message };
  } finally {
    if (outcome.requests > 0 || outcome.billsImported > 0) {
      await addSyncCounts(deps.db, companyId, { bills: 0, requests: outcome.requests }).catch(() => {});
    }
  }
}

/**
 * A page's write: one transaction, fenced by the lease and the position it was read at. A page's
 * new approvals move the status counters that people's decisions move too, so the database may
 * break a deadlock between the two by rolling the page back: the page is then written again (all
 * its effects are in the transaction), with the rolled-back attempt's counts taken off `outcome`.
 */
async function writePage(
  deps: QbSyncDeps,
  companyId: number,
  owner: string,
  phase: QbSyncPhase,
  position: number,
  outcome: SyncOutcome,
  write: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return retryOnConflict(async () => {
    const counted = { ...outcome };
    try {
      return await deps.db.transaction(async (tx) => {
        const fenced = await fenceSyncPage(
          tx,
          companyId,
          owner,
          deps.config.qbSync.leaseSeconds,
          phase,
          position,
        );
        if (!fenced) return false;
        await write(tx);
        return true;
      });
    } catch (error) {
      Object.assign(outcome, counted);
      throw error;
    }
  });
}

/** The access token to use: refreshed (single-flight across processes) when near its end or refused. */
export async function currentAccessToken(
  deps: QbSyncDeps,
  companyId: number,
  force: boolean,
): Promise<string> {
  let row = await findCompanyRow(deps.db, companyId);
  if (!row) throw new SyncError('The company no longer exists');
  const expiring = !row.qbTokenExpiresAt || row.qbTokenExpiresAt.getTime() - Date.now() < 120_000;
  if (force || expiring) {
    await refreshCompanyQbToken(deps, QUICKBOOKS_SYNC_ACTOR, companyId);
    row = await findCompanyRow(deps.db, companyId);
    if (!row) throw new SyncError('The company no longer exists');
  }
  try {
    const tokens = readTokens(row, deps.config.qbTokenKey);
    if (!tokens) throw new SyncError('The company is not connected to QuickBooks');
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof UnreadableTokensError) {
      throw new SyncError('The stored QuickBooks tokens could not be read: reconnect the company');
    }
    throw error;
  }
}

function failureText(error: unknown): string {
  if (error instanceof SyncError) return error.message;
  if (error instanceof HttpError) return error.message;
  if (error instanceof QbApiError) {
    // The id Intuit's support finds the request by, for whoever reports the failure to them.
    return `${qbFailureText(error)}${error.intuitTid ? ` (intuit_tid ${error.intuitTid})` : ''}`;
  }
  return 'The sync failed unexpectedly';
}

function qbFailureText(error: QbApiError): string {
  switch (error.kind) {
    case 'throttled':
      return 'QuickBooks is throttling requests (429); the next run continues where this one stopped';
    case 'server_error':
      return `QuickBooks answered with a server error (HTTP ${error.status ?? 500}); the next run continues where this one stopped`;
    case 'unreachable':
    case 'timeout':
      return 'QuickBooks could not be reached; the next run continues where this one stopped';
    case 'unauthorized':
    case 'forbidden':
      return 'QuickBooks refused access to the company: reconnect it';
    default:
      return `QuickBooks refused a request${error.fault ? `: ${error.fault}` : ''}`;
  }
}

/**
 * A page of the full sync, by key: the ids after the last one read, in Id order (Intuit documents
 * Id as filterable and sortable). Paging by STARTPOSITION would skip a bill whenever one before it
 * left the set between two pages (paid or deleted meanwhile: every later bill moves one place
 * down); by key nothing moves. A bill that leaves or joins the set meanwhile is also a change
 * the CDC pass that follows the full sync reads.
 */
export function fullSyncQuery(entity: 'Vendor' | 'Bill', afterId: string | null, pageSize: number): string {
  const conditions = [
    ...(entity === 'Bill' ? [`Balance > '0'`] : []),
    ...(afterId !== null ? [`Id > '${afterId}'`] : []),
  ];
  const where = conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
  return `select * from ${entity}${where} ORDERBY Id STARTPOSITION 1 MAXRESULTS ${pageSize}`;
}

/** The page's last id, where the next page starts after (only digits are ever put into a query). */
function lastId(page: Array<QbBill | QbVendor>): string {
  const id = page.at(-1)?.Id;
  if (typeof id !== 'string' || !/^\d{1,20}$/.test(id)) throw new QbApiError('bad_response', 200);
  return id;
}

function queryPage(answer: Record<string, unknown>, entity: 'Vendor' | 'Bill'): Array<QbBill | QbVendor> {
  const response = answer.QueryResponse as Record<string, unknown> | undefined;
  if (!response || typeof response !== 'object') throw new QbApiError('bad_response', 200);
  const list = response[entity];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new QbApiError('bad_response', 200);
  return list as Array<QbBill | QbVendor>;
}

function cdcEntities(answer: Record<string, unknown>): { bills: QbBill[]; vendors: QbVendor[] } {
  const responses = (answer.CDCResponse as Array<{ QueryResponse?: Array<Record<string, unknown>> }>)?.[0]
    ?.QueryResponse;
  if (!Array.isArray(responses)) throw new QbApiError('bad_response', 200);
  const bills: QbBill[] = [];
  const vendors: QbVendor[] = [];
  for (const response of responses) {
    if (Array.isArray(response.Bill)) bills.push(...(response.Bill as QbBill[]));
    if (Array.isArray(response.Vendor)) vendors.push(...(response.Vendor as QbVendor[]));
  }
  return { bills, vendors };
}

async function saveVendors(tx: Db, companyId: number, vendors: QbVendor[]): Promise<void> {
  await upsertVendors(
    tx,
    companyId,
    vendors
      .filter((vendor) => vendor.status !== 'Deleted' && /^\d{1,20}$/.test(vendor.Id))
      .map((vendor) => ({
        qbVendorId: vendor.Id,
        displayName: (vendor.DisplayName ?? `Vendor ${vendor.Id}`).slice(0, 255),
        active: vendor.Active !== false,
        syncToken: String(vendor.SyncToken ?? '0').slice(0, 20),
      })),
  );
}

/** GET …/qb-sync: what the sync panel shows. */
export async function getSyncStatus(deps: AppDeps, companyId: number): Promise<QbSyncStatus> {
  const company = await findCompanyRow(deps.db, companyId);
  if (!company) throw notFound(COMPANY_ERRORS.notFound);
  const state = await findSyncState(deps.db, companyId);
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    running: !!state?.leaseUntil && state.leaseUntil.getTime() > Date.now(),
    phase: state?.phase ?? null,
    lastSyncAt: iso(state?.lastSyncAt),
    billsImported: state?.billsImported ?? 0,
    billsWaiting: state ? await countWaitingBills(deps.db, companyId) : 0,
    // Beside the imported figures, so a company whose approvals were entered by hand does not read
    // as having nothing waiting.
    approvalsWaiting: await countPendingApprovals(deps.db, companyId),
    lastError: state?.lastError ?? null,
    lastErrorAt: iso(state?.lastErrorAt),
    nextRunAt: iso(state?.nextRunAt),
  };
}

/**
 * A company just connected through the consent flow: its sync state is created due now, so the
 * schedule imports it within a minute. A realm other than the one the state was for (allowed only
 * while the company holds no QuickBooks data: the connect checks it) starts over with a full sync.
 */
export async function scheduleFirstSync(db: Db, companyId: number, realmId: string): Promise<void> {
  await ensureSyncState(db, companyId);
  const state = await findSyncState(db, companyId);
  const realmChanged = state?.realmId !== realmId;
  await updateSyncState(db, companyId, {
    nextRunAt: new Date(),
    realmId,
    ...(realmChanged
      ? {
          phase: 'vendors' as const,
          nextPosition: 1,
          afterId: null,
          fullSyncStartedAt: null,
          cdcSince: null,
        }
      : {}),
  });
}

/** 400 when a company cannot sync (not connected). */
export async function checkMaySync(deps: AppDeps, companyId: number): Promise<void> {
  const company = await findCompanyRow(deps.db, companyId);
  if (!company) throw notFound(COMPANY_ERRORS.notFound);
  if (!company.qbRealmId || !company.qbRefreshTokenEnc || company.qbConnectionStatus !== 'connected') {
    throw new HttpError(400, ERROR_CODES.validation, QB_SYNC_ERRORS.notConnected);
  }
}
