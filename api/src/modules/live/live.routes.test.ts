import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from 'shared-contracts';
import { eq } from 'drizzle-orm';
import { approvals, companies, users } from '../../db/schema';
import { importedApproval } from '../../test/approval-fixtures';
import { secondProcess, type TestContext } from '../../test/build';
import { recordActivity } from '../activity/activity.service';
import { expireOverdueApprovals } from '../approvals/approvals.expiry';
import {
  approveOneAtLastStep,
  buildForStreams,
  openEventStream,
  recordCompanyChange,
  until,
} from '../../test/live-stream';
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
  t = await buildForStreams();
  for (const role of ['admin', 'user', 'guest'] as const)
    sessions[role] = await t.login(`${role}@example.com`);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** An open stream of `token` on this file's server. */
const openStream = (token: string, lastEventId?: string, from = base) =>
  openEventStream(from, token, lastEventId);

async function actor() {
  const [row] = await t.database.db.select().from(users).limit(1);
  return row!;
}
async function companyId() {
  const [row] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  return row!.id;
}

const companyChange = (action?: string) => recordCompanyChange(t, action);

describe('GET /api/events', () => {
  it('needs a signed-in caller', async () => {
    const response = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(401);
  });

  it('delivers a decision after its commit, with ids, kind and status only', async () => {
    const stream = await openStream(tokenOf('guest'));
    const approved = await approveOneAtLastStep(t, tokenOf('admin'));
    const event = await until(() => stream.received.find((e) => e.data['id'] === approved));
    expect(event.event).toBe('change');
    expect(event.id).toMatch(/^\d+$/);
    expect(Object.keys(event.data).sort()).toEqual([
      'actorId',
      'at',
      'entity',
      'figures',
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

  it('starts a new stream with the current id, so a client that saw no event is still replayed', async () => {
    const response = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${tokenOf('user')}`, accept: 'text/event-stream' },
    });
    // Never cached, and never held back by a proxy that buffers (nginx reads X-Accel-Buffering).
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!/^id: \d+$/m.test(text)) text += (await reader.read()).value ?? '';
    const start = /^id: (\d+)$/m.exec(text)![1]!;
    await reader.cancel();
    await companyChange('company.deactivate');
    const again = await openStream(tokenOf('user'), start);
    const replayed = await until(() => again.received[0]);
    expect(replayed).toMatchObject({ event: 'change', data: { kind: 'company.deactivate' } });
    expect(Number(replayed.id)).toBeGreaterThan(Number(start));
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

  it('delivers nothing while the change is uncommitted, then its event once it commits', async () => {
    const stream = await openStream(tokenOf('admin'));
    const id = await companyId();
    const who = await actor();
    let seenBeforeCommit = -1;
    await t.database.db.transaction(async (tx) => {
      await recordActivity(tx, who, 'company', id, { action: 'company.update', description: 'uncommitted' });
      // A read of the log now (not awaited: the embedded database runs it after this transaction)
      // and longer than a wake-up takes: nothing is handed out before the commit.
      void t.app.liveHub.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      seenBeforeCommit = stream.received.filter((e) => e.data['id'] === String(id)).length;
    });
    expect(seenBeforeCommit).toBe(0);
    await until(() => stream.received.find((e) => e.data['id'] === String(id)));
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

/** A company of its own with an open approval paying vendor V-LIVE, so account changes reach its history. */
async function vendorAccountCompany() {
  const created = await t.request({
    method: 'POST',
    url: '/api/company/companies',
    token: tokenOf('admin'),
    payload: { name: `Live Accounts ${Date.now()}` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ data: { id: number } }>().data.id;
  // Its bills come as an import brings them: the vendor has no bank account here yet, so a request
  // entered by hand would be refused (not the company's vendor).
  const approval = await importedApproval(t.app.db, {
    companyId: id,
    priority: 'HIGH',
    bills: [
      {
        Id: String(900_000 + (Date.now() % 99_999)),
        TotalAmt: 12.5,
        DocNumber: 'INV-LIVE-1',
        VendorRef: { value: 'V-LIVE', name: 'Live Vendor' },
      },
    ],
  });
  return { companyOf: id, approvalOf: approval.id };
}

describe('events about vendor bank accounts', () => {
  it('carry the company, the version and PENDING / CONFIRMED to USER and above, and never reach a GUEST', async () => {
    const streams = {
      guest: await openStream(tokenOf('guest')),
      user: await openStream(tokenOf('user')),
      admin: await openStream(tokenOf('admin')),
    };
    const { companyOf, approvalOf } = await vendorAccountCompany();
    const moderator = await t.login('moderator@example.com');
    const added = await t.request({
      method: 'POST',
      url: `/api/company/companies/${companyOf}/vendor-accounts`,
      token: moderator.tokens.accessToken,
      payload: {
        vendorRef: 'V-LIVE',
        vendorName: 'Live Vendor',
        routingNumber: '021000021',
        accountNumber: '123456789',
        accountType: 'checking',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { id: accountId, control } = added.json<{ data: { id: number; control: { version: number } } }>()
      .data;
    const account = { id: accountId, version: control.version };
    const confirmed = await t.request({
      method: 'PUT',
      url: `/api/company/companies/${companyOf}/vendor-accounts/${account.id}/confirm`,
      token: tokenOf('admin'),
      payload: { version: account.version },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // A marker every role receives, after the account events.
    const marker = await t.request({
      method: 'PUT',
      url: `/api/company/companies/${companyOf}/deactivate`,
      token: tokenOf('admin'),
    });
    expect(marker.statusCode, marker.body).toBe(200);

    for (const role of ['user', 'admin'] as const) {
      const received = streams[role].received;
      const pending = await until(() =>
        received.find((e) => e.data['kind'] === 'payments.vendor_account.create'),
      );
      expect(pending.data).toMatchObject({
        entity: 'company',
        id: String(companyOf),
        status: 'PENDING',
        version: account.version,
      });
      const done = await until(() =>
        received.find((e) => e.data['kind'] === 'payments.vendor_account.confirm'),
      );
      expect(done.data).toMatchObject({
        id: String(companyOf),
        status: 'CONFIRMED',
        version: account.version,
      });
      // No account number, routing number or name in any event.
      expect(JSON.stringify(received)).not.toMatch(/123456789|021000021|Live Vendor/);
    }
    const guest = streams.guest.received;
    await until(() =>
      guest.find((e) => e.data['kind'] === 'company.deactivate' && e.data['id'] === String(companyOf)),
    );
    expect(guest.filter((e) => /^payments\.|vendor_account/.test(String(e.data['kind'])))).toEqual([]);
    expect(guest.some((e) => e.data['kind'] === 'approval.create' && e.data['id'] === approvalOf)).toBe(true);
    for (const stream of Object.values(streams)) stream.close();
  });
});

describe('ending and replaying', () => {
  it('closes within a second when the user is deactivated', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      token: tokenOf('admin'),
      payload: {
        email: `live-${Date.now()}@example.com`,
        password: 'Quiet-Harbour-Lantern-42',
        firstName: 'Lena',
        lastName: 'Live',
        role: 'USER',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<{ data: { user: { id: number; email: string } } }>().data.user;
    const session = await t.login(user.email, 'Quiet-Harbour-Lantern-42');
    const stream = await openStream(session.tokens.accessToken);
    const deactivated = await t.request({
      method: 'PUT',
      url: `/api/user/users/${user.id}/deactivate`,
      token: tokenOf('admin'),
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const started = Date.now();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

/**
 * A second API process on the same database: on PostgreSQL an app with a pool and a listening
 * connection of its own (the wake-up crosses connections through NOTIFY, as between machines);
 * on the embedded database, a second app on the same in-process database.
 */
async function listeningSecondProcess(): Promise<{ base: string; close(): Promise<void> }> {
  const other = await secondProcess(t);
  return { base: await other.app.listen({ port: 0, host: '127.0.0.1' }), close: other.close };
}

describe('several API processes on one database', () => {
  it("deliver each other's events through the database's wake-up (no safety poll in this file)", async () => {
    const other = await listeningSecondProcess();
    try {
      const here = await openStream(tokenOf('user'));
      const there = await openStream(tokenOf('user'), undefined, other.base);
      // A change through this process reaches the other process's client, and the reverse.
      const companyHere = await companyChange('company.update');
      await until(() => there.received.find((e) => e.data['id'] === companyHere));
      const pending = await t.request({
        method: 'GET',
        url: '/api/bill-approval/approvals?status=PENDING&limit=25',
        token: tokenOf('admin'),
      });
      const rows = pending.json<{ data: { id: string; createdById: number | null }[] }>().data;
      // Any session will do: the other process checks it against the same database.
      const session = { data: await t.login('admin@example.com') };
      let decided: string | undefined;
      for (const row of rows) {
        const response = await fetch(`${other.base}/api/bill-approval/approvals/${row.id}/reject`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${session.data.tokens.accessToken}`,
          },
          body: JSON.stringify({ rejectionReason: 'decided on the other process' }),
        });
        if (response.status === 200) {
          decided = row.id;
          break;
        }
      }
      expect(decided).toBeDefined();
      const event = await until(() => here.received.find((e) => e.data['id'] === decided));
      expect(event.data).toMatchObject({ kind: 'approval.reject', status: 'REJECTED' });
      here.close();
      there.close();
    } finally {
      await other.close();
    }
  });
});
