import type { DashboardStats, User, UserActivityStats } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, NEW_PASSWORD, type DemoRole, type TestContext } from '../../test/build';
import { giveAuthenticator } from '../../test/second-factors';

/**
 * When someone signs in, when they are away and who stands in for them, who registered them and
 * whether they may decide payments are told to MODERATOR and up and to the person themselves. Tried
 * as a GUEST (and a USER) would: the user list and detail, the activity statistics, the list sorted
 * by last sign-in, and the dashboard's recent activity.
 */

let t: TestContext;
let token: Record<DemoRole, string>;
/** An account a MODERATOR registered, who signed in and set themselves out of office. */
const target = { id: 0, token: '', email: 'pat.target@example.com' };
let moderatorId = 0;
const PEOPLE_FIELDS = ['lastLoginAt', 'createdById', 'createdBy', 'mayDecidePayments', 'outOfOffice'];

const get = (url: string, as: string) => t.request({ method: 'GET', url, token: as });
const dataOf = <T>(response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
const userAs = (as: string) => get(`/api/user/users/${target.id}`, as).then(dataOf<User>);
const listedAs = async (as: string) =>
  dataOf<User[]>(await get(`/api/user/users?search=pat.target`, as)).find((u) => u.id === target.id)!;
const statisticsAs = (as: string) =>
  get(`/api/user/statistics?userId=${target.id}`, as).then(dataOf<UserActivityStats>);

beforeAll(async () => {
  t = await build();
  token = await t.demoTokens('admin', 'moderator', 'user', 'guest');
  moderatorId = (await t.login('moderator@example.com')).user.id;
  const registered = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    token: token.moderator,
    payload: {
      email: target.email,
      password: NEW_PASSWORD,
      firstName: 'Pat',
      lastName: 'Target',
      role: 'USER',
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  // Naming a delegate needs a fresh second factor: the account has one.
  await giveAuthenticator(t, registered.json<{ data: { id: number } }>().data.id);
  const login = await t.login(target.email, NEW_PASSWORD);
  Object.assign(target, { id: login.user.id, token: login.tokens.accessToken });
  const away = await t.request({
    method: 'PUT',
    url: `/api/user/users/${target.id}/out-of-office`,
    token: target.token,
    payload: {
      awayFrom: '2030-01-06T08:00:00.000Z',
      awayUntil: '2030-01-17T18:00:00.000Z',
      delegateId: moderatorId,
    },
  });
  expect(away.statusCode, away.body).toBe(200);
});
afterAll(() => t?.close());

describe("someone else's sign-ins, absences and registrar", () => {
  it('a GUEST and a USER read neither in the list nor in the detail: the fields are absent', async () => {
    for (const role of ['guest', 'user'] as const) {
      for (const user of [await userAs(token[role]), await listedAs(token[role])]) {
        for (const field of PEOPLE_FIELDS) expect(user, `${role}: ${field}`).not.toHaveProperty(field);
        // What everyone reads of a colleague is still there.
        expect(user).toMatchObject({ id: target.id, email: target.email, role: 'USER', isActive: true });
      }
    }
  });

  it('a GUEST and a USER get the statistics of what they manage and create, not of sign-ins', async () => {
    for (const role of ['guest', 'user'] as const) {
      const stats = await statisticsAs(token[role]);
      expect(stats).toEqual({ userId: target.id, companiesManaged: 0, approvalsCreated: 0 });
    }
  });

  it('the person themselves, a MODERATOR and an ADMIN read them all', async () => {
    for (const as of [target.token, token.moderator, token.admin]) {
      const user = await userAs(as);
      expect(user).toMatchObject({
        lastLoginAt: expect.any(String),
        createdById: moderatorId,
        createdBy: { id: moderatorId, email: 'moderator@example.com' },
        mayDecidePayments: false,
        outOfOffice: { delegateId: moderatorId, awayFrom: '2030-01-06T08:00:00.000Z' },
      });
      const listed = await listedAs(as);
      expect(listed).toMatchObject({ lastLoginAt: expect.any(String), mayDecidePayments: false });
      expect(listed.outOfOffice).toMatchObject({ delegateId: moderatorId });
      const stats = await statisticsAs(as);
      expect(stats.totalLogins).toBe(1);
      expect(stats.lastLogin).toEqual(expect.any(String));
    }
    // The address and browser of the last sign-in stay the person's and an ADMIN's.
    expect(await statisticsAs(token.moderator)).not.toHaveProperty('lastLoginDetails');
    expect(await statisticsAs(token.admin)).toHaveProperty('lastLoginDetails');
    expect(await statisticsAs(target.token)).toHaveProperty('lastLoginDetails');
  });

  it('a GUEST reads their own sign-ins', async () => {
    const me = dataOf<User>(await get('/api/auth/me', token.guest));
    expect((await get(`/api/user/users/${me.id}`, token.guest).then(dataOf<User>)).lastLoginAt).toEqual(
      expect.any(String),
    );
    const own = await get('/api/user/statistics', token.guest).then(dataOf<UserActivityStats>);
    expect(own.totalLogins).toBeGreaterThan(0);
    expect(own).toHaveProperty('lastLoginDetails');
  });
});

describe('the user list sorted by last sign-in', () => {
  const ids = async (query: string, as: string) =>
    dataOf<User[]>(await get(`/api/user/users?limit=100&${query}`, as)).map((user) => user.id);

  it('is the default order for a GUEST or a USER, so the order tells nothing either', async () => {
    const moderatorOrder = await ids('sortBy=lastLoginAt&sortOrder=asc', token.moderator);
    const byDefault = await ids('', token.guest);
    // For a MODERATOR the sort is real (and differs from the default order here).
    expect(moderatorOrder).not.toEqual(byDefault);
    for (const role of ['guest', 'user'] as const) {
      for (const order of ['asc', 'desc']) {
        expect(await ids(`sortBy=lastLoginAt&sortOrder=${order}`, token[role]), `${role} ${order}`).toEqual(
          byDefault,
        );
      }
    }
  });
});

describe("the dashboard's recent activity", () => {
  it("shows nobody's sign-ins, and a GUEST or USER not who is away and who stands in", async () => {
    // The target acts last before the dashboard is read: a sign-in and an out-of-office change.
    await t.login(target.email, NEW_PASSWORD);
    const recentAs = async (as: string) =>
      (await get('/api/dashboard/stats', as).then(dataOf<DashboardStats>)).recentActivity.map(
        (item) => item.description,
      );
    const moderatorView = await recentAs(token.moderator);
    expect(moderatorView).not.toContain('Pat Target signed in');
    expect(moderatorView.some((line) => line.includes('out of office'))).toBe(true);
    for (const role of ['guest', 'user'] as const) {
      const lines = await recentAs(token[role]);
      expect(lines.length, role).toBeGreaterThan(0);
      expect(
        lines.filter((line) => line.includes('Pat Target')),
        role,
      ).toEqual([]);
    }
    // Not even their own: sign-ins are in the audit log, not on the dashboard.
    await t.login('guest@example.com');
    expect(await recentAs(token.guest)).not.toContain('Gus Guest signed in');
  });
});
