import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { approvals, companies, users } from '../../db/schema';
import { build, secondProcess, testConfig, type TestContext } from '../../test/build';
import { recordActivity } from '../activity/activity.service';
import { newestLiveEvent } from './live.service';

// Conditional reads by the live log's position: an unchanged view is a 304 without its query, a
// committed change (on this process or another) is never hidden behind one, one person's ETag is
// never another's, and figures everyone shares are read once per version.

let t: TestContext;
let clock = Date.parse('2026-11-29T12:00:00.000Z');
let tokens: Record<'admin' | 'user', string>;

beforeAll(async () => {
  // No safety poll: a process learns of a commit from the database's wake-up, or from the client.
  t = await build({
    config: { liveEvents: { ...testConfig().liveEvents, safetyPollMs: 600_000 } },
    app: { approvalSweep: false, now: () => new Date(clock) },
  });
  tokens = await t.demoTokens('admin', 'user');
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/bill-approval/approvals?limit=10';

/** A committed change with its live event, as the services record them. */
async function committedChange(): Promise<number> {
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  const [who] = await t.database.db.select().from(users).limit(1);
  await t.database.db.transaction((tx) =>
    recordActivity(tx, who!, 'company', company!.id, { action: 'company.update', description: 'test' }),
  );
  return newestLiveEvent(t.database.db);
}

async function get(url: string, token: string, headers: Record<string, string> = {}) {
  return t.request({ method: 'GET', url, token, headers });
}

describe('conditional reads', () => {
  it('answers an unchanged list with a 304 and no body; the same ETag from another person is a 200', async () => {
    const first = await get(LIST, tokens.admin);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"\d+\.\d+-[\w-]+"$/);

    const again = await get(LIST, tokens.admin, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(etag);

    const someoneElse = await get(LIST, tokens.user, { 'if-none-match': etag });
    expect(someoneElse.statusCode).toBe(200);
    expect(someoneElse.headers['etag']).not.toBe(etag);
    // Another view of the same person is another answer too.
    const otherView = await get(`${LIST}&status=PENDING`, tokens.admin, { 'if-none-match': etag });
    expect(otherView.statusCode).toBe(200);
  });

  it('never hides a committed change: the client names the event it saw, and the read catches up', async () => {
    const before = await get(LIST, tokens.admin);
    const etag = String(before.headers['etag']);
    const seq = await committedChange();
    // Straight after the commit this process may not have read the log yet; the client that saw
    // the event (perhaps from another process's stream) says so and gets the new version.
    const after = await get(LIST, tokens.admin, { 'if-none-match': etag, 'live-seq': String(seq) });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(String(after.headers['etag'])).toContain(`"${seq}.`);
  });

  it('another process of the same database answers by the same versions', async () => {
    if (t.database.kind !== 'postgres') return; // one embedded database belongs to one process
    const other = await secondProcess(t);
    try {
      const seq = await committedChange();
      const here = await get(LIST, tokens.admin, { 'live-seq': String(seq) });
      const there = await other.app.inject({
        method: 'GET',
        url: LIST,
        headers: { authorization: `Bearer ${tokens.admin}`, 'live-seq': String(seq) },
      });
      expect(there.statusCode).toBe(200);
      expect(String(there.headers['etag'])).toContain(`"${seq}.`);
      // The same version and the same person's view (each process reads its own clock's window).
      const parts = (etag: unknown) => /^W\/"(\d+)\.\d+-(.+)"$/.exec(String(etag))?.slice(1);
      expect(parts(there.headers['etag'])).toEqual(parts(here.headers['etag']));
    } finally {
      await other.close();
    }
  });

  it('reads again once the version window passes, whatever the log says', async () => {
    const before = await get(LIST, tokens.admin);
    clock += 61_000;
    const later = await get(LIST, tokens.admin, { 'if-none-match': String(before.headers['etag']) });
    expect(later.statusCode).toBe(200);
  });

  it('shares the stat cards of one version between everyone, and reads them again at the next', async () => {
    const seq = await committedChange();
    const pending = async (token: string, at: number) => {
      const response = await get('/api/bill-approval/approvals/stats', token, { 'live-seq': String(at) });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { pending: number } }>().data.pending;
    };
    const before = await pending(tokens.admin, seq);
    // A pending row expired behind the log's back (no event): at this version everyone is shown
    // the figures already read, from the snapshot and not from the database.
    const [row] = await t.database.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(eq(approvals.status, 'PENDING'))
      .limit(1);
    await t.database.db.update(approvals).set({ status: 'EXPIRED' }).where(eq(approvals.id, row!.id));
    try {
      expect(await pending(tokens.user, seq)).toBe(before);
      // The next event is a new version: the figures are read again.
      expect(await pending(tokens.user, await committedChange())).toBe(before - 1);
    } finally {
      await t.database.db.update(approvals).set({ status: 'PENDING' }).where(eq(approvals.id, row!.id));
    }
  });

  it('a process learns of a commit from the database without the client saying so', async () => {
    const before = await get(LIST, tokens.admin);
    const seq = await committedChange();
    const etag = String(before.headers['etag']);
    let answer = await get(LIST, tokens.admin, { 'if-none-match': etag });
    for (let tries = 0; answer.statusCode === 304 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await get(LIST, tokens.admin, { 'if-none-match': etag });
    }
    expect(answer.statusCode).toBe(200);
    expect(String(answer.headers['etag'])).toContain(`"${seq}.`);
  });
});

describe('re-reads wait behind first reads', () => {
  it('answers a page opened afresh while the re-reads of changed views wait their turn, then answers them', async () => {
    const first = await get(LIST, tokens.admin);
    const stale = String(first.headers['etag']);
    const seq = await committedChange();
    // Every place of the re-read queue is taken (as by a thousand consoles after one change).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const places = t.app.rereads.concurrency;
    const holders = Array.from({ length: places }, () => t.app.rereads(() => held));
    try {
      const reRead = get(LIST, tokens.admin, { 'if-none-match': stale, 'live-seq': String(seq) });
      await expect.poll(() => t.app.rereads.pendingCount).toBe(1);

      const opened = await get(LIST, tokens.user);
      expect(opened.statusCode).toBe(200);
      expect(t.app.rereads.pendingCount).toBe(1);

      release();
      const answered = await reRead;
      expect(answered.statusCode).toBe(200);
      expect(answered.headers['etag']).not.toBe(stale);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
