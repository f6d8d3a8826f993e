/**
 * A QuickBooks change of a bill whose payment the bank returned (in part or whole): the file was at
 * the bank, so the approval warns and holds nothing; a partly returned approval's own BillPayments
 * say nothing. Both engines.
 */
import { eq } from 'drizzle-orm';
import type { ApprovalStatus } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals } from '../../db/schema';
import { build, type TestContext } from '../../test/build';
import { approvedApproval, bill, paymentWorld, type PaymentWorld } from '../../test/payment-world';
import { applySourceBillChange, PAID_IN_QUICKBOOKS } from './qb-changes.service';

let ctx: TestContext;
let world: PaymentWorld;

beforeAll(async () => {
  ctx = await build();
  world = await paymentWorld(ctx, 'Returned Changes Co');
});
afterAll(() => ctx.close());

const source = { id: null, name: 'QuickBooks sync' };

async function approvalIn(status: ApprovalStatus, billId: string): Promise<string> {
  const id = await approvedApproval(world, [bill(billId, 'V-1', 100)]);
  await ctx.app.db.update(approvals).set({ status }).where(eq(approvals.id, id));
  return id;
}

const changesOf = async (id: string) =>
  (await ctx.app.db.select().from(approvals).where(eq(approvals.id, id)))[0]!.qbChangesAfterDecision;

describe('QuickBooks changes of a returned payment', () => {
  for (const status of ['PAYMENT_RETURNED', 'PAYMENT_PARTLY_RETURNED'] as const) {
    it(`${status}: a changed bill is a warning that holds nothing`, async () => {
      // Stops: a change of a returned bill passing unseen (it is paid again only by a new approval,
      // whose approver should know), or holding a file that is already at the bank.
      const id = await approvalIn(status, `R-${status}`);
      const changed = { ...bill(`R-${status}`, 'V-1', 150) };
      const outcome = await ctx.app.db.transaction((tx) =>
        applySourceBillChange(tx, source, id, changed.Id, changed, 'changed in QuickBooks'),
      );
      expect(outcome).toBe('decided');
      expect(await changesOf(id)).toEqual([
        expect.objectContaining({ billId: changed.Id, decidedAmount: 100, amountNow: 150, held: false }),
      ]);
    });
  }

  it('PAYMENT_PARTLY_RETURNED: its own paid bill showing paid in QuickBooks says nothing', async () => {
    const id = await approvalIn('PAYMENT_PARTLY_RETURNED', 'R-paid');
    await ctx.app.db.transaction((tx) =>
      applySourceBillChange(tx, source, id, 'R-paid', null, PAID_IN_QUICKBOOKS),
    );
    expect(await changesOf(id)).toBeNull();
  });
});
