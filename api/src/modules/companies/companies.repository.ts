import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type {
  Company,
  CompanyListQuery,
  CompanySearchResult,
  CompanySortField,
  QbStatusFilter,
  UserRef,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { literalCount, pageAndTotal } from '../../db/prepared';
import {
  approvals,
  companies,
  companyCounts,
  companySearchText,
  managers,
  users,
  type CompanyRow,
} from '../../db/schema';
import { likePattern } from '../../db/like';

// ---- reading companies with their assignees --------------------------------------------------

const manager = alias(managers, 'manager');
const processor = alias(users, 'processor');
const approver = alias(users, 'approver');
const accountant = alias(users, 'accountant');

const {
  qbAccessTokenEnc: _access,
  qbRefreshTokenEnc: _refresh,
  qbTokenExpiresAt: _expires,
  qbRefreshLeaseUntil: _lease,
  qbRefreshOutcome: _outcome,
  qbRefreshFinishedAt: _finished,
  ...publicColumns
} = getTableColumns(companies);

const userRef = <T extends typeof processor | typeof approver | typeof accountant>(table: T) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
  role: table.role,
});

/** Company columns (never the token ciphertexts) plus the four embedded assignees. */
const companySelection = {
  company: publicColumns,
  manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email },
  processor: userRef(processor),
  approver: userRef(approver),
  accountant: userRef(accountant),
};

function selectCompanies<Extra extends Record<string, SQL>>(db: Db, extra?: Extra) {
  return db
    .select({ ...(extra ?? ({} as Extra)), ...companySelection })
    .from(companies)
    .leftJoin(manager, eq(companies.managerId, manager.id))
    .leftJoin(processor, eq(companies.processorId, processor.id))
    .leftJoin(approver, eq(companies.approverId, approver.id))
    .leftJoin(accountant, eq(companies.accountantId, accountant.id));
}

type SelectedCompany = Awaited<
  ReturnType<ReturnType<typeof selectCompanies<Record<never, SQL>>>['execute']>
>[number];

/** A left-joined user: null when the join found nobody (every column null). */
function userRefOrNull(ref: { id: number | null } | null): UserRef | null {
  return ref?.id != null ? (ref as UserRef) : null;
}

function toCompany(row: SelectedCompany): Company {
  const c = row.company;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    website: c.website,
    address: c.address,
    description: c.description,
    industry: c.industry,
    status: c.status,
    isActive: c.isActive,
    qbConnectionStatus: (c.qbConnectionStatus as Company['qbConnectionStatus']) ?? null,
    qbRealmId: c.qbRealmId,
    qbLastRefresh: c.qbLastRefresh ? c.qbLastRefresh.toISOString() : null,
    managerId: c.managerId,
    processorId: c.processorId,
    approverId: c.approverId,
    accountantId: c.accountantId,
    manager: row.manager?.id != null ? row.manager : null,
    processor: userRefOrNull(row.processor),
    approver: userRefOrNull(row.approver),
    accountant: userRefOrNull(row.accountant),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The API view of one company, with its assignees. */
export async function findCompany(db: Db, id: number): Promise<Company | undefined> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id)).limit(1);
  return row ? toCompany(row) : undefined;
}

/**
 * The stored row, token ciphertexts included: for services only, never answered. `lock` takes a
 * row lock (SELECT … FOR UPDATE) so a read-check-write inside a transaction is not raced.
 */
export async function findCompanyRow(db: Db, id: number, lock = false): Promise<CompanyRow | undefined> {
  const query = db.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

// ---- list -------------------------------------------------------------------------------------

/**
 * The table sort rule, in SQL: text case-insensitively through lower() (the name indexes are on
 * lower(name)), enums in declaration order (which is alphabetical for company status), dates as
 * dates; PostgreSQL's default NULL placement is the rule's (missing values last ascending, first
 * descending).
 */
const SORT_EXPRESSIONS: Record<CompanySortField, PgColumn | SQL> = {
  name: sql`lower(${companies.name})`,
  email: sql`lower(${companies.email})`,
  status: companies.status,
  qbConnectionStatus: companies.qbConnectionStatus,
  industry: sql`lower(${companies.industry})`,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

function qbStatusCondition(filter: QbStatusFilter): SQL {
  return filter === 'none' ? isNull(companies.qbConnectionStatus) : eq(companies.qbConnectionStatus, filter);
}

/**
 * Case-insensitive '%text%' on name, e-mail and industry: LIKE on their lower-cased concatenation,
 * the expression of the trigram index companies_search_trgm_idx.
 */
function searchCondition(text: string): SQL {
  return sql`${companySearchText(companies)} like lower(${likePattern(text)})`;
}

function listConditions(query: Pick<CompanyListQuery, 'search' | 'status' | 'qbConnectionStatus'>) {
  return and(
    query.search ? searchCondition(query.search) : undefined,
    query.status ? eq(companies.status, query.status) : undefined,
    query.qbConnectionStatus ? qbStatusCondition(query.qbConnectionStatus) : undefined,
  );
}

/**
 * One page of the company list, filtered, sorted and paged in SQL over the whole table, with the
 * total of the same filter. Without a search the total is summed from the trigger-kept
 * company_counts (≤ 12 rows); with one it is a COUNT over the same WHERE.
 */
export async function listCompanies(
  db: Db,
  query: CompanyListQuery,
): Promise<{ rows: Company[]; total: number }> {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const order = [direction(SORT_EXPRESSIONS[query.sortBy]), direction(companies.id)];
  // The page's ids first (filter + sort + limit on companies alone, in index order), then the
  // assignee joins for those rows only: joining before the LIMIT would join the whole table
  // whenever the planner sorts instead of walking an index.
  const pageIds = db
    .select({ id: companies.id })
    .from(companies)
    .where(listConditions(query))
    .orderBy(...order)
    .limit(literalCount(query.limit))
    // LIMIT and a first page's OFFSET 0 in the SQL text: one plan kept per statement (literalCount).
    .offset(query.page === 1 ? literalCount(0) : (query.page - 1) * query.limit);
  // The total of the same filter in the same statement: one round trip and one snapshot, the count
  // an uncorrelated subquery PostgreSQL runs once. Only a page past the end (no row to carry the
  // total) asks for it on its own.
  const found = await selectCompanies(db, {
    total: sql<number>`(${companyTotalQuery(db, query)})`.mapWith(Number),
  })
    .where(inArray(companies.id, pageIds))
    .orderBy(...order);
  return pageAndTotal(
    found,
    query.page,
    toCompany,
    async () => (await companyTotalQuery(db, query))[0]?.n ?? 0,
  );
}

type CompanyFilter = Pick<CompanyListQuery, 'search' | 'status' | 'qbConnectionStatus'>;

/** The list's total as one query: the kept company_counts without a search, else an exact COUNT. */
function companyTotalQuery(db: Db, query: CompanyFilter) {
  if (query.search) return db.select({ n: count() }).from(companies).where(listConditions(query));
  return db
    .select({ n: sql<number>`coalesce(sum(${companyCounts.count}), 0)`.mapWith(Number) })
    .from(companyCounts)
    .where(
      and(
        query.status ? eq(companyCounts.status, query.status) : undefined,
        query.qbConnectionStatus ? eq(companyCounts.qbStatus, query.qbConnectionStatus) : undefined,
      ),
    );
}

/** Exact COUNT(*) of a filter, bypassing company_counts (tests compare the two). */
export async function countCompaniesExactly(
  db: Db,
  query: Pick<CompanyListQuery, 'search' | 'status' | 'qbConnectionStatus'>,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).where(listConditions(query));
  return row?.n ?? 0;
}

/** Up to `limit` matches of `text`; names starting with it first, then by name. */
export async function searchCompanies(db: Db, text: string, limit: number): Promise<CompanySearchResult[]> {
  const prefix = `${likePattern(text, false)}%`;
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      email: companies.email,
      industry: companies.industry,
      status: companies.status,
      isActive: companies.isActive,
      qbConnectionStatus: companies.qbConnectionStatus,
    })
    .from(companies)
    .where(searchCondition(text))
    .orderBy(desc(ilike(companies.name, prefix)), asc(sql`lower(${companies.name})`), asc(companies.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    qbConnectionStatus: (row.qbConnectionStatus as Company['qbConnectionStatus']) ?? null,
  }));
}

// ---- writes -----------------------------------------------------------------------------------

export type CompanyValues = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'name'
    | 'email'
    | 'phone'
    | 'website'
    | 'address'
    | 'description'
    | 'industry'
    | 'status'
    | 'isActive'
    | 'managerId'
    | 'processorId'
    | 'approverId'
    | 'accountantId'
    | 'qbConnectionStatus'
    | 'qbRealmId'
    | 'qbLastRefresh'
    | 'qbAccessTokenEnc'
    | 'qbRefreshTokenEnc'
    | 'qbTokenExpiresAt'
  >
>;

export async function insertCompany(db: Db, values: CompanyValues & { name: string }): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('insert into companies returned no row');
  return row;
}

/** Updates and returns the row; undefined when it does not exist (anymore). */
export async function updateCompany(
  db: Db,
  id: number,
  values: CompanyValues,
): Promise<CompanyRow | undefined> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row;
}

export async function deleteCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.delete(companies).where(eq(companies.id, id)).returning();
  return row;
}

/** Approvals that a company delete removes with it (ON DELETE CASCADE). */
export async function countApprovalsOfCompany(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(approvals).where(eq(approvals.companyId, companyId));
  return row?.n ?? 0;
}

/** Approvals of a company that are payment records (APPROVED or later): they block its delete. */
export async function countPaymentRecordsOfCompany(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(approvals)
    .where(
      and(
        eq(approvals.companyId, companyId),
        sql`${approvals.status} not in ('PENDING', 'REJECTED', 'EXPIRED')`,
      ),
    );
  return row?.n ?? 0;
}

/** Ids among `ids` that are managers. */
export async function existingManagerIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: managers.id }).from(managers).where(inArray(managers.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * Clears the manager assignment of every company `managerId` manages (a manager delete) and
 * returns those companies, so the caller can write one activity row per company.
 */
export async function clearManagerFromCompanies(
  db: Db,
  managerId: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .update(companies)
    .set({ managerId: null })
    .where(eq(companies.managerId, managerId))
    .returning({ id: companies.id, name: companies.name });
}
