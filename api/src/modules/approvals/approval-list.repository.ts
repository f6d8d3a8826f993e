import { type SQLWrapper, and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  APPROVAL_SEARCH_COUNT_CAP,
  type ApprovalFilters,
  type ApprovalSummary,
  type ApprovalListQuery,
  type ApprovalSortField,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { literalCount, preparedQuery } from '../../db/prepared';
import { approvalBillKeys, approvalCounts, approvals, companies } from '../../db/schema';

import { toApprovalSummary, viewColumns, type ApprovalSummaryRow } from './approvals.repository';
import { toViewerDecision, viewerReasonSql, viewerValues, type Viewer } from './viewer-decision';

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

/** A list statement's row: the approval, its company's name, the viewer's reason code and the duplicate flag. */
export interface ListRow {
  approval: ApprovalSummaryRow;
  companyName: string | null;
  viewerReason: Parameters<typeof toViewerDecision>[0];
  possibleDuplicate: boolean;
}

/**
 * Whether a bill of the row's approval is flagged as a possible duplicate (what the approval page's
 * duplicates card lists): a probe of approval_bill_keys' primary key (approval_id, bill_id) per row
 * of the page, inside the page's statement.
 */
export const possibleDuplicateSql = () =>
  // A scalar subquery, not EXISTS: PostgreSQL may plan an EXISTS in the select list as a hash of
  // every flagged bill (a scan of the table) instead of a probe per row; a scalar one it cannot.
  sql<boolean>`((select 1 from ${approvalBillKeys} where ${approvalBillKeys.approvalId} = ${approvals.id} and ${approvalBillKeys.duplicateKind} is not null limit 1) is not null)`;

/** What every list statement selects per row of its page (the list, the reviewer's queue). */
export const listRowColumns = () => ({
  approval: viewColumns,
  companyName: companies.name,
  viewerReason: viewerReasonSql(),
  possibleDuplicate: possibleDuplicateSql(),
});

/** A list row as the API answers it, with whether the person asking may approve it now. */
export const toListRow = (row: ListRow, viewer: Viewer): ApprovalSummary => ({
  ...toApprovalSummary(row.approval, row.companyName),
  viewerDecision: toViewerDecision(row.viewerReason, row.approval, viewer),
  possibleDuplicate: row.possibleDuplicate,
});

/** What a list page answers: its rows and the total (a lower bound when `capped`). */
export interface ApprovalPage {
  rows: ApprovalSummary[];
  total: number;
  capped: boolean;
}

export type ListFilters = Omit<ApprovalFilters, 'sortBy' | 'sortOrder'>;

/**
 * What decides a list query's SQL text (not its values): which filters are present, whether a
 * search may be an id prefix. The hot list queries are built once per shape and order and run with
 * placeholders (db/prepared.ts): at most 2 × 2 × 2 × 3 shapes of filters times 18 orders.
 */
export interface FilterShape {
  status: boolean;
  priority: boolean;
  companyId: boolean;
  search: 'none' | 'text' | 'id';
}

export function shapeOf(query: ListFilters): FilterShape {
  return {
    status: !!query.status,
    priority: !!query.priority,
    companyId: !!query.companyId,
    search: !query.search ? 'none' : /^[0-9a-f-]+$/i.test(query.search) ? 'id' : 'text',
  };
}

/** The shape in a prepared statement's name. */
export const shapeKey = (shape: FilterShape): string =>
  `${shape.status ? 's' : '-'}${shape.priority ? 'p' : '-'}${shape.companyId ? 'c' : '-'}${shape.search}`;

/** The values a filter compares with, by name; the search escaped for LIKE. */
type FilterValues = {
  status: ListFilters['status'];
  priority: ListFilters['priority'];
  companyId: ListFilters['companyId'];
  contains: string | undefined;
  idPrefix: string | undefined;
};

export function filterValues(query: ListFilters): FilterValues {
  return {
    status: query.status,
    priority: query.priority,
    companyId: query.companyId,
    contains: query.search ? likePattern(query.search) : undefined,
    idPrefix: query.search ? `${likePattern(query.search.toLowerCase(), false)}%` : undefined,
  };
}

/**
 * The one condition builder of a filter shape. `bind` gives each value: a placeholder for a
 * prepared statement, or the value itself. The search is a prefix of the approval's id (when it
 * looks like one; text_pattern_ops index) OR '%text%' in the generated search_text (company,
 * manager name and e-mail, vendor names, document numbers; trigram index): both indexed, a BitmapOr.
 */
export function filterConditions(
  shape: FilterShape,
  bind: (name: keyof FilterValues) => SQLWrapper,
): SQL | undefined {
  const contains = sql`${approvals.searchText} like lower(${bind('contains')})`;
  return and(
    shape.search === 'none'
      ? undefined
      : shape.search === 'text'
        ? contains
        : sql`(${contains} or (${approvals.id}::text) like ${bind('idPrefix')})`,
    shape.status ? eq(approvals.status, bind('status')) : undefined,
    shape.priority ? eq(approvals.priority, bind('priority')) : undefined,
    shape.companyId ? eq(approvals.companyId, bind('companyId')) : undefined,
  );
}

/** The conditions of a prepared list query: every value a placeholder of its name. */
export const placeholderConditions = (shape: FilterShape) =>
  filterConditions(shape, (name) => sql.placeholder(name));

/** The conditions of `query` with its values in them (the CSV export's keyset batches). */
export function listConditions(query: ListFilters): SQL | undefined {
  const values = filterValues(query);
  return filterConditions(shapeOf(query), (name) => sql.param(values[name]));
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
  viewer: Viewer,
  now: Date,
  query: ApprovalListQuery,
  countCap = APPROVAL_SEARCH_COUNT_CAP,
): Promise<ApprovalPage> {
  const offset = (query.page - 1) * query.limit;
  const shape = shapeOf(query);
  const values = { ...filterValues(query), ...viewerValues(viewer, now) };
  // A capped count reaches at least the end of the page asked for, so a page past the cap still
  // says how far the matches go (and the console's Next stays on while more match).
  const cap = Math.max(countCap, offset + query.limit);
  const toRows = (rows: ListRow[]) => rows.map((row) => toListRow(row, viewer));
  if (offset === 0 || query.search) {
    // Read forward: the page and its total (the count an uncorrelated subquery PostgreSQL runs once).
    const prepared = preparedQuery(
      db,
      `approvals:forward-page:${shapeKey(shape)}:${query.sortBy}:${query.sortOrder}:${query.limit}:${offset === 0 ? 'first' : 'n'}`,
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
    `approvals:either-page:${shapeKey(shape)}:${query.sortBy}:${query.sortOrder}:${query.limit}`,
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
  shape: FilterShape,
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
      ...listRowColumns(),
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
  shape: FilterShape,
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
    .select({
      ...listRowColumns(),
      ...(extra ?? ({} as Extra)),
    })
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
function countQuery(db: Db, shape: FilterShape) {
  const search = shape.search !== 'none';
  if (search) {
    const matches = db
      .select({ one: sql`1` })
      .from(approvals)
      .where(placeholderConditions(shape))
      .limit(sql.placeholder('capPlusOne'))
      .as('matches');
    return db.select({ n: count().as('n') }).from(matches);
  }
  if (shape.companyId) {
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
        shape.status ? eq(approvalCounts.status, sql.placeholder('status')) : undefined,
        shape.priority ? eq(approvalCounts.priority, sql.placeholder('priority')) : undefined,
      ),
    );
}

export interface ApprovalCount {
  total: number;
  capped: boolean;
}

export const toCapped = (n: number, cap: number): ApprovalCount =>
  n > cap ? { total: cap, capped: true } : { total: n, capped: false };

/**
 * The list's total: exact (countApprovals) without a search; with one, matches are counted up to
 * `cap` only (a LIMIT inside the count, so a search matching most of the table stops early).
 */
async function countListed(db: Db, query: ListFilters, cap: number): Promise<ApprovalCount> {
  if (!query.search) return { total: await countApprovals(db, query), capped: false };
  const shape = shapeOf(query);
  const prepared = preparedQuery(db, `approvals:count:${shapeKey(shape)}`, () => countQuery(db, shape));
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
  const shape = shapeOf(query);
  const prepared = preparedQuery(db, `approvals:count:${shapeKey(shape)}`, () => countQuery(db, shape));
  const [row] = await prepared.execute(filterValues(query));
  return row?.n ?? 0;
}

/** Exact COUNT(*) of a filter, bypassing approval_counts (tests compare the two). */
export async function countApprovalsExactly(db: Db, query: ListFilters): Promise<number> {
  const shape = shapeOf(query);
  const prepared = preparedQuery(db, `approvals:exact-count:${shapeKey(shape)}`, () =>
    db.select({ n: count() }).from(approvals).where(placeholderConditions(shape)),
  );
  const [row] = await prepared.execute(filterValues(query));
  return row?.n ?? 0;
}
