import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApprovalListQuerySchema, DEFAULT_POLICY, stepLabel, type Bill } from 'shared-contracts';
import { companies, users } from '../../db/schema';
import { importedApproval } from '../../test/approval-fixtures';
import { build, type TestContext } from '../../test/build';
import { listApprovals } from './approval-list.repository';

/**
 * What the approvals list shows of each approval besides its own columns: the first vendor and how
 * many more, the earliest due date, the step waiting (in words) and whether a bill is flagged as a
 * possible duplicate. All of it comes in the page's one statement, which still walks indexes.
 */

let t: TestContext;
let companyId: number;
let multiVendorId = '';
let duplicateId = '';

const bill = (id: string, vendor: string, amount: number, docNumber: string, due?: string): Bill => ({
  Id: id,
  TotalAmt: amount,
  DocNumber: docNumber,
  ...(due ? { DueDate: due } : {}),
  VendorRef: { name: `Vendor ${vendor}`, value: vendor },
  Line: [{ Id: '1', Description: docNumber, Amount: amount, ItemBasedExpenseLineDetail: { Qty: 1 } }],
});

beforeAll(async () => {
  t = await build({ app: { approvalSweep: false } });
  const [company] = await t.app.db
    .insert(companies)
    .values({ name: 'List Columns Co' })
    .returning({ id: companies.id });
  companyId = company!.id;
  // From $10,000 the default policy has two steps; three bills of two vendors, one without a due date.
  const multi = await importedApproval(t.app.db, {
    companyId,
    bills: [
      bill('81001', 'ACME', 6000, 'LC-1', '2027-03-10'),
      bill('81002', 'BOLT', 4000, 'LC-2', '2027-02-01'),
      bill('81003', 'BOLT', 500, 'LC-3'),
    ],
  });
  multiVendorId = multi.id;
  // The same vendor's bill number again, under another QuickBooks id: a possible duplicate.
  duplicateId = (
    await importedApproval(t.app.db, {
      companyId,
      bills: [bill('81004', 'ACME', 250, 'LC-1', '2027-04-01')],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * The app's own background reads (the live hub's look at the event log, the job queue's polls) go
 * on while `read` runs; they are not the read's statements.
 */
const BACKGROUND = /live_events|pgboss/;

/** The statements `read` sent to the database (text and values). */
async function statementsOf<T>(
  read: () => Promise<T>,
): Promise<{ result: T; sent: Array<[string, unknown]> }> {
  const client = (t.database.kind === 'pglite' ? t.database.client : t.database.pool) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await read();
    const sent = spy.mock.calls
      .map(
        ([query, params]) =>
          [typeof query === 'string' ? query : (query as { text: string }).text, params] as [string, unknown],
      )
      .filter(([text]) => !BACKGROUND.test(text));
    return { result, sent };
  } finally {
    spy.mockRestore();
  }
}

/** EXPLAIN of a statement with its values, sequential scans off (the test tables are tiny). */
async function explain(text: string, params: unknown): Promise<string> {
  const lines = (rows: Array<Record<string, string>>) => rows.map((row) => Object.values(row)[0]).join('\n');
  if (t.database.kind === 'pglite') {
    return t.database.client.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return lines((await tx.query<Record<string, string>>(`explain ${text}`, params as unknown[])).rows);
    });
  }
  const connection = await t.database.pool.connect();
  try {
    await connection.query('begin');
    await connection.query('set local enable_seqscan = off');
    return lines((await connection.query(`explain ${text}`, params as unknown[])).rows);
  } finally {
    await connection.query('rollback');
    connection.release();
  }
}

describe('GET /approvals rows: vendor, first due date, next approver and the duplicate flag', () => {
  it('come with the page in one index-driven statement', async () => {
    const [guest] = await t.app.db.select().from(users).where(eq(users.email, 'guest@example.com'));
    const query = v.parse(ApprovalListQuerySchema, { companyId: String(companyId), limit: '10' });
    const { result, sent } = await statementsOf(() => listApprovals(t.app.db, guest!, new Date(), query));
    expect(sent.map(([text]) => text.slice(0, 120))).toHaveLength(1);

    const multi = result.rows.find((row) => row.id === multiVendorId);
    expect(multi).toMatchObject({
      vendorName: 'Vendor ACME',
      vendorCount: 2,
      firstDueDate: '2027-02-01',
      stepCount: 2,
      currentStep: 1,
      currentStepLabel: stepLabel(DEFAULT_POLICY.rules[0]!.steps[0]!),
      possibleDuplicate: false,
    });
    // Words, not role codes ("the company's approver, any moderator or admin").
    expect(multi!.currentStepLabel).not.toMatch(/MODERATOR|ADMIN/);
    expect(result.rows.find((row) => row.id === duplicateId)).toMatchObject({
      vendorName: 'Vendor ACME',
      vendorCount: 1,
      firstDueDate: '2027-04-01',
      possibleDuplicate: true,
    });

    const plan = await explain(sent[0]![0], sent[0]![1]);
    expect(plan).toContain('approvals_company_created_at_id_idx');
    expect(plan).toContain('approval_bill_keys_approval_id_bill_id_pk');
    expect(plan).not.toMatch(/Seq Scan on approval|hashed/);
  });
});
