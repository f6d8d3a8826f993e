/**
 * The QuickBooks sync when things happen at once: two API processes syncing one company, a run cut
 * between pages, a page rolled back to break a deadlock with people's decisions, a page and a
 * decision meeting on the status counters, and QuickBooks' throttling.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QbSyncStatus } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { approvals, qbImportedBills, qbSyncState } from '../../db/schema';
import { installDeadlockShot } from '../../test/deadlock-shot';
import { IMPORT_TIMEOUT_MS, sorted, syncDeps, useQbSyncWorld } from '../../test/qb-sync-world';
import { runCompanySync } from '../../flows/quickbooks-import';
import { SyncInterrupted } from './qb-sync.service';

const world = useQbSyncWorld();

describe('two API processes, crashes and throttling', () => {
  it('two API processes syncing one company at once import each bill once', async () => {
    const { id, realmId } = await world.connectedCompany(700);
    const second = await buildApp({
      config: world.t.config,
      database: world.t.database,
      logger: false,
      serveFrontends: false,
    });
    await second.ready();
    try {
      // Both at once: whichever order the database puts them in, each bill is imported once.
      await Promise.all([
        runCompanySync(syncDeps(world.t.app, { pageSize: 100 }), id),
        runCompanySync(syncDeps(second, { pageSize: 100 }), id),
      ]);
      // The second process asks while the first is between pages: it finds the lease taken.
      const { id: third, realmId: thirdRealm } = await world.connectedCompany(300);
      let meanwhile: { status: string } | undefined;
      const holder = await runCompanySync(syncDeps(world.t.app, { pageSize: 100 }), third, {
        onPageWritten: async (page) => {
          if (page.phase === 'bills' && !meanwhile) {
            meanwhile = await runCompanySync(syncDeps(second, { pageSize: 100 }), third);
          }
        },
      });
      expect([holder.status, meanwhile?.status]).toEqual(['done', 'busy']);
      expect(sorted(await world.importedIds(third))).toEqual(sorted(world.unpaidIds(thirdRealm)));

      // A lease that runs out mid-sync (a stalled process): the other process takes over, and the
      // first one's next page is fenced off instead of written twice.
      const { id: other, realmId: otherRealm } = await world.connectedCompany(700);
      let takeover: { status: string } | undefined;
      const first = await runCompanySync(syncDeps(world.t.app, { pageSize: 100 }), other, {
        onPageWritten: async (page) => {
          if (page.phase === 'bills' && page.position === 101 && !takeover) {
            await world.t.database.db
              .update(qbSyncState)
              .set({ leaseUntil: sql`now() - interval '1 second'` })
              .where(eq(qbSyncState.companyId, other));
            takeover = await runCompanySync(syncDeps(second, { pageSize: 100 }), other);
          }
        },
      });
      expect(first.status).toBe('busy');
      expect(takeover?.status).toBe('done');
      for (const [company, realm] of [
        [id, realmId],
        [other, otherRealm],
      ] as const) {
        const ids = await world.importedIds(company);
        expect(ids).toHaveLength(new Set(ids).size);
        expect(sorted(ids)).toEqual(sorted(world.unpaidIds(realm)));
      }
    } finally {
      await second.close();
    }
  });

  it('a sync cut between pages resumes at the next page, once its lease has run out', async () => {
    const { id, realmId } = await world.connectedCompany(500);
    const sync = syncDeps(world.t.app, { pageSize: 100 });
    await expect(
      runCompanySync(sync, id, {
        onPageWritten: (page) => {
          if (page.phase === 'bills' && page.position === 201) throw new SyncInterrupted('process died');
        },
      }),
    ).rejects.toBeInstanceOf(SyncInterrupted);
    const [state] = await world.t.database.db.select().from(qbSyncState).where(eq(qbSyncState.companyId, id));
    expect(state).toMatchObject({ phase: 'bills', nextPosition: 301 });
    expect(await world.importedIds(id)).toHaveLength(300);
    // Its lease is still live: nobody else runs it yet.
    expect((await runCompanySync(sync, id)).status).toBe('busy');

    await world.t.database.db
      .update(qbSyncState)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(qbSyncState.companyId, id));
    const pages: number[] = [];
    const resumed = await runCompanySync(sync, id, {
      onPageWritten: (page) => {
        if (page.phase === 'bills') pages.push(page.position);
      },
    });
    expect(resumed.status).toBe('done');
    expect(pages[0]).toBe(301);
    const ids = await world.importedIds(id);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(sorted(ids)).toEqual(sorted(world.unpaidIds(realmId)));
  });

  it("writes a page again when the database rolls it back to break a deadlock with people's decisions, each bill once", async () => {
    const { id, realmId } = await world.connectedCompany(120);
    const db = world.t.database.db;
    // The third approval written is refused once, as PostgreSQL refuses a deadlock's victim (40P01):
    // the second page's transaction is rolled back in the middle.
    const shot = await installDeadlockShot(db, 'qb_sync_refuse_once', {
      events: 'insert',
      when: `new.company_id = ${id}`,
    });
    await shot.arm(3);
    try {
      const outcome = await runCompanySync(syncDeps(world.t.app, { pageSize: 40 }), id);
      expect(outcome).toMatchObject({ status: 'done' });
      const ids = await world.importedIds(id);
      expect(ids).toHaveLength(new Set(ids).size);
      expect(sorted(ids)).toEqual(sorted(world.unpaidIds(realmId)));
      // The rolled-back attempt is not counted.
      expect(outcome.billsImported).toBe(ids.length);
      const made = await db
        .select({ id: approvals.id })
        .from(approvals)
        .where(and(eq(approvals.companyId, id), eq(approvals.origin, 'QUICKBOOKS')));
      expect(outcome.approvalsCreated).toBe(made.length);
      expect(await shot.refusedThenWritten()).toBe(true);
    } finally {
      await shot.remove();
    }
  });

  it.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')(
    'a page and a decision meeting on the status counters wait for each other instead of deadlocking',
    async () => {
      const database = world.t.database;
      if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
      const { id } = await world.connectedCompany(300);
      const deadlocks = async () => {
        await database.db.execute(sql`select pg_stat_clear_snapshot()`);
        const result = await database.db.execute(
          sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
        );
        return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      };
      const before = await deadlocks();
      // A decision under way holds a priority's PENDING counter, as approve's first counter update does…
      const decision = await database.pool.connect();
      try {
        await decision.query('begin');
        await decision.query(
          `update approval_counts set count = count where status = 'PENDING' and priority = 'LOW'`,
        );
        const sync = runCompanySync(syncDeps(world.t.app, { pageSize: 1000 }), id);
        // …the page comes to wait for it…
        await expect
          .poll(async () => {
            const result = await database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
          })
          .toBeGreaterThan(0);
        // …and the decision then takes the PENDING total, as approve does next.
        await decision.query(`update approval_status_counts set count = count where status = 'PENDING'`);
        await decision.query('commit');
        expect((await sync).status).toBe('done');
      } finally {
        await decision.query('rollback').catch(() => {});
        decision.release();
      }
      // PostgreSQL counts deadlocks when the backend that hit one reports its statistics.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await deadlocks()).toBe(before);
    },
    IMPORT_TIMEOUT_MS,
  );

  it('honours 429 Retry-After from QuickBooks, and records the error when the attempts run out', async () => {
    const { id, realmId } = await world.connectedCompany(50);
    world.emulator.failNext(realmId, 1, 429);
    const outcome = await runCompanySync(syncDeps(world.t.app), id);
    expect(outcome.status).toBe('done');
    const answers = world.emulator.traffic(realmId).answers;
    const refused = answers.findIndex((answer) => answer.status === 429);
    expect(refused).toBeGreaterThanOrEqual(0);
    // Retry-After said 1 second: nothing was sent to the realm before it passed.
    expect(answers[refused + 1]!.at - answers[refused]!.at).toBeGreaterThanOrEqual(1000);
    expect(sorted(await world.importedIds(id))).toEqual(sorted(world.unpaidIds(realmId)));

    // QuickBooks failing for good: the run stops, the panel says why and when.
    const { id: failing, realmId: failingRealm } = await world.connectedCompany(50);
    world.emulator.failNext(failingRealm, 3, 503);
    const warnings: Array<Record<string, unknown>> = [];
    const log = Object.create(world.t.app.log, {
      warn: { value: (fields: Record<string, unknown>) => void warnings.push(fields) },
    }) as FastifyBaseLogger;
    const failed = await runCompanySync(syncDeps(world.t.app, { maxAttempts: 3 }, log), failing);
    expect(failed.status).toBe('failed');
    const status = await world.t.request({
      url: `/api/company/companies/${failing}/qb-sync`,
      token: world.moderator,
    });
    const panel = status.json<{ data: QbSyncStatus }>().data;
    expect(panel.lastError).toContain('server error (HTTP 503)');
    // Intuit's id of the failed request, for its support: in the log and on the panel.
    expect(warnings).toEqual([
      expect.objectContaining({ companyId: failing, kind: 'server_error', intuitTid: expect.any(String) }),
    ]);
    expect(panel.lastError).toContain(`(intuit_tid ${String(warnings[0]!.intuitTid)})`);
    expect(panel.lastErrorAt).not.toBeNull();
    expect(panel.nextRunAt).not.toBeNull();
    // The next run picks up where it stopped.
    expect((await runCompanySync(syncDeps(world.t.app), failing)).status).toBe('done');
    expect(sorted(await world.importedIds(failing))).toEqual(sorted(world.unpaidIds(failingRealm)));
    const imported = await world.t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(qbImportedBills)
      .where(eq(qbImportedBills.companyId, failing));
    expect(imported[0]!.count).toBe(world.unpaidIds(failingRealm).length);
  });
});
