// Figures a change event carries: every approval event brings the stat cards at its version, to
// every role (the stats route answers them all), a figure a role may not read never reaches it, and
// figures that are late are left out rather than holding the event back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  EMPTY_APPROVAL_STATS,
  LiveEventDataSchema,
  type ApprovalStats,
  type AuthResult,
} from 'shared-contracts';
import type { TestContext } from '../../test/build';
import {
  approveOneAtLastStep,
  buildForStreams,
  openEventStream,
  recordCompanyChange,
  until,
  type Received,
} from '../../test/live-stream';

let t: TestContext;
let base = '';
const tokens: Record<'admin' | 'user' | 'guest', string> = { admin: '', user: '', guest: '' };

beforeAll(async () => {
  t = await buildForStreams();
  for (const role of ['admin', 'user', 'guest'] as const) {
    const session: AuthResult = await t.login(`${role}@example.com`);
    tokens[role] = session.tokens.accessToken;
  }
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

async function stats(): Promise<ApprovalStats> {
  const response = await t.request({
    method: 'GET',
    url: '/api/bill-approval/approvals/stats',
    token: tokens.guest,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ApprovalStats }>().data;
}

const approveOne = () => approveOneAtLastStep(t, tokens.admin);

const eventOf = (received: Received[], entity: string, id: string) =>
  until(() => received.find((event) => event.data['entity'] === entity && event.data['id'] === id));

describe('figures in live events', () => {
  it("a decision's event brings the stat cards after it to every role, as the stats route answers them", async () => {
    const streams = await Promise.all(
      (['guest', 'user', 'admin'] as const).map((role) => openEventStream(base, tokens[role])),
    );
    const before = await stats();
    const id = await approveOne();
    const after = await stats();
    // The ADMIN's approval writes its bank file at once: the approval, then the file's event.
    expect(after.pending).toBe(before.pending - 1);
    for (const stream of streams) {
      const event = await eventOf(stream.received, 'approval', id);
      const data = v.parse(LiveEventDataSchema, event.data);
      expect(data).toMatchObject({ kind: 'approval.approve', status: 'APPROVED' });
      // Computed after the decision committed: it is in them already.
      expect(data.figures?.approvalStats?.pending).toBe(before.pending - 1);
      // The approval's latest event (its bank file's) brings what the stats route answers now.
      const ofIt = () => stream.received.filter((e) => e.data['id'] === id);
      await until(() => ofIt().length >= 2);
      expect(v.parse(LiveEventDataSchema, ofIt().at(-1)!.data).figures?.approvalStats).toEqual(after);
    }
    // A stream that comes back after the event is replayed it from the log, without figures: the
    // console re-reads them.
    const first = await eventOf(streams[0]!.received, 'approval', id);
    const replay = await openEventStream(base, tokens.guest, String(Number(first.id) - 1));
    const replayed = await eventOf(replay.received, 'approval', id);
    expect(replayed.data).not.toHaveProperty('figures');
    for (const stream of [...streams, replay]) stream.close();
  });

  it('a figure a role may not read is left out of its events, the event itself still sent', async () => {
    const marker = { ...(await stats()), total: 424_242 };
    const stop = t.app.liveHub.addFigures({
      entity: 'company',
      name: 'approvalStats',
      minRole: 'ADMIN',
      compute: async () => marker,
    });
    try {
      const [user, admin] = await Promise.all([
        openEventStream(base, tokens.user),
        openEventStream(base, tokens.admin),
      ]);
      const id = await recordCompanyChange(t);
      const seen = await eventOf(admin.received, 'company', id);
      expect(v.parse(LiveEventDataSchema, seen.data).figures?.approvalStats).toEqual(marker);
      const withheld = await eventOf(user.received, 'company', id);
      expect(withheld.id).toBe(seen.id);
      expect(withheld.data).not.toHaveProperty('figures');
      user.close();
      admin.close();
    } finally {
      stop();
    }
  });
  it('an event waits for its figures a moment at most, then goes without them', async () => {
    const stop = t.app.liveHub.addFigures({
      entity: 'company',
      name: 'approvalStats',
      minRole: 'GUEST',
      compute: () => new Promise((resolve) => setTimeout(() => resolve(EMPTY_APPROVAL_STATS), 2_000)),
    });
    try {
      const stream = await openEventStream(base, tokens.guest);
      const id = await recordCompanyChange(t);
      const event = await eventOf(stream.received, 'company', id);
      expect(event.data).not.toHaveProperty('figures');
      stream.close();
    } finally {
      stop();
    }
  });
});
