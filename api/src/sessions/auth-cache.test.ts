import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from 'shared-contracts';
import { users } from '../db/schema';
import { build, secondProcess, type TestContext } from '../test/build';

// Two API processes on one database: `t.app` ("here") makes the changes, `other` answers from its
// sign-in cache. Each change must be refused by the other process within a second.
let t: TestContext;
let other: FastifyInstance;
let closeOther: () => Promise<void>;

beforeAll(async () => {
  t = await build();
  ({ app: other, close: closeOther } = await secondProcess(t));
});
afterAll(async () => {
  await closeOther?.();
  await t?.close();
});

const DEMO_PASSWORD = 'Password123!';

async function me(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
}

/** Signs `email` in on this process and makes the other process keep the session. */
async function signedInAndKept(email: string): Promise<AuthResult> {
  const session = await t.login(email);
  const token = session.tokens.accessToken;
  for (const deadline = Date.now() + 5_000; ;) {
    expect((await me(other, token)).statusCode).toBe(200);
    if (other.authCache.get(session.user.id, sessionIdOf(token))) return session;
    if (Date.now() > deadline) throw new Error('the other process never kept the session');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The session (refresh family) the access token names: its `sid` claim. */
function sessionIdOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
  return claims.sid;
}

/** Polls the other process until `refused`; answers the time it took. Fails after one second. */
async function refusedWithinASecond(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > 1_000) throw new Error('still accepted after a second');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function adminToken(): Promise<string> {
  return (await t.login('admin@example.com')).tokens.accessToken;
}

describe('the sign-in cache across API processes', () => {
  it('answers a kept session from memory, without reading the database', async () => {
    const session = await signedInAndKept('user@example.com');
    const kept = other.authCache.get(session.user.id, sessionIdOf(session.tokens.accessToken));
    expect(kept).toMatchObject({ id: session.user.id, role: 'USER', isActive: true });
  });

  it('a deactivation is refused on the other process within a second', async () => {
    const session = await signedInAndKept('guest@example.com');
    const admin = await adminToken();
    const user = session.user;
    const response = await t.request({
      method: 'PUT',
      url: `/api/user/users/${user.id}`,
      token: admin,
      payload: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        isActive: false,
      },
    });
    expect(response.statusCode).toBe(200);
    await refusedWithinASecond(async () => (await me(other, session.tokens.accessToken)).statusCode === 401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
  });

  it('a demotion is seen on the other process within a second', async () => {
    const session = await signedInAndKept('moderator@example.com');
    const response = await t.request({
      method: 'PUT',
      url: `/api/user/users/${session.user.id}/role`,
      token: await adminToken(),
      payload: { role: 'GUEST' },
    });
    expect(response.statusCode).toBe(200);
    await refusedWithinASecond(async () => {
      // A role change may also end the sessions; either way the old role is gone.
      const answer = await me(other, session.tokens.accessToken);
      return answer.statusCode === 401 || answer.json<{ data: { role: string } }>().data.role === 'GUEST';
    });
    await t.database.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, session.user.id));
  });

  it('a sign-out is refused on the other process within a second', async () => {
    const session = await signedInAndKept('user@example.com');
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.tokens.accessToken}` },
      payload: { refreshToken: session.tokens.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    await refusedWithinASecond(async () => (await me(other, session.tokens.accessToken)).statusCode === 401);
  });

  it("a password change ends the user's other sessions on the other process within a second", async () => {
    const kept = await signedInAndKept('user@example.com');
    const changer = await t.login('user@example.com');
    const newPassword = 'Sturdy-Horse-Battery-42';
    const response = await t.request({
      method: 'PUT',
      url: '/api/user/password',
      headers: { authorization: `Bearer ${changer.tokens.accessToken}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword },
    });
    expect(response.statusCode, response.body).toBe(200);
    await refusedWithinASecond(async () => (await me(other, kept.tokens.accessToken)).statusCode === 401);
    // The session that changed the password goes on.
    expect((await me(other, changer.tokens.accessToken)).statusCode).toBe(200);
  });

  it("this process's own next request sees what its write changed, at once", async () => {
    // The cache of `t.app` itself: deactivate, then the very next request of the user is refused.
    const session = await t.login('guest@example.com');
    const token = session.tokens.accessToken;
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(200);
    const user = session.user;
    const response = await t.request({
      method: 'PUT',
      url: `/api/user/users/${user.id}`,
      token: await adminToken(),
      payload: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        isActive: false,
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user.id));
  });
});
