import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manager, Pagination } from 'shared-contracts';
import { managers } from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';

let t: TestContext;
let token = '';
beforeAll(async () => {
  t = await build();
  token = (await t.login('guest@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: Manager[]; meta: { pagination: Pagination } };
const list = (query: string) => t.request({ method: 'GET', url: `/api/manager/managers?${query}`, token });

describe('GET /api/manager/managers', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/manager/managers' })).statusCode).toBe(401);
  });

  it('pages managers with the linked user embedded', async () => {
    const response = await list('limit=100');
    expect(response.statusCode).toBe(200);
    const body = response.json<Page>();
    const [total] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(managers);
    expect(body.meta.pagination).toEqual({ total: total!.n, page: 1, limit: 100, totalPages: 1 });
    expect(body.data).toHaveLength(total!.n);
    for (const manager of body.data) {
      if (manager.userId === null) expect(manager.user).toBeNull();
      else
        expect(manager.user).toEqual({
          id: manager.userId,
          email: expect.any(String),
          firstName: expect.anything(),
          lastName: expect.anything(),
          role: expect.any(String),
        });
    }
    expect(body.data.some((m) => m.user !== null)).toBe(true);
  });

  it('searches, sorts and validates', async () => {
    const all = (await list('limit=100')).json<Page>().data;
    const target = all[0]!;
    const found = (await list(`search=${encodeURIComponent(target.lastName.toUpperCase())}`)).json<Page>();
    expect(found.data.map((m) => m.id)).toContain(target.id);
    const sorted = (await list('sortBy=firstName&sortOrder=desc&limit=100'))
      .json<Page>()
      .data.map((m) => m.firstName.toLowerCase());
    expect(sorted).toEqual([...sorted].sort().reverse());
    const bad = await list('limit=101');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual({ limit: 'limit must be a whole number from 1 to 100' });
  });
});
