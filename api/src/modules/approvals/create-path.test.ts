import { and, count, eq, isNull } from 'drizzle-orm';
import {
  APPROVAL_ERRORS,
  AUTH_ERRORS,
  MANUAL_APPROVAL_ERRORS,
  parseBills,
  type Approval,
  type Bill,
} from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals, companies, paidBills } from '../../db/schema';
import { addVendor, handBill, importedApproval } from '../../test/approval-fixtures';
import { build, errorOf, type TestContext } from '../../test/build';

/**
 * POST …/approvals is the same request as the 'New approval request' screen's POST …/manual, with
 * every one of its rules. The older body took bills as the client wrote them, ids included: a bill
 * '1001' with a made-up bill number, entered for a company connected to QuickBooks, was approved
 * and paid, and QuickBooks' own bill 1001 then read 'already paid'.
 */

let t: TestContext;
let token: Record<'admin' | 'moderator' | 'user' | 'guest', string>;
let typedInId: number;
let linkedId: number;
const APPROVALS = '/api/bill-approval/approvals';
const BASE = APPROVALS;

const post = (url: string, payload: unknown, as = token.moderator) =>
  t.request({ method: 'POST', url, token: as, payload: payload as object });
const send = (_method: 'POST', url: string, role: keyof typeof token, payload: unknown) =>
  post(url, payload, token[role]);
const dataOf = <T>(response: { json(): unknown }) => (response.json() as { data: T }).data;
const activityRows = (id: string, action: string) =>
  t.app.db
    .select()
    .from(activity)
    .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, id), eq(activity.action, action)));

/** The demo's first company: connected to QuickBooks, so its approvals come from the import. */
async function firstCompany() {
  const [row] = await t.app.db.select().from(companies).orderBy(companies.id).limit(1);
  return row!;
}

/** The first demo company without QuickBooks; its vendors (with bank accounts) are '1', '2', … */
async function handCompany() {
  const [row] = await t.app.db
    .select()
    .from(companies)
    .where(isNull(companies.qbConnectionStatus))
    .orderBy(companies.id)
    .limit(1);
  return row!;
}

const countWhere = async (companyId: number) =>
  (await t.app.db.select({ n: count() }).from(approvals).where(eq(approvals.companyId, companyId)))[0]!.n;

/** QuickBooks' bill 1001 of the linked company, as the import holds it. */
const KEYSTONE_1001: Bill = {
  Id: '1001',
  TotalAmt: 21_336.71,
  DocNumber: 'KP-88412',
  TxnDate: '2026-11-01',
  DueDate: '2026-12-01',
  VendorRef: { value: '56', name: 'Keystone Printing' },
};

beforeAll(async () => {
  t = await build();
  token = await t.demoTokens('admin', 'moderator', 'user', 'guest');
  const [hand] = await t.app.db
    .insert(companies)
    .values({ name: 'Typed In Co' })
    .returning({ id: companies.id });
  typedInId = hand!.id;
  const [linked] = await t.app.db
    .insert(companies)
    .values({ name: 'Ledger Linked Co', qbConnectionStatus: 'connected', qbRealmId: '9130350000000077' })
    .returning({ id: companies.id });
  linkedId = linked!.id;
  await addVendor(t.app.db, t.config.bankAccountKey, typedInId, '6', 'Amazon Web Services');
  await addVendor(t.app.db, t.config.bankAccountKey, linkedId, '6', 'Amazon Web Services');
  await importedApproval(t.app.db, { companyId: linkedId, bills: [KEYSTONE_1001] });
});
afterAll(() => t?.close());

describe('POST /approvals has the rules of a request entered by hand', () => {
  it('the reproduction: bill 1001 with a made-up number for a company linked to QuickBooks is refused, as the screen refuses it, and nothing is written', async () => {
    const before = await countWhere(linkedId);
    const forged = {
      companyId: linkedId,
      bills: [
        {
          Id: '1001',
          TotalAmt: 9500,
          DocNumber: 'AWS-2026-11',
          VendorRef: { value: '6', name: 'Amazon Web Services' },
        },
      ],
    };
    const asBefore = await post(APPROVALS, forged, token.admin);
    expect(asBefore.statusCode).toBe(400);
    // The same bill in the screen's shape: the company's refusal, word for word the screen's.
    const typed = { companyId: linkedId, bills: [handBill('6', 9500, 'AWS-2026-11')] };
    for (const url of [APPROVALS, `${APPROVALS}/manual`]) {
      const response = await post(url, typed, token.admin);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message).toBe(APPROVAL_ERRORS.connectedToQuickBooks('Ledger Linked Co'));
      expect(errorOf(response).fields?.companyId).toBe(
        APPROVAL_ERRORS.connectedToQuickBooks('Ledger Linked Co'),
      );
    }
    expect(await countWhere(linkedId)).toBe(before);
    // QuickBooks' bill 1001 is still only the import's, and paid by nobody.
    const paid = await t.app.db
      .select({ billId: paidBills.billId })
      .from(paidBills)
      .where(and(eq(paidBills.companyId, linkedId), eq(paidBills.billId, '1001')));
    expect(paid).toEqual([]);
  });

  it('the server numbers the bills: an id sent by the client is refused on its field, whatever it looks like', async () => {
    for (const id of ['1001', '9000000000001', '01001', 'dupz', '']) {
      const response = await post(APPROVALS, {
        companyId: typedInId,
        bills: [{ ...handBill('6', 10, 'ID-TRY'), Id: id }],
      });
      expect(response.statusCode, JSON.stringify(id)).toBe(400);
      expect(errorOf(response).fields?.['bills.0.Id']).toBe(MANUAL_APPROVAL_ERRORS.billId);
    }
    const response = await post(APPROVALS, {
      companyId: typedInId,
      priority: 'HIGH',
      bills: [handBill('6', 9500, 'AWS-2026-11')],
    });
    expect(response.statusCode, response.body).toBe(201);
    const approval = dataOf<Approval>(response);
    const [stored] = JSON.parse(approval.bills!) as Bill[];
    // The manual range (manual_bill_id_seq) is far above any QuickBooks id.
    expect(BigInt(stored!.Id)).toBeGreaterThan(9_000_000_000_000n);
    expect(approval.billIds).toEqual([stored!.Id]);
    expect(stored).toMatchObject({
      DocNumber: 'AWS-2026-11',
      VendorRef: { value: '6', name: 'Amazon Web Services' },
    });
    expect(approval).toMatchObject({ origin: 'MANUAL', status: 'PENDING', priority: 'HIGH' });
  });

  it('the vendor must be the company’s, and its name is the company’s record, not the one sent', async () => {
    const stranger = await post(APPROVALS, {
      companyId: typedInId,
      bills: [handBill('V-NOBODY', 10, 'NOBODY-1')],
    });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).message).toBe(APPROVAL_ERRORS.unknownVendor('V-NOBODY'));
    expect(errorOf(stranger).fields?.['bills.0.vendorRef']).toBe(APPROVAL_ERRORS.unknownVendor('V-NOBODY'));
    const renamed = await post(APPROVALS, {
      companyId: typedInId,
      bills: [{ ...handBill('6', 11, 'NAMED-1'), VendorRef: { value: '6', name: 'My Own LLC' } }],
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const [stored] = JSON.parse(dataOf<Approval>(renamed).bills!) as Bill[];
    expect(stored!.VendorRef).toEqual({ value: '6', name: 'Amazon Web Services' });
  });

  it('amounts are to the cent: more decimals are refused naming the field, however close to a cent', async () => {
    const cases: Array<[ReturnType<typeof handBill>, string]> = [
      [{ ...handBill('6', 100, 'CENT-1'), TotalAmt: 100.0000000000001 }, 'bills.0.TotalAmt'],
      [{ ...handBill('6', 100, 'CENT-2'), TotalAmt: 100.001 }, 'bills.0.TotalAmt'],
      [handBill('6', 0.3, 'CENT-3', { lines: [0.30000000000000004] }), 'bills.0.Line.0.Amount'],
    ];
    const before = await countWhere(typedInId);
    for (const [bill, field] of cases) {
      const response = await post(APPROVALS, { companyId: typedInId, bills: [bill] });
      expect(response.statusCode, JSON.stringify(bill)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(errorOf(response))).toMatch(
        /with at most 2 decimals/,
      );
    }
    expect(await countWhere(typedInId)).toBe(before);
    const cents = await post(APPROVALS, {
      companyId: typedInId,
      bills: [handBill('6', 1.15, 'CENT-OK', { lines: [0.1, 0.2, 0.85] })],
    });
    expect(cents.statusCode, cents.body).toBe(201);
    expect(dataOf<Approval>(cents).billStats.totalAmount).toBe(1.15);
  });

  it('takes a manager and recipients as before; an unknown manager is named', async () => {
    const unknown = await post(APPROVALS, {
      companyId: typedInId,
      bills: [handBill('6', 12, 'MGR-1')],
      managerId: 99_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields?.managerId).toMatch(/No manager/);
    const response = await post(APPROVALS, {
      companyId: typedInId,
      bills: [handBill('6', 12, 'MGR-2')],
      managerId: null,
      recipients: ['ap@example.com', 'ap@example.com'],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(dataOf<Approval>(response)).toMatchObject({ managerName: null, recipients: ['ap@example.com'] });
  });
});

describe('POST /approvals (create): the request and its answer', () => {
  it('needs MODERATOR; computes totals, ids and the manager copy itself', async () => {
    const company = await handCompany();
    const payload = {
      companyId: company.id,
      bills: [handBill('1', 15.25, 'DOC-9100001', { lines: [10, 5.25] })],
      billStats: { totalAmount: 1 },
      status: 'APPROVED',
    };
    for (const role of ['guest', 'user'] as const) {
      const response = await send('POST', BASE, role, payload);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(AUTH_ERRORS.forbidden);
    }
    const response = await send('POST', BASE, 'moderator', payload);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ data: Approval }>().data;
    expect(created).toMatchObject({
      companyId: company.id,
      company: { id: company.id, name: company.name },
      status: 'PENDING',
      priority: 'MEDIUM',
      approvedBillIds: [],
      approvedBills: null,
      createdBy: 'Morgan Moderator',
      billStats: { totalBills: 1, processedBills: 0, processingRate: 0, totalAmount: 15.25 },
    });
    // The bill's id is the server's (the manual range), its number the one typed.
    expect(created.billIds).toHaveLength(1);
    expect(BigInt(created.billIds[0]!)).toBeGreaterThan(9_000_000_000_000n);
    expect(parseBills(created.bills)[0]).toMatchObject({ DocNumber: 'DOC-9100001' });
    if (company.managerId) expect(created.managerName).toBeTruthy();
    expect(await activityRows(created.id, 'approval.create')).toHaveLength(1);
  });

  it('refuses a company connected to QuickBooks: its approvals come from the import', async () => {
    const company = await firstCompany();
    expect(company.qbConnectionStatus).toBe('connected');
    const response = await send('POST', BASE, 'moderator', {
      companyId: company.id,
      bills: [handBill('1', 10, 'DOC-LINKED')],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.companyId).toBe(APPROVAL_ERRORS.connectedToQuickBooks(company.name));
  });

  it('names every bad input: bill shapes, totals that do not add up, ids sent, unknown company, vendor or manager', async () => {
    const company = await handCompany();
    const one = handBill('1', 1, 'DOC-7');
    const cases: Array<[unknown, string, RegExp | string]> = [
      [{ bills: [one] }, 'companyId', MANUAL_APPROVAL_ERRORS.company],
      [{ companyId: 99_999_999, bills: [one] }, 'companyId', /No company with id 99999999/],
      [{ companyId: company.id, bills: [] }, 'bills', /at least one bill/],
      [{ companyId: company.id, bills: 'x' }, 'bills', /at least one bill/],
      [
        { companyId: company.id, bills: [{ ...handBill('1', 3, 'DOC-7', { lines: [1, 2] }), TotalAmt: 4 }] },
        'bills.0.TotalAmt',
        MANUAL_APPROVAL_ERRORS.linesDoNotAddUp(300, 400),
      ],
      [{ companyId: company.id, bills: [{ ...one, Id: '7' }] }, 'bills.0.Id', MANUAL_APPROVAL_ERRORS.billId],
      [{ companyId: company.id, bills: [{ ...one, TotalAmt: -5 }] }, 'bills.0.TotalAmt', /above 0/],
      [{ companyId: company.id, bills: [{ ...one, TotalAmt: 1.005 }] }, 'bills.0.TotalAmt', /2 decimals/],
      [{ companyId: company.id, bills: [{ TotalAmt: 5 }] }, 'bills.0.vendorRef', /vendor/i],
      [
        { companyId: company.id, bills: [handBill('V-NONE', 1, 'DOC-7')] },
        'bills.0.vendorRef',
        APPROVAL_ERRORS.unknownVendor('V-NONE'),
      ],
      [{ companyId: company.id, bills: [one], priority: 'SOON' }, 'priority', /priority/],
      [{ companyId: company.id, bills: [one], managerId: 99_999 }, 'managerId', /No manager/],
      [{ companyId: company.id, bills: [one], recipients: ['nope'] }, 'recipients.0', /valid email/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send('POST', BASE, 'moderator', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(response);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(field);
      if (typeof message === 'string') expect(error.fields![field]).toBe(message);
      else expect(error.fields![field]).toMatch(message);
    }
  });
});
