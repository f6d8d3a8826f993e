/**
 * The approval writers that meet a QuickBooks import's pages on the status counters decide again
 * when the database rolls them back to break a deadlock: a trigger here refuses the first write to
 * `approvals` of the request under test as PostgreSQL does a deadlock's victim (40P01), and the
 * request still succeeds, its change and its history written once. Both engines.
 */
import { and, eq } from 'drizzle-orm';
import type { Approval, BankReturnUpload } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals } from '../../db/schema';
import { handBill } from '../../test/approval-fixtures';
import { installDeadlockShot, type DeadlockShot } from '../../test/deadlock-shot';
import { bankReturnSteps, bankReturnsWorld, type BankReturnsContext } from '../../test/bank-returns';
import { approvedApproval, bill, paidApproval } from '../../test/payment-world';

let setup: BankReturnsContext;
let shot: DeadlockShot;
const { returnFor } = bankReturnSteps(() => setup);

beforeAll(async () => {
  setup = await bankReturnsWorld('Deadlock Retry Co');
  shot = await installDeadlockShot(setup.ctx.app.db, 'refuse_once_as_deadlock', {
    events: 'insert or update or delete',
  });
});
afterAll(() => setup.ctx.close());

/** The next write to `approvals` is refused once, as a deadlock's victim. */
const refuseNextWrite = () => shot.arm();

/** True once the refusal happened and the refused write was made again. */
const refusedThenWritten = () => shot.refusedThenWritten();

const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = setup.tokens.admin) =>
  setup.ctx.request({ method, url: `/api/bill-approval${url}`, token, ...(payload ? { payload } : {}) });

const historyCount = async (id: string, action: string) =>
  (
    await setup.ctx.app.db
      .select({ id: activity.id })
      .from(activity)
      .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id), eq(activity.action, action)))
  ).length;

const statusOf = async (id: string) =>
  (await setup.ctx.app.db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, id)))[0]
    ?.status;

/** A PENDING approval entered by hand (POST …/approvals as the MODERATOR). */
async function manualApproval(docNumber: string): Promise<Approval> {
  const response = await api(
    'POST',
    '/approvals',
    { companyId: setup.world.companyId, bills: [handBill('V-1', 25, docNumber)] },
    setup.tokens.moderator,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Approval }>().data;
}

describe('an approval writer the database rolls back to break a deadlock runs again', () => {
  it('creating an approval by hand', async () => {
    await refuseNextWrite();
    const created = await manualApproval('DL-CREATE');
    expect(await refusedThenWritten()).toBe(true);
    expect(await historyCount(created.id, 'approval.create')).toBe(1);
  });

  it('editing a PENDING approval', async () => {
    const { id } = await manualApproval('DL-EDIT');
    await refuseNextWrite();
    const response = await api('PUT', `/approvals/${id}`, { priority: 'HIGH' }, setup.tokens.moderator);
    expect(response.statusCode, response.body).toBe(200);
    expect(await refusedThenWritten()).toBe(true);
    expect(response.json<{ data: Approval }>().data.priority).toBe('HIGH');
    expect(await historyCount(id, 'approval.update')).toBe(1);
  });

  it('deleting an approval', async () => {
    const { id } = await manualApproval('DL-DELETE');
    await refuseNextWrite();
    const response = await api('DELETE', `/approvals/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await refusedThenWritten()).toBe(true);
    expect(await statusOf(id)).toBeUndefined();
    expect(await historyCount(id, 'approval.delete')).toBe(1);
  });

  it('writing a bank file', async () => {
    const id = await approvedApproval(setup.world, [bill('7101', 'V-1', 40)]);
    await refuseNextWrite();
    const response = await api('POST', `/approvals/${id}/nacha`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await refusedThenWritten()).toBe(true);
    expect(await statusOf(id)).toBe('NACHA_GENERATED');
    expect(await historyCount(id, 'approval.nacha_pending')).toBe(1);
  });

  it('marking the bank file uploaded, then the payment completed', async () => {
    const id = await paidApproval(setup.world, [bill('7201', 'V-2', 50)]);
    for (const [path, status, action] of [
      ['bank-uploaded', 'BANK_UPLOADED', 'approval.bank_uploaded'],
      ['payment-completed', 'PAYMENT_COMPLETED', 'approval.payment_completed'],
    ] as const) {
      await refuseNextWrite();
      const response = await api('PUT', `/approvals/${id}/${path}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(await refusedThenWritten()).toBe(true);
      expect(await statusOf(id)).toBe(status);
      expect(await historyCount(id, action)).toBe(1);
    }
  });

  it('applying a bank return file', async () => {
    const id = await paidApproval(setup.world, [bill('7301', 'V-3', 60)]);
    const text = await returnFor(id, { '7301': 'R01' });
    await refuseNextWrite();
    const response = await setup.ctx.request({
      method: 'POST',
      url: '/api/bank-returns?fileName=deadlock.txt',
      token: setup.tokens.admin,
      headers: { 'content-type': 'text/plain' },
      payload: text,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await refusedThenWritten()).toBe(true);
    expect(response.json<{ data: BankReturnUpload }>().data).toMatchObject({
      alreadyApplied: false,
      file: { matchedCount: 1 },
    });
    expect(await statusOf(id)).toBe('PAYMENT_RETURNED');
    expect(await historyCount(id, 'approval.payment_returned')).toBe(1);
  });
});
