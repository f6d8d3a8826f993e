/**
 * The demo's bank simulator (BANK_SIMULATOR): off by default, where its return route is 404; on,
 * it returns bills of an approval's bank file through the upload's own path. Both engines.
 */
import { eq } from 'drizzle-orm';
import type { BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, bankFileEntries, bankReturnFiles } from '../../db/schema';
import { build, errorOf, type TestContext } from '../../test/build';
import { bill, paidApproval, paymentWorld, type PaymentWorld } from '../../test/payment-world';

let on: TestContext;
let off: TestContext;
let world: PaymentWorld;
let tokens: Record<'admin' | 'moderator', string>;

beforeAll(async () => {
  on = await build({ config: { bankSimulator: true } });
  off = await build();
  world = await paymentWorld(on, 'Simulated Bank Co');
  tokens = await on.demoTokens('admin', 'moderator');
});
afterAll(async () => {
  await on.close();
  await off.close();
});

const simulate = (ctx: TestContext, token: string, approvalId: string, body: unknown) =>
  ctx.request({
    method: 'POST',
    url: `/api/bill-approval/approvals/${approvalId}/simulate-return`,
    token,
    payload: body as Record<string, unknown>,
  });

describe('the demo bank simulator', () => {
  it('is off by default: it says so, and its return route is 404 even for an ADMIN', async () => {
    // Stops: a production console where anyone with ADMIN can fake a bank's return.
    const [admin] = Object.values(await off.demoTokens('admin'));
    const status = await off.request({ method: 'GET', url: '/api/bank-returns/simulator', token: admin! });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ data: { available: false } });
    const refused = await simulate(off, admin!, '00000000-0000-4000-8000-000000000000', {
      billIds: ['1'],
      code: 'R01',
    });
    expect(refused.statusCode).toBe(404);
    expect(await off.app.db.select().from(bankReturnFiles)).toEqual([]);
  });

  it('on, returns the chosen bills through the upload path: the approval is partly returned', async () => {
    const status = await on.request({
      method: 'GET',
      url: '/api/bank-returns/simulator',
      token: tokens.moderator,
    });
    expect(status.json()).toMatchObject({ data: { available: true } });
    const id = await paidApproval(world, [bill('6101', 'V-1', 1234.5), bill('6102', 'V-2', 20)]);

    // Only an ADMIN; a bill not in the file and a code that is no R-code are refused.
    expect((await simulate(on, tokens.moderator, id, { billIds: ['6101'], code: 'R03' })).statusCode).toBe(
      403,
    );
    const stranger = await simulate(on, tokens.admin, id, { billIds: ['6101', 'nope'], code: 'R03' });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).message).toBe("Not in this approval's bank file: nope");
    expect((await simulate(on, tokens.admin, id, { billIds: ['6101'], code: 'C01' })).statusCode).toBe(400);
    expect((await simulate(on, tokens.admin, id, { billIds: [], code: 'R03' })).statusCode).toBe(400);

    const response = await simulate(on, tokens.admin, id, { billIds: ['6101'], code: 'R03' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: BankReturnUpload }>().data;
    expect(result.alreadyApplied).toBe(false);
    expect(result.file.fileName).toBe(`simulated-return-${id.slice(0, 8)}-R03.txt`);
    expect(result.file.lines).toEqual([
      expect.objectContaining({ outcome: 'RETURNED', code: 'R03', billId: '6101', approvalId: id }),
    ]);
    const [row] = await on.app.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row!.status).toBe('PAYMENT_PARTLY_RETURNED');
    const entries = await on.app.db.select().from(bankFileEntries).where(eq(bankFileEntries.approvalId, id));
    expect(entries.find((entry) => entry.billId === '6101')).toMatchObject({
      status: 'RETURNED',
      returnCode: 'R03',
    });
    // The same return again is the same file: applied once.
    const again = await simulate(on, tokens.admin, id, { billIds: ['6101'], code: 'R03' });
    expect(again.json<{ data: BankReturnUpload }>().data.alreadyApplied).toBe(true);
  });
});
