/**
 * A return file is applied all or nothing: the database refusing a write half-way through (here a
 * trigger standing in for a full disk or a lost connection) leaves every entry, lock, account,
 * history row and the file's own record as they were, so the same file uploaded again applies in
 * full rather than being answered 'already applied'. Both engines.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  approvals,
  bankFileEntries,
  bankReturnFiles,
  liveEvents,
  paidBills,
  vendorBankAccounts,
} from '../../db/schema';
import { bankReturnSteps, bankReturnsWorld, type BankReturnsContext } from '../../test/bank-returns';
import type { TestContext } from '../../test/build';
import { bill, paidApproval, type PaymentWorld } from '../../test/payment-world';

let setup: BankReturnsContext;
let ctx: TestContext;
let world: PaymentWorld;

beforeAll(async () => {
  setup = await bankReturnsWorld('Atomic Returns Co');
  ({ ctx, world } = setup);
});
afterAll(() => ctx.close());

const { upload, returnFor } = bankReturnSteps(() => setup);

/** The database refuses to move an approval to a returned status: the last write of a return. */
async function refuseReturnedStatus(on: boolean): Promise<void> {
  if (!on) {
    await ctx.app.db.execute(sql`drop trigger refuse_returned_status on approvals`);
    return;
  }
  await ctx.app.db.execute(
    sql.raw(`create function refuse_returned_status() returns trigger language plpgsql as $$
      begin raise exception 'could not write: the disk is full'; end $$`),
  );
  await ctx.app.db.execute(
    sql.raw(`create trigger refuse_returned_status before update of status on approvals for each row
      when (new.status in ('PAYMENT_RETURNED', 'PAYMENT_PARTLY_RETURNED'))
      execute function refuse_returned_status()`),
  );
}

describe('a return file whose application fails half-way', () => {
  it('changes nothing, and the same file applies in full once the database takes it', async () => {
    // Stops: a file half applied (a bill reopened and its vendor's account blocked, the approval
    // still looking paid and no history of it), then refused as 'already applied' when sent again.
    const id = await paidApproval(world, [bill('5101', 'V-1', 410), bill('5102', 'V-2', 420)]);
    const text = await returnFor(id, { '5101': 'R02', '5102': 'R01' });
    const state = async () => ({
      entries: (
        await ctx.app.db
          .select({ status: bankFileEntries.status, code: bankFileEntries.returnCode })
          .from(bankFileEntries)
          .where(eq(bankFileEntries.approvalId, id))
      ).sort((a, b) => String(a.code).localeCompare(String(b.code))),
      locks: (await ctx.app.db.select().from(paidBills).where(eq(paidBills.approvalId, id))).length,
      status: (await ctx.app.db.select().from(approvals).where(eq(approvals.id, id)))[0]!.status,
      blocked: (
        await ctx.app.db
          .select({ code: vendorBankAccounts.blockedCode })
          .from(vendorBankAccounts)
          .where(
            and(eq(vendorBankAccounts.companyId, world.companyId), eq(vendorBankAccounts.vendorRef, 'V-1')),
          )
      )[0]!.code,
      files: (await ctx.app.db.select().from(bankReturnFiles)).length,
      history: (
        await ctx.app.db
          .select()
          .from(activity)
          .where(
            inArray(activity.action, [
              'approval.payment_returned',
              'payments.vendor_account_blocked',
              'payments.bank_return_applied',
            ]),
          )
      ).length,
      events: (
        await ctx.app.db
          .select()
          .from(liveEvents)
          .where(and(eq(liveEvents.entityType, 'approval'), eq(liveEvents.entityId, id)))
      ).length,
    });
    const before = await state();
    expect(before).toMatchObject({
      status: 'NACHA_GENERATED',
      locks: 2,
      blocked: null,
      files: 0,
      history: 0,
    });

    await refuseReturnedStatus(true);
    const failed = await upload(text, 'atomic.txt');
    expect(failed.statusCode).toBe(500);
    expect(await state()).toEqual(before);

    await refuseReturnedStatus(false);
    const again = await upload(text, 'atomic.txt');
    expect(again.statusCode, again.body).toBe(200);
    const result = again.json<{ data: BankReturnUpload }>().data;
    expect(result).toMatchObject({ alreadyApplied: false, file: { matchedCount: 2 } });
    expect(await state()).toMatchObject({
      entries: [
        { status: 'RETURNED', code: 'R01' },
        { status: 'RETURNED', code: 'R02' },
      ],
      locks: 0,
      status: 'PAYMENT_RETURNED',
      blocked: 'R02',
      files: 1,
    });
  });
});
