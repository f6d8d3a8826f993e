import type { QbSyncStatus } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, companies, qbImportedBills, qbSyncState } from '../../db/schema';
import { build, type TestContext } from '../../test/build';

/**
 * The sync panel's figures say what they count: bills imported from QuickBooks, those of them
 * still waiting, and beside them every approval of the company that waits, whatever its source.
 */

let t: TestContext;
let moderator = '';

beforeAll(async () => {
  t = await build();
  moderator = (await t.login('moderator@example.com')).tokens.accessToken;
});
afterAll(async () => {
  await t?.close();
});

async function status(companyId: number): Promise<QbSyncStatus> {
  const response = await t.request({ url: `/api/company/companies/${companyId}/qb-sync`, token: moderator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: QbSyncStatus }>().data;
}

async function company(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(companies)
    .values({ name, qbRealmId: '4620816365', qbConnectionStatus: 'connected' })
    .returning({ id: companies.id });
  return row!.id;
}

describe('GET …/qb-sync: imported bills and the approvals waiting', () => {
  it('counts hand-entered approvals as waiting, not as imported', async () => {
    const handEntered = await company('Hand Entered Bills');
    const other = await company('Someone Else');
    await t.database.db
      .insert(approvals)
      .values([
        ...Array.from({ length: 5 }, () => ({ companyId: handEntered })),
        { companyId: handEntered, status: 'APPROVED' as const },
        { companyId: other },
      ]);
    // Never synced: no sync state at all.
    expect(await status(handEntered)).toMatchObject({
      lastSyncAt: null,
      billsImported: 0,
      billsWaiting: 0,
      approvalsWaiting: 5,
    });
  });

  it('counts an imported approval both as imported and as waiting', async () => {
    const id = await company('Imported And Hand Entered');
    const [imported] = await t.database.db
      .insert(approvals)
      .values([{ companyId: id }, { companyId: id }])
      .returning({ id: approvals.id });
    await t.database.db
      .insert(qbSyncState)
      .values({ companyId: id, phase: 'incremental', lastSyncAt: new Date(), billsImported: 2 });
    await t.database.db.insert(qbImportedBills).values([
      { companyId: id, qbBillId: '101', approvalId: imported!.id, syncToken: '0' },
      { companyId: id, qbBillId: '102', approvalId: imported!.id, syncToken: '0' },
    ]);
    expect(await status(id)).toMatchObject({ billsImported: 2, billsWaiting: 2, approvalsWaiting: 2 });
  });
});
