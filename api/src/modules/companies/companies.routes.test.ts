import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  COMPANY_ERRORS,
  COMPANY_STATUSES,
  QB_STATUS_FILTERS,
  VALIDATION,
  type Company,
  type CompanySearchResult,
  type Pagination,
} from 'shared-contracts';
import {
  activity,
  approvals,
  bankFileEntries,
  companies,
  managers,
  nachaFiles,
  paidBills,
  users,
} from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import { expectEveryPageExact } from '../../test/pages';
import { countCompaniesExactly } from './companies.repository';

let t: TestContext;
const token: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};

beforeAll(async () => {
  t = await build();
  Object.assign(token, await t.demoTokens('admin', 'moderator', 'user', 'guest'));
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/company/companies';
type Role = keyof typeof token;

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
  const body = response.json<{ data: Company[]; meta: { pagination: Pagination } }>();
  return { rows: body.data, pagination: body.meta.pagination };
};

const db = () => t.database.db;
const countRows = async (table: typeof companies | typeof activity) =>
  (
    await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
  )[0]!.n;
const activityOf = async (companyId: number, action: string) =>
  db()
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.entityType, 'company'),
        eq(activity.entityId, String(companyId)),
        eq(activity.action, action),
      ),
    )
    .orderBy(activity.id);

async function userId(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
async function anyManagerId(): Promise<number> {
  const [row] = await db().select({ id: managers.id }).from(managers).limit(1);
  return row!.id;
}

async function createCompany(payload: Record<string, unknown>, role: Role = 'moderator'): Promise<Company> {
  const response = await send('POST', BASE, role, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Company }>().data;
}

// ---- fixture for sorting: rows whose order is known, isolated by the search term 'sortfix' ----

const DAY = 86_400_000;
const FIXTURE = [
  { name: 'Sortfix banana', email: 'b@sortfix.test', industry: 'Retail', days: 5 },
  { name: 'sortfix Apple', email: null, industry: 'Finance', days: 3 },
  { name: 'SORTFIX cherry', email: 'a@sortfix.test', industry: null, days: 9 },
  { name: 'Sortfix apple 2', email: 'C@sortfix.test', industry: 'Technology', days: 1 },
  { name: 'sortfix Date', email: null, industry: 'finance', days: 7 },
] as const;

/** Missing values last ascending, first descending; text case-insensitive; id tiebreak. */
function specOrder<T extends { id: number }>(
  rows: T[],
  key: (row: T) => string | number | null,
  order: 'asc' | 'desc',
) {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) {
      if (x === y) return sign * (a.id - b.id);
      return (x === null ? 1 : -1) * sign;
    }
    const cmp =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).toLowerCase() < String(y).toLowerCase()
          ? -1
          : String(x).toLowerCase() > String(y).toLowerCase()
            ? 1
            : 0;
    return cmp === 0 ? sign * (a.id - b.id) : sign * cmp;
  });
}

describe('GET /api/company/companies', () => {
  let fixture: Array<{
    id: number;
    name: string;
    email: string | null;
    industry: string | null;
    createdAt: Date;
  }>;

  beforeAll(async () => {
    const now = Date.now();
    fixture = await db()
      .insert(companies)
      .values(
        FIXTURE.map((row) => ({
          name: row.name,
          email: row.email,
          industry: row.industry,
          createdAt: new Date(now - row.days * DAY),
          updatedAt: new Date(now - row.days * DAY),
        })),
      )
      .returning({
        id: companies.id,
        name: companies.name,
        email: companies.email,
        industry: companies.industry,
        createdAt: companies.createdAt,
      });
  });

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });

  it('answers a page newest first with meta.pagination, assignees embedded and no tokens, to any role', async () => {
    const { rows, pagination } = await list('');
    const total = await countRows(companies);
    expect(pagination).toEqual({ total, page: 1, limit: 10, totalPages: Math.ceil(total / 10) });
    expect(rows).toHaveLength(Math.min(10, total));
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of rows) {
      expect(Object.keys(row).some((key) => key.toLowerCase().includes('token'))).toBe(false);
      if (row.managerId)
        expect(row.manager).toEqual({
          id: row.managerId,
          firstName: expect.any(String),
          lastName: expect.any(String),
          email: expect.any(String),
        });
      else expect(row.manager).toBeNull();
      if (row.processorId)
        expect(row.processor).toMatchObject({
          id: row.processorId,
          role: expect.any(String),
          email: expect.any(String),
        });
      else expect(row.processor).toBeNull();
    }
  });

  it('filters by status and by QuickBooks status, including none', async () => {
    for (const status of COMPANY_STATUSES) {
      const { rows, pagination } = await list(`status=${status}&limit=1000`);
      expect(rows.every((row) => row.status === status)).toBe(true);
      expect(pagination.total).toBe(rows.length);
      expect(pagination.total).toBe(await countCompaniesExactly(db(), { status }));
    }
    const none = await list('qbConnectionStatus=none&limit=1000');
    expect(none.rows.length).toBeGreaterThan(0);
    expect(none.rows.every((row) => row.qbConnectionStatus === null)).toBe(true);
    const connected = await list('qbConnectionStatus=connected&status=ACTIVE&limit=1000');
    expect(
      connected.rows.every((row) => row.qbConnectionStatus === 'connected' && row.status === 'ACTIVE'),
    ).toBe(true);
    expect(connected.pagination.total).toBe(connected.rows.length);
  });

  it('searches name, email and industry case-insensitively, and takes % and _ literally', async () => {
    const { rows, pagination } = await list('search=SORTFIX&limit=100');
    expect(rows.map((row) => row.id).sort()).toEqual(fixture.map((row) => row.id).sort());
    expect(pagination.total).toBe(FIXTURE.length);
    const byEmail = await list('search=c%40sortfix.TEST');
    expect(byEmail.rows.map((row) => row.name)).toEqual(['Sortfix apple 2']);
    const byIndustry = await list('search=sortfix&qbConnectionStatus=none&sortBy=name&limit=100');
    expect(byIndustry.rows).toHaveLength(FIXTURE.length);
    expect((await list(`search=${encodeURIComponent('%')}`)).pagination.total).toBe(0);
    expect((await list(`search=${encodeURIComponent('sortfix_')}`)).pagination.total).toBe(0);
  });

  it.each([
    ['name', 'asc'],
    ['name', 'desc'],
    ['email', 'asc'],
    ['email', 'desc'],
    ['industry', 'asc'],
    ['industry', 'desc'],
    ['createdAt', 'asc'],
    ['createdAt', 'desc'],
  ] as const)('sorts by %s %s across pages', async (sortBy, sortOrder) => {
    const pages: Company[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { rows, pagination } = await list(
        `search=sortfix&sortBy=${sortBy}&sortOrder=${sortOrder}&limit=2&page=${page}`,
      );
      expect(pagination).toEqual({ total: 5, page, limit: 2, totalPages: 3 });
      pages.push(...rows);
    }
    const key = (row: (typeof fixture)[number]) =>
      sortBy === 'createdAt' ? row.createdAt.getTime() : (row[sortBy] as string | null);
    expect(pages.map((row) => row.name)).toEqual(specOrder(fixture, key, sortOrder).map((row) => row.name));
  });

  it('answers an empty page beyond the last with the right total; limit 1000 is accepted, 1001 is not', async () => {
    expect((await list('page=99999999999')).rows).toEqual([]);
    const beyond = await list('search=sortfix&page=4&limit=2');
    expect(beyond.rows).toEqual([]);
    expect(beyond.pagination).toEqual({ total: 5, page: 4, limit: 2, totalPages: 3 });
    const all = await list('limit=1000');
    expect(all.rows.length).toBe(await countRows(companies));
    const tooMany = await get(`${BASE}?limit=1001`);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'limit: limit must be a whole number from 1 to 1000',
      fields: { limit: 'limit must be a whole number from 1 to 1000' },
    });
  });

  it('names bad filters', async () => {
    const response = await get(
      `${BASE}?status=GONE&qbConnectionStatus=maybe&sortBy=secret&search=${'x'.repeat(201)}`,
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields ?? {}).sort()).toEqual([
      'qbConnectionStatus',
      'search',
      'sortBy',
      'status',
    ]);
  });
});

describe('GET /api/company/companies/search', () => {
  it('needs q', async () => {
    const response = await get(`${BASE}/search`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ q: 'q is required' });
    expect(errorOf(await get(`${BASE}/search?q=${'x'.repeat(201)}`)).fields).toEqual({
      q: 'q must be at most 200 characters',
    });
  });

  it('answers up to 20 matches, names starting with q first', async () => {
    await db()
      .insert(companies)
      .values(Array.from({ length: 25 }, (_, i) => ({ name: `Findme ${String(i).padStart(2, '0')}` })));
    await db().insert(companies).values({ name: 'Alpha findme' });
    const response = await get(`${BASE}/search?q=findme`);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: CompanySearchResult[] }>().data;
    expect(data).toHaveLength(20);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: 'Findme 00',
      email: null,
      industry: null,
      status: 'ACTIVE',
      isActive: true,
      qbConnectionStatus: null,
    });
    expect(data.some((row) => row.name === 'Alpha findme')).toBe(false);
  });
});

describe('POST /api/company/companies', () => {
  it('is for MODERATOR and up: GUEST and USER get 403', async () => {
    for (const role of ['guest', 'user'] as const) {
      const response = await send('POST', BASE, role, { name: 'Nope Inc.' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: AUTH_ERRORS.forbidden });
    }
  });

  it('checks who is calling before the body: anonymous → 401, GUEST → 403, never a 400', async () => {
    for (const payload of [{ name: '' }, [1, 2], { email: 'not-an-email' }]) {
      const anonymous = await t.request({ method: 'POST', url: BASE, payload });
      expect(anonymous.statusCode, JSON.stringify(payload)).toBe(401);
      expect(errorOf(anonymous).code).toBe('UNAUTHORIZED');
      const guest = await send('POST', BASE, 'guest', payload);
      expect(guest.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const badQuery = await t.request({ method: 'GET', url: `${BASE}?page=abc` });
    expect(badQuery.statusCode).toBe(401);
    const badId = await send('DELETE', `${BASE}/abc`, 'moderator');
    expect(badId.statusCode).toBe(403);
  });

  it('creates a company with assignees, answers 201 with its id, and writes an activity row', async () => {
    const managerId = await anyManagerId();
    const processorId = await userId('user@example.com');
    const company = await createCompany({
      name: '  Created Co ',
      email: 'AP@Created.example',
      phone: '',
      website: 'created.example.com',
      industry: 'Consulting',
      managerId,
      processorId,
    });
    expect(company).toMatchObject({
      id: expect.any(Number),
      name: 'Created Co',
      email: 'ap@created.example',
      phone: null,
      website: 'https://created.example.com',
      industry: 'Consulting',
      status: 'ACTIVE',
      isActive: true,
      qbConnectionStatus: null,
      managerId,
      processorId,
      approverId: null,
      manager: { id: managerId },
      processor: {
        id: processorId,
        email: 'user@example.com',
        role: 'USER',
        firstName: 'Uma',
        lastName: 'User',
      },
      approver: null,
    });
    const rows = await activityOf(company.id, 'company.create');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe('Morgan Moderator created company Created Co');
    expect((await get(`${BASE}/${company.id}`)).json<{ data: Company }>().data).toEqual(company);
  });

  it.each([
    ['name missing', {}, 'name', VALIDATION.companyNameRequired],
    ['name blank', { name: '   ' }, 'name', VALIDATION.companyNameRequired],
    ['name of 256 characters', { name: 'x'.repeat(256) }, 'name', VALIDATION.companyNameTooLong],
    ['bad email', { name: 'X', email: 'not-an-email' }, 'email', VALIDATION.companyEmail],
    ['bad website', { name: 'X', website: 'not a url' }, 'website', VALIDATION.companyWebsite],
    ['ftp website', { name: 'X', website: 'ftp://files.example.com' }, 'website', VALIDATION.companyWebsite],
    ['unknown industry', { name: 'X', industry: 'Mining' }, 'industry', 'Choose an industry from the list'],
    [
      'text manager id',
      { name: 'X', managerId: 'abc' },
      'managerId',
      'managerId must be a positive whole number',
    ],
    [
      'long description',
      { name: 'X', description: 'd'.repeat(5001) },
      'description',
      'Description must be at most 5000 characters',
    ],
  ])('answers 400 naming the field: %s', async (_label, payload, field, message) => {
    const before = await countRows(companies);
    const response = await send('POST', BASE, 'moderator', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'VALIDATION_ERROR',
      message: `${field}: ${message}`,
      fields: { [field]: message },
    });
    expect(await countRows(companies)).toBe(before);
  });

  it('refuses unknown or unassignable assignees with a field error each, and writes nothing', async () => {
    const guestId = await userId('guest@example.com');
    const inactiveId = await userId('inactive@example.com');
    const [companiesBefore, activityBefore] = [await countRows(companies), await countRows(activity)];
    const response = await send('POST', BASE, 'moderator', {
      name: 'Ghost Assignees',
      managerId: 999_999,
      processorId: 999_998,
      approverId: guestId,
      accountantId: inactiveId,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      managerId: 'No manager with id 999999',
      processorId: 'No user with id 999998',
      approverId: `User ${guestId} cannot be assigned: role GUEST`,
      accountantId: `User ${inactiveId} cannot be assigned: the account is inactive`,
    });
    expect(await countRows(companies)).toBe(companiesBefore);
    expect(await countRows(activity)).toBe(activityBefore);
  });

  it('allows duplicate names', async () => {
    const a = await createCompany({ name: 'Twin Name LLC' });
    const b = await createCompany({ name: 'Twin Name LLC' });
    expect(a.id).not.toBe(b.id);
  });
});

describe('GET /api/company/companies/{id}', () => {
  it('answers 400 naming id for a non-numeric id, 404 for an unknown one', async () => {
    for (const id of ['abc', '0', '-1', '1.5', 'undefined']) {
      const response = await get(`${BASE}/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(errorOf(response).fields).toEqual({ id: 'The id must be a positive whole number' });
    }
    expect((await get(`${BASE}/99999999999`)).statusCode).toBe(404);
    const missing = await get(`${BASE}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'NOT_FOUND', message: COMPANY_ERRORS.notFound });
  });
});

describe('PUT /api/company/companies/{id}', () => {
  let company: Company;
  beforeAll(async () => {
    company = await createCompany({ name: 'Editable Ltd', email: 'ap@editable.example', phone: '555-0100' });
  });

  it('is for MODERATOR and up', async () => {
    const response = await send('PUT', `${BASE}/${company.id}`, 'user', { name: 'Hijack' });
    expect(response.statusCode).toBe(403);
  });

  it('updates the fields sent, clears those sent as null, keeps the others, and writes company.update', async () => {
    const response = await send('PUT', `${BASE}/${company.id}`, 'moderator', {
      name: 'Edited Ltd',
      phone: null,
      description: 'Now described',
      industry: 'Retail',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: Company }>().data;
    expect(updated).toMatchObject({
      name: 'Edited Ltd',
      phone: null,
      description: 'Now described',
      industry: 'Retail',
      email: 'ap@editable.example',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(company.updatedAt));
    const rows = await activityOf(company.id, 'company.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({
      changes: { name: { from: 'Editable Ltd', to: 'Edited Ltd' }, phone: { from: '555-0100', to: null } },
    });
  });

  it('validates like the form', async () => {
    const response = await send('PUT', `${BASE}/${company.id}`, 'moderator', { name: '', email: 'bad' });
    expect(errorOf(response).fields).toEqual({
      name: VALIDATION.companyNameRequired,
      email: VALIDATION.companyEmail,
    });
    expect(errorOf(await send('PUT', `${BASE}/${company.id}`, 'moderator', {})).message).toBe(
      COMPANY_ERRORS.emptyUpdate,
    );
  });

  it('assigns exactly one role and clears it with null (company.assignment)', async () => {
    const approverId = await userId('moderator@example.com');
    const assigned = await send('PUT', `${BASE}/${company.id}`, 'moderator', { approverId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<{ data: Company }>().data).toMatchObject({
      approverId,
      approver: { id: approverId, role: 'MODERATOR' },
    });
    const cleared = await send('PUT', `${BASE}/${company.id}`, 'moderator', { approverId: null });
    expect(cleared.json<{ data: Company }>().data).toMatchObject({ approverId: null, approver: null });
    const rows = await activityOf(company.id, 'company.assignment');
    expect(rows.map((row) => row.description)).toEqual([
      'Morgan Moderator assigned Morgan Moderator as approver of Edited Ltd',
      'Morgan Moderator removed the approver of Edited Ltd',
    ]);
  });

  it('refuses two assignee fields at once, and an unknown assignee, changing nothing', async () => {
    const managerId = await anyManagerId();
    const two = await send('PUT', `${BASE}/${company.id}`, 'moderator', { managerId, processorId: null });
    expect(two.statusCode).toBe(400);
    expect(errorOf(two)).toEqual({ code: 'VALIDATION_ERROR', message: COMPANY_ERRORS.assignmentShape });
    const unknown = await send('PUT', `${BASE}/${company.id}`, 'moderator', { managerId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ managerId: 'No manager with id 999999' });
    const notInt = await send('PUT', `${BASE}/${company.id}`, 'moderator', { accountantId: 'x' });
    expect(errorOf(notInt).fields).toEqual({
      accountantId: 'accountantId must be a positive whole number or null',
    });
    const after = (await get(`${BASE}/${company.id}`)).json<{ data: Company }>().data;
    expect(after.managerId).toBeNull();
  });

  it('answers 404 for an unknown company and 400 for a bad id', async () => {
    expect((await send('PUT', `${BASE}/999999`, 'moderator', { name: 'X' })).statusCode).toBe(404);
    expect((await send('PUT', `${BASE}/999999`, 'moderator', { managerId: null })).statusCode).toBe(404);
    expect((await send('PUT', `${BASE}/abc`, 'moderator', { name: 'X' })).statusCode).toBe(400);
  });
});

describe('PUT /api/company/companies/{id}/deactivate and /reactivate', () => {
  it('switches status and the active flag, answers the company, and writes activity', async () => {
    const company = await createCompany({ name: 'Toggle Corp' });
    expect((await send('PUT', `${BASE}/${company.id}/deactivate`, 'user')).statusCode).toBe(403);
    const off = await send('PUT', `${BASE}/${company.id}/deactivate`, 'moderator');
    expect(off.json<{ data: Company }>().data).toMatchObject({
      id: company.id,
      status: 'INACTIVE',
      isActive: false,
    });
    const on = await send('PUT', `${BASE}/${company.id}/reactivate`, 'moderator');
    expect(on.json<{ data: Company }>().data).toMatchObject({ status: 'ACTIVE', isActive: true });
    // Already active: nothing to record.
    await send('PUT', `${BASE}/${company.id}/reactivate`, 'moderator');
    expect(await activityOf(company.id, 'company.deactivate')).toHaveLength(1);
    expect(await activityOf(company.id, 'company.activate')).toHaveLength(1);
    expect((await send('PUT', `${BASE}/999999/reactivate`, 'moderator')).statusCode).toBe(404);
  });
});

describe('GET /api/company/companies/{id}/activity', () => {
  it("answers the company's own activity newest first, honours limit, and names bad input", async () => {
    const company = await createCompany({ name: 'Timeline Corp' });
    await send('PUT', `${BASE}/${company.id}/deactivate`, 'moderator');
    await send('PUT', `${BASE}/${company.id}/reactivate`, 'moderator');
    const response = await get(`${BASE}/${company.id}/activity`);
    expect(response.statusCode).toBe(200);
    const items = response.json<{ data: Array<{ id: number; description: string; timestamp: string }> }>()
      .data;
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.description).join(' | ')).toMatch(/Timeline Corp/);
    const times = items.map((item) => Date.parse(item.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[2]!.id).toBeLessThan(items[0]!.id);

    const one = await get(`${BASE}/${company.id}/activity?limit=1`);
    expect(one.json<{ data: unknown[] }>().data).toEqual([items[0]]);
    expect(errorOf(await get(`${BASE}/${company.id}/activity?limit=51`)).message).toMatch(/limit/);
    expect((await get(`${BASE}/999999/activity`)).statusCode).toBe(404);
    expect((await get(`${BASE}/abc/activity`)).statusCode).toBe(400);
  });
});

describe('DELETE /api/company/companies/{id}', () => {
  it('needs ADMIN; refuses while approvals are payment records; then deletes the company with its approvals', async () => {
    const [withApprovals] = await db()
      .select({
        id: approvals.companyId,
        n: sql<number>`count(*)`.mapWith(Number),
        records:
          sql<number>`count(*) filter (where ${approvals.status} not in ('PENDING', 'REJECTED', 'EXPIRED'))`.mapWith(
            Number,
          ),
      })
      .from(approvals)
      .groupBy(approvals.companyId)
      .orderBy(sql`3 desc`)
      .limit(1);
    const id = withApprovals!.id;
    expect(withApprovals!.records).toBeGreaterThan(0);
    const asModerator = await send('DELETE', `${BASE}/${id}`, 'moderator');
    expect(asModerator.statusCode).toBe(403);
    expect(errorOf(asModerator).message).toBe(AUTH_ERRORS.forbidden);

    // Approved (or later) approvals are payment records: the company stays, and the 409 says why.
    const refused = await send('DELETE', `${BASE}/${id}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(COMPANY_ERRORS.hasPaymentRecords(withApprovals!.records));
    expect((await get(`${BASE}/${id}`)).statusCode).toBe(200);
    expect(await db().select().from(approvals).where(eq(approvals.companyId, id))).toHaveLength(
      withApprovals!.n,
    );

    // Without payment records the delete goes through and takes the other approvals with it.
    // (Only a test can take payment records back: their bank files go first.)
    await db().delete(paidBills).where(eq(paidBills.companyId, id));
    await db().delete(bankFileEntries).where(eq(bankFileEntries.companyId, id));
    await db().delete(nachaFiles).where(eq(nachaFiles.companyId, id));
    await db()
      .update(approvals)
      .set({ status: 'REJECTED' })
      .where(
        and(eq(approvals.companyId, id), sql`${approvals.status} not in ('PENDING', 'REJECTED', 'EXPIRED')`),
      );
    const response = await send('DELETE', `${BASE}/${id}`, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });
    expect((await get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect(await db().select().from(approvals).where(eq(approvals.companyId, id))).toEqual([]);
    const rows = await activityOf(id, 'company.delete');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ approvalsDeleted: withApprovals!.n });
    expect((await send('DELETE', `${BASE}/${id}`, 'admin')).statusCode).toBe(404);
  });
});

describe('list totals', () => {
  it('match an exact COUNT for every filter after creates, edits, status changes and deletes', async () => {
    const ids = (
      await db().select({ id: companies.id }).from(companies).where(like(companies.name, 'Findme%'))
    ).map((r) => r.id);
    await db()
      .update(companies)
      .set({ status: 'SUSPENDED', qbConnectionStatus: 'error' })
      .where(inArray(companies.id, ids.slice(0, 5)));
    await db()
      .delete(companies)
      .where(inArray(companies.id, ids.slice(5, 10)));
    for (const status of [undefined, ...COMPANY_STATUSES]) {
      for (const qbConnectionStatus of [undefined, ...QB_STATUS_FILTERS]) {
        const query = new URLSearchParams({
          limit: '1',
          ...(status ? { status } : {}),
          ...(qbConnectionStatus ? { qbConnectionStatus } : {}),
        });
        const { pagination } = await list(query.toString());
        expect(pagination.total, query.toString()).toBe(
          await countCompaniesExactly(db(), { status, qbConnectionStatus }),
        );
      }
    }
  });

  it('gives every page past the first the exact total and the rows of a forward read, past the end too', async () => {
    // Page and total are one statement; a page past the end asks for the total alone.
    for (const query of [{}, { status: 'ACTIVE' as const }, { search: 'a' }]) {
      const filter = new URLSearchParams(query as Record<string, string>).toString();
      const exact = await countCompaniesExactly(db(), query);
      await expectEveryPageExact(
        async (limit, page) => {
          const { rows, pagination } = await list(`${filter}&limit=${limit}&page=${page}`);
          return { ids: rows.map((c) => c.id), total: pagination.total };
        },
        exact,
        filter,
      );
    }
  });
});
