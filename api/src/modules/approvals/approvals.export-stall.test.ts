/**
 * A client that takes an export's headers and a few bytes and then stops reading, over a real
 * socket: the database is not held meanwhile (other requests answer at once, and on PostgreSQL no
 * session stays in a transaction or a COPY), the stalled reply is ended after the stall timeout,
 * and one user runs at most two exports at a time.
 */
import { connect, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { APPROVAL_ERRORS, ERROR_CODES } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { rowsOf } from './approvals.repository';

const STALL_MS = 2_000;
/** Enough rows (about 12 MB of JSON, 11 MB of CSV) to overflow every socket and stream buffer. */
const ROWS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestContext;
let base: string;
/** Export replies the server has open (not yet finished or closed). */
const openExports = new Set<object>();
let guest: string;
let user: string;
let admin: string;
beforeAll(async () => {
  t = await build({
    config: { approvalExport: { stallTimeoutMs: STALL_MS, perUser: 2 } },
    beforeReady: (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith('/api/bill-approval/approvals/export')) return;
        openExports.add(reply.raw);
        reply.raw.once('close', () => openExports.delete(reply.raw));
      });
    },
  });
  const [company] = await t.database.db.select().from(companies).orderBy(companies.id).limit(1);
  // Triggers off for the bulk insert (the per-status counts it would keep are not read here): it
  // takes seconds instead of half a minute on the embedded database. The decider's name is long and
  // is not in the trigram-indexed search text, so the rows are large and cheap to insert.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into approvals
        (company_id, company_name, status, priority, total_bills, total_amount_cents, created_at,
         approved_by, approval_date)
      select ${company!.id}, 'Stalled Export Holdings ' || g, 'APPROVED', 'LOW', 1, g * 100,
        now() - g * interval '1 second', repeat('Approver With A Long Name ', 18) || g, now()
      from generate_series(1, ${ROWS}) as g`);
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  guest = (await t.login('guest@example.com')).tokens.accessToken;
  user = (await t.login('user@example.com')).tokens.accessToken;
  admin = (await t.login('admin@example.com')).tokens.accessToken;
}, 120_000);
afterAll(async () => t?.close());

interface StalledExport {
  socket: Socket;
  status: number;
  /** Everything received until the reader stopped, and after `finish()` the rest. */
  received: () => string;
  /** Reads on until the server closes the connection (or `within` ms pass). */
  finish: (within: number) => Promise<'closed' | 'open'>;
}

/** Sends the export request on a raw socket, reads the headers and ~100 bytes, then stops reading. */
function stalledExport(token: string, format: 'csv' | 'json'): Promise<StalledExport> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let text = '';
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0 || text.length < headEnd + 4 + 100) return;
      socket.pause();
      socket.off('data', onData);
      resolve({
        socket,
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        received: () => text,
        finish: (within) =>
          new Promise((done) => {
            if (closed) return done('closed');
            const timer = setTimeout(() => done('open'), within);
            socket.on('data', (more: Buffer) => (text += more.toString('latin1')));
            socket.once('close', () => {
              clearTimeout(timer);
              done('closed');
            });
            socket.resume();
          }),
      });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before 100 bytes: ${text.slice(0, 300)}`)));
    socket.write(
      `GET /api/bill-approval/approvals/export?format=${format} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\n\r\n`,
    );
  });
}

/** GET /api/auth/me over HTTP: its status and how long it took. */
async function timedMe(token: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Database sessions (other than the asking one) inside a transaction or running a statement. */
async function busySessions(): Promise<number> {
  if (t.database.kind !== 'postgres') return 0;
  const [row] = rowsOf<{ n: string }>(
    await t.database.db.execute(sql`select count(*) as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`),
  );
  return Number(row!.n);
}

describe.each(['json', 'csv'] as const)('a stalled %s export', (format) => {
  it('holds nothing the other requests need, and is ended after the stall timeout', async () => {
    const stalled = await stalledExport(guest, format);
    expect(stalled.status).toBe(200);
    // Let the server fill every buffer between it and the stalled reader.
    await sleep(300);
    // On PostgreSQL the export has finished reading the database (into its spool file).
    for (let waited = 0; waited < 3_000 && (await busySessions()) > 0; waited += 50) await sleep(50);
    expect(await busySessions()).toBe(0);

    for (let i = 0; i < 3; i += 1) {
      const me = await timedMe(user);
      expect(me.status).toBe(200);
      expect(me.ms).toBeLessThan(200);
    }
    // Still held open by the server: the reply was neither completed nor cut short so far.
    expect(openExports.size).toBe(1);

    // After the stall timeout the server ends the reply: the reader gets what was buffered, then
    // the connection closes without the end of the file.
    for (let waited = 0; waited < STALL_MS + 3_000 && openExports.size > 0; waited += 100) await sleep(100);
    expect(openExports.size).toBe(0);
    expect(await stalled.finish(5_000)).toBe('closed');
    const body = stalled.received();
    expect(body.length).toBeLessThan(format === 'json' ? 11_000_000 : 10_000_000);
    expect(body.endsWith('0\r\n\r\n')).toBe(false);
  });
});

describe('exports per user', () => {
  it('answers a third concurrent export of one user 429 with Retry-After', async () => {
    const first = await stalledExport(guest, 'csv');
    const second = await stalledExport(guest, 'json');
    try {
      const third = await fetch(`${base}/api/bill-approval/approvals/export?format=csv`, {
        headers: { authorization: `Bearer ${guest}` },
      });
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await third.json()).toEqual({
        success: false,
        error: { code: ERROR_CODES.tooManyRequests, message: APPROVAL_ERRORS.tooManyExports(2) },
      });

      // Another user is not affected.
      const other = await fetch(`${base}/api/bill-approval/approvals/export?format=csv`, {
        headers: { authorization: `Bearer ${user}` },
      });
      expect(other.status).toBe(200);
      await other.body?.cancel();

      // A finished (here: abandoned) export frees its place.
      first.socket.destroy();
      let again: Response | undefined;
      for (let waited = 0; waited < 2_000; waited += 50) {
        again = await fetch(`${base}/api/bill-approval/approvals/export?format=csv`, {
          headers: { authorization: `Bearer ${guest}` },
        });
        if (again.status !== 429) break;
        await again.arrayBuffer();
        await sleep(50);
      }
      expect(again?.status).toBe(200);
      await again?.body?.cancel();
    } finally {
      first.socket.destroy();
      second.socket.destroy();
    }
  });

  it("counts every export route's downloads against one allowance", async () => {
    const first = await stalledExport(admin, 'csv');
    const second = await stalledExport(admin, 'json');
    try {
      // Two approval exports running: the audit log's export is refused too.
      const audit = await fetch(`${base}/api/audit/export`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(audit.status).toBe(429);
      expect(await audit.json()).toEqual({
        success: false,
        error: { code: ERROR_CODES.tooManyRequests, message: APPROVAL_ERRORS.tooManyExports(2) },
      });
    } finally {
      first.socket.destroy();
      second.socket.destroy();
    }
  });
});
