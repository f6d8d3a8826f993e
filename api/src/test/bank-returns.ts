/**
 * The set-up the bank-return tests share: the API on a database of its own, a payment world (a
 * company with bank settings and confirmed vendor accounts), the demo ADMIN and MODERATOR signed
 * in, and the steps of a return: the bank's answer for an approval's file, built with the bank
 * simulator the tests and the demo share, and its upload.
 */
import { asc, eq } from 'drizzle-orm';
// By path, not as a dependency: the simulator depends on api, so api must not depend on it.
import {
  simulateBankResponse,
  type BankResponse,
  type SimulatorOptions,
} from '../../../bank-simulator/src/index';
import { bankFileEntries, nachaFiles } from '../db/schema';
import { build, type TestContext } from './build';
import { paymentWorld, type PaymentWorld } from './payment-world';

export interface BankReturnsContext {
  ctx: TestContext;
  world: PaymentWorld;
  tokens: Record<'admin' | 'moderator', string>;
}

/** A new API with the payment world of a company named `companyName`, and the demo staff's tokens. */
export async function bankReturnsWorld(companyName: string): Promise<BankReturnsContext> {
  const ctx = await build();
  const world = await paymentWorld(ctx, companyName);
  const tokens = await ctx.demoTokens('admin', 'moderator');
  return { ctx, world, tokens };
}

/** The steps of the return tests, on whatever context `current` answers at the time. */
export function bankReturnSteps(current: () => BankReturnsContext) {
  /** POST /api/bank-returns as the ADMIN. */
  const upload = (content: string | Buffer, fileName = 'returns.txt') =>
    current().ctx.request({
      method: 'POST',
      url: `/api/bank-returns?fileName=${encodeURIComponent(fileName)}`,
      token: current().tokens.admin,
      headers: { 'content-type': 'text/plain' },
      payload: content,
    });

  /** An approval's bank file entries, by trace number. */
  const entriesOf = (approvalId: string) =>
    current()
      .ctx.app.db.select()
      .from(bankFileEntries)
      .where(eq(bankFileEntries.approvalId, approvalId))
      .orderBy(asc(bankFileEntries.traceNumber));

  /** The text of an approval's bank file. */
  const fileOf = async (approvalId: string) =>
    (await current().ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId)))[0]!
      .content;

  /** The bank's answer for some entries of an approval's file, by bill id. */
  const returnFor = async (
    approvalId: string,
    codes: Record<string, string>,
    options: SimulatorOptions = {},
  ): Promise<string> => {
    const entries = await entriesOf(approvalId);
    const responses: BankResponse[] = Object.entries(codes).map(([billId, code]) => ({
      traceNumber: entries.find((entry) => entry.billId === billId)!.traceNumber,
      code,
    }));
    return simulateBankResponse(await fileOf(approvalId), responses, options);
  };

  return { upload, entriesOf, fileOf, returnFor };
}
