import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  USER_ERRORS,
  VALIDATION,
  type Pagination,
  type User,
  type UserActivityStats,
  type UserOverviewStats,
} from 'shared-contracts';
import { activity, approvals, companies, managers, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { build, errorOf, NEW_PASSWORD, type TestContext } from '../../test/build';
import { expectEveryPageExact } from '../../test/pages';
import { countUsersExactly } from './users.repository';
import { changeUserRole, deleteUser, setUserActive } from '../../flows/people-changes';

let t: TestContext;
type Who = 'admin' | 'moderator' | 'user' | 'guest';
const token: Record<Who, string> = { admin: '', moderator: '', user: '', guest: '' };

beforeAll(async () => {
  t = await build();
  for (const who of Object.keys(token) as Who[]) {
    token[who] = (await t.login(`${who}@example.com`)).tokens.accessToken;
  }
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/user/users';
const db = () => t.database.db;
const get = (url: string, as: Who | string = 'guest') =>
  t.request({ method: 'GET', url, token: as in token ? token[as as Who] : as });
const put = (url: string, as: Who | string, payload?: unknown) =>
  t.request({
    method: 'PUT',
    url,
    token: as in token ? token[as as Who] : as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const del = (url: string, as: Who | string) =>
  t.request({ method: 'DELETE', url, token: as in token ? token[as as Who] : as });
const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

async function idOf(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
const me = (accessToken: string) => t.request({ method: 'GET', url: '/api/auth/me', token: accessToken });

let serial = 0;
/** A fresh account made through the API (as the admin), so each test owns its target. */
async function newUser(
  fields: Partial<{ role: string; isActive: boolean; firstName: string; lastName: string }> = {},
) {
  serial += 1;
  const email = `managed${serial}@users.test`;
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    token: token.admin,
    payload: { email, password: NEW_PASSWORD, firstName: `First${serial}`, lastName: 'Managed', ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ data: { id: number } }>().data.id, email };
}

const activityRows = (entityType: string, entityId: number, action: string) =>
  db()
    .select()
    .from(activity)
    .where(
      and(
        eq(activity.entityType, entityType),
        eq(activity.entityId, String(entityId)),
        eq(activity.action, action),
      ),
    )
    .orderBy(activity.id);

async function expectHttpError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  expect((error as HttpError).message).toBe(message);
}

describe('GET /api/user/users: filters, sort, pages, totals', () => {
  type Page = { data: User[]; meta: { pagination: Pagination } };
  const list = async (query: string) => {
    const response = await get(`${BASE}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('searches the full name and the e-mail, case-insensitively', async () => {
    expect((await list('search=ada%20ADMIN')).data.map((u) => u.email)).toEqual(['admin@example.com']);
    expect((await list('search=MODERATOR@EXAMPLE')).data.map((u) => u.email)).toEqual([
      'moderator@example.com',
    ]);
    const none = await list('search=%25_nobody');
    expect(none.data).toEqual([]);
    expect(none.meta.pagination).toMatchObject({ total: 0, totalPages: 0 });
  });

  it('answers totals equal to an exact count for every role / status view', async () => {
    for (const query of ['', 'role=ADMIN', 'role=USER,GUEST', 'isActive=false', 'role=USER&isActive=true']) {
      const params = new URLSearchParams(query);
      const body = await list(`${query}&limit=1`);
      const exact = await countUsersExactly(db(), {
        role: params.get('role')?.split(',') as never,
        isActive: params.has('isActive') ? params.get('isActive') === 'true' : undefined,
      });
      expect(body.meta.pagination.total, query).toBe(exact);
      expect(exact, query).toBeGreaterThan(0);
    }
  });

  it('sorts by the User column across pages, in the list order, stable', async () => {
    const all = (await list('sortBy=name&sortOrder=asc&limit=100')).data;
    const key = (u: User) =>
      ([u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email).toLowerCase();
    const keys = all.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page1 = (await list('sortBy=name&sortOrder=asc&limit=5&page=1')).data;
    const page2 = (await list('sortBy=name&sortOrder=asc&limit=5&page=2')).data;
    expect([...page1, ...page2].map((u) => u.id)).toEqual(all.slice(0, 10).map((u) => u.id));
    const desc = (await list('sortBy=name&sortOrder=desc&limit=100')).data;
    expect(desc.map((u) => u.id)).toEqual([...all].reverse().map((u) => u.id));
  });

  it('sorts by role level (GUEST first ascending), status false before true, updatedAt', async () => {
    const levels = { GUEST: 1, USER: 2, MODERATOR: 3, ADMIN: 4 };
    const byRole = (await list('sortBy=role&sortOrder=asc&limit=100')).data.map((u) => levels[u.role]);
    expect(byRole).toEqual([...byRole].sort((a, b) => a - b));
    expect(byRole[0]).toBe(1);
    const byStatus = (await list('sortBy=isActive&sortOrder=asc&limit=100')).data.map((u) => u.isActive);
    expect(byStatus.indexOf(true)).toBeGreaterThan(byStatus.lastIndexOf(false));
    const updated = (await list('sortBy=updatedAt&sortOrder=desc&limit=100')).data.map((u) =>
      Date.parse(u.updatedAt),
    );
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
  });

  it('answers an empty page past the end, with the real total', async () => {
    const body = await list('page=999&limit=10');
    expect(body.data).toEqual([]);
    expect(body.meta.pagination.page).toBe(999);
    expect(body.meta.pagination.total).toBeGreaterThan(0);
    const bad = await get(`${BASE}?page=0&sortBy=password&sortOrder=up`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['page', 'sortBy', 'sortOrder']);
  });

  it('gives every page past the first the exact total and the rows of a forward read, past the end too', async () => {
    // Page and total are one statement; a page past the end asks for the total alone.
    for (const filter of [
      '',
      'role=USER,GUEST&',
      'isActive=true&',
      'search=example&',
      'search=%25_nobody&',
    ]) {
      const params = new URLSearchParams(filter);
      const exact = await countUsersExactly(db(), {
        role: params.get('role')?.split(',') as never,
        isActive: params.has('isActive') ? params.get('isActive') === 'true' : undefined,
        search: params.get('search') ?? undefined,
      });
      await expectEveryPageExact(
        async (limit, page) => {
          const body = await list(`${filter}limit=${limit}&page=${page}`);
          return { ids: body.data.map((u) => u.id), total: body.meta.pagination.total };
        },
        exact,
        filter,
      );
    }
  });
});

describe('GET /api/user/users/{id}', () => {
  it('answers the user, 404 for an unknown one, 400 for a bad id', async () => {
    const id = await idOf('user@example.com');
    const response = await get(`${BASE}/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: User }>().data).toMatchObject({
      id,
      email: 'user@example.com',
      role: 'USER',
    });
    expect(response.body).not.toContain('passwordHash');
    const missing = await get(`${BASE}/999999`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(USER_ERRORS.notFound);
    expect((await get(`${BASE}/undefined`)).statusCode).toBe(400);
    expect((await get(`${BASE}/99999999999`)).statusCode).toBe(404);
  });
});

describe('POST /api/auth/register (create user)', () => {
  it('names every validation problem on its field', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: token.moderator,
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      email: VALIDATION.email,
      password: VALIDATION.userPassword,
    });
  });

  it('refuses a duplicate e-mail whatever its case, 409 on email', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: token.admin,
      payload: { email: 'User@Example.COM', password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'CONFLICT', fields: { email: AUTH_ERRORS.emailTaken } });
  });

  it('lets a moderator create USER and GUEST accounts only', async () => {
    const create = (role: string, as: Who) =>
      t.request({
        method: 'POST',
        url: '/api/auth/register',
        token: token[as],
        payload: { email: `mod-made-${role.toLowerCase()}@users.test`, password: NEW_PASSWORD, role },
      });
    expect((await create('GUEST', 'moderator')).statusCode).toBe(201);
    expect((await create('MODERATOR', 'moderator')).statusCode).toBe(403);
    expect((await create('ADMIN', 'moderator')).statusCode).toBe(403);
    expect((await create('USER', 'user')).statusCode).toBe(403);
  });
});

describe('PUT /api/user/users/{id}', () => {
  it('lets a moderator edit a USER, with an activity row; empty names clear', async () => {
    const target = await newUser();
    const response = await put(`${BASE}/${target.id}`, 'moderator', {
      email: `Renamed-${target.email.toUpperCase()}`,
      firstName: '  Renamed ',
      lastName: '',
      role: 'USER',
      isActive: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: User }>().data).toMatchObject({
      email: `renamed-${target.email}`,
      firstName: 'Renamed',
      lastName: null,
    });
    const rows = await activityRows('user', target.id, 'user.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe(`Morgan Moderator updated user Renamed (email, first name, last name)`);
  });

  it('validates the body with the form messages', async () => {
    const target = await newUser();
    const response = await put(`${BASE}/${target.id}`, 'admin', { email: 'nope', role: 'ROOT' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      email: VALIDATION.email,
      role: 'role must be one of ADMIN, MODERATOR, USER, GUEST',
      isActive: 'isActive must be true or false',
    });
  });

  it('answers 409 on email for another account’s e-mail in any case', async () => {
    const target = await newUser();
    const response = await put(`${BASE}/${target.id}`, 'admin', {
      email: 'GUEST@example.com',
      role: 'USER',
      isActive: true,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).fields).toEqual({ email: AUTH_ERRORS.emailTaken });
  });

  it('keeps moderators to USER and GUEST accounts and away from roles', async () => {
    const admin = await idOf('admin@example.com');
    const staff = await put(`${BASE}/${admin}`, 'moderator', {
      email: 'admin@example.com',
      role: 'ADMIN',
      isActive: true,
    });
    expect(staff.statusCode).toBe(403);
    expect(errorOf(staff).message).toBe(USER_ERRORS.staffAccounts);
    const target = await newUser();
    const promote = await put(`${BASE}/${target.id}`, 'moderator', {
      email: target.email,
      role: 'MODERATOR',
      isActive: true,
    });
    expect(promote.statusCode).toBe(403);
    expect(errorOf(promote).message).toBe(USER_ERRORS.adminOnlyRoles);
    expect(
      (await put(`${BASE}/${target.id}`, 'user', { email: target.email, role: 'USER', isActive: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(`${BASE}/999999`, 'admin', { email: 'x@users.test', role: 'USER', isActive: true }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses deactivating or re-roling yourself through the form', async () => {
    const admin = await idOf('admin@example.com');
    const off = await put(`${BASE}/${admin}`, 'admin', {
      email: 'admin@example.com',
      role: 'ADMIN',
      isActive: false,
    });
    expect(off.statusCode).toBe(403);
    expect(errorOf(off).message).toBe(USER_ERRORS.selfDeactivate);
    const down = await put(`${BASE}/${admin}`, 'admin', {
      email: 'admin@example.com',
      role: 'USER',
      isActive: true,
    });
    expect(errorOf(down).message).toBe(USER_ERRORS.selfRole);
  });
});

describe('activate / deactivate', () => {
  it('deactivation ends the user’s sessions at once; reactivation lets them sign in again', async () => {
    const target = await newUser({ role: 'GUEST' });
    const session = await t.login(target.email, NEW_PASSWORD);
    const off = await put(`${BASE}/${target.id}/deactivate`, 'moderator');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ data: User }>().data.isActive).toBe(false);
    expect((await me(session.tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.tokens.refreshToken)).statusCode).toBe(401);
    expect(await activityRows('user', target.id, 'user.deactivate')).toHaveLength(1);
    // Already inactive: unchanged, no second row.
    expect((await put(`${BASE}/${target.id}/deactivate`, 'moderator')).statusCode).toBe(200);
    expect(await activityRows('user', target.id, 'user.deactivate')).toHaveLength(1);

    const on = await put(`${BASE}/${target.id}/reactivate`, 'moderator');
    expect(on.json<{ data: User }>().data.isActive).toBe(true);
    expect(await activityRows('user', target.id, 'user.activate')).toHaveLength(1);
    await t.login(target.email, NEW_PASSWORD);
  });

  it('keeps moderators off staff accounts, lower roles off entirely, and nobody off themselves', async () => {
    const moderatorId = await idOf('moderator@example.com');
    const staff = await put(`${BASE}/${moderatorId}/deactivate`, 'moderator');
    expect(staff.statusCode).toBe(403);
    const adminId = await idOf('admin@example.com');
    const self = await put(`${BASE}/${adminId}/deactivate`, 'admin');
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(USER_ERRORS.selfDeactivate);
    const target = await newUser();
    expect((await put(`${BASE}/${target.id}/deactivate`, 'user')).statusCode).toBe(403);
    expect((await put(`${BASE}/${target.id}/deactivate`, 'guest')).statusCode).toBe(403);
    expect((await put(`${BASE}/999999/reactivate`, 'moderator')).statusCode).toBe(404);
  });
});

describe('PUT /api/user/users/{id}/role', () => {
  it('is for admins only, never on yourself, and validates the role', async () => {
    const target = await newUser();
    const asModerator = await put(`${BASE}/${target.id}/role`, 'moderator', { role: 'GUEST' });
    expect(asModerator.statusCode).toBe(403);
    const adminId = await idOf('admin@example.com');
    const self = await put(`${BASE}/${adminId}/role`, 'admin', { role: 'USER' });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(USER_ERRORS.selfRole);
    const bad = await put(`${BASE}/${target.id}/role`, 'admin', { role: 'OWNER' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ role: 'role must be one of ADMIN, MODERATOR, USER, GUEST' });
  });

  it('promotes and demotes with activity rows; a demotion ends the user’s sessions', async () => {
    const target = await newUser();
    const up = await put(`${BASE}/${target.id}/role`, 'admin', { role: 'MODERATOR' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<{ data: User }>().data.role).toBe('MODERATOR');
    const session = await t.login(target.email, NEW_PASSWORD);
    const down = await put(`${BASE}/${target.id}/role`, 'admin', { role: 'GUEST' });
    expect(down.json<{ data: User }>().data.role).toBe('GUEST');
    expect((await refresh(session.tokens.refreshToken)).statusCode).toBe(401);
    // The session ended with the demotion: the old access token is refused at once too.
    expect((await me(session.tokens.accessToken)).statusCode).toBe(401);
    const rows = await activityRows('user', target.id, 'user.role_change');
    expect(rows.map((row) => row.details)).toEqual([
      { from: 'USER', to: 'MODERATOR' },
      { from: 'MODERATOR', to: 'GUEST' },
    ]);
  });
});

describe('the last active ADMIN', () => {
  it('two admins demoting each other at once leave one active admin', async () => {
    const second = await newUser({ role: 'ADMIN' });
    const secondToken = (await t.login(second.email, NEW_PASSWORD)).tokens.accessToken;
    const adminId = await idOf('admin@example.com');
    const [a, b] = await Promise.all([
      put(`${BASE}/${second.id}/role`, 'admin', { role: 'USER' }),
      put(`${BASE}/${adminId}/role`, secondToken, { role: 'USER' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true)));
    expect(admins).toHaveLength(1);
    // Put things back for the tests below: the demo admin is the only active admin again.
    if (admins[0]!.id !== adminId) {
      await db().update(users).set({ role: 'ADMIN' }).where(eq(users.id, adminId));
      await db().update(users).set({ role: 'USER' }).where(eq(users.id, second.id));
      // The demotion ended the demo admin's sessions: sign in again for the tests below.
      token.admin = (await t.login('admin@example.com')).tokens.accessToken;
    }
  });

  it('cannot be demoted, deactivated or deleted: 409 with the reason', async () => {
    // An admin whose request authenticated just before they were demoted (the race above, made
    // deterministic): the demo admin is then the last active admin.
    const second = await newUser({ role: 'ADMIN' });
    const [stale] = await db().select().from(users).where(eq(users.id, second.id));
    expect((await put(`${BASE}/${second.id}/role`, 'admin', { role: 'USER' })).statusCode).toBe(200);
    const adminId = await idOf('admin@example.com');
    await expectHttpError(
      changeUserRole(t.app, stale!, adminId, 'USER'),
      409,
      USER_ERRORS.lastAdmin('demoted'),
    );
    await expectHttpError(
      setUserActive(t.app, stale!, adminId, false),
      409,
      USER_ERRORS.lastAdmin('deactivated'),
    );
    await expectHttpError(deleteUser(t.app, stale!, adminId), 409, USER_ERRORS.lastAdmin('deleted'));
    const [admin] = await db().select().from(users).where(eq(users.id, adminId));
    expect(admin).toMatchObject({ role: 'ADMIN', isActive: true });
  });
});

describe('DELETE /api/user/users/{id}', () => {
  it('is for admins only and never on yourself', async () => {
    const target = await newUser();
    const asModerator = await del(`${BASE}/${target.id}`, 'moderator');
    expect(asModerator.statusCode).toBe(403);
    const adminId = await idOf('admin@example.com');
    const self = await del(`${BASE}/${adminId}`, 'admin');
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toBe(USER_ERRORS.selfDelete);
    expect((await del(`${BASE}/999999`, 'admin')).statusCode).toBe(404);
  });

  it('clears assignments, unlinks managers, ends sessions and keeps the audit trail', async () => {
    const target = await newUser({ firstName: 'Doomed', lastName: 'Person' });
    const session = await t.login(target.email, NEW_PASSWORD);
    const [c1, c2] = await db()
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .orderBy(companies.id)
      .limit(2);
    await db()
      .update(companies)
      .set({ processorId: target.id, approverId: target.id })
      .where(eq(companies.id, c1!.id));
    await db().update(companies).set({ accountantId: target.id }).where(eq(companies.id, c2!.id));
    const [manager] = await db()
      .insert(managers)
      .values({
        firstName: 'Linked',
        lastName: 'Manager',
        email: 'linked.manager@users.test',
        userId: target.id,
      })
      .returning();
    const [approval] = await db()
      .insert(approvals)
      .values({ companyId: c1!.id, createdById: target.id, createdByName: 'Doomed Person' })
      .returning();

    const response = await del(`${BASE}/${target.id}`, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect((await get(`${BASE}/${target.id}`)).statusCode).toBe(404);
    expect((await me(session.tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.tokens.refreshToken)).statusCode).toBe(401);

    const cleared = await db()
      .select()
      .from(companies)
      .where(inArray(companies.id, [c1!.id, c2!.id]));
    for (const company of cleared) {
      expect([company.processorId, company.approverId, company.accountantId]).not.toContain(target.id);
    }
    expect((await activityRows('company', c1!.id, 'company.assignment')).map((r) => r.description)).toEqual([
      `Ada Admin removed Doomed Person as processor of company ${c1!.name} (user deleted)`,
      `Ada Admin removed Doomed Person as approver of company ${c1!.name} (user deleted)`,
    ]);
    expect(await activityRows('company', c2!.id, 'company.assignment')).toHaveLength(1);
    const [unlinked] = await db().select().from(managers).where(eq(managers.id, manager!.id));
    expect(unlinked!.userId).toBeNull();
    expect(await activityRows('manager', manager!.id, 'manager.unlink')).toHaveLength(1);

    // The audit trail stays readable: names copied before the delete are still there.
    const [kept] = await db().select().from(approvals).where(eq(approvals.id, approval!.id));
    expect(kept).toMatchObject({ createdById: null, createdByName: 'Doomed Person' });
    const logins = await db()
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.entityType, 'user'),
          eq(activity.entityId, String(target.id)),
          eq(activity.action, 'auth.login'),
        ),
      );
    expect(logins.map((row) => [row.userId, row.userName])).toEqual([[null, 'Doomed Person']]);
    const [deleted] = await activityRows('user', target.id, 'user.delete');
    expect(deleted!.description).toBe('Ada Admin deleted user Doomed Person');
  });
});

describe('GET /api/user/statistics', () => {
  it('counts sign-ins, companies and approvals from real rows', async () => {
    const target = await newUser();
    for (let i = 0; i < 3; i += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': `stats-agent/${i}` },
        payload: { email: target.email, password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    }
    const picked = await db().select({ id: companies.id }).from(companies).orderBy(companies.id).limit(3);
    const [a, b, c] = picked.map((row) => row.id);
    await db()
      .update(companies)
      .set({ approverId: target.id })
      .where(inArray(companies.id, [a!, b!]));
    const [manager] = await db()
      .insert(managers)
      .values({ firstName: 'Stat', lastName: 'Manager', email: 'stat.manager@users.test', userId: target.id })
      .returning();
    // One company reached both ways counts once; one only through the linked manager.
    await db()
      .update(companies)
      .set({ managerId: manager!.id })
      .where(inArray(companies.id, [b!, c!]));
    await db()
      .insert(approvals)
      .values([
        { companyId: a!, createdById: target.id },
        { companyId: b!, createdById: target.id },
      ]);

    const response = await get(`/api/user/statistics?userId=${target.id}`, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<{ data: UserActivityStats }>().data;
    expect(stats).toMatchObject({
      userId: target.id,
      totalLogins: 3,
      companiesManaged: 3,
      approvalsCreated: 2,
      lastLoginDetails: { ip: '127.0.0.1', userAgent: 'stats-agent/2' },
    });
    expect(stats.lastLogin).not.toBeNull();

    const own = await get('/api/user/statistics', 'guest');
    expect(own.json<{ data: UserActivityStats }>().data.userId).toBe(await idOf('guest@example.com'));
    expect((await get('/api/user/statistics?userId=999999')).statusCode).toBe(404);
    const bad = await get('/api/user/statistics?userId=abc');
    expect(errorOf(bad).fields).toEqual({ userId: 'userId must be a positive whole number' });
  });
});

describe('GET /api/user/statistics: last sign-in address and browser', () => {
  it('are answered to the user themselves and to ADMIN only; other roles get the counts', async () => {
    const target = await newUser({ role: 'MODERATOR' });
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'private-browser/1' },
      payload: { email: target.email, password: NEW_PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const ownToken = signedIn.json<{ data: { tokens: { accessToken: string } } }>().data.tokens.accessToken;
    const statsAs = async (as: Who | string) => {
      const response = await get(`/api/user/statistics?userId=${target.id}`, as);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: UserActivityStats }>().data;
    };
    const details = { ip: '127.0.0.1', userAgent: 'private-browser/1' };

    for (const who of ['guest', 'user', 'moderator'] as const) {
      const stats = await statsAs(who);
      // The count and time of sign-ins: MODERATOR and up and the person (people-details.test.ts).
      if (who === 'moderator') expect(stats, who).toMatchObject({ userId: target.id, totalLogins: 1 });
      else expect(stats, who).not.toHaveProperty('totalLogins');
      expect(stats, who).not.toHaveProperty('lastLoginDetails');
      expect(JSON.stringify(stats), who).not.toContain('private-browser');
    }
    expect((await statsAs('admin')).lastLoginDetails).toMatchObject(details);
    expect((await statsAs(ownToken)).lastLoginDetails).toMatchObject(details);
    // Without userId: one's own, details included.
    const own = await get('/api/user/statistics', ownToken);
    expect(own.json<{ data: UserActivityStats }>().data.lastLoginDetails).toMatchObject(details);
  });
});

describe('GET /api/user/overview-stats', () => {
  it('matches the table and moves with a deactivation', async () => {
    const read = async () => (await get('/api/user/overview-stats')).json<{ data: UserOverviewStats }>().data;
    const before = await read();
    const [exact] = await db()
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${users.isActive})`.mapWith(Number),
        admins: sql<number>`count(*) filter (where ${users.role} = 'ADMIN')`.mapWith(Number),
        guests: sql<number>`count(*) filter (where ${users.role} = 'GUEST')`.mapWith(Number),
        recent:
          sql<number>`count(*) filter (where ${users.isActive} and ${users.lastLoginAt} > now() - interval '30 days')`.mapWith(
            Number,
          ),
        month:
          sql<number>`count(*) filter (where ${users.createdAt} >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`.mapWith(
            Number,
          ),
      })
      .from(users);
    expect(before).toMatchObject({
      totalUsers: exact!.total,
      activeUsers: exact!.active,
      newUsersThisMonth: exact!.month,
      recentlyActiveUsers: exact!.recent,
      activityRate: Math.round((exact!.recent / exact!.active) * 1000) / 10,
    });
    expect(before.usersByRole.ADMIN).toBe(exact!.admins);
    expect(before.usersByRole.GUEST).toBe(exact!.guests);
    expect(Object.values(before.usersByRole).reduce((x, y) => x + y, 0)).toBe(exact!.total);

    const target = await newUser();
    await put(`${BASE}/${target.id}/deactivate`, 'admin');
    const after = await read();
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.activeUsers).toBe(before.activeUsers);
    expect(after.newUsersThisMonth).toBe(before.newUsersThisMonth + 1);
  });
});

describe('/api/user/profile', () => {
  it('reads and changes the caller’s own names, for every role', async () => {
    const read = await get('/api/user/profile', 'guest');
    expect(read.json<{ data: User }>().data.email).toBe('guest@example.com');
    const changed = await put('/api/user/profile', 'guest', { firstName: ' Gustav ', lastName: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: User }>().data).toMatchObject({ firstName: 'Gustav', lastName: null });
    const guestId = await idOf('guest@example.com');
    expect(await activityRows('user', guestId, 'user.profile_update')).toHaveLength(1);
    const empty = await put('/api/user/profile', 'guest', {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(USER_ERRORS.emptyProfile);
    await put('/api/user/profile', 'guest', { firstName: 'Gus', lastName: 'Guest' });
  });
});
