import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPROVAL_ERRORS,
  APPROVAL_PRIORITIES,
  APPROVAL_SORT_FIELDS,
  APPROVAL_STATUSES,
  VALIDATION,
  parseBills,
  personName,
  type Approval,
  type ApprovalHistoryEntry,
  type ApprovalStats,
  type ApprovalSummary,
  type Bill,
  type BulkOutcome,
  type Pagination,
} from 'shared-contracts';
import { activity, approvals, companies, users } from '../../db/schema';
import { importedApproval } from '../../test/approval-fixtures';
import { build, errorOf, type TestContext } from '../../test/build';
import { EXPORT_FETCH_SIZE } from './approvals.export';
import { countApprovalsExactly } from './approval-list.repository';
import { expireOverdueApprovals } from './approvals.expiry';
import { QUICKBOOKS_IMPORTER, createApprovalInTransaction } from './approvals.service';

let t: TestContext;
const token: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
type Role = keyof typeof token;

beforeAll(async () => {
  // No sweep at start: the expiry test runs it itself, at a known moment.
  t = await build({ app: { approvalSweep: false } });
  Object.assign(token, await t.demoTokens('admin', 'moderator', 'user', 'guest'));
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/bill-approval/approvals';
const db = () => t.database.db;

const get = (url: string, role: Role = 'guest') => t.request({ method: 'GET', url, token: token[role] });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  t.request({
    method,
    url,
    token: token[role],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const list = async (query: string, role: Role = 'guest') => {
  const response = await get(`${BASE}?${query}`, role);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ data: ApprovalSummary[]; meta: { pagination: Pagination } }>();
  return { rows: body.data, pagination: body.meta.pagination };
};

/** The bills of approvals as stored (list rows do not carry them). */
async function storedBills(ids: string[]): Promise<Map<string, Bill[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: approvals.id, bills: approvals.bills })
    .from(approvals)
    .where(inArray(approvals.id, ids));
  return new Map(rows.map((row) => [row.id, row.bills]));
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** The demo's first company: connected to QuickBooks, so its approvals come from the import. */
async function firstCompany() {
  const [row] = await db().select().from(companies).orderBy(companies.id).limit(1);
  return row!;
}

const bill = (id: string, lines: number[], extra: Partial<Bill> = {}): Bill => ({
  Id: id,
  TotalAmt: lines.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100,
  DocNumber: `DOC-${id}`,
  DueDate: '2026-12-31',
  VendorRef: { name: `Vendor ${id}`, value: id },
  Line: lines.map((amount, index) => ({
    Id: String(index + 1),
    Description: `Line ${index + 1}`,
    Amount: amount,
    ItemBasedExpenseLineDetail: { Qty: 1, ItemRef: { name: 'Item' } },
  })),
  ...extra,
});

let billSeq = 0;
/**
 * A fresh PENDING approval of the first (QuickBooks) company with `role`'s demo account as its
 * creator: the decision rules below are about who created it. POST /approvals (create) is tested
 * on its own.
 */
async function createPending(role: Role = 'moderator', bills?: Bill[]): Promise<Approval> {
  const company = await firstCompany();
  billSeq += 1;
  const [creator] = await db()
    .select()
    .from(users)
    .where(eq(users.email, `${role}@example.com`));
  const approval = await importedApproval(db(), {
    companyId: company.id,
    priority: 'HIGH',
    createdBy: { id: creator!.id, name: personName(creator!) },
    bills: bills ?? [
      bill(`${9_000_000 + billSeq * 10 + 1}`, [100, 20.5]),
      bill(`${9_000_000 + billSeq * 10 + 2}`, [30]),
      bill(`${9_000_000 + billSeq * 10 + 3}`, [0.99]),
    ],
  });
  // Written past the HTTP layer, as the import job writes: the server answers reads by the live
  // log it has read, which the database's wake-up brings a moment later; the test does not wait.
  await t.app.liveHub.readCommitted();
  return approval;
}

const historyOf = async (id: string) => {
  const response = await get(`${BASE}/${id}/history`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ApprovalHistoryEntry[] }>().data;
};

const activityRows = (id: string, action: string) =>
  db()
    .select()
    .from(activity)
    .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id), eq(activity.action, action)));

async function expectStatsExact() {
  const response = await get(`${BASE}/stats`);
  expect(response.statusCode).toBe(200);
  const stats = response.json<{ data: ApprovalStats }>().data;
  const rows = await db()
    .select({
      status: approvals.status,
      priority: approvals.priority,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(approvals)
    .groupBy(approvals.status, approvals.priority);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  expect(stats.total).toBe(total);
  for (const status of APPROVAL_STATUSES) {
    expect(stats.byStatus[status], status).toBe(
      rows.filter((r) => r.status === status).reduce((s, r) => s + r.n, 0),
    );
  }
  for (const priority of APPROVAL_PRIORITIES) {
    expect(stats.byPriority[priority], priority).toBe(
      rows.filter((r) => r.priority === priority).reduce((s, r) => s + r.n, 0),
    );
  }
  expect([stats.pending, stats.approved, stats.rejected, stats.expired]).toEqual([
    stats.byStatus.PENDING,
    stats.byStatus.APPROVED,
    stats.byStatus.REJECTED,
    stats.byStatus.EXPIRED,
  ]);
}

describe('GET /approvals (list)', () => {
  it('answers a page newest first in the API shape to any signed-in role, 401 without a token', async () => {
    expect((await t.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const { rows, pagination } = await list('');
    const total = await countApprovalsExactly(db(), {});
    expect(pagination).toEqual({ total, page: 1, limit: 10, totalPages: Math.ceil(total / 10) });
    expect(rows).toHaveLength(10);
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const row = rows[0]!;
    expect(row.company?.name).toBeTruthy();
    expect(row.companyName).toBe(row.company?.name);
    // A list row leaves out the bills' JSON (ApprovalSummary); the single read has it, matching
    // the row's counts, ids and amount.
    expect(row).not.toHaveProperty('bills');
    expect(row).not.toHaveProperty('approvedBills');
    const detail = await get(`${BASE}/${row.id}`, 'guest');
    const full = detail.json<{ data: Approval }>().data;
    expect(typeof full.bills).toBe('string');
    const bills = parseBills(full.bills);
    expect(bills).toHaveLength(row.billStats.totalBills);
    expect(row.billIds).toEqual(bills.map((b) => b.Id));
    expect(Math.round(bills.reduce((s, b) => s + b.TotalAmt, 0) * 100)).toBe(
      Math.round(row.billStats.totalAmount * 100),
    );
    expect(row.billStats.processingRate).toBe(
      row.billStats.totalBills
        ? Math.round((row.billStats.processedBills / row.billStats.totalBills) * 1000) / 10
        : 0,
    );
    for (const key of [
      'nachaFileGenerated',
      'nachaFileName',
      'nachaBatchNumber',
      'nachaGeneratedAt',
      'nachaProcessingStatus',
      'nachaFileUrl',
    ]) {
      expect(row).toHaveProperty(key);
    }
  });

  it('filters by status, priority and company (all = no filter), totals exact', async () => {
    const company = await firstCompany();
    for (const query of [
      { status: 'APPROVED' as const },
      { priority: 'URGENT' as const },
      { companyId: company.id },
      { status: 'PENDING' as const, priority: 'MEDIUM' as const },
    ]) {
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const { rows, pagination } = await list(`${qs}&limit=100`);
      expect(pagination.total, qs).toBe(await countApprovalsExactly(db(), query));
      for (const row of rows) {
        if (query.status) expect(row.status).toBe(query.status);
        if ('priority' in query) expect(row.priority).toBe(query.priority);
        if ('companyId' in query) expect(row.companyId).toBe(company.id);
      }
    }
    const all = await list('status=all&priority=all&companyId=all');
    expect(all.pagination.total).toBe(await countApprovalsExactly(db(), {}));
    for (const bad of [
      'status=DONE',
      'priority=NOW',
      'companyId=abc',
      'limit=7',
      'limit=0',
      'page=0',
      'sortBy=password',
      'sortOrder=up',
    ]) {
      const response = await get(`${BASE}?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    }
  });

  it('searches id prefix, company name, manager name and e-mail, vendor name and document number', async () => {
    const [sample] = await db()
      .select()
      .from(approvals)
      .where(sql`${approvals.managerEmail} is not null`)
      .limit(1);
    const b = sample!.bills[0]!;
    const cases: Array<[string, (row: ApprovalSummary, bills: Bill[]) => boolean]> = [
      [sample!.id.slice(0, 8), (row) => row.id.startsWith(sample!.id.slice(0, 8))],
      [
        sample!.companyName!.toUpperCase(),
        (row) => row.companyName!.toLowerCase().includes(sample!.companyName!.toLowerCase()),
      ],
      [sample!.managerEmail!, (row) => row.managerEmail === sample!.managerEmail],
      [sample!.managerName!.split(' ')[1]!, () => true],
      [b.VendorRef!.name!, (_row, bills) => bills.some((x) => x.VendorRef?.name === b.VendorRef!.name)],
      [b.DocNumber!, (_row, bills) => bills.some((x) => x.DocNumber === b.DocNumber)],
    ];
    for (const [text, matches] of cases) {
      const { rows, pagination } = await list(`search=${encodeURIComponent(text)}&limit=100`);
      expect(
        rows.map((row) => row.id),
        text,
      ).toContain(sample!.id);
      expect(pagination.total).toBe(await countApprovalsExactly(db(), { search: text }));
      const bills = await storedBills(rows.map((row) => row.id));
      for (const row of rows) expect(matches(row, bills.get(row.id) ?? []), `${text} → ${row.id}`).toBe(true);
    }
    expect((await list('search=%25_nothing_like_this')).pagination.total).toBe(0);
  });

  it('sorts by every column both ways across pages (id tiebreak, NULLs last ascending)', async () => {
    const value = (
      row: ApprovalSummary,
      field: (typeof APPROVAL_SORT_FIELDS)[number],
    ): string | number | null => {
      switch (field) {
        case 'company.name':
          return row.companyName?.toLowerCase() ?? null;
        case 'billStats.totalBills':
          return row.billStats.totalBills;
        case 'billStats.processedBills':
          return row.billStats.processedBills;
        case 'billStats.totalAmount':
          return row.billStats.totalAmount;
        case 'managerName':
          return row.managerName?.toLowerCase() ?? null;
        case 'createdAt':
          return Date.parse(row.createdAt);
        case 'status':
          return APPROVAL_STATUSES.indexOf(row.status);
        case 'priority':
          return APPROVAL_PRIORITIES.indexOf(row.priority);
        default:
          return row.id;
      }
    };
    const total = await countApprovalsExactly(db(), {});
    for (const field of APPROVAL_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: ApprovalSummary[] = [];
        for (let page = 1; page <= Math.ceil(total / 5); page += 1) {
          seen.push(...(await list(`sortBy=${field}&sortOrder=${order}&limit=5&page=${page}`)).rows);
        }
        expect(new Set(seen.map((row) => row.id)).size, field).toBe(total);
        for (let i = 1; i < seen.length; i += 1) {
          const [a, b] = [value(seen[i - 1]!, field), value(seen[i]!, field)];
          const cmp =
            a === b
              ? 0
              : a === null
                ? order === 'asc'
                  ? 1
                  : -1
                : b === null
                  ? order === 'asc'
                    ? -1
                    : 1
                  : a < b
                    ? -1
                    : 1;
          const ok = order === 'asc' ? cmp <= 0 : cmp >= 0;
          expect(ok, `${field} ${order} at ${i}: ${String(a)} then ${String(b)}`).toBe(true);
          if (cmp === 0)
            expect(order === 'asc' ? seen[i - 1]!.id < seen[i]!.id : seen[i - 1]!.id > seen[i]!.id).toBe(
              true,
            );
        }
      }
    }
  });

  it('pages: the last page is partial, beyond it is empty with the right total; every page size works', async () => {
    const total = await countApprovalsExactly(db(), {});
    const last = Math.ceil(total / 5);
    expect((await list(`limit=5&page=${last}`)).rows).toHaveLength(total - (last - 1) * 5);
    const beyond = await list(`limit=5&page=${last + 1}`);
    expect(beyond.rows).toEqual([]);
    expect(beyond.pagination.total).toBe(total);
    for (const limit of [5, 10, 25, 50, 100]) {
      expect((await list(`limit=${limit}`)).rows).toHaveLength(Math.min(limit, total));
    }
  });
  it('reads pages of the second half from the other end: the same rows as reading forward', async () => {
    // (listApprovals reverses the order for pages nearer the end; NULL manager names included.)
    for (const filter of ['', 'status=PENDING&', 'sortBy=managerName&sortOrder=asc&', 'sortBy=status&']) {
      const all = (await list(`${filter}limit=100`)).rows.map((row) => row.id);
      const pages = Math.ceil(all.length / 5);
      for (let page = 1; page <= pages; page += 1) {
        const rows = (await list(`${filter}limit=5&page=${page}`)).rows.map((row) => row.id);
        expect(rows, `${filter} page ${page}`).toEqual(all.slice((page - 1) * 5, page * 5));
      }
    }
  });
  it('every page past the first, read in one statement, has the exact total and the forward rows', async () => {
    // Pages past the first choose their end from the total inside one statement: each
    // page's rows and total must be what a forward read and an exact COUNT say, for kept totals
    // (status), an exact COUNT (company) and a search, up to pages past the end.
    const companyId = (await list('limit=5')).rows.find((row) => row.company)?.company?.id;
    expect(companyId).toBeDefined();
    const filters = [
      '',
      'status=PENDING&',
      `companyId=${companyId}&`,
      'sortBy=billStats.totalAmount&',
      'search=inv-&',
    ];
    for (const filter of filters) {
      const params = new URLSearchParams(filter);
      const exact = await countApprovalsExactly(db(), {
        status: (params.get('status') ?? undefined) as ApprovalSummary['status'] | undefined,
        companyId: params.has('companyId') ? Number(params.get('companyId')) : undefined,
        search: params.get('search') ?? undefined,
      });
      const all = (await list(`${filter}limit=100`)).rows.map((row) => row.id);
      expect(all.length, filter).toBe(Math.min(exact, 100));
      for (const limit of [5, 10]) {
        const last = Math.max(1, Math.ceil(exact / limit));
        for (let page = 2; page <= last + 2; page += 1) {
          const { rows, pagination } = await list(`${filter}limit=${limit}&page=${page}`);
          expect(pagination.total, `${filter} limit ${limit} page ${page}`).toBe(exact);
          expect(
            rows.map((row) => row.id),
            `${filter} limit ${limit} page ${page}`,
          ).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    }
  });
});

describe('GET /approvals: a search counts its matches up to a cap', () => {
  // A second app whose cap is 7 (APPROVAL_SEARCH_COUNT_CAP is 1000 in production).
  let capped: TestContext;
  let capToken = '';
  beforeAll(async () => {
    capped = await build({
      app: { approvalSweep: false },
      config: { approvalSearchCountCap: 7, waitingCountCap: 6 },
    });
    capToken = (await capped.login('guest@example.com')).tokens.accessToken;
  });
  afterAll(async () => {
    await capped?.close();
  });
  const page = async (query: string) => {
    const response = await capped.request({ method: 'GET', url: `${BASE}?${query}`, token: capToken });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: ApprovalSummary[]; meta: { pagination: Pagination } }>();
    return { ids: body.data.map((row) => row.id), pagination: body.meta.pagination };
  };

  it('answers the cap with totalCapped beyond it, the exact total below it, and the same rows', async () => {
    // Every demo bill's document number starts 'INV-'.
    const search = 'inv-';
    const exact = await countApprovalsExactly(capped.database.db, { search });
    expect(exact).toBeGreaterThan(15);
    const all = (await page(`search=${search}&limit=100`)).ids;
    expect(all).toHaveLength(Math.min(100, exact));

    const first = await page(`search=${search}&limit=5`);
    expect(first.pagination).toEqual({ total: 7, page: 1, limit: 5, totalPages: 2, totalCapped: true });
    expect(first.ids).toEqual(all.slice(0, 5));
    // Pages are read forward (the total is only a lower bound), including beyond the cap; the
    // count then reaches the end of the page asked for, so it still says more match.
    const second = await page(`search=${search}&limit=5&page=2`);
    expect(second.ids).toEqual(all.slice(5, 10));
    expect(second.pagination).toEqual({ total: 10, page: 2, limit: 5, totalPages: 2, totalCapped: true });
    const third = await page(`search=${search}&limit=5&page=3`);
    expect(third.ids).toEqual(all.slice(10, 15));
    expect(third.pagination).toEqual({ total: 15, page: 3, limit: 5, totalPages: 3, totalCapped: true });
    // On the real last page the count is exact again.
    const lastPage = Math.ceil(exact / 5);
    const last = await page(`search=${search}&limit=5&page=${lastPage}`);
    expect(last.pagination).toEqual({ total: exact, page: lastPage, limit: 5, totalPages: lastPage });
    expect(last.ids).toEqual(all.slice((lastPage - 1) * 5, lastPage * 5));

    // Few matches: exact, no flag. No search: the exact kept total, however large.
    const [one] = await capped.database.db.select({ id: approvals.id }).from(approvals).limit(1);
    const few = await page(`search=${one!.id.slice(0, 8)}`);
    expect(few.pagination.total).toBe(
      await countApprovalsExactly(capped.database.db, { search: one!.id.slice(0, 8) }),
    );
    expect(few.pagination).not.toHaveProperty('totalCapped');
    const everything = await page('limit=5');
    expect(everything.pagination.total).toBe(await countApprovalsExactly(capped.database.db, {}));
    expect(everything.pagination.total).toBeGreaterThan(7);
    expect(everything.pagination).not.toHaveProperty('totalCapped');
  });

  it("'Waiting for me' and its badge count up to their own, lower cap: an ADMIN waits on nearly every pending approval", async () => {
    const adminToken = (await capped.login('admin@example.com')).tokens.accessToken;
    const get = (url: string) => capped.request({ method: 'GET', url, token: adminToken });
    // Four more imported approvals (nobody's own), so that more than the search's cap of 7 wait.
    const [company] = await capped.database.db.select().from(companies).orderBy(companies.id).limit(1);
    for (let i = 0; i < 4; i += 1)
      await capped.database.db.transaction((tx) =>
        createApprovalInTransaction(
          tx,
          QUICKBOOKS_IMPORTER,
          {
            companyId: company!.id,
            priority: 'LOW',
            bills: [
              {
                Id: `cap-${i}`,
                TotalAmt: 10 + i,
                DocNumber: `CAP-${i}`,
                VendorRef: { value: '1', name: 'One' },
              },
            ],
            recipients: [],
          },
          'QUICKBOOKS',
        ),
      );
    const wide = (await get(`${BASE}?view=waiting&limit=100`)).json<{
      data: ApprovalSummary[];
      meta: { pagination: Pagination };
    }>();
    const exact = wide.meta.pagination.total;
    expect(wide.meta.pagination).not.toHaveProperty('totalCapped');
    expect(exact).toBeGreaterThan(7);
    expect(exact).toBeLessThan(100);
    const first = (await get(`${BASE}?view=waiting&limit=5`)).json<{
      data: ApprovalSummary[];
      meta: { pagination: Pagination };
    }>();
    // The queue stops at its own cap (6), not the search's (7).
    expect(first.meta.pagination).toEqual({ total: 6, page: 1, limit: 5, totalPages: 2, totalCapped: true });
    expect(first.data.map((row) => row.id)).toEqual(wide.data.slice(0, 5).map((row) => row.id));
    // A page past the cap counts to its own end, and reads the same rows as the wide page.
    const second = (await get(`${BASE}?view=waiting&limit=5&page=2`)).json<{
      data: ApprovalSummary[];
      meta: { pagination: Pagination };
    }>();
    expect(second.data.map((row) => row.id)).toEqual(wide.data.slice(5, 10).map((row) => row.id));
    expect(second.meta.pagination.total).toBe(Math.min(exact, 10));
    expect(second.meta.pagination.totalCapped === true).toBe(exact > 10);
    // Past the end: no row carries the total, which is counted on its own, exactly.
    const pastEnd = Math.ceil(exact / 5) + 1;
    const beyond = (await get(`${BASE}?view=waiting&limit=5&page=${pastEnd}`)).json<{
      data: ApprovalSummary[];
      meta: { pagination: Pagination };
    }>();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination.total).toBe(exact);
    expect(beyond.meta.pagination).not.toHaveProperty('totalCapped');
    // Another order (its page walks its own index beside the count's): the same queue, reversed.
    const oldest = (await get(`${BASE}?view=waiting&limit=5&sortBy=createdAt&sortOrder=asc`)).json<{
      data: ApprovalSummary[];
      meta: { pagination: Pagination };
    }>();
    expect(oldest.data.map((row) => row.id)).toEqual(
      wide.data
        .map((row) => row.id)
        .reverse()
        .slice(0, 5),
    );
    expect(oldest.meta.pagination).toEqual(first.meta.pagination);
    const badge = (await get(`${BASE}/waiting-count`)).json<{ data: { count: number; capped: boolean } }>();
    expect(badge.data).toMatchObject({ count: 6, capped: true });
  });
  it("a USER's queue (their own keys only, counted exactly) pages, sorts and counts as the wide page does", async () => {
    const userToken = (await capped.login('user@example.com')).tokens.accessToken;
    type Page = { data: ApprovalSummary[]; meta: { pagination: Pagination } };
    const get = async (query: string) => {
      const response = await capped.request({ method: 'GET', url: `${BASE}?${query}`, token: userToken });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page>();
    };
    const wide = await get('view=waiting&limit=100&sortBy=billStats.totalAmount&sortOrder=asc');
    const ids = wide.data.map((row) => row.id);
    const exact = wide.meta.pagination.total;
    expect(ids.length).toBe(exact);
    expect(exact).toBeGreaterThan(6);
    const amounts = wide.data.map((row) => row.billStats.totalAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    // Pages of five in the same order: the same rows; the total capped at 6 until a page reaches past it.
    for (let page = 1; page <= Math.ceil(exact / 5); page += 1) {
      const part = await get(`view=waiting&limit=5&page=${page}&sortBy=billStats.totalAmount&sortOrder=asc`);
      expect(part.data.map((row) => row.id)).toEqual(ids.slice((page - 1) * 5, page * 5));
      const reach = Math.max(6, page * 5);
      expect(part.meta.pagination.total).toBe(Math.min(exact, reach));
      expect(part.meta.pagination.totalCapped === true).toBe(exact > reach);
    }
    const beyond = await get(`view=waiting&limit=5&page=${Math.ceil(exact / 5) + 1}`);
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.pagination.total).toBe(exact);
    const badge = await capped.request({ method: 'GET', url: `${BASE}/waiting-count`, token: userToken });
    expect(badge.json<{ data: { count: number; capped: boolean } }>().data).toMatchObject({
      count: 6,
      capped: true,
    });
  });
});

describe('decisions', () => {
  it('approves a subset: status, approved bills, counts, amount, approver, history; then 409 on a second decision', async () => {
    const created = await createPending('moderator');
    const subset = created.billIds.slice(0, 2);
    const response = await send('PUT', `${BASE}/${created.id}/approve`, 'user', { approvedBills: subset });
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json<{ data: Approval }>().data;
    expect(approved).toMatchObject({
      status: 'APPROVED',
      approvedBillIds: subset,
      approvedBy: 'Uma User',
      billStats: { totalBills: 3, processedBills: 2, processingRate: 66.7, totalAmount: 151.49 },
      approvedAmount: 150.5,
    });
    expect(parseBills(approved.approvedBills).map((b) => b.Id)).toEqual(subset);
    expect(approved.approvalDate).toBeTruthy();

    for (const [path, body] of [
      ['approve', {}],
      ['reject', { rejectionReason: 'late' }],
    ] as const) {
      const again = await send('PUT', `${BASE}/${created.id}/${path}`, 'admin', body);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toMatchObject({
        message: APPROVAL_ERRORS.notPending,
        details: { status: 'APPROVED' },
      });
    }
    const history = await historyOf(created.id);
    // The bank file follows the decision; these bills' vendors have no bank account in this
    // company, so the approval stays APPROVED and its history says why.
    expect(history.map((h) => h.action)).toEqual([
      'NACHA file not generated',
      'NACHA file requested',
      'Approved',
      'Created',
    ]);
    expect(history[0]!.details).toContain(`No bank account for vendor Vendor ${subset[0]}`);
    expect(history[2]).toMatchObject({ userName: 'Uma User' });
    expect(history[2]!.details).toContain('2 of 3 bills');
  });

  it('approves every bill when approvedBills is omitted; refuses unknown bill ids', async () => {
    const created = await createPending('moderator');
    const bad = await send('PUT', `${BASE}/${created.id}/approve`, 'admin', { approvedBills: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.approvedBills).toBe(APPROVAL_ERRORS.unknownBills(['nope']));
    const empty = await send('PUT', `${BASE}/${created.id}/approve`, 'admin', { approvedBills: [] });
    expect(empty.statusCode).toBe(400);
    const response = await send('PUT', `${BASE}/${created.id}/approve`, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json<{ data: Approval }>().data;
    expect(approved.approvedBillIds).toEqual(created.billIds);
    expect(approved.billStats.processingRate).toBe(100);
    expect(approved.approvedAmount).toBe(created.billStats.totalAmount);
  });

  it('segregation of duties: the creator cannot approve, whatever the role (ADMIN too); GUEST never decides', async () => {
    const byAdmin = await createPending('admin');
    const own = await send('PUT', `${BASE}/${byAdmin.id}/approve`, 'admin');
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(APPROVAL_ERRORS.ownApproval);
    const bulk = await send('POST', `${BASE}/bulk-approve`, 'admin', { ids: [byAdmin.id] });
    expect(bulk.json<{ data: BulkOutcome }>().data.results[0]).toMatchObject({
      success: false,
      error: APPROVAL_ERRORS.ownApproval,
    });
    for (const path of ['approve', 'reject']) {
      const guest = await send('PUT', `${BASE}/${byAdmin.id}/${path}`, 'guest', { rejectionReason: 'x' });
      expect(guest.statusCode).toBe(403);
    }
    expect(
      (await send('POST', `${BASE}/bulk-reject`, 'guest', { ids: [byAdmin.id], rejectionReason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await get(`${BASE}/${byAdmin.id}`)).json<{ data: Approval }>().data.status).toBe('PENDING');
    // Someone else may.
    expect((await send('PUT', `${BASE}/${byAdmin.id}/approve`, 'moderator')).statusCode).toBe(200);
  });

  it('rejects with a trimmed reason; blank and over-long reasons are 400 with the form text', async () => {
    const created = await createPending('moderator');
    for (const body of [{}, { rejectionReason: '' }, { rejectionReason: '   ' }]) {
      const response = await send('PUT', `${BASE}/${created.id}/reject`, 'user', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.rejectionReason).toBe(VALIDATION.rejectionReason);
    }
    const long = await send('PUT', `${BASE}/${created.id}/reject`, 'user', {
      rejectionReason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields?.rejectionReason).toMatch(/at most 1000/);
    const response = await send('PUT', `${BASE}/${created.id}/reject`, 'user', {
      rejectionReason: '  Duplicate invoice  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Approval }>().data).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Duplicate invoice',
      rejectedBy: 'Uma User',
    });
    const history = await historyOf(created.id);
    expect(history[0]).toMatchObject({ action: 'Rejected', userName: 'Uma User' });
    expect(history[0]!.details).toContain('Duplicate invoice');
  });

  it('twenty concurrent approvals: exactly one 200, the rest 409 with the status, one history entry', async () => {
    const created = await createPending('moderator');
    const roles: Role[] = ['admin', 'user'];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('PUT', `${BASE}/${created.id}/approve`, roles[i % 2]!)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    // The losers name the status they found: APPROVED, or already the bank file's next status
    // when they read it after the winner's file step had run.
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(errorOf(r)).toMatchObject({
        message: APPROVAL_ERRORS.notPending,
        details: { status: expect.stringMatching(/^(APPROVED|NACHA_GENERATED|NACHA_PENDING)$/) },
      });
    }
    expect(await activityRows(created.id, 'approval.approve')).toHaveLength(1);
  });

  it('concurrent approve and reject: exactly one wins and the approval shows that decision', async () => {
    const created = await createPending('moderator');
    const [a, r] = await Promise.all([
      send('PUT', `${BASE}/${created.id}/approve`, 'admin'),
      send('PUT', `${BASE}/${created.id}/reject`, 'user', { rejectionReason: 'no' }),
    ]);
    expect([a.statusCode, r.statusCode].sort()).toEqual([200, 409]);
    const now = (await get(`${BASE}/${created.id}`)).json<{ data: Approval }>().data;
    expect(now.status).toBe(a.statusCode === 200 ? 'APPROVED' : 'REJECTED');
    const decisions = (await historyOf(created.id)).filter((h) =>
      ['Approved', 'Rejected'].includes(h.action),
    );
    expect(decisions).toHaveLength(1);
  });

  it('bulk approve and reject answer one result per id: valid, decided, unknown, malformed, own', async () => {
    const [a, b, own] = [
      await createPending('moderator'),
      await createPending('moderator'),
      await createPending('admin'),
    ];
    await send('PUT', `${BASE}/${b.id}/reject`, 'user', { rejectionReason: 'earlier' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await send('POST', `${BASE}/bulk-approve`, 'admin', {
      ids: [a.id, b.id, unknown, 'nope', own.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const outcome = response.json<{ data: BulkOutcome }>().data;
    expect(outcome.succeeded).toBe(1);
    expect(outcome.failed).toBe(4);
    expect(outcome.results).toEqual([
      { id: a.id, success: true, status: 'APPROVED', error: null, code: null },
      { id: b.id, success: false, status: 'REJECTED', error: APPROVAL_ERRORS.notPending, code: 'CONFLICT' },
      { id: unknown, success: false, status: null, error: APPROVAL_ERRORS.notFound, code: 'NOT_FOUND' },
      {
        id: 'nope',
        success: false,
        status: null,
        error: APPROVAL_ERRORS.invalidId,
        code: 'VALIDATION_ERROR',
      },
      { id: own.id, success: false, status: null, error: APPROVAL_ERRORS.ownApproval, code: 'FORBIDDEN' },
    ]);
    const rejectBlank = await send('POST', `${BASE}/bulk-reject`, 'user', {
      ids: [own.id],
      rejectionReason: ' ',
    });
    expect(rejectBlank.statusCode).toBe(400);
    const rejected = await send('POST', `${BASE}/bulk-reject`, 'user', {
      ids: [own.id, a.id],
      rejectionReason: 'Batch closed',
    });
    expect(rejected.json<{ data: BulkOutcome }>().data.results.map((r) => [r.success, r.status])).toEqual([
      [true, 'REJECTED'],
      [false, 'APPROVED'],
    ]);
    expect((await send('POST', `${BASE}/bulk-approve`, 'user', { ids: [] })).statusCode).toBe(400);
  });
});

describe('edit, recipients, delete', () => {
  it('edits priority, manager and recipients while PENDING (MODERATOR), 409 afterwards', async () => {
    const created = await createPending('moderator');
    expect((await send('PUT', `${BASE}/${created.id}`, 'user', { priority: 'LOW' })).statusCode).toBe(403);
    expect((await send('PUT', `${BASE}/${created.id}`, 'moderator', {})).statusCode).toBe(400);
    const response = await send('PUT', `${BASE}/${created.id}`, 'moderator', {
      priority: 'URGENT',
      managerId: null,
      recipients: ['A@Example.com', 'a@example.com'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Approval }>().data).toMatchObject({
      priority: 'URGENT',
      managerName: null,
      managerEmail: null,
      recipients: ['a@example.com'],
    });
    const recipients = await send('PUT', `${BASE}/${created.id}/recipients`, 'moderator', {
      recipients: ['b@example.com'],
    });
    expect(recipients.json<{ data: Approval }>().data.recipients).toEqual(['b@example.com']);
    await send('PUT', `${BASE}/${created.id}/approve`, 'admin');
    const late = await send('PUT', `${BASE}/${created.id}`, 'moderator', { priority: 'LOW' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(APPROVAL_ERRORS.notEditable);
    expect((await historyOf(created.id)).map((h) => h.action)).toEqual([
      'NACHA file not generated',
      'NACHA file requested',
      'Approved',
      'Recipients updated',
      'Updated',
      'Created',
    ]);
  });

  it('deletes PENDING, REJECTED or EXPIRED (ADMIN); a payment record is 409 and stays, even for a raw DELETE', async () => {
    const pending = await createPending('moderator');
    expect((await send('DELETE', `${BASE}/${pending.id}`, 'moderator')).statusCode).toBe(403);
    expect((await send('DELETE', `${BASE}/${pending.id}`, 'admin')).statusCode).toBe(200);
    expect((await get(`${BASE}/${pending.id}`)).statusCode).toBe(404);
    expect(await activityRows(pending.id, 'approval.delete')).toHaveLength(1);

    const approved = await createPending('moderator');
    await send('PUT', `${BASE}/${approved.id}/approve`, 'admin');
    const refused = await send('DELETE', `${BASE}/${approved.id}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      message: APPROVAL_ERRORS.paymentRecord,
      details: { status: 'APPROVED' },
    });
    await expect(db().delete(approvals).where(eq(approvals.id, approved.id))).rejects.toThrow();
    expect((await get(`${BASE}/${approved.id}`)).statusCode).toBe(200);
    expect((await get(`${BASE}/not-a-uuid`)).statusCode).toBe(400);
    expect((await get(`${BASE}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});

describe('expiry sweep', () => {
  it('expires PENDING approvals older than the limit once, with history, even when two sweeps run at once', async () => {
    const old = await createPending('moderator');
    const fresh = await createPending('moderator');
    await db()
      .update(approvals)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(approvals.id, old.id));
    const counts = await Promise.all([expireOverdueApprovals(db(), 30), expireOverdueApprovals(db(), 30)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const oldNow = (await get(`${BASE}/${old.id}`)).json<{ data: Approval }>().data;
    expect(oldNow.status).toBe('EXPIRED');
    expect((await get(`${BASE}/${fresh.id}`)).json<{ data: Approval }>().data.status).toBe('PENDING');
    expect(await activityRows(old.id, 'approval.expire')).toHaveLength(1);
    expect((await historyOf(old.id))[0]).toMatchObject({ action: 'Expired', userName: 'System' });
    expect(await expireOverdueApprovals(db(), 30)).toBe(0);
    const late = await send('PUT', `${BASE}/${old.id}/approve`, 'admin');
    expect(errorOf(late)).toMatchObject({
      message: APPROVAL_ERRORS.notPending,
      details: { status: 'EXPIRED' },
    });
  });
});

describe('stats and export', () => {
  it('stats stay exact through creates, decisions, expiry and deletes', async () => {
    await expectStatsExact();
    const a = await createPending('moderator');
    await expectStatsExact();
    await send('PUT', `${BASE}/${a.id}`, 'moderator', { priority: 'LOW' });
    await expectStatsExact();
    await send('PUT', `${BASE}/${a.id}/reject`, 'admin', { rejectionReason: 'r' });
    await expectStatsExact();
    await send('DELETE', `${BASE}/${a.id}`, 'admin');
    await expectStatsExact();
  });

  it('exports every matching row (beyond one cursor batch) as CSV with the right columns, and as JSON', async () => {
    // More PENDING rows than one cursor batch, so the export crosses a batch boundary.
    const company = await firstCompany();
    const creator = await userIdOf('moderator@example.com');
    await db()
      .insert(approvals)
      .values(
        Array.from({ length: EXPORT_FETCH_SIZE + 100 }, (_, i) => ({
          companyId: company.id,
          companyName: company.name,
          priority: 'LOW' as const,
          bills: [bill(`${800 + i}`, [12.5])],
          billIds: [`${800 + i}`],
          totalBills: 1,
          totalAmountCents: 1250,
          createdById: creator,
          createdByName: 'Moderator',
        })),
      );
    const total = await countApprovalsExactly(db(), {});
    const response = await get(`${BASE}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="approvals-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.headers['x-total-count']).toBe(String(total));
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Company,Status,Priority,Bills,Processed,Amount,Manager,Created,Decided By,Decided At,Source',
    );
    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(total);

    const filtered = await get(
      `${BASE}/export?status=APPROVED&sortBy=billStats.totalAmount&sortOrder=asc&format=json`,
    );
    expect(filtered.headers['content-type']).toMatch(/application\/json/);
    const rows = filtered.json<Array<Record<string, unknown>>>();
    expect(rows).toHaveLength(await countApprovalsExactly(db(), { status: 'APPROVED' }));
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'company',
      'status',
      'priority',
      'bills',
      'processed',
      'amount',
      'manager',
      'created',
      'decidedBy',
      'decidedAt',
      'source',
    ]);
    const amounts = rows.map((row) => row.amount as number);
    expect([...amounts].sort((x, y) => x - y)).toEqual(amounts);
    for (const row of rows) {
      expect(row.status).toBe('APPROVED');
      expect(typeof row.bills).toBe('number');
      expect(row.decidedBy).toBeTruthy();
    }
    // Dates as the API answers them (ISO 8601, UTC, milliseconds), the amount in dollars.
    const detail = (await get(`${BASE}/${String(rows[0]!.id)}`)).json<{ data: Approval }>().data;
    expect(rows[0]).toMatchObject({
      created: detail.createdAt,
      decidedAt: detail.approvalDate,
      decidedBy: detail.approvedBy,
      amount: detail.billStats.totalAmount,
      bills: detail.billStats.totalBills,
    });
    const lowCsv = await get(`${BASE}/export?priority=LOW&search=DOC-859`);
    const lowLines = lowCsv.body.trimEnd().split('\r\n').slice(1);
    expect(lowLines.length).toBeGreaterThan(0);
    for (const line of lowLines) expect(line).toMatch(/,LOW,1,0,12\.50,/);
    expect((await get(`${BASE}/export?format=xml`)).statusCode).toBe(400);
  });
});
