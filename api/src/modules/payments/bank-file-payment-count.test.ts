import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, bankFileEntries } from '../../db/schema';
import { validateNachaFile } from '../../payments/nacha-validator';
import { build, type TestContext } from '../../test/build';
import { bill, paidApproval, paymentWorld, type PaymentWorld } from '../../test/payment-world';
import { getBankFiles } from './bank-reconciliation.service';
import { downloadBankFile } from './payment-status.service';

/**
 * A bank file with a settlement account is balanced: beside one credit per bill it holds an
 * offsetting debit, so its entries outnumber the bills. The history and the bank file's totals
 * count payments by bill: two bills paid are two payments.
 */

let ctx: TestContext;
let world: PaymentWorld;
let approvalId = '';

beforeAll(async () => {
  ctx = await build();
  world = await paymentWorld(ctx, 'Balanced Files Co', { settlement: true });
  approvalId = await paidApproval(world, [bill('701', 'V-1', 120.5), bill('702', 'V-2', 80)]);
});
afterAll(() => ctx.close());

describe('payments counted by bill', () => {
  it('a balanced file of two bills holds three entries', async () => {
    const { content } = await downloadBankFile(world.deps(), world.admin, approvalId);
    const { errors, file } = validateNachaFile(content);
    expect(errors).toEqual([]);
    expect(file!.entries).toHaveLength(3);
  });

  it('the history says two payments', async () => {
    const [generated] = await ctx.app.db
      .select({ description: activity.description })
      .from(activity)
      .where(
        and(
          eq(activity.entityType, 'approval'),
          eq(activity.entityId, approvalId),
          eq(activity.action, 'approval.nacha_generated'),
        ),
      );
    expect(generated!.description).toMatch(/: 2 payments, \$200\.50, effective /);
  });

  it("the bank file's totals count two payments, also for a file without recorded entries", async () => {
    const summary = async () => (await getBankFiles(ctx.app.db, { page: 1, limit: 1, approvalId })).rows[0]!;
    expect(await summary()).toMatchObject({ entryCount: 2, sentCents: 20_050 });
    // A file written before entries were recorded counts from the file's own figures.
    await ctx.app.db.delete(bankFileEntries).where(eq(bankFileEntries.approvalId, approvalId));
    expect(await summary()).toMatchObject({ entryCount: 2, sentCents: 20_050 });
  });
});
