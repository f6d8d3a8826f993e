import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, companies, users, type UserRow } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { liveEventsAfter, newestLiveEvent } from '../live/live.service';
import { recordActivity, type ActivityEvent } from './activity.service';

let t: TestContext;
let actor: UserRow;
let companyId: number;

beforeAll(async () => {
  t = await build({ app: { approvalSweep: false } });
  const [user] = await t.database.db.select().from(users).limit(1);
  const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
  actor = user!;
  companyId = company!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Records one change of the company, and answers its live event and its activity row. */
async function record(event: ActivityEvent) {
  const db = t.database.db;
  const from = await newestLiveEvent(db);
  await db.transaction((tx) => recordActivity(tx, actor, 'company', companyId, event));
  const events = await liveEventsAfter(db, from, 10);
  const [row] = await db.select().from(activity).orderBy(desc(activity.id)).limit(1);
  expect(events).toHaveLength(1);
  return { event: events[0]!, row: row! };
}

describe('recordActivity', () => {
  it("gives the live event the status and version the caller states, and the row only the change's details", async () => {
    const { event, row } = await record({
      action: 'payments.vendor_account.update',
      description: 'changed a bank account',
      details: { vendorRef: 'V-1' },
      status: 'PENDING',
      version: 3,
    });
    expect(event).toMatchObject({
      kind: 'payments.vendor_account.update',
      entityType: 'company',
      entityId: String(companyId),
      status: 'PENDING',
      version: 3,
    });
    expect(row).toMatchObject({ action: 'payments.vendor_account.update', details: { vendorRef: 'V-1' } });
  });

  it('reads no status from the details: a status-looking `to` with none stated gives none', async () => {
    const { event } = await record({
      action: 'company.deactivate',
      description: 'deactivated',
      details: { from: 'ACTIVE', to: 'INACTIVE', after: { status: 'INACTIVE', version: 4 } },
    });
    expect(event).toMatchObject({ kind: 'company.deactivate', status: null, version: null });
  });
});
