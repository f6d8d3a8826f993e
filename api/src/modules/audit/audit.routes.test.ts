import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER, AUDIT_ERRORS, type AuditEntry, type Pagination } from 'shared-contracts';
import { activity, companies, users } from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import { streamAuditExport } from './audit.export';

let t: TestContext;
const token: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
type Role = keyof typeof token;
const ids: Record<Role, number> = { admin: 0, moderator: 0, user: 0, guest: 0 };

const get = (url: string, role: Role | null = 'admin') =>
  t.request({ method: 'GET', url, ...(role === null ? {} : { token: token[role] }) });

async function page(query: string) {
  const response = await get(`/api/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ data: AuditEntry[]; meta: { pagination: Pagination } }>();
  return { rows: body.data, pagination: body.meta.pagination };
}

/** Rows of a test's own, in 2001 (before any seeded or live row), under actions 'audittest.*'. */
async function insertRows(
  rows: Array<{
    at: string;
    action: string;
    userId?: number | null;
    description?: string;
    entity?: [string, string];
  }>,
) {
  await t.database.db.insert(activity).values(
    rows.map((row) => ({
      userId: row.userId ?? null,
      userName: row.userId === undefined || row.userId === null ? 'System' : 'Test Person',
      action: row.action,
      entityType: row.entity?.[0] ?? null,
      entityId: row.entity?.[1] ?? null,
      description: row.description ?? `did ${row.action}`,
      createdAt: sql`cast(${row.at} as timestamptz)`,
    })),
  );
}

beforeAll(async () => {
  t = await build();
  for (const role of Object.keys(token) as Role[]) {
    const result = await t.login(`${role}@example.com`);
    token[role] = result.tokens.accessToken;
    ids[role] = result.user.id;
  }
  await insertRows([
    {
      at: '2001-03-01T00:00:00Z',
      action: 'audittest.first',
      userId: ids.moderator,
      entity: ['company', '7'],
    },
    {
      at: '2001-03-01T23:59:59.999Z',
      action: 'audittest.second',
      userId: ids.admin,
      entity: ['company', '8'],
    },
    {
      at: '2001-03-02T00:00:00Z',
      action: 'audittest.third_one',
      userId: ids.moderator,
      entity: ['user', '7'],
    },
    { at: '2001-03-03T12:00:00Z', action: 'audittestx.other', userId: ids.user, entity: ['approval', 'abc'] },
    {
      at: '2001-03-04T12:00:00Z',
      action: 'audittest.formula',
      description: '=HYPERLINK("http://evil.example","click"), "quoted"',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/audit', () => {
  it('is for ADMIN only: 401 signed out, 403 for MODERATOR, USER and GUEST, on the list and the export', async () => {
    for (const url of ['/api/audit', '/api/audit/export']) {
      expect((await get(url, null)).statusCode).toBe(401);
      for (const role of ['moderator', 'user', 'guest'] as const) {
        const refused = await get(url, role);
        expect(refused.statusCode, `${role} ${url}`).toBe(403);
        expect(errorOf(refused).code).toBe('FORBIDDEN');
      }
    }
    expect((await get('/api/audit')).statusCode).toBe(200);
  });

  it('lists sign-ins and changes newest first, with who did it and the entity', async () => {
    // A change through the API: the moderator creates a company.
    const created = await t.request({
      method: 'POST',
      url: '/api/company/companies',
      token: token.moderator,
      payload: { name: 'Audit Log Test Co' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = String(created.json<{ data: { id: number } }>().data.id);

    const { rows } = await page(`userId=${ids.moderator}&limit=100`);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.userId === ids.moderator)).toBe(true);
    expect(rows[0]).toMatchObject({ action: 'company.create', entityType: 'company', entityId: companyId });
    expect(rows.some((row) => row.action === 'auth.login')).toBe(true);
    const times = rows.map((row) => row.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by entity (type, and id), by exact action or a prefix, and by a date range that includes both days', async () => {
    const actions = async (query: string) => (await page(`${query}&limit=100`)).rows.map((row) => row.action);

    expect(await actions('action=audittest.first')).toEqual(['audittest.first']);
    // A prefix matches from the dot on only: 'audittestx.other' is not in 'audittest.'.
    expect(await actions('action=audittest.')).toEqual([
      'audittest.formula',
      'audittest.third_one',
      'audittest.second',
      'audittest.first',
    ]);
    // '_' is a letter here, not LIKE's wildcard.
    expect(await actions('action=audittest.third_')).toEqual([]);
    expect(await actions('action=audittest.third_one')).toEqual(['audittest.third_one']);

    expect(await actions('from=2001-03-01&to=2001-03-01')).toEqual(['audittest.second', 'audittest.first']);
    expect(await actions('from=2001-03-02&to=2001-03-03')).toEqual([
      'audittestx.other',
      'audittest.third_one',
    ]);
    expect(await actions('to=2001-03-01')).toEqual(['audittest.second', 'audittest.first']);

    expect(await actions('entityType=company&action=audittest.')).toEqual([
      'audittest.second',
      'audittest.first',
    ]);
    expect(await actions('entityType=company&entityId=7&action=audittest.')).toEqual(['audittest.first']);
    expect(await actions(`entityType=company&userId=${ids.admin}&to=2001-12-31`)).toEqual([
      'audittest.second',
    ]);
  });

  it('pages in SQL with the shared list contract', async () => {
    const first = await page('action=audittest.&limit=3');
    expect(first.pagination).toEqual({ total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(first.rows).toHaveLength(3);
    const second = await page('action=audittest.&limit=3&page=2');
    expect(second.rows.map((row) => row.action)).toEqual(['audittest.first']);
  });

  it('refuses bad filters with a message on the field', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['userId=abc', { userId: AUDIT_ERRORS.userId }],
      ['entityType=invoice', { entityType: AUDIT_ERRORS.entityType }],
      ['entityId=7', { entityId: AUDIT_ERRORS.entityIdWithoutType }],
      ['entityType=user&entityId=a%20b', { entityId: AUDIT_ERRORS.entityId }],
      ['action=drop%20table', { action: AUDIT_ERRORS.action }],
      ['from=2026-02-31', { from: AUDIT_ERRORS.date('from') }],
      ['to=yesterday', { to: AUDIT_ERRORS.date('to') }],
      ['from=2026-03-02&to=2026-03-01', { to: AUDIT_ERRORS.toBeforeFrom }],
      ['sortOrder=asc', { sortOrder: AUDIT_ERRORS.sortOrder }],
    ];
    for (const [query, fields] of cases) {
      for (const url of [`/api/audit?${query}`, `/api/audit/export?${query}`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(errorOf(response).fields, url).toEqual(fields);
      }
    }
  });

  it('never shows a full bank account number, in the list or the export', async () => {
    const [company] = await t.database.db
      .insert(companies)
      .values({ name: 'Audit Bank Test Co' })
      .returning({ id: companies.id });
    const created = await t.request({
      method: 'POST',
      url: `/api/company/companies/${company!.id}/vendor-accounts`,
      token: token.moderator,
      payload: {
        vendorRef: 'AUDIT-V1',
        vendorName: 'Audit Vendor',
        routingNumber: '021000021',
        accountNumber: '987654321012',
        accountType: 'checking',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await get(`/api/audit?entityType=company&entityId=${company!.id}`);
    expect(list.json<{ data: AuditEntry[] }>().data.map((row) => row.action)).toContain(
      'payments.vendor_account.create',
    );
    expect(list.body).toContain('••••1012');
    expect(list.body).not.toContain('987654321012');
    const file = await get(`/api/audit/export?entityType=company&entityId=${company!.id}`);
    expect(file.body).toContain('payments.vendor_account.create');
    expect(file.body).not.toContain('987654321012');
  });
});

describe('GET /api/audit/export', () => {
  it('streams every matching row as CSV with the formula guard, its count in X-Total-Count', async () => {
    const response = await get('/api/audit/export?action=audittest.&from=2001-03-01&to=2001-03-04');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['x-total-count']).toBe('4');
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(6);
    // Newest first; the formula cell starts as text, its quotes doubled.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), ""quoted"""`);
    expect(lines[1]).toMatch(/^\d+,2001-03-04T12:00:00\.000Z,,"System","audittest\.formula",,,/);
    expect(lines[4]).toMatch(
      new RegExp(
        `^\\d+,2001-03-01T00:00:00\\.000Z,${ids.moderator},"Test Person","audittest\\.first","company","7",`,
      ),
    );
  });

  it('filters by person like the list', async () => {
    const response = await get(`/api/audit/export?userId=${ids.moderator}&action=audittest.`);
    const rows = response.body.trim().split('\r\n').slice(1);
    expect(rows.map((line) => line.split(',')[4])).toEqual(['"audittest.third_one"', '"audittest.first"']);
  });

  it('reads in keyset batches that lose and repeat no row, even rows apart by microseconds only', async () => {
    const base = '2002-05-05T10:00:00.123';
    await insertRows([1, 2, 3, 4, 5].map((n) => ({ at: `${base}${n}00Z`, action: 'auditbatch.row' })));
    // Two of them at the same instant: the id orders them.
    await insertRows([{ at: `${base}300Z`, action: 'auditbatch.row' }]);
    const query = { action: 'auditbatch.row' } as const;
    const expected = await t.database.db
      .select({ id: activity.id })
      .from(activity)
      .where(eq(activity.action, 'auditbatch.row'))
      .orderBy(sql`${activity.createdAt} desc, ${activity.id} desc`);
    const file = await text(streamAuditExport(t.database.db, query, () => {}, 2));
    const got = file
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(got).toEqual(expected.map((row) => row.id));
    expect(got).toHaveLength(6);
  });

  it('sends just the header when nothing matches', async () => {
    const response = await get('/api/audit/export?from=1990-01-01&to=1990-01-02');
    expect(response.body).toBe(`${AUDIT_CSV_HEADER.join(',')}\r\n`);
    expect(response.headers['x-total-count']).toBe('0');
  });
});

describe('what the audit log is fed', () => {
  it('records a change of user with its actor', async () => {
    const [guest] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'guest@example.com'));
    for (const verb of ['deactivate', 'reactivate']) {
      const changed = await t.request({
        method: 'PUT',
        url: `/api/user/users/${guest!.id}/${verb}`,
        token: token.admin,
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const { rows } = await page(`entityType=user&entityId=${guest!.id}&action=user.`);
    expect(rows.slice(0, 2)).toMatchObject([
      { action: 'user.activate', userId: ids.admin },
      { action: 'user.deactivate', userId: ids.admin },
    ]);
  });
});
