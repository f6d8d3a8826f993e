/**
 * What one account may ask of the live stream, tried as a hostile GUEST would: more streams than
 * a person has tabs, replays of the whole log, and reading who changed whose account.
 */
import pg from 'pg';
import { LIVE_ERRORS, type AuthResult } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema';
import { signAccessToken } from '../../security/access-tokens';
import type { TestContext } from '../../test/build';
import { buildForStreams, openEventStream, until } from '../../test/live-stream';
import { recordActivity } from '../activity/activity.service';
import { recordLiveEvents } from './live.service';

let t: TestContext;
let base = '';
const sessions: Record<'moderator' | 'guest', AuthResult | null> = { moderator: null, guest: null };
const tokenOf = (role: keyof typeof sessions) => sessions[role]?.tokens.accessToken ?? '';
const ON_POSTGRES = process.env.TEST_DB_ENGINE === 'postgres';
const LIMITS = { maxStreamsPerAccount: 3, maxReplayEvents: 50, replaysPerMinute: 2, retryMs: 3_000 };

beforeAll(async () => {
  t = await buildForStreams(LIMITS);
  for (const role of ['moderator', 'guest'] as const) sessions[role] = await t.login(`${role}@example.com`);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const open = (token: string, lastEventId?: string) => openEventStream(base, token, lastEventId);
const refused = (token: string) =>
  fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });

/** The id the log stands at now, as a new stream is told it. */
async function currentId(): Promise<number> {
  const stream = await open(tokenOf('moderator'));
  const id = await until(() => stream.control.find((block) => block.id !== undefined)?.id);
  stream.close();
  await stream.ended;
  return Number(id);
}

describe('one account, many streams', () => {
  it('tells clients how long to wait before reconnecting', async () => {
    const stream = await open(tokenOf('guest'));
    expect(await until(() => stream.control.find((block) => block.retry !== undefined)?.retry)).toBe('3000');
    stream.close();
    await stream.ended;
  });

  it('holds at most the configured number of streams per account: the next is a clear 429, a closed one frees its place', async () => {
    const streams = [];
    for (let n = 0; n < LIMITS.maxStreamsPerAccount; n += 1) streams.push(await open(tokenOf('guest')));
    const answer = await refused(tokenOf('guest'));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('5');
    const body = (await answer.json()) as { error: { message: string } };
    expect(body.error.message).toBe(LIVE_ERRORS.tooManyStreams(LIMITS.maxStreamsPerAccount));
    // Another account is not held up by this one.
    const other = await open(tokenOf('moderator'));
    other.close();
    await other.ended;
    // A closed stream gives its place back.
    streams[0]!.close();
    await streams[0]!.ended;
    let again = await refused(tokenOf('guest'));
    for (let tries = 0; again.status === 429 && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await refused(tokenOf('guest'));
    }
    expect(again.status).toBe(200);
    await again.body?.cancel();
    for (const stream of streams.slice(1)) {
      stream.close();
      await stream.ended;
    }
  });

  it('ends a stream when its access token expires', async () => {
    const sid = JSON.parse(Buffer.from(tokenOf('guest').split('.')[1]!, 'base64url').toString())
      .sid as string;
    const shortLived = await signAccessToken(
      { userId: sessions.guest!.user.id, role: 'GUEST', sessionId: sid },
      t.config.jwtSecret,
      2,
    );
    const stream = await open(shortLived);
    const started = Date.now();
    await Promise.race([
      stream.ended,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the stream outlived its token')), 15_000),
      ),
    ]);
    // Not before the token's own expiry (2 s, counted from its issue in whole seconds).
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});

describe('replays', () => {
  it('replays a short gap, but a client further behind than the cap is told to resync', async () => {
    const from = await currentId();
    const [actor] = await t.database.db.select().from(users).limit(1);
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await recordLiveEvents(
      t.database.db,
      Array.from({ length: LIMITS.maxReplayEvents + 10 }, () => ({
        actorId: actor!.id,
        action: 'company.update',
        entityType: 'company',
        entityId: company!.id,
      })),
    );
    // Just behind: replayed.
    const near = await open(tokenOf('moderator'), String(from + LIMITS.maxReplayEvents + 5));
    await until(() => near.received.length >= 5);
    expect(near.received.every((event) => event.event === 'change')).toBe(true);
    near.close();
    await near.ended;
    // Further behind than the cap: one resync, no replay.
    const far = await open(tokenOf('moderator'), String(from));
    const resync = await until(() => far.received[0]);
    expect(resync.event).toBe('resync');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(far.received).toHaveLength(1);
    far.close();
    await far.ended;
  });

  it('past the minute’s allowance of replays, a reconnection gets a resync instead of reading the log', async () => {
    const behind = (await currentId()) - 3;
    const kinds: string[] = [];
    // The guest has asked for none yet in this file; the allowance is LIMITS.replaysPerMinute.
    for (let n = 0; n < LIMITS.replaysPerMinute + 1; n += 1) {
      const stream = await open(tokenOf('guest'), String(behind));
      kinds.push((await until(() => stream.received[0])).event);
      stream.close();
      await stream.ended;
    }
    expect(kinds).toEqual([...Array<string>(LIMITS.replaysPerMinute).fill('change'), 'resync']);
  });
});

describe('who is told of people and policies', () => {
  it('changes to accounts and approval policies reach MODERATOR and above, live and replayed, never a GUEST', async () => {
    const from = await currentId();
    const guest = await open(tokenOf('guest'));
    const moderator = await open(tokenOf('moderator'));
    const [actor] = await t.database.db.select().from(users).limit(1);
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db.transaction(async (tx) => {
      await recordActivity(tx, actor!, 'user', actor!.id, {
        action: 'user.out_of_office',
        description: 'away',
      });
      await recordActivity(tx, actor!, 'user', actor!.id, {
        action: 'user.payment_decisions_grant',
        description: 'granted',
      });
      await recordActivity(tx, actor!, 'company', company!.id, {
        action: 'company.approval_policy',
        description: 'policy',
      });
      // One event every signed-in viewer is told of, so the GUEST's stream demonstrably works.
      await recordActivity(tx, actor!, 'company', company!.id, {
        action: 'company.update',
        description: 'renamed',
      });
    });
    const kinds = (stream: { received: Array<{ data: Record<string, unknown> }> }) =>
      stream.received.map((event) => event.data['kind']);
    await until(() => kinds(moderator).includes('company.update') && kinds(guest).includes('company.update'));
    expect(kinds(moderator)).toEqual(
      expect.arrayContaining([
        'user.out_of_office',
        'user.payment_decisions_grant',
        'company.approval_policy',
      ]),
    );
    expect(kinds(guest)).toEqual(['company.update']);
    for (const stream of [guest, moderator]) {
      stream.close();
      await stream.ended;
    }
    // Replayed from the log: the same rule.
    const replayed = await open(tokenOf('moderator'), String(from));
    await until(() => kinds(replayed).includes('company.update'));
    expect(kinds(replayed)).toContain('user.out_of_office');
    replayed.close();
    await replayed.ended;
  });
});

describe('a pool full of other requests', () => {
  // A thousand open consoles re-reading after a change can hold every pooled connection, with more
  // waiting: the hub reads the log on a connection of its own, so the next change still goes out.
  it.skipIf(!ON_POSTGRES)('still delivers an event while every pooled connection is held', async () => {
    const database = t.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const stream = await open(tokenOf('moderator'));
    await until(() => stream.control.some((block) => block.id !== undefined));
    const held = await Promise.all(
      Array.from({ length: database.pool.options.max }, () => database.pool.connect()),
    );
    // The change comes from outside the pool (another process's write).
    const outside = new pg.Client({ connectionString: database.pool.options.connectionString });
    try {
      await outside.connect();
      const { rows } = await outside.query<{ id: number }>('select id from companies order by id limit 1');
      await outside.query(
        `insert into live_events (kind, entity_type, entity_id, status) values ('company.update', 'company', $1, null)`,
        [String(rows[0]!.id)],
      );
      // Delivered while no pooled connection is free: a hub reading through the pool would wait here
      // until `until` gives up. (The pool's waiting count proves nothing either way: a background
      // job of the app may be waiting for a connection at that moment.)
      const event = await until(() =>
        stream.received.find((block) => block.data['kind'] === 'company.update'),
      );
      expect(event.data['id']).toBe(String(rows[0]!.id));
    } finally {
      await outside.end();
      for (const client of held) client.release();
      stream.close();
      await stream.ended;
    }
  });
});
