/**
 * Every bank file records its entries (one per bill paid) in the transaction that writes it, with a
 * trace number no other file uses, so a return the bank sends back names exactly one payment.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFileEntries, nachaFiles, nachaTraceCounter } from '../../db/schema';
import { validateNachaFile } from '../../payments/nacha-validator';
import { build, type TestContext } from '../../test/build';
import { generateBankFile } from './bank-files.service';
import {
  approvedApproval,
  bill,
  paidApproval,
  paymentWorld,
  VENDOR_ROUTING,
  type PaymentWorld,
} from '../../test/payment-world';

let ctx: TestContext;
let world: PaymentWorld;

beforeAll(async () => {
  ctx = await build();
  world = await paymentWorld(ctx, 'Bank File Entries Co');
});
afterAll(() => ctx.close());

const entriesOf = (approvalId: string) =>
  ctx.app.db
    .select()
    .from(bankFileEntries)
    .where(eq(bankFileEntries.approvalId, approvalId))
    .orderBy(asc(bankFileEntries.traceNumber));

const fileOf = async (approvalId: string) =>
  (await ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId)))[0]!;

describe('bank file entries', () => {
  it('records each credit of a written file with the trace, amount and routing the file carries', async () => {
    // Stops: a return matched against what the console believes it sent rather than what it wrote.
    const id = await paidApproval(world, [bill('7001', 'V-1', 1200.5), bill('7002', 'V-2', 99.99)]);
    const file = await fileOf(id);
    const parsed = validateNachaFile(file.content).file!;
    const entries = await entriesOf(id);
    expect(
      entries.map((entry) => [entry.billId, entry.amountCents, entry.routingNumber, entry.status]),
    ).toEqual([
      ['7001', 120050, VENDOR_ROUTING['V-1'], 'SENT'],
      ['7002', 9999, VENDOR_ROUTING['V-2'], 'SENT'],
    ]);
    // The same traces as the file's credits, in its order; the offsetting debit is no bill's.
    expect(entries.map((entry) => entry.traceNumber)).toEqual(
      parsed.entries.slice(0, 2).map((entry) => entry.traceNumber),
    );
    expect(entries.every((entry) => entry.nachaFileId === file.id && entry.accountLast4.length === 4)).toBe(
      true,
    );
  });

  it('gives every file traces no other file has, so an original trace names one payment', async () => {
    // Stops: every file numbering its entries from 1, where a return of trace …0000001 would
    // match the first payment of every file ever written.
    const first = await paidApproval(world, [bill('7101', 'V-1', 10)]);
    const second = await paidApproval(world, [bill('7102', 'V-1', 10)]);
    const traces = [...(await entriesOf(first)), ...(await entriesOf(second))].map(
      (entry) => entry.traceNumber,
    );
    expect(new Set(traces).size).toBe(2);
    const all = await ctx.app.db.select({ trace: bankFileEntries.traceNumber }).from(bankFileEntries);
    expect(new Set(all.map((row) => row.trace)).size).toBe(all.length);
  });

  it('writes no entry, and gives the traces back, when the file is not written', async () => {
    // Stops: entries of a file that does not exist being matched by a later return.
    const [{ before }] = (await ctx.app.db
      .select({ before: nachaTraceCounter.nextSequence })
      .from(nachaTraceCounter)) as [{ before: number }];
    // Paid already by the first test's approval: the file is refused inside its transaction.
    const id = await approvedApproval(world, [bill('7001', 'V-1', 1200.5)]);
    const outcome = await generateBankFile(world.deps(), world.admin, id);
    expect(outcome.status).toBe('APPROVED');
    expect(await entriesOf(id)).toEqual([]);
    const [{ after }] = (await ctx.app.db
      .select({ after: nachaTraceCounter.nextSequence })
      .from(nachaTraceCounter)) as [{ after: number }];
    expect(after).toBe(before);
  });

  it('the counter stands above every trace sequence of every stored file', async () => {
    // Stops: a new trace equal to one of an earlier file, whose return would then reopen the new payment.
    const files = await ctx.app.db.select({ content: nachaFiles.content }).from(nachaFiles);
    const used = files.flatMap((file) =>
      (validateNachaFile(file.content).file?.entries ?? []).map((entry) =>
        Number(entry.traceNumber.slice(8)),
      ),
    );
    expect(used.length).toBeGreaterThan(0);
    const [counter] = await ctx.app.db
      .select({ next: nachaTraceCounter.nextSequence })
      .from(nachaTraceCounter);
    expect(counter!.next).toBeGreaterThan(Math.max(...used));
  });
});
