import { and, eq, sql } from 'drizzle-orm';
import { QB_CONNECT_ERRORS, type QbSyncStatus } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { activity, approvals, companies, qbImportedBills, qbSyncState, qbVendors } from '../../db/schema';
import { connectThroughConsent } from '../../test/qbo-emulator';
import { IMPORT_TIMEOUT_MS, sorted, syncDeps, useQbSyncWorld } from '../../test/qb-sync-world';
import { runCompanySync } from '../../flows/quickbooks-import';
import { importPriority } from './qb-import';
import { findCompaniesDue } from './qb-sync.repository';

// The first full sync, incremental syncs, another company, vendors, the schedule and bills changed
// in QuickBooks after the import; two processes, crashes, deadlocks and throttling are in
// qb-sync-concurrency.test.ts.

const world = useQbSyncWorld();

/** The connect flow for an existing company: consent to `realmId`, then the callback's answer. */
const connect = (id: number, realmId: string) => connectThroughConsent(world.t, world.moderator, id, realmId);

describe('the first full sync and incremental syncs', () => {
  it(
    'imports a 2,500-bill realm in three pages of bills, each bill once, in approvals of at most 25 by due date',
    async () => {
      const { id, realmId } = await world.connectedCompany(2500);
      const pages: Array<{ phase: string; position: number; count: number }> = [];
      const startedAt = new Date();
      const outcome = await runCompanySync(syncDeps(world.t.app), id, {
        onPageWritten: (page) => {
          pages.push(page);
        },
      });
      expect(outcome.status).toBe('done');
      const unpaid = world.unpaidIds(realmId);
      expect(unpaid.length).toBeGreaterThan(2000);
      expect(
        pages.filter((page) => page.phase === 'bills').map((page) => [page.position, page.count]),
      ).toEqual([
        [1, 1000],
        [1001, 1000],
        [2001, unpaid.length - 2000],
      ]);
      const ids = await world.importedIds(id);
      expect(ids).toHaveLength(unpaid.length); // nothing doubled
      expect(sorted(ids)).toEqual(sorted(unpaid)); // nothing missing, no paid bill
      expect(outcome).toMatchObject({
        billsImported: unpaid.length,
        approvalsCreated: Math.ceil(unpaid.length / 25),
      });

      const rows = await world.t.database.db
        .select()
        .from(approvals)
        .where(and(eq(approvals.companyId, id), eq(approvals.origin, 'QUICKBOOKS')));
      for (const row of rows) {
        expect(row.bills.length).toBeLessThanOrEqual(25);
        const due = row.bills.map((bill) => bill.DueDate ?? '');
        expect(due).toEqual([...due].sort());
        // The day the sync ran (a run may straddle midnight UTC).
        expect([importPriority(due[0], startedAt), importPriority(due[0])]).toContain(row.priority);
        expect(row.createdById).toBeNull();
        expect(row.createdByName).toBe('Imported from QuickBooks');
      }
      // A partly paid bill asks for its balance, not its total.
      const partly = world.emulator
        .realm(realmId)
        .bills.find((bill) => bill.Balance > 0 && bill.Balance < bill.TotalAmt)!;
      const holder = rows.find((row) => row.billIds.includes(partly.Id))!;
      expect(holder.bills.find((bill) => bill.Id === partly.Id)!.TotalAmt).toBe(partly.Balance);

      const [history] = await world.t.database.db
        .select()
        .from(activity)
        .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, rows[0]!.id)));
      expect(history).toMatchObject({
        userId: null,
        userName: 'Imported from QuickBooks',
        action: 'approval.create',
      });
      const vendors = await world.t.database.db.select().from(qbVendors).where(eq(qbVendors.companyId, id));
      expect(vendors.map((vendor) => vendor.qbVendorId).sort()).toEqual(
        world.emulator
          .realm(realmId)
          .vendors.map((vendor) => vendor.Id)
          .sort(),
      );

      // The panel.
      const status = await world.t.request({
        url: `/api/company/companies/${id}/qb-sync`,
        token: world.moderator,
      });
      expect(status.json<{ data: QbSyncStatus }>().data).toMatchObject({
        running: false,
        phase: 'incremental',
        billsImported: unpaid.length,
        billsWaiting: unpaid.length,
        lastError: null,
      });

      // Incremental: only what changed, by CDC; a bill paid before and now owed again comes in once.
      const paid = world.emulator.realm(realmId).bills.find((bill) => bill.Balance === 0)!;
      world.emulator.updateBill(realmId, paid.Id, (bill) => {
        bill.Balance = bill.TotalAmt;
      });
      const before = world.emulator.traffic(realmId).requests;
      const again = await runCompanySync(syncDeps(world.t.app), id);
      expect(again).toMatchObject({ status: 'done', billsImported: 1, approvalsCreated: 1 });
      expect(world.emulator.traffic(realmId).requests - before).toBe(1); // one CDC request
      expect(sorted(await world.importedIds(id))).toEqual(sorted([...unpaid, paid.Id]));
      expect(await runCompanySync(syncDeps(world.t.app), id)).toMatchObject({
        status: 'done',
        billsImported: 0,
      });
    },
    IMPORT_TIMEOUT_MS,
  );

  it(
    'misses no bill when bills leave the unpaid set between two pages (paid or deleted in QuickBooks meanwhile)',
    async () => {
      const { id, realmId } = await world.connectedCompany(2500);
      const unpaidAtStart = world.unpaidIds(realmId);
      let changed = false;
      const outcome = await runCompanySync(syncDeps(world.t.app), id, {
        onPageWritten: (page) => {
          if (page.phase !== 'bills' || changed) return;
          changed = true;
          // Between the first and the second page, two bills of the first page leave the set: with
          // STARTPOSITION paging every later bill moves two places down and two are never read.
          world.emulator.updateBill(realmId, unpaidAtStart[10]!, (bill) => {
            bill.Balance = 0;
          });
          world.emulator.deleteBill(realmId, unpaidAtStart[20]!);
        },
      });
      expect(outcome.status).toBe('done');
      expect(changed).toBe(true);
      const [state] = await world.t.database.db
        .select()
        .from(qbSyncState)
        .where(eq(qbSyncState.companyId, id));
      expect(state).toMatchObject({ phase: 'incremental', afterId: null });
      const claimed = await world.t.database.db
        .select({ id: qbImportedBills.qbBillId })
        .from(qbImportedBills)
        .where(eq(qbImportedBills.companyId, id));
      // Every bill unpaid when the sync started was read, once.
      expect(sorted(claimed.map((row) => row.id))).toEqual(sorted(unpaidAtStart));
      // The two that left were taken out of their approval by the CDC pass that follows.
      const ids = await world.importedIds(id);
      expect(ids).toHaveLength(new Set(ids).size);
      expect(sorted(ids)).toEqual(sorted(world.unpaidIds(realmId)));
    },
    IMPORT_TIMEOUT_MS,
  );

  it('answers Sync now for a company without QuickBooks with 400, and GUEST with 403', async () => {
    const [company] = await world.t.database.db
      .insert(companies)
      .values({ name: 'No QuickBooks' })
      .returning();
    const refused = await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${company!.id}/qb-sync`,
      token: world.moderator,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Connect the company to QuickBooks before syncing',
    );
    const guest = (await world.t.login('guest@example.com')).tokens.accessToken;
    const forbidden = await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${company!.id}/qb-sync`,
      token: guest,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it("'Sync now' imports the realm's bills", async () => {
    const { id, realmId } = await world.connectedCompany(60);
    const answer = await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${id}/qb-sync`,
      token: world.moderator,
    });
    expect(answer.statusCode).toBe(202);
    await world.t.app.qbSyncIdle(); // the run it started in this process (no queue in these tests)
    expect(sorted(await world.importedIds(id))).toEqual(sorted(world.unpaidIds(realmId)));
  });
});

describe('another QuickBooks company', () => {
  it("refuses to connect a company holding one realm's bills to another realm, whose ids overlap", async () => {
    const { id, realmId } = await world.connectedCompany(60);
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('done');
    const imported = sorted(await world.importedIds(id));
    expect(imported.length).toBeGreaterThan(0);
    const disconnected = await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${id}/qb-disconnect`,
      token: world.moderator,
    });
    expect(disconnected.statusCode).toBe(200);

    // QuickBooks ids are unique only within a realm: the other realm has bills of the same ids.
    const other = world.emulator.createRealm('Overlapping Realm', { bills: 60 });
    const otherIds = new Set(world.unpaidIds(other));
    expect(imported.some((billId) => otherIds.has(billId))).toBe(true);
    const refused = await connect(id, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      QB_CONNECT_ERRORS.realmChanged(realmId, other),
    );
    const [company] = await world.t.database.db.select().from(companies).where(eq(companies.id, id));
    expect(company).toMatchObject({
      qbRealmId: null,
      qbRefreshTokenEnc: null,
      qbConnectionStatus: 'disconnected',
    });
    const [failed] = await world.t.database.db
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.entityType, 'company'),
          eq(activity.entityId, String(id)),
          eq(activity.action, 'company.qb_connect_failed'),
        ),
      );
    expect(failed?.details).toMatchObject({ realmId: other });
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('failed');
    expect(sorted(await world.importedIds(id))).toEqual(imported);

    // The realm it holds may come back, and goes on where it was: nothing imported twice.
    expect((await connect(id, realmId)).statusCode).toBe(200);
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('done');
    expect(sorted(await world.importedIds(id))).toEqual(imported);

    // A company that holds nothing of its realm yet may change realm.
    const { id: fresh } = await world.connectedCompany(5);
    await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${fresh}/qb-disconnect`,
      token: world.moderator,
    });
    expect((await connect(fresh, other)).statusCode).toBe(200);
    expect((await runCompanySync(syncDeps(world.t.app), fresh)).status).toBe('done');
    expect(sorted(await world.importedIds(fresh))).toEqual(sorted(world.unpaidIds(other)));
  });
});

describe('vendors', () => {
  it("matches an imported bill's vendor to the company's vendor bank account by QuickBooks vendor id", async () => {
    const { id, realmId } = await world.connectedCompany(40);
    // A vendor with an unpaid bill (which one depends on the realm's generated data).
    const realm = world.emulator.realm(realmId);
    const vendor = realm.vendors.find((candidate) =>
      realm.bills.some((bill) => bill.Balance > 0 && bill.VendorRef.value === candidate.Id),
    )!;
    const added = await world.t.request({
      method: 'POST',
      url: `/api/company/companies/${id}/vendor-accounts`,
      token: world.moderator,
      payload: {
        vendorRef: vendor.Id,
        vendorName: vendor.DisplayName,
        routingNumber: '021000021',
        accountNumber: '123456789',
        accountType: 'checking',
      },
    });
    expect(added.statusCode).toBe(201);
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('done');
    const rows = await world.t.database.db.select().from(approvals).where(eq(approvals.companyId, id));
    const withVendor = rows.find((row) => row.bills.some((bill) => bill.VendorRef?.value === vendor.Id))!;
    const answer = await world.t.request({
      url: `/api/bill-approval/approvals/${withVendor.id}/payment-accounts`,
      token: world.moderator,
    });
    expect(answer.statusCode).toBe(200);
    const accounts = answer.json<{
      data: { accounts: Array<{ vendorRef: string | null; account: { accountLast4: string } | null }> };
    }>().data.accounts;
    expect(accounts.find((entry) => entry.vendorRef === vendor.Id)?.account?.accountLast4).toBe('6789');
    // Another vendor of the same approval has no account yet, and says so before anyone approves.
    const others = accounts.filter((entry) => entry.vendorRef !== vendor.Id);
    expect(others.every((entry) => entry.account === null)).toBe(true);
  });
});

describe('the schedule', () => {
  it('is due for a company just connected through the consent flow, not for one whose tokens came another way', async () => {
    const { id } = await world.connectedCompany(10);
    const due = await findCompaniesDue(world.t.database.db, 10_000);
    expect(due).toContain(id);
    const seeded = await world.t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.qbConnectionStatus, 'connected'),
          sql`${companies.name} not like 'QuickBooks Sync %'`,
        ),
      );
    expect(seeded.length).toBeGreaterThan(0);
    expect(due.filter((companyId) => seeded.some((row) => row.id === companyId))).toEqual([]);
    // After its sync, not before its next run.
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('done');
    expect(await findCompaniesDue(world.t.database.db, 10_000)).not.toContain(id);
  });
});

describe('importPriority', () => {
  it('is URGENT when overdue, HIGH within 3 days, MEDIUM within 14, else LOW', () => {
    const today = new Date('2026-11-25T15:00:00Z');
    expect(importPriority('2026-11-24', today)).toBe('URGENT');
    expect(importPriority('2026-11-25', today)).toBe('HIGH');
    expect(importPriority('2026-11-28', today)).toBe('HIGH');
    expect(importPriority('2026-11-29', today)).toBe('MEDIUM');
    expect(importPriority('2026-12-09', today)).toBe('MEDIUM');
    expect(importPriority('2026-12-10', today)).toBe('LOW');
  });
});

describe('bills changed in QuickBooks after the import', () => {
  it('updates a PENDING approval (changed), removes paid or deleted bills, expires an emptied one and never changes a decided one', async () => {
    const { id, realmId } = await world.connectedCompany(80);
    expect((await runCompanySync(syncDeps(world.t.app), id)).status).toBe('done');
    const rows = await world.t.database.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.companyId, id), eq(approvals.origin, 'QUICKBOOKS')));
    const byBills = [...rows].sort((a, b) => b.totalBills - a.totalBills);
    const big = byBills[0]!;
    const small = byBills[byBills.length - 1]!;
    const decided = byBills[1]!;
    expect(big.totalBills).toBe(25);
    const [changed, paid, deleted] = big.billIds;

    // Decided by a rejection: one decision settles it whatever steps its policy asks of an approval.
    const admin = (await world.t.login('admin@example.com')).tokens.accessToken;
    const reject = await world.t.request({
      method: 'PUT',
      url: `/api/bill-approval/approvals/${decided.id}/reject`,
      token: admin,
      payload: { rejectionReason: 'Not this month' },
    });
    expect(reject.statusCode).toBe(200);

    world.emulator.updateBill(realmId, changed!, (bill) => {
      bill.Line[0]!.Amount = Math.round((bill.Line[0]!.Amount + 10) * 100) / 100;
    });
    const newTotal = world.emulator.realm(realmId).bills.find((bill) => bill.Id === changed)!.Balance;
    world.emulator.updateBill(realmId, paid!, (bill) => {
      bill.Balance = 0;
    });
    world.emulator.deleteBill(realmId, deleted!);
    for (const billId of small.billIds) world.emulator.deleteBill(realmId, billId);
    world.emulator.updateBill(realmId, decided.billIds[0]!, (bill) => {
      bill.Line[0]!.Amount += 1;
    });

    expect(await runCompanySync(syncDeps(world.t.app), id)).toMatchObject({
      status: 'done',
      billsImported: 0,
    });

    const read = async (approvalId: string) =>
      (await world.t.database.db.select().from(approvals).where(eq(approvals.id, approvalId)))[0]!;
    const after = await read(big.id);
    expect(after.status).toBe('PENDING');
    expect(after.billIds).toEqual(big.billIds.filter((billId) => billId !== paid && billId !== deleted));
    expect(after.bills.find((bill) => bill.Id === changed)!.TotalAmt).toBe(newTotal);
    expect(after.totalAmountCents).toBe(
      after.bills.reduce((sum, bill) => sum + Math.round(bill.TotalAmt * 100), 0),
    );
    const history = async (approvalId: string) =>
      (
        await world.t.database.db
          .select()
          .from(activity)
          .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, approvalId)))
      ).map((row) => row.description);
    const bigHistory = (await history(big.id)).join('\n');
    expect(bigHistory).toContain('changed in QuickBooks');
    expect(bigHistory).toContain('was paid in QuickBooks');
    expect(bigHistory).toContain('was deleted in QuickBooks');

    expect((await read(small.id)).status).toBe('EXPIRED');
    expect((await history(small.id)).join('\n')).toContain('has no bills left and expired');

    const decidedAfter = await read(decided.id);
    expect(decidedAfter.status).not.toBe('PENDING');
    expect(decidedAfter.bills).toEqual(decided.bills);
    expect((await history(decided.id)).join('\n')).toContain('changed in QuickBooks after the approval was');
  });
});
