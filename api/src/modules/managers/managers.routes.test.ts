import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  MANAGER_ERRORS,
  MANAGER_STATUSES,
  VALIDATION,
  type Manager,
  type Pagination,
} from 'shared-contracts';
import { activity, approvals, companies, managers, users } from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import { expectEveryPageExact } from '../../test/pages';
import { countManagersExactly } from './managers.repository';

let t: TestContext;
const token: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
type Role = keyof typeof token;

beforeAll(async () => {
  t = await build();
  Object.assign(token, await t.demoTokens('admin', 'moderator', 'user', 'guest'));
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/manager/managers';
const db = () => t.database.db;

const get = (url: string, role: Role = 'guest') => t.request({ method: 'GET', url, token: token[role] });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  t.request({
    method,
    url,
    token: token[role],
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const list = async (query: string) => {
  const response = await get(`${BASE}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ data: Manager[]; meta: { pagination: Pagination } }>();
  return { rows: body.data, pagination: body.meta.pagination };
};

let sequence = 0;
/** A fresh manager through the API (as the moderator). */
async function create(fields: Record<string, unknown> = {}): Promise<Manager> {
  sequence += 1;
  const response = await send('POST', BASE, 'moderator', {
    firstName: `Test${sequence}`,
    lastName: 'Manager',
    email: `test.manager${sequence}@example.com`,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Manager }>().data;
}

/** A fresh user account nobody is linked to. */
async function freshUser(role: 'USER' | 'GUEST' = 'USER') {
  sequence += 1;
  const [row] = await db()
    .insert(users)
    .values({
      email: `linkable${sequence}@example.com`,
      passwordHash: 'x',
      firstName: 'Link',
      lastName: `Able${sequence}`,
      role,
    })
    .returning();
  return row!;
}

const activityOf = (entityType: string, entityId: number) =>
  db()
    .select()
    .from(activity)
    .where(and(eq(activity.entityType, entityType), eq(activity.entityId, String(entityId))));

describe('GET /api/manager/managers', () => {
  it('needs a signed-in user', async () => {
    const response = await t.request({ method: 'GET', url: BASE });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(AUTH_ERRORS.unauthenticated);
  });

  it('pages managers with the linked user embedded (name, e-mail, role, isActive)', async () => {
    const { rows, pagination } = await list('limit=100');
    const [total] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(managers);
    expect(pagination).toEqual({ total: total!.n, page: 1, limit: 100, totalPages: 1 });
    expect(rows).toHaveLength(total!.n);
    const linked = rows.filter((m) => m.userId !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const manager of rows) {
      if (manager.userId === null) expect(manager.user).toBeNull();
      else
        expect(manager.user).toEqual({
          id: manager.userId,
          email: expect.any(String),
          firstName: expect.anything(),
          lastName: expect.anything(),
          role: expect.any(String),
          isActive: expect.any(Boolean),
        });
    }
    // Default order: newest first.
    const created = rows.map((m) => m.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('pages with page and limit, 10 by default', async () => {
    for (let i = 0; i < 8; i += 1) await create();
    const all = await list('limit=100');
    const first = await list('');
    expect(first.pagination.limit).toBe(10);
    expect(first.rows.map((m) => m.id)).toEqual(all.rows.slice(0, 10).map((m) => m.id));
    const second = await list('page=2');
    expect(second.rows.map((m) => m.id)).toEqual(all.rows.slice(10, 20).map((m) => m.id));
    expect(second.pagination).toEqual({
      total: all.pagination.total,
      page: 2,
      limit: 10,
      totalPages: Math.ceil(all.pagination.total / 10),
    });
  });

  it('filters by status and by linked, with totals equal to an exact COUNT', async () => {
    await create({ status: 'SUSPENDED' });
    for (const status of MANAGER_STATUSES) {
      const { rows, pagination } = await list(`status=${status}&limit=100`);
      expect(rows.every((m) => m.status === status)).toBe(true);
      expect(pagination.total).toBe(await countManagersExactly(db(), { status }));
    }
    const yes = await list('linked=yes&limit=100');
    expect(yes.rows.length).toBeGreaterThan(0);
    expect(yes.rows.every((m) => m.user !== null)).toBe(true);
    const no = await list('linked=no&limit=100');
    expect(no.rows.every((m) => m.userId === null && m.user === null)).toBe(true);
    expect(yes.pagination.total + no.pagination.total).toBe((await list('linked=all')).pagination.total);
    const both = await list('linked=no&status=ACTIVE&limit=100');
    expect(both.pagination.total).toBe(await countManagersExactly(db(), { linked: 'no', status: 'ACTIVE' }));
    expect(both.rows.every((m) => m.status === 'ACTIVE' && m.userId === null)).toBe(true);
  });

  it('searches first name, last name, full name, e-mail and title, case-insensitively', async () => {
    const target = await create({
      firstName: 'Zebulon',
      lastName: 'Quartermaine',
      email: 'zq@harbour.example.com',
      title: 'Chief Harbourmaster',
    });
    for (const search of ['zebulon', 'QUARTER', 'zebulon quarter', 'zq@harbour', 'harbourmaster']) {
      const { rows, pagination } = await list(`search=${encodeURIComponent(search)}`);
      expect(
        rows.map((m) => m.id),
        search,
      ).toEqual([target.id]);
      expect(pagination.total).toBe(1);
    }
    // LIKE wildcards are literal.
    expect((await list('search=%25')).rows).toEqual([]);
  });

  it('sorts on the server: names case-insensitively, missing titles last ascending, first descending', async () => {
    await create({ firstName: 'aaron', lastName: 'lower' });
    await create({ firstName: 'Aaron', lastName: 'Upper', title: '' });
    const byName = (await list('sortBy=name&sortOrder=asc&limit=100')).rows.map((m) =>
      `${m.firstName} ${m.lastName}`.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const titlesAsc = (await list('sortBy=title&sortOrder=asc&limit=100')).rows.map((m) => m.title);
    expect(titlesAsc.at(-1)).toBeNull();
    expect(titlesAsc.indexOf(null)).toBe(titlesAsc.length - titlesAsc.filter((x) => x === null).length);
    const titlesDesc = (await list('sortBy=title&sortOrder=desc&limit=100')).rows.map((m) => m.title);
    expect(titlesDesc[0]).toBeNull();
    const statuses = (await list('sortBy=status&limit=100')).rows.map((m) => m.status);
    expect(statuses).toEqual([...statuses].sort());
    const updated = (await list('sortBy=updatedAt&sortOrder=desc&limit=100')).rows.map((m) => m.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it('names bad query values', async () => {
    const response = await get(`${BASE}?linked=maybe&status=GONE&sortBy=phone&limit=101`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      linked: 'linked must be yes or no',
      status: 'status must be one of ACTIVE, INACTIVE, SUSPENDED',
      sortBy: 'sortBy must be one of name, firstName, lastName, email, title, status, createdAt, updatedAt',
      limit: 'limit must be a whole number from 1 to 100',
    });
  });
});

describe('GET /api/manager/managers/search', () => {
  it('answers up to `limit` managers matching q, names starting with it first', async () => {
    const a = await create({ firstName: 'Ophelia', lastName: 'Searchable' });
    const b = await create({ firstName: 'Zed', lastName: 'Ophelian' });
    const response = await get(`${BASE}/search?q=ophel`);
    expect(response.statusCode).toBe(200);
    const found = response.json<{ data: Manager[] }>().data;
    expect(found.map((m) => m.id)).toEqual([a.id, b.id]);
    expect((await get(`${BASE}/search?q=ophel&limit=1`)).json<{ data: Manager[] }>().data).toHaveLength(1);
    const bad = await get(`${BASE}/search`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ q: 'q is required' });
  });
});

describe('POST /api/manager/managers', () => {
  it('creates a manager, empty phone and title absent, with an activity row', async () => {
    const response = await send('POST', BASE, 'moderator', {
      firstName: '  Grace ',
      lastName: 'Hopper',
      email: 'Grace.Hopper@Example.com',
      phone: '',
      title: '  ',
    });
    expect(response.statusCode).toBe(201);
    const manager = response.json<{ data: Manager }>().data;
    expect(manager).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      phone: null,
      title: null,
      status: 'ACTIVE',
      isActive: true,
      userId: null,
      user: null,
    });
    const rows = await activityOf('manager', manager.id);
    expect(rows.map((row) => row.action)).toEqual(['manager.create']);
    expect(rows[0]!.description).toBe('Morgan Moderator created manager Grace Hopper');
  });

  it('answers every validation message on its field', async () => {
    const response = await send('POST', BASE, 'moderator', { firstName: '', lastName: ' ', email: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameRequired,
      email: VALIDATION.email,
    });
    const empty = await send('POST', BASE, 'moderator', {});
    expect(errorOf(empty).fields).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameRequired,
      email: VALIDATION.email,
    });
  });

  it('links a user on create; an unknown user is a 404 on userId and nothing is written', async () => {
    const user = await freshUser();
    const manager = await create({ userId: String(user.id) });
    expect(manager.user).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: 'USER',
      isActive: true,
    });
    expect((await activityOf('manager', manager.id)).map((row) => row.action).sort()).toEqual([
      'manager.create',
      'manager.link_user',
    ]);
    const [before] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(managers);
    const missing = await send('POST', BASE, 'moderator', {
      firstName: 'No',
      lastName: 'Body',
      email: 'nobody@example.com',
      userId: 999_999,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).fields).toEqual({ userId: 'No user with id 999999' });
    const [after] = await db()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(managers);
    expect(after!.n).toBe(before!.n);
  });

  it('needs MODERATOR', async () => {
    for (const role of ['guest', 'user'] as const) {
      const response = await send('POST', BASE, role, { firstName: 'A', lastName: 'B', email: 'a@b.co' });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(AUTH_ERRORS.forbidden);
    }
  });
});

describe('GET /api/manager/managers/{id}', () => {
  it('answers the manager, 404 "Manager not found" otherwise, 400 for a bad id', async () => {
    const manager = await create();
    const response = await get(`${BASE}/${manager.id}`);
    expect(response.json<{ data: Manager }>().data).toEqual(manager);
    for (const id of ['999999', '99999999999']) {
      const missing = await get(`${BASE}/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(MANAGER_ERRORS.notFound);
    }
    expect((await get(`${BASE}/undefined`)).statusCode).toBe(400);
  });
});

describe('PUT /api/manager/managers/{id}', () => {
  it('updates the fields sent, clears with null, and sets the status (MODERATOR) with activity rows', async () => {
    const manager = await create({ phone: '555-0100', title: 'Lead' });
    const response = await send('PUT', `${BASE}/${manager.id}`, 'moderator', {
      title: 'Director',
      phone: null,
      status: 'SUSPENDED',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<{ data: Manager }>().data;
    expect(updated).toMatchObject({
      firstName: manager.firstName,
      title: 'Director',
      phone: null,
      status: 'SUSPENDED',
      isActive: false,
    });
    const rows = await activityOf('manager', manager.id);
    const status = rows.find((row) => row.action === 'manager.status')!;
    expect(status.details).toEqual({ from: 'ACTIVE', to: 'SUSPENDED' });
    const update = rows.find((row) => row.action === 'manager.update')!;
    expect(update.description).toContain('(phone, title)');
    // Back to ACTIVE: isActive follows.
    const back = await send('PUT', `${BASE}/${manager.id}`, 'moderator', { status: 'ACTIVE' });
    expect(back.json<{ data: Manager }>().data).toMatchObject({ status: 'ACTIVE', isActive: true });
    // Nothing changed: no new row.
    const count = (await activityOf('manager', manager.id)).length;
    await send('PUT', `${BASE}/${manager.id}`, 'moderator', { title: 'Director' });
    expect((await activityOf('manager', manager.id)).length).toBe(count);
  });

  it('links, relinks and unlinks through userId (the edit form)', async () => {
    const [u1, u2] = [await freshUser(), await freshUser()];
    const manager = await create();
    const linked = await send('PUT', `${BASE}/${manager.id}`, 'moderator', { userId: u1.id });
    expect(linked.json<{ data: Manager }>().data.user?.id).toBe(u1.id);
    const relinked = await send('PUT', `${BASE}/${manager.id}`, 'moderator', { userId: String(u2.id) });
    expect(relinked.json<{ data: Manager }>().data.userId).toBe(u2.id);
    const unlinked = await send('PUT', `${BASE}/${manager.id}`, 'moderator', { userId: 'none' });
    expect(unlinked.json<{ data: Manager }>().data).toMatchObject({ userId: null, user: null });
    const actions = (await activityOf('manager', manager.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'manager.link_user')).toHaveLength(2);
    expect(actions.filter((a) => a === 'manager.unlink_user')).toHaveLength(2);
  });

  it('answers 409 naming the other manager when the user is taken, and changes nothing', async () => {
    const user = await freshUser();
    const owner = await create({ firstName: 'Olive', lastName: 'Owner', userId: user.id });
    const other = await create({ title: 'Before' });
    const response = await send('PUT', `${BASE}/${other.id}`, 'moderator', {
      title: 'After',
      userId: user.id,
    });
    expect(response.statusCode).toBe(409);
    const message = `Link Able${user.lastName!.slice(4)} is already linked to manager Olive Owner (#${owner.id}); unlink it there first`;
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message, fields: { userId: message } });
    expect((await get(`${BASE}/${other.id}`)).json<{ data: Manager }>().data.title).toBe('Before');
  });

  it('validates, 404s and needs MODERATOR', async () => {
    const manager = await create();
    const bad = await send('PUT', `${BASE}/${manager.id}`, 'moderator', {
      firstName: '',
      email: 'x',
      status: 'GONE',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({
      firstName: VALIDATION.firstNameRequired,
      email: VALIDATION.email,
      status: 'status must be one of ACTIVE, INACTIVE, SUSPENDED',
    });
    const empty = await send('PUT', `${BASE}/${manager.id}`, 'moderator', {});
    expect(errorOf(empty).message).toBe(MANAGER_ERRORS.emptyUpdate);
    expect((await send('PUT', `${BASE}/999999`, 'moderator', { title: 'x' })).statusCode).toBe(404);
    for (const role of ['guest', 'user'] as const)
      expect((await send('PUT', `${BASE}/${manager.id}`, role, { title: 'x' })).statusCode).toBe(403);
  });
});

describe('PUT /api/manager/managers/{id}/link-user and /unlink-user', () => {
  it('links with an activity row; linking the same user again changes nothing', async () => {
    const user = await freshUser('GUEST');
    const manager = await create();
    const response = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: user.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Manager }>().data.user).toMatchObject({ id: user.id, role: 'GUEST' });
    const again = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: user.id });
    expect(again.statusCode).toBe(200);
    const actions = (await activityOf('manager', manager.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'manager.link_user')).toHaveLength(1);
  });

  it('refuses a user linked elsewhere (409 naming the manager), unknown users (404) and bad bodies', async () => {
    const user = await freshUser();
    const owner = await create({ firstName: 'Paula', lastName: 'Prior', userId: user.id });
    const manager = await create();
    const taken = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: user.id });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields?.userId).toContain(`manager Paula Prior (#${owner.id})`);
    const missing = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: 999_998 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).fields).toEqual({ userId: 'No user with id 999998' });
    const noBody = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', {});
    expect(errorOf(noBody).fields).toEqual({ userId: 'userId is required' });
    const text = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: 'abc' });
    expect(errorOf(text).fields).toEqual({ userId: 'userId must be a positive whole number' });
    const noManager = await send('PUT', `${BASE}/999999/link-user`, 'moderator', { userId: user.id });
    expect(noManager.statusCode).toBe(404);
    expect(errorOf(noManager).message).toBe(MANAGER_ERRORS.notFound);
    expect((await get(`${BASE}/${manager.id}`)).json<{ data: Manager }>().data.userId).toBeNull();
  });

  it('a deleted user is a 404 on the field', async () => {
    const user = await freshUser();
    await db().delete(users).where(eq(users.id, user.id));
    const manager = await create();
    const response = await send('PUT', `${BASE}/${manager.id}/link-user`, 'moderator', { userId: user.id });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).fields).toEqual({ userId: `No user with id ${user.id}` });
  });

  it('unlinks with an activity row; unlinking an unlinked manager changes nothing', async () => {
    const user = await freshUser();
    const manager = await create({ userId: user.id });
    const response = await send('PUT', `${BASE}/${manager.id}/unlink-user`, 'moderator');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Manager }>().data).toMatchObject({ userId: null, user: null });
    expect((await send('PUT', `${BASE}/${manager.id}/unlink-user`, 'moderator')).statusCode).toBe(200);
    const actions = (await activityOf('manager', manager.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'manager.unlink_user')).toHaveLength(1);
    // The user can now be linked elsewhere.
    const other = await create();
    expect(
      (await send('PUT', `${BASE}/${other.id}/link-user`, 'moderator', { userId: user.id })).statusCode,
    ).toBe(200);
  });

  it('link and unlink need MODERATOR', async () => {
    const user = await freshUser();
    const manager = await create();
    for (const role of ['guest', 'user'] as const) {
      expect(
        (await send('PUT', `${BASE}/${manager.id}/link-user`, role, { userId: user.id })).statusCode,
      ).toBe(403);
      expect((await send('PUT', `${BASE}/${manager.id}/unlink-user`, role)).statusCode).toBe(403);
    }
    expect(
      (await send('PUT', `${BASE}/${manager.id}/link-user`, 'admin', { userId: user.id })).statusCode,
    ).toBe(200);
  });

  it('the database refuses a second manager for one user (unique index)', async () => {
    const user = await freshUser();
    const a = await create({ userId: user.id });
    const b = await create();
    await expect(
      db().update(managers).set({ userId: user.id }).where(eq(managers.id, b.id)),
    ).rejects.toThrow();
    expect((await get(`${BASE}/${a.id}`)).json<{ data: Manager }>().data.userId).toBe(user.id);
  });

  it('concurrent links of one user to different managers: exactly one wins, the others get 409 naming it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await freshUser();
      const contenders = [await create(), await create(), await create(), await create()];
      const responses = await Promise.all(
        contenders.map((m) => send('PUT', `${BASE}/${m.id}/link-user`, 'moderator', { userId: user.id })),
      );
      const winners = responses.filter((r) => r.statusCode === 200);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!.json<{ data: Manager }>().data;
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expect(response.statusCode).toBe(409);
        expect(errorOf(response).fields?.userId).toContain(`(#${winner.id})`);
      }
      const owners = await db()
        .select({ id: managers.id })
        .from(managers)
        .where(eq(managers.userId, user.id));
      expect(owners).toEqual([{ id: winner.id }]);
    }
  });

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'a link that loses the race at the unique index (after passing the check) answers 409, not 500',
    async () => {
      if (t.database.kind !== 'postgres') return;
      const user = await freshUser();
      const [a, b] = [await create({ firstName: 'Race', lastName: 'Winner' }), await create()];
      // An open transaction holds the link of `a`: the request's check cannot see it, its write
      // waits on the unique index and fails once this commits.
      const client = await t.database.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('UPDATE managers SET user_id = $1 WHERE id = $2', [user.id, a.id]);
        const pending = send('PUT', `${BASE}/${b.id}/link-user`, 'moderator', { userId: user.id });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query('COMMIT');
        const response = await pending;
        expect(response.statusCode, response.body).toBe(409);
        expect(errorOf(response).fields?.userId).toContain(`manager Race Winner (#${a.id})`);
      } finally {
        client.release();
      }
    },
  );
});

describe('DELETE /api/manager/managers/{id}', () => {
  it('needs ADMIN', async () => {
    const manager = await create();
    for (const role of ['guest', 'user', 'moderator'] as const) {
      const response = await send('DELETE', `${BASE}/${manager.id}`, role);
      expect(response.statusCode).toBe(403);
    }
    expect((await get(`${BASE}/${manager.id}`)).statusCode).toBe(200);
  });

  it("clears the companies' manager, keeps approvals' copied name and e-mail, with activity rows", async () => {
    const manager = await create({ firstName: 'Della', lastName: 'Deleted', email: 'della@example.com' });
    const [company1, company2] = await db().select().from(companies).limit(2);
    await db()
      .update(companies)
      .set({ managerId: manager.id })
      .where(sql`${companies.id} in (${company1!.id}, ${company2!.id})`);
    const [approval] = await db()
      .insert(approvals)
      .values({
        companyId: company1!.id,
        managerId: manager.id,
        managerName: 'Della Deleted',
        managerEmail: 'della@example.com',
      })
      .returning();

    const response = await send('DELETE', `${BASE}/${manager.id}`, 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });

    expect((await get(`${BASE}/${manager.id}`)).statusCode).toBe(404);
    const after = await db()
      .select()
      .from(companies)
      .where(sql`${companies.id} in (${company1!.id}, ${company2!.id})`);
    expect(after.map((c) => c.managerId)).toEqual([null, null]);
    const [kept] = await db().select().from(approvals).where(eq(approvals.id, approval!.id));
    expect(kept).toMatchObject({
      managerId: null,
      managerName: 'Della Deleted',
      managerEmail: 'della@example.com',
    });
    const [deleted] = await activityOf('manager', manager.id).then((rows) =>
      rows.filter((r) => r.action === 'manager.delete'),
    );
    expect(deleted!.details).toMatchObject({
      name: 'Della Deleted',
      companiesUnassigned: expect.arrayContaining([company1!.id, company2!.id]),
      approvalsKept: 1,
    });
    for (const company of [company1!, company2!]) {
      const rows = await activityOf('company', company.id);
      expect(
        rows.some((r) => r.action === 'company.assignment' && r.description.includes('Della Deleted')),
      ).toBe(true);
    }
    expect((await send('DELETE', `${BASE}/${manager.id}`, 'admin')).statusCode).toBe(404);
  });

  it('keeps the list total exact through creates, status changes, links and deletes', async () => {
    const exact = async () => {
      for (const query of [
        {},
        { status: 'ACTIVE' as const },
        { linked: 'yes' as const },
        { linked: 'no' as const },
      ]) {
        const qs = new URLSearchParams(query as Record<string, string>).toString();
        expect((await list(qs)).pagination.total, qs).toBe(await countManagersExactly(db(), query));
      }
    };
    await exact();
    const user = await freshUser();
    const manager = await create({ userId: user.id, status: 'INACTIVE' });
    await exact();
    // A deleted user unlinks its manager through the foreign key: counted as well.
    await db().delete(users).where(eq(users.id, user.id));
    expect((await get(`${BASE}/${manager.id}`)).json<{ data: Manager }>().data.userId).toBeNull();
    await exact();
    await send('PUT', `${BASE}/${manager.id}`, 'moderator', { status: 'ACTIVE' });
    await exact();
    await send('DELETE', `${BASE}/${manager.id}`, 'admin');
    await exact();
  });

  it('gives every page past the first the exact total and the rows of a forward read, past the end too', async () => {
    // Page and total are one statement; a page past the end asks for the total alone.
    for (const query of [{}, { status: 'ACTIVE' as const }, { linked: 'no' as const }, { search: 'a' }]) {
      const filter = new URLSearchParams(query as Record<string, string>).toString();
      const exact = await countManagersExactly(db(), query);
      await expectEveryPageExact(
        async (limit, page) => {
          const { rows, pagination } = await list(`${filter}&limit=${limit}&page=${page}`);
          return { ids: rows.map((m) => m.id), total: pagination.total };
        },
        exact,
        filter,
      );
    }
  });
});
