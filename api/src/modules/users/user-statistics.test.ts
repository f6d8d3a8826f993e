import { eq } from 'drizzle-orm';
import type { UserActivityStats } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { build, NEW_PASSWORD, type TestContext } from '../../test/build';

/**
 * A user page's activity figures come from one source, the sign-in rows: the count, the last
 * sign-in and its details agree. An account whose last sign-in date was set without rows (an
 * import, the bulk seed) keeps that date with a count of 0 and no details.
 */

let t: TestContext;
let admin = '';
let serial = 0;

beforeAll(async () => {
  t = await build();
  admin = (await t.login('admin@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
});

async function newAccount(): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `activity.${serial}.${Date.now()}@users.test`;
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    token: admin,
    payload: { email, password: NEW_PASSWORD, firstName: 'Act', lastName: `Ivity${serial}`, role: 'USER' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<{ data: { id: number } }>().data.id, email };
}

async function statistics(id: number): Promise<UserActivityStats> {
  const response = await t.request({ method: 'GET', url: `/api/user/statistics?userId=${id}`, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: UserActivityStats }>().data;
}

describe('GET /api/user/statistics: one source for the sign-in figures', () => {
  it('answers the last sign-in of the rows it counts, not a later date set on the account', async () => {
    const account = await newAccount();
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'one-source/1' },
      payload: { email: account.email, password: NEW_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // The account's own column moved on without a sign-in row (as an import would set it).
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, account.id));

    const stats = await statistics(account.id);
    expect(stats.totalLogins).toBe(1);
    expect(stats.lastLoginDetails).toMatchObject({ userAgent: 'one-source/1' });
    expect(stats.lastLogin).toBe(stats.lastLoginDetails?.timestamp);
  });

  it('keeps a last sign-in date that has no rows with a count of 0 and no details', async () => {
    const account = await newAccount();
    const at = new Date('2026-11-22T10:00:00.000Z');
    await t.database.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, account.id));
    expect(await statistics(account.id)).toMatchObject({
      totalLogins: 0,
      lastLogin: at.toISOString(),
      lastLoginDetails: null,
    });

    const never = await newAccount();
    expect(await statistics(never.id)).toMatchObject({
      totalLogins: 0,
      lastLogin: null,
      lastLoginDetails: null,
    });
  });
});
