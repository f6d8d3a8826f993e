import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from 'shared-contracts';
import { eq } from 'drizzle-orm';
import { approvals, companies, users } from '../../db/schema';
import { build, testConfig, type TestContext } from '../../test/build';
import { recordActivity } from '../activity/activity.service';
import { expireOverdueApprovals } from '../approvals/approvals.service';
import { pruneLiveEvents } from './live.service';

let t: TestContext;
let base = '';
const sessions: Record<'admin' | 'user' | 'guest', AuthResult | null> = {
  admin: null,
  user: null,
  guest: null,
};
const tokenOf = (role: keyof typeof sessions) => sessions[role]?.tokens.accessToken ?? '';

beforeAll(async () => {
  // Streams that last the whole test (the test configuration otherwise ends them quickly).
  t = await build({
    config: { liveEvents: { ...testConfig().liveEvents, maxStreamMs: 60_000, sessionCheckMs: 200 } },
    app: { approvalSweep: false },
  });
  for (const role of ['admin', 'user', 'guest'] as const)
    sessions[role] = await t.login(`${role}@example.com`);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

interface Received {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/** An open stream, read as the browser's streaming fetch reads it. */
async function openStream(token: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const received: Received[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).trimStart());
          }
          if (!fields.has('data')) continue;
          received.push({
            id: fields.get('id') ?? null,
            event: fields.get('event') ?? 'message',
            data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
          });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return { received, ended, close: () => controller.abort() };
}

async function until<T>(check: () => T | undefined | false, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function actor() {
  const [row] = await t.database.db.select().from(users).limit(1);
  return row!;
}
async function companyId() {
  const [row] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  return row!.id;
}

/** A committed company change, recorded as the services record them. */
async function companyChange(action = 'company.update') {
  const id = await companyId();
  const who = await actor();
  await t.database.db.transaction((tx) =>
    recordActivity(tx, who, 'company', id, { action, description: 'test' }),
  );
  return String(id);
}

describe('GET /api/events', () => {
  it('needs a signed-in caller', async () => {
    const response = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(401);
  });

  it('delivers a decision after its commit, with ids, kind and status only', async () => {
    const stream = await openStream(tokenOf('guest'));
    const pending = await t.request({
      method: 'GET',
      url: '/api/bill-approval/approvals?status=PENDING&limit=25',
      token: tokenOf('admin'),
    });
    expect(pending.statusCode, pending.body).toBe(200);
    let approved: string | undefined;
    // An approval at its last step (the default policy asks a second step from $10,000): the
    // ADMIN's approve decides it.
    const lastStep = pending
      .json<{ data: { id: string; currentStep: number | null; stepCount: number }[] }>()
      .data.filter((row) => row.currentStep === row.stepCount);
    for (const row of lastStep) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/bill-approval/approvals/${row.id}/approve`,
        token: tokenOf('admin'),
        payload: {},
      });
      if (response.statusCode === 200) {
        approved = row.id;
        break;
      }
    }
    expect(approved).toBeDefined();
    const event = await until(() => stream.received.find((e) => e.data['id'] === approved));
    expect(event.event).toBe('change');
    expect(event.id).toMatch(/^\d+$/);
    expect(Object.keys(event.data).sort()).toEqual([
      'actorId',
      'at',
      'entity',
      'id',
      'kind',
      'status',
      'version',
    ]);
    expect(event.data).toMatchObject({ kind: 'approval.approve', entity: 'approval', status: 'APPROVED' });
    stream.close();
  });

  it('tells of an approval the expiry sweep expired', async () => {
    const stream = await openStream(tokenOf('guest'));
    const [pending] = await t.database.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(eq(approvals.status, 'PENDING'))
      .limit(1);
    await t.database.db
      .update(approvals)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(approvals.id, pending!.id));
    expect(await expireOverdueApprovals(t.database.db, 365)).toBeGreaterThan(0);
    const event = await until(() => stream.received.find((e) => e.data['id'] === pending!.id));
    expect(event.data).toMatchObject({
      kind: 'approval.expire',
      entity: 'approval',
      status: 'EXPIRED',
      actorId: null,
    });
    stream.close();
  });

  it('sends nothing for a rolled-back change', async () => {
    const stream = await openStream(tokenOf('admin'));
    const who = await actor();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordActivity(tx, who, 'manager', 999_001, {
          action: 'manager.update',
          description: 'rolled back',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const committed = await companyChange();
    await until(() => stream.received.find((e) => e.data['id'] === committed));
    expect(stream.received.filter((e) => e.data['id'] === '999001')).toEqual([]);
    stream.close();
  });

  it('replays what a client missed from its Last-Event-ID, in order', async () => {
    const first = await openStream(tokenOf('user'));
    await companyChange();
    const seen = await until(() => first.received.at(-1));
    first.close();
    await companyChange('company.deactivate');
    await companyChange('company.reactivate');
    const again = await openStream(tokenOf('user'), seen.id ?? '');
    await until(() => again.received.length >= 2);
    expect(again.received.map((e) => e.data['kind'])).toEqual(['company.deactivate', 'company.reactivate']);
    expect(Number(again.received[0]!.id)).toBeGreaterThan(Number(seen.id));
    expect(Number(again.received[1]!.id)).toBeGreaterThan(Number(again.received[0]!.id));
    again.close();
  });

  it('tells a client further behind than the log keeps to revalidate everything', async () => {
    await companyChange();
    await companyChange();
    await pruneLiveEvents(t.database.db, 1);
    const stream = await openStream(tokenOf('user'), '0');
    const first = await until(() => stream.received[0]);
    expect(first.event).toBe('resync');
    stream.close();
  });

  it('gives a GUEST no vendor bank account event, and a USER gets it', async () => {
    const guest = await openStream(tokenOf('guest'));
    const user = await openStream(tokenOf('user'));
    await companyChange('payments.vendor_account.create');
    const marker = await companyChange('company.update');
    await until(() => user.received.find((e) => e.data['kind'] === 'payments.vendor_account.create'));
    await until(() =>
      guest.received.find((e) => e.data['id'] === marker && e.data['kind'] === 'company.update'),
    );
    expect(guest.received.filter((e) => String(e.data['kind']).startsWith('payments.'))).toEqual([]);
    guest.close();
    user.close();
  });

  it('closes within a second when the session is revoked (sign-out)', async () => {
    const session = await t.login('moderator@example.com');
    const stream = await openStream(session.tokens.accessToken);
    const logout = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.tokens.refreshToken },
      token: session.tokens.accessToken,
    });
    expect(logout.statusCode).toBe(200);
    const started = Date.now();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
