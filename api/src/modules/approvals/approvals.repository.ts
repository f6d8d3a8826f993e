import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { duplicatesOf } from '../bills/duplicate-bills';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  APPROVAL_PRIORITIES,
  APPROVAL_SEARCH_COUNT_CAP,
  WAITING_COUNT_CAP,
  APPROVAL_STATUSES,
  DELETABLE_APPROVAL_STATUSES,
  POLICY_ROLES,
  PAYMENT_RECORD_STATUSES,
  type Approval,
  type ApprovalFilters,
  type ApprovalSummary,
  type ApprovalHistoryEntry,
  type ApprovalListQuery,
  type ApprovalSortField,
  type ApprovalStats,
  type ApprovalStatus,
  type QbBillPayment,
  type Role,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { literalCount, preparedQuery } from '../../db/prepared';
import {
  activity,
  approvalCounts,
  approvals,
  companies,
  managers,
  qbBillPayments,
  users,
  type ApprovalRow,
} from '../../db/schema';
import { activityVisibleTo } from '../../security/payment-details';

// ---- the API view -----------------------------------------------------------------------------

// The bills leave PostgreSQL as JSON text, which is what the API answers: no JSON.parse
// in the driver and JSON.stringify again per row (about 3 KB per approval). List pages do not read
// them at all (ApprovalSummary): no TOAST decompression, no 60 KB page to serialize and compress.
const {
  bills: _bills,
  approvedBills: _approvedBills,
  searchText: _searchText,
  decisionAccounts: _decisionAccounts,
  waitingFor: _waitingFor,
  waitingDecided: _waitingDecided,
  ...viewColumns
} = getTableColumns(approvals);

/** What toApprovalSummary reads: the row without its bills or search text. */
export type ApprovalSummaryRow = Omit<
  ApprovalRow,
  'bills' | 'approvedBills' | 'searchText' | 'decisionAccounts' | 'waitingFor' | 'waitingDecided'
>;
/** What toApproval reads: the summary row plus the bills as JSON text. */
export type ApprovalViewRow = ApprovalSummaryRow & {
  billsText: string;
  approvedBillsText: string | null;
};

function selectApprovals(db: Db) {
  return db
    .select({
      approval: {
        ...viewColumns,
        billsText: sql<string>`${approvals.bills}::text`,
        approvedBillsText: sql<string | null>`${approvals.approvedBills}::text`,
      },
      companyName: companies.name,
      createdByEmail: emailOf(approvals.createdById),
      approvedByEmail: emailOf(approvals.approvedById),
      rejectedByEmail: emailOf(approvals.rejectedById),
    })
    .from(approvals)
    .leftJoin(companies, eq(approvals.companyId, companies.id));
}

/** The current e-mail of a user id column (null when none or deleted): one primary-key read. */
const emailOf = (column: PgColumn) =>
  sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${column})`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Percent with one decimal, 0 for an approval without bills. */
export function processingRate(processed: number, total: number): number {
  return total > 0 ? Math.round((processed / total) * 1000) / 10 : 0;
}

/** Row → Approval (bills as JSON text, money in dollars). */
export function toApproval(row: ApprovalViewRow, companyName: string | null): Approval {
  return {
    ...toApprovalSummary(row, companyName),
    bills: row.billsText,
    approvedBills: row.approvedBillsText,
  };
}

/** Row → a list row: the Approval without its bills' JSON text. */
export function toApprovalSummary(row: ApprovalSummaryRow, companyName: string | null): ApprovalSummary {
  return {
    id: row.id,
    companyId: row.companyId,
    company: companyName === null ? null : { id: row.companyId, name: companyName },
    companyName: row.companyName,
    status: row.status,
    priority: row.priority,
    billStats: {
      totalBills: row.totalBills,
      processedBills: row.processedBills,
      processingRate: processingRate(row.processedBills, row.totalBills),
      totalAmount: row.totalAmountCents / 100,
    },
    approvedAmount: row.approvedAmountCents / 100,
    managerId: row.managerId,
    managerName: row.managerName,
    managerEmail: row.managerEmail,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    createdById: row.createdById,
    origin: row.origin,
    updatedAt: row.updatedAt.toISOString(),
    approvalDate: iso(row.approvalDate),
    approvedBy: row.approvedBy,
    approvedById: row.approvedById,
    rejectionDate: iso(row.rejectionDate),
    rejectedBy: row.rejectedBy,
    rejectedById: row.rejectedById,
    rejectionReason: row.rejectionReason,
    recipients: row.recipients,
    billIds: row.billIds,
    approvedBillIds: row.approvedBillIds,
    nachaFileGenerated: row.nachaFileGenerated,
    nachaFileName: row.nachaFileName,
    nachaBatchNumber: row.nachaBatchNumber,
    nachaGeneratedAt: iso(row.nachaGeneratedAt),
    nachaProcessingStatus: row.nachaProcessingStatus,
    nachaFileUrl: row.nachaFileUrl,
    policyVersion: row.policyVersion,
    currentStep: row.status === 'PENDING' ? row.currentStep : null,
    stepCount: row.stepCount,
    currentStepLabel: row.status === 'PENDING' ? row.currentStepLabel : null,
    stuck: row.status === 'PENDING' && row.stuck,
    // QuickBooks' bill kept with a held change (for 'Decide again') is not answered.
    qbChangesAfterDecision: row.qbChangesAfterDecision?.length
      ? row.qbChangesAfterDecision.map(
          ({ billId, docNumber, reason, decidedAmount, amountNow, at, held }) => ({
            billId,
            docNumber,
            reason,
            decidedAmount,
            amountNow,
            at,
            ...(held === undefined ? {} : { held }),
          }),
        )
      : null,
  };
}

export async function findApproval(db: Db, id: string): Promise<Approval | undefined> {
  const [row] = await selectApprovals(db).where(eq(approvals.id, id)).limit(1);
  if (!row) return undefined;
  return {
    ...toApproval(row.approval, row.companyName),
    qbBillPayments: await qbBillPaymentsOf(db, id),
    createdByEmail: row.createdByEmail,
    approvedByEmail: row.approvedByEmail,
    rejectedByEmail: row.rejectedByEmail,
    duplicates: await duplicatesOf(db, id),
  };
}

/** The BillPayments recorded in QuickBooks for the approval's paid bills, shown on its page. */
/** What the approval page shows: every payment of the approval, in bill id order. */
async function qbBillPaymentsOf(db: Db, approvalId: string): Promise<QbBillPayment[]> {
  const rows = await db
    .select()
    .from(qbBillPayments)
    .where(eq(qbBillPayments.approvalId, approvalId))
    .orderBy(asc(qbBillPayments.qbBillId));
  return rows.map((row) => ({
    billId: row.qbBillId,
    docNumber: row.docNumber,
    amount: row.amountCents / 100,
    txnDate: row.txnDate,
    status: row.status,
    qbBillPaymentId: row.qbPaymentId,
    error: row.error,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The stored row; `lock` takes a row lock (SELECT … FOR UPDATE) for read-check-write. */
export async function findApprovalRow(db: Db, id: string, lock = false): Promise<ApprovalRow | undefined> {
  const query = db.select().from(approvals).where(eq(approvals.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findApprovalStatus(db: Db, id: string): Promise<ApprovalStatus | undefined> {
  const [row] = await db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, id));
  return row?.status;
}

// ---- list -------------------------------------------------------------------------------------

/**
 * The lists' order in SQL: text case-insensitively through lower() (the indexes are on lower()),
 * numbers as numbers, dates as dates; status and priority in their declared order (lifecycle
 * PENDING → PAYMENT_COMPLETED; URGENT → LOW), which is how a reviewer reads them. PostgreSQL's
 * default NULL placement is PostgreSQL's (last ascending, first descending), as the console shows it.
 */
export const SORT_EXPRESSIONS: Record<ApprovalSortField, PgColumn | SQL> = {
  id: approvals.id,
  'company.name': sql`lower(${approvals.companyName})`,
  status: approvals.status,
  priority: approvals.priority,
  'billStats.totalBills': approvals.totalBills,
  'billStats.processedBills': approvals.processedBills,
  'billStats.totalAmount': approvals.totalAmountCents,
  managerName: sql`lower(${approvals.managerName})`,
  createdAt: approvals.createdAt,
};

/** The list's order; `reversed` flips it (sort key and id tiebreaker alike, so the same total order). */
export function listOrder(query: Pick<ApprovalFilters, 'sortBy' | 'sortOrder'>, reversed = false): SQL[] {
  const direction = (query.sortOrder === 'asc') !== reversed ? asc : desc;
  return [direction(SORT_EXPRESSIONS[query.sortBy]), direction(approvals.id)];
}

/**
 * The search: an id prefix (text that looks like the start of a UUID, through the id's
 * text_pattern_ops index) OR '%text%' in the generated search_text (company, manager name and
 * e-mail, vendor names, document numbers; trigram index). Both indexed, so a BitmapOr.
 */
function searchCondition(text: string): SQL {
  const contains = sql`${approvals.searchText} like lower(${likePattern(text)})`;
  if (!/^[0-9a-f-]+$/i.test(text)) return contains;
  return sql`(${contains} or (${approvals.id}::text) like ${`${likePattern(text.toLowerCase(), false)}%`})`;
}

export function listConditions(query: Omit<ApprovalFilters, 'sortBy' | 'sortOrder'>): SQL | undefined {
  return and(
    query.search ? searchCondition(query.search) : undefined,
    query.status ? eq(approvals.status, query.status) : undefined,
    query.priority ? eq(approvals.priority, query.priority) : undefined,
    query.companyId ? eq(approvals.companyId, query.companyId) : undefined,
  );
}

/** What a list page answers: its rows and the total (a lower bound when `capped`). */
export interface ApprovalPage {
  rows: ApprovalSummary[];
  total: number;
  capped: boolean;
}

type ListFilters = Omit<ApprovalFilters, 'sortBy' | 'sortOrder'>;

/**
 * What decides a list query's SQL text (not its values): which filters are present, whether a
 * search may be an id prefix, the order. The hot list queries are built once per shape and run
 * with placeholders (db/prepared.ts); at most 2 × 2 × 2 × 3 shapes of filters times 18 orders.
 */
function filterShape(query: ListFilters): string {
  const search = !query.search ? '-' : /^[0-9a-f-]+$/i.test(query.search) ? 'id' : 'text';
  return `${query.status ? 's' : '-'}${query.priority ? 'p' : '-'}${query.companyId ? 'c' : '-'}${search}`;
}

/** listConditions with placeholders in place of the values (filterValues fills them in). */
function placeholderConditions(shape: string): SQL | undefined {
  const search = shape.slice(3);
  const contains = sql`${approvals.searchText} like lower(${sql.placeholder('contains')})`;
  return and(
    search === '-'
      ? undefined
      : search === 'text'
        ? contains
        : sql`(${contains} or (${approvals.id}::text) like ${sql.placeholder('idPrefix')})`,
    shape[0] === 's' ? eq(approvals.status, sql.placeholder('status')) : undefined,
    shape[1] === 'p' ? eq(approvals.priority, sql.placeholder('priority')) : undefined,
    shape[2] === 'c' ? eq(approvals.companyId, sql.placeholder('companyId')) : undefined,
  );
}

/** The placeholder values of placeholderConditions for `query` (same escaping as searchCondition). */
function filterValues(query: ListFilters): Record<string, unknown> {
  return {
    status: query.status,
    priority: query.priority,
    companyId: query.companyId,
    contains: query.search ? likePattern(query.search) : undefined,
    idPrefix: query.search ? `${likePattern(query.search.toLowerCase(), false)}%` : undefined,
  };
}

/**
 * One page, filtered, sorted and paged in SQL, and the total of the same filter, in one statement
 * (one round trip, one snapshot) for every page.
 *
 * Pages in the second half of the list are read from its other end: the same order reversed, with
 * the offset counted from the last row (then put back in order), so the last page costs what the
 * first does instead of an OFFSET walk over every row before it (the numbered pagination has a
 * Last button). Which half a page is in depends on the total, so past the first page the statement
 * holds both walks, each behind a condition on the total that PostgreSQL tests once before running
 * it (a one-time filter): only one of them reads rows. A search's total may be capped (at
 * `countCap`, or the end of the page asked for when that is further); its pages are always read
 * forward (a search's pages end near the cap, so the walk is short).
 */
export async function listApprovals(
  db: Db,
  query: ApprovalListQuery,
  countCap = APPROVAL_SEARCH_COUNT_CAP,
): Promise<ApprovalPage> {
  const offset = (query.page - 1) * query.limit;
  const shape = filterShape(query);
  const values = filterValues(query);
  // A capped count reaches at least the end of the page asked for, so a page past the cap still
  // says how far the matches go (and the console's Next stays on while more match).
  const cap = Math.max(countCap, offset + query.limit);
  const toRows = (rows: Array<{ approval: ApprovalSummaryRow; companyName: string | null }>) =>
    rows.map((row) => toApprovalSummary(row.approval, row.companyName));
  if (offset === 0 || query.search) {
    // Read forward: the page and its total (the count an uncorrelated subquery PostgreSQL runs once).
    const prepared = preparedQuery(
      db,
      `approvals:forward-page:${shape}:${query.sortBy}:${query.sortOrder}:${query.limit}:${offset === 0 ? 'first' : 'n'}`,
      () =>
        selectPage(db, shape, query, false, query.limit, offset === 0 ? 'first' : 'placeholder', {
          total: sql<number>`(${countQuery(db, shape)})`.mapWith(Number),
        }),
    );
    const rows = await prepared.execute({ ...values, capPlusOne: cap + 1, offset });
    // No row: nothing matches (a first page), or a page past the end, whose total is asked alone.
    const first = rows[0];
    const count = first
      ? toCapped(first.total, query.search ? cap : Infinity)
      : offset === 0
        ? { total: 0, capped: false }
        : await countListed(db, query, cap);
    return { rows: toRows(rows), ...count };
  }
  const prepared = preparedQuery(
    db,
    `approvals:either-page:${shape}:${query.sortBy}:${query.sortOrder}:${query.limit}`,
    () => selectEitherEnd(db, shape, query),
  );
  const rows = await prepared.execute({
    ...values,
    offset,
    middle: 2 * offset + query.limit,
    pageEnd: offset + query.limit,
  });
  const n = rows[0]?.total ?? 0;
  // Read from the end (n < middle): for a last, short page that was the page's size counted back
  // from the last row, so the rows before the page's first (offset) are dropped; past the end, all.
  const onPage =
    n >= 2 * offset + query.limit ? rows : rows.slice(Math.max(0, rows.length - Math.max(0, n - offset)));
  return { rows: toRows(onPage), total: n, capped: false };
}

/**
 * A page past the first of a shape without a search, in one statement: the total (counted once, a
 * CTE) decides which walk runs, forward from the first row (`offset`) when the page is in the first
 * half of the list (total ≥ `middle` = 2 × offset + page size), else from the last row in the
 * reversed order, skipping total − `pageEnd` rows. Each walk's condition has no column in it, so
 * PostgreSQL evaluates it once and skips the walk whose condition is false.
 */
function selectEitherEnd(
  db: Db,
  shape: string,
  query: Pick<ApprovalListQuery, 'sortBy' | 'sortOrder' | 'limit'>,
) {
  const counted = db.$with('counted').as(countQuery(db, shape));
  const total = sql`(select ${sql.identifier('n')} from ${counted})`;
  const walk = (reversed: boolean) =>
    db
      .select({ id: approvals.id })
      .from(approvals)
      .where(
        and(
          placeholderConditions(shape),
          reversed
            ? sql`${total} < ${sql.placeholder('middle')}::bigint`
            : sql`${total} >= ${sql.placeholder('middle')}::bigint`,
        ),
      )
      .orderBy(...listOrder(query, reversed))
      .limit(literalCount(query.limit))
      .offset(
        reversed
          ? (sql`greatest(0, ${total} - ${sql.placeholder('pageEnd')}::bigint)` as unknown as number)
          : (sql`${sql.placeholder('offset')}::bigint` as unknown as number),
      );
  return db
    .with(counted)
    .select({
      approval: viewColumns,
      companyName: companies.name,
      total: sql<number>`${total}`.mapWith(Number),
    })
    .from(approvals)
    .leftJoin(companies, eq(approvals.companyId, companies.id))
    .where(sql`${approvals.id} in (${walk(false)} union all ${walk(true)})`)
    .orderBy(...listOrder(query));
}

/**
 * The page query of a shape: the page's ids first (on approvals alone, in index order), then the
 * company join for them, plus `extra` columns. Its LIMIT is written into the SQL (literalCount: so
 * PostgreSQL keeps one plan for it); the OFFSET too for a first page, else an `offset` placeholder.
 */
function selectPage<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  shape: string,
  query: Pick<ApprovalFilters, 'sortBy' | 'sortOrder'>,
  reversed: boolean,
  limit: number,
  offset: 'first' | 'placeholder',
  extra?: Extra,
) {
  const ordered = db
    .select({ id: approvals.id })
    .from(approvals)
    .where(placeholderConditions(shape))
    .orderBy(...listOrder(query, reversed))
    .limit(literalCount(limit));
  const pageIds = offset === 'first' ? ordered : ordered.offset(sql.placeholder('offset'));
  return db
    .select({ approval: viewColumns, companyName: companies.name, ...(extra ?? ({} as Extra)) })
    .from(approvals)
    .leftJoin(companies, eq(approvals.companyId, companies.id))
    .where(inArray(approvals.id, pageIds))
    .orderBy(...listOrder(query));
}

/**
 * The count of a shape as one query with placeholders: the sum over approval_counts without a
 * search or company filter, an exact COUNT with a company filter, and with a search the matches
 * up to `capPlusOne` (a LIMIT inside the count).
 */
function countQuery(db: Db, shape: string) {
  const search = shape.slice(3) !== '-';
  if (search) {
    const matches = db
      .select({ one: sql`1` })
      .from(approvals)
      .where(placeholderConditions(shape))
      .limit(sql.placeholder('capPlusOne'))
      .as('matches');
    return db.select({ n: count().as('n') }).from(matches);
  }
  if (shape[2] === 'c') {
    return db
      .select({ n: count().as('n') })
      .from(approvals)
      .where(placeholderConditions(shape));
  }
  return db
    .select({ n: sql<number>`coalesce(sum(${approvalCounts.count}), 0)`.mapWith(Number).as('n') })
    .from(approvalCounts)
    .where(
      and(
        shape[0] === 's' ? eq(approvalCounts.status, sql.placeholder('status')) : undefined,
        shape[1] === 'p' ? eq(approvalCounts.priority, sql.placeholder('priority')) : undefined,
      ),
    );
}

interface ApprovalCount {
  total: number;
  capped: boolean;
}

/**
 * The list's total: exact (countApprovals) without a search; with one, matches are counted up to
 * `cap` only (a LIMIT inside the count, so a search matching most of the table stops early).
 */
async function countListed(db: Db, query: ListFilters, cap: number): Promise<ApprovalCount> {
  if (!query.search) return { total: await countApprovals(db, query), capped: false };
  const shape = filterShape(query);
  const prepared = preparedQuery(db, `approvals:count:${shape}`, () => countQuery(db, shape));
  const [row] = await prepared.execute({ ...filterValues(query), capPlusOne: cap + 1 });
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * Without a search or company filter the total is a sum over approval_counts (≤ 32 rows kept by
 * a trigger); otherwise a COUNT over the same indexed WHERE.
 */
export async function countApprovals(db: Db, query: ListFilters): Promise<number> {
  if (query.search) return countApprovalsExactly(db, query);
  const shape = filterShape(query);
  const prepared = preparedQuery(db, `approvals:count:${shape}`, () => countQuery(db, shape));
  const [row] = await prepared.execute(filterValues(query));
  return row?.n ?? 0;
}

/** Exact COUNT(*) of a filter, bypassing approval_counts (tests compare the two). */
export async function countApprovalsExactly(db: Db, query: ListFilters): Promise<number> {
  const shape = filterShape(query);
  const prepared = preparedQuery(db, `approvals:exact-count:${shape}`, () =>
    db.select({ n: count() }).from(approvals).where(placeholderConditions(shape)),
  );
  const [row] = await prepared.execute(filterValues(query));
  return row?.n ?? 0;
}

// ---- the reviewer's queue ('Waiting for me') ---------------------------------------------------

/** The signed-in person, as the queue reads them (their role as the request authenticated it). */
export interface QueuePerson {
  id: number;
  role: string;
}

/**
 * Who asks, as a sub-select of the placeholder: PostgreSQL then estimates the statement alike in
 * its custom and generic plans (it cannot see the value in either), so after five executions it
 * keeps the generic plan instead of planning the statement again on every request.
 */
const me = sql`(select ${sql.placeholder('me')}::integer)`;

/**
 * Whom the person decides as: themselves first, then those away now (active, inside [away_from,
 * away_until)) who named them delegate. And the keys they match in approvals.waiting_for besides
 * their role's: their id and that of each person they stand in for ('u:'), and every company slot
 * any of them holds now ('a:<company>:<slot>'). Both are database functions (migration 0034,
 * queue_people and queue_keys) called in uncorrelated sub-selects, which PostgreSQL runs once per
 * statement and only when a row needs them; read at the statement's snapshot, so a company's new
 * approver or someone's delegation window applies at once. Written inline, their sub-selects were
 * some forty plan nodes set up on every execution.
 */
const asked = sql`${sql.placeholder('me')}::integer, ${sql.placeholder('at')}::timestamptz`;
const people = sql`(select queue_people(${asked}))`;
const personalKeys = sql`(select queue_keys(${asked}))`;

/** The role key, written into the statement's text: a role is one of a few fixed words. */
function roleKey(role: string): SQL {
  if (!/^[A-Z]+$/.test(role)) throw new Error(`not a role: ${role}`);
  return sql.raw(`array['r:${role}']::text[]`);
}

/**
 * The pending approvals whose open step names the person's role or one of their personal keys;
 * never their own, never one where they (or anyone they stand in for) decided a step already
 * (waiting_decided, kept beside the keys: no look-up of approval_decisions per row; never NULL where
 * waiting_for is not). waiting_for is NULL unless the approval is PENDING with an open step (kept so
 * by triggers), hence no status filter.
 *
 * The statement is prepared once per role and shape. The role's key is in its text, so PostgreSQL
 * knows from the keys' statistics how much of the queue it matches, even in a generic plan: for an
 * ADMIN or a MODERATOR (named on nearly every waiting approval by the default policy) it walks the
 * waiting approvals' partial index in the list's order and stops at the LIMIT — the default order's
 * index includes the keys, the deciders and the creator, so that walk (every badge count, the
 * default page) reads no table row; were the role named on few, the GIN index's bitmap of those.
 * The personal keys are computed inside the statement (a role change, a new approver or a
 * delegation window applies at once), and match few approvals each.
 */
function queueCondition(role: string): SQL {
  return sql`(${approvals.waitingFor} && ${roleKey(role)} or ${approvals.waitingFor} && ${personalKeys})
    and ${approvals.createdById} is distinct from ${me}
    and not (${approvals.waitingDecided} && ${people})`;
}

/** Whether steps may name the role (MODERATOR, ADMIN): its holders' queue is the walk above. */
const namedRole = (role: string) => (POLICY_ROLES as readonly string[]).includes(role);

/**
 * The queue of someone whose role no step names (a USER): their personal keys only, which match
 * few approvals each, computed inside the statement like a role holder's. On coalesce(waiting_for,
 * '{}') (its own GIN index, migration 0035), which the waiting approvals' partial indexes cannot
 * serve: PostgreSQL has no walk in the list's order to choose, and its kept generic plan is that
 * index's bitmap of the keys, whatever number of matches it guesses. (On waiting_for itself, a
 * generic plan guessed a share of the table and walked every waiting approval: 17 ms at a million,
 * so the keys were read first and the statement planned again on every request.)
 */
function narrowCondition(): SQL {
  return sql`coalesce(${approvals.waitingFor}, '{}'::text[]) && ${personalKeys}
    and ${approvals.createdById} is distinct from ${me}
    and not (${approvals.waitingDecided} && ${people})`;
}

/** The statement's condition for the person: the role's walk, or their own keys' bitmap. */
function queueOf(
  person: QueuePerson,
  now: Date,
): { kind: string; narrow: boolean; where: () => SQL; values: Record<string, unknown> } {
  const values = personValues(person, now);
  return namedRole(person.role)
    ? { kind: person.role, narrow: false, where: () => queueCondition(person.role), values }
    : { kind: 'own-keys', narrow: true, where: narrowCondition, values };
}

const DEFAULT_ORDER = listOrder({ sortBy: 'createdAt', sortOrder: 'desc' });

/**
 * How many approvals `where` matches, counted up to `capPlusOne` - 1 only (a LIMIT inside the
 * count): for an ADMIN nearly every pending approval waits, and an exact count of those is a scan
 * that grows with the table, while the first cap + 1 matches are a bounded walk. Walked in the
 * default order whatever the page's: the number of matches up to a limit does not depend on the
 * order, and that order's index is the one that covers the filter.
 */
function cappedCountQuery(db: Db, where: SQL | undefined, capPlusOne: number) {
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(approvals)
    .where(where)
    .orderBy(...DEFAULT_ORDER)
    .limit(capPlusOne)
    .as('matches');
  return db.select({ n: count() }).from(matches);
}

const toCapped = (n: number, cap: number): ApprovalCount =>
  n > cap ? { total: cap, capped: true } : { total: n, capped: false };

/** The placeholder values every queue statement takes: who asks, and when (delegation windows). */
function personValues(person: QueuePerson, now: Date): Record<string, unknown> {
  return { me: person.id, at: now.toISOString() };
}

/**
 * The queue's capped count of a filter shape, its LIMIT written into the text (literalCount): with
 * `LIMIT $1` the generic plan guesses a tenth of the rows, costs more than the custom ones and is
 * never kept, so the statement was planned again on every request.
 */
function preparedQueueCount(db: Db, kind: string, where: () => SQL, shape: string, capPlusOne: number) {
  return preparedQuery(db, `approvals:queue-count:${kind}:${shape}:${capPlusOne}`, () =>
    cappedCountQuery(db, and(where(), placeholderConditions(shape)), literalCount(capPlusOne)),
  );
}

/**
 * One page of the queue (with the list's other filters and order) and its total, capped at
 * WAITING_COUNT_CAP (a lower bound when `capped`; never below the end of the page asked for), in one
 * prepared statement: the person's keys, the page and the count (for someone whose role no step
 * names, listNarrowQueue).
 */
export async function listWaitingFor(
  db: Db,
  person: QueuePerson,
  now: Date,
  query: ApprovalListQuery,
  countCap = WAITING_COUNT_CAP,
): Promise<ApprovalPage> {
  const offset = (query.page - 1) * query.limit;
  const cap = Math.max(countCap, offset + query.limit);
  const shape = filterShape(query);
  const queue = queueOf(person, now);
  const firstPage = offset === 0;
  const values = { ...queue.values, ...filterValues(query), offset, capPlusOne: cap + 1 };
  if (queue.narrow) return listNarrowQueue(db, queue, shape, query, values, cap);
  // The page's ids on approvals alone (the walk), then the company of those ten only; the capped
  // total in the same statement (an uncorrelated subquery PostgreSQL runs once). The LIMIT is written
  // into the SQL (literalCount), so the generic plan knows it stops after a page.
  const prepared = preparedQuery(
    db,
    `approvals:queue-page:${queue.kind}:${shape}:${query.sortBy}:${query.sortOrder}:${query.limit}:${firstPage ? cap + 1 : 'n'}`,
    () => {
      const where = and(queue.where(), placeholderConditions(shape));
      const ordered = db
        .select({ id: approvals.id })
        .from(approvals)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(literalCount(query.limit));
      // The first page (nearly every request) with its offset and the count's LIMIT in the text,
      // so that PostgreSQL keeps one generic plan for it (see preparedQueueCount).
      const pageIds = firstPage ? ordered : ordered.offset(sql.placeholder('offset') as unknown as number);
      const total = cappedCountQuery(
        db,
        where,
        firstPage ? literalCount(cap + 1) : (sql.placeholder('capPlusOne') as unknown as number),
      );
      return db
        .select({
          approval: viewColumns,
          companyName: companies.name,
          total: sql<number>`(${total})`.mapWith(Number),
        })
        .from(approvals)
        .leftJoin(companies, eq(approvals.companyId, companies.id))
        .where(inArray(approvals.id, pageIds))
        .orderBy(...listOrder(query));
    },
  );
  const rows = await prepared.execute(values);
  // No row: nothing matches, or a page past the end (whose total is asked for on its own).
  let counted: ApprovalCount;
  if (rows.length > 0) counted = toCapped(rows[0]!.total, cap);
  else if (query.page === 1) counted = toCapped(0, cap);
  else {
    const [row] = await preparedQueueCount(db, queue.kind, queue.where, shape, cap + 1).execute(values);
    counted = toCapped(row?.n ?? 0, cap);
  }
  return { rows: rows.map((row) => toApprovalSummary(row.approval, row.companyName)), ...counted };
}

type Queue = ReturnType<typeof queueOf>;

/**
 * The queue of someone named on few approvals (narrowCondition): every match at once, through the
 * GIN index's bitmap of their keys, then the page sorted from those and the total counted from them
 * (exact: toCapped caps it), in one prepared statement. `mine` is referenced twice, so PostgreSQL
 * materializes it once. Its cost grows with the person's matches, not with the table: a few dozen
 * for a USER (the approver of eleven companies at a million approvals: 54).
 */
async function listNarrowQueue(
  db: Db,
  queue: Queue,
  shape: string,
  query: ApprovalListQuery,
  values: Record<string, unknown>,
  cap: number,
): Promise<ApprovalPage> {
  const firstPage = query.page === 1;
  const prepared = preparedQuery(
    db,
    `approvals:queue-narrow-page:${queue.kind}:${shape}:${query.sortBy}:${query.sortOrder}:${query.limit}:${firstPage ? 'first' : 'n'}`,
    () => {
      const direction = query.sortOrder === 'asc' ? asc : desc;
      const mine = db.$with('mine').as(
        db
          .select({ id: approvals.id, key: sql`${SORT_EXPRESSIONS[query.sortBy]}`.as('key') })
          .from(approvals)
          .where(and(queue.where(), placeholderConditions(shape))),
      );
      const ordered = db
        .select({ id: mine.id })
        .from(mine)
        .orderBy(direction(mine.key), direction(mine.id))
        .limit(literalCount(query.limit));
      const pageIds = firstPage ? ordered : ordered.offset(sql.placeholder('offset') as unknown as number);
      return db
        .with(mine)
        .select({
          approval: viewColumns,
          companyName: companies.name,
          total: sql<number>`(select count(*) from ${mine})`.mapWith(Number),
        })
        .from(approvals)
        .leftJoin(companies, eq(approvals.companyId, companies.id))
        .where(inArray(approvals.id, pageIds))
        .orderBy(...listOrder(query));
    },
  );
  const rows = await prepared.execute(values);
  // No row: nothing matches (page 1), or a page past the end, whose total is counted on its own.
  const total = rows[0]?.total ?? (firstPage ? 0 : await narrowCount(db, queue, shape, values));
  return {
    rows: rows.map((row) => toApprovalSummary(row.approval, row.companyName)),
    ...toCapped(total, cap),
  };
}

/** How many approvals a narrow queue holds, exactly (the GIN index's bitmap; no ordered walk). */
async function narrowCount(db: Db, queue: Queue, shape: string, values: Record<string, unknown>) {
  const [row] = await preparedQuery(db, `approvals:queue-narrow-count:${queue.kind}:${shape}`, () =>
    db
      .select({ n: count() })
      .from(approvals)
      .where(and(queue.where(), placeholderConditions(shape))),
  ).execute(values);
  return row?.n ?? 0;
}

/** How many approvals wait for the person (the sidebar badge, the dashboard card), up to `cap`. */
export async function countWaitingFor(
  db: Db,
  person: QueuePerson,
  now: Date,
  cap = WAITING_COUNT_CAP,
): Promise<{ count: number; capped: boolean }> {
  const queue = queueOf(person, now);
  const shape = filterShape({});
  const counted = toCapped(
    queue.narrow
      ? await narrowCount(db, queue, shape, queue.values)
      : ((await preparedQueueCount(db, queue.kind, queue.where, shape, cap + 1).execute(queue.values))[0]
          ?.n ?? 0),
    cap,
  );
  return { count: counted.total, capped: counted.capped };
}

/** Pending approvals flagged stuck (a partial index holds exactly these). */
export async function countStuck(db: Db): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(eq(approvals.stuck, true), eq(approvals.status, 'PENDING')));
  return counted?.n ?? 0;
}

// ---- statistics and history -------------------------------------------------------------------

/** Statistics from approval_counts: never a scan of approvals. */
export async function approvalStats(db: Db): Promise<ApprovalStats> {
  const rows = await db.select().from(approvalCounts);
  const byStatus = Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, 0])) as ApprovalStats['byStatus'];
  const byPriority = Object.fromEntries(
    APPROVAL_PRIORITIES.map((p) => [p, 0]),
  ) as ApprovalStats['byPriority'];
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] += row.count;
    byPriority[row.priority] += row.count;
    total += row.count;
  }
  return {
    total,
    pending: byStatus.PENDING,
    approved: byStatus.APPROVED,
    rejected: byStatus.REJECTED,
    expired: byStatus.EXPIRED,
    byStatus,
    byPriority,
  };
}

const HISTORY_LABELS: Record<string, string> = {
  'approval.create': 'Created',
  'approval.update': 'Updated',
  'approval.recipients': 'Recipients updated',
  'approval.approve': 'Approved',
  'approval.step_approve': 'Step approved',
  'approval.escalate': 'Escalated',
  'approval.duplicate_flag': 'Possible duplicate',
  'approval.reject': 'Rejected',
  'approval.vendor_account_change': 'Bank account changed',
  'approval.vendor_account_confirm': 'Bank account confirmed',
  'approval.expire': 'Expired',
  'approval.delete': 'Deleted',
  'approval.nacha_pending': 'NACHA file requested',
  'approval.nacha_generated': 'NACHA file generated',
  'approval.nacha_failed': 'NACHA file not generated',
  'approval.nacha_download': 'NACHA file downloaded',
  'approval.bank_uploaded': 'Bank file uploaded',
  'approval.payment_completed': 'Payment completed',
};

/** Most history entries one approval answers (its whole life is far shorter). */
export const HISTORY_MAX = 500;

/** The approval's activity rows, newest first, in the history shape the API answers. */
export async function approvalHistory(db: Db, reader: Role, id: string): Promise<ApprovalHistoryEntry[]> {
  const rows = await db
    .select({
      id: activity.id,
      action: activity.action,
      userId: activity.userId,
      userName: activity.userName,
      userEmail: users.email,
      createdAt: activity.createdAt,
      description: activity.description,
      details: activity.details,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.userId))
    .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id), activityVisibleTo(reader)))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(literalCount(HISTORY_MAX));
  return rows.map((row) => {
    const downloadUrl = row.details?.downloadUrl;
    return {
      id: row.id,
      action: HISTORY_LABELS[row.action] ?? row.action,
      userName: row.userName ?? 'System',
      userId: row.userId,
      userEmail: row.userEmail,
      timestamp: row.createdAt.toISOString(),
      details: row.description,
      downloadUrl: typeof downloadUrl === 'string' ? downloadUrl : null,
    };
  });
}

// ---- writes -----------------------------------------------------------------------------------

export type ApprovalInsert = typeof approvals.$inferInsert;
export type ApprovalValues = Partial<Omit<ApprovalInsert, 'id' | 'searchText'>>;

export async function insertApproval(db: Db, values: ApprovalInsert): Promise<ApprovalRow> {
  const [row] = await db.insert(approvals).values(values).returning();
  if (!row) throw new Error('insert into approvals returned no row');
  return row;
}

/**
 * The one conditional write every decision and edit goes through: it changes the row only while
 * it is still PENDING. Under PostgreSQL a second writer waits for the first one's row lock, then
 * re-checks `status = 'PENDING'` and changes nothing; undefined means "no longer pending".
 */
export async function updatePendingApproval(
  db: Db,
  id: string,
  values: ApprovalValues,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .update(approvals)
    .set(values)
    .where(and(eq(approvals.id, id), eq(approvals.status, 'PENDING')))
    .returning();
  return row;
}

export async function updateApproval(
  db: Db,
  id: string,
  values: ApprovalValues,
): Promise<ApprovalRow | undefined> {
  const [row] = await db.update(approvals).set(values).where(eq(approvals.id, id)).returning();
  return row;
}

/** Deletes only while the status is deletable (the trigger refuses payment records anyway). */
export async function deleteApprovalIfDeletable(db: Db, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .delete(approvals)
    .where(and(eq(approvals.id, id), inArray(approvals.status, [...DELETABLE_APPROVAL_STATUSES])))
    .returning();
  return row;
}

export async function findManagerRow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: managers.id,
      firstName: managers.firstName,
      lastName: managers.lastName,
      email: managers.email,
    })
    .from(managers)
    .where(eq(managers.id, id));
  return row;
}

export async function findCompanyForApproval(db: Db, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, managerId: companies.managerId })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/** Approvals of a company that are payment records (APPROVED or later): they block its delete. */
export async function countPaymentRecordsOfCompany(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(and(eq(approvals.companyId, companyId), inArray(approvals.status, [...PAYMENT_RECORD_STATUSES])));
  return row?.n ?? 0;
}

// ---- expiry -----------------------------------------------------------------------------------

/**
 * Turns up to `batch` PENDING approvals created before `cutoff` into EXPIRED and writes their
 * history rows, in ONE statement (so atomically). Rows another process is sweeping are skipped
 * (SKIP LOCKED) and the UPDATE re-checks PENDING, so concurrent sweeps never expire a row twice
 * nor race a decision: whichever commits first wins. Returns the ids it expired.
 */
export async function expirePendingBatch(db: Db, cutoff: Date, batch: number): Promise<string[]> {
  const result = await db.execute(sql`
    with due as (
      select ${approvals.id} as id from ${approvals}
      where ${approvals.status} = 'PENDING' and ${approvals.createdAt} < ${cutoff.toISOString()}::timestamptz
      order by ${approvals.createdAt}
      limit ${batch}
      for update skip locked
    ), expired as (
      update ${approvals} set status = 'EXPIRED', updated_at = now()
      from due where ${approvals.id} = due.id and ${approvals.status} = 'PENDING'
      returning ${approvals.id} as id, ${approvals.companyName} as company_name, ${approvals.createdAt} as created_at
    )
    insert into ${activity} (user_id, user_name, action, entity_type, entity_id, description, details)
    select null, 'System', 'approval.expire', 'approval', expired.id::text,
      'Approval ' || left(expired.id::text, 8) || coalesce(' for ' || expired.company_name, '') || ' expired after ' || ${String(
        Math.max(0, Math.round((Date.now() - cutoff.getTime()) / 86_400_000)),
      )} || ' days pending',
      jsonb_build_object('before', 'PENDING', 'after', 'EXPIRED', 'createdAt', expired.created_at)
    from expired
    returning entity_id as id
  `);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
