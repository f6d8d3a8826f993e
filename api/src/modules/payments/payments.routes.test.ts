import { and, eq } from 'drizzle-orm';
import { APPROVAL_ERRORS, PAYMENT_MESSAGES, type Bill } from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, approvals, companies, nachaFiles, users } from '../../db/schema';
import { validateNachaFile } from '../../payments/nacha-validator';
import { handBill, type HandBill } from '../../test/approval-fixtures';
import { build, type TestContext } from '../../test/build';

let ctx: TestContext;
const tokens: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
let companyId: number;

const settingsBody = {
  odfiRoutingNumber: '121042882',
  odfiName: 'First Example Bank',
  companyIdentification: '1234567890',
  achCompanyName: 'Acme Logistics',
  originName: 'Acme Logistics LLC',
  settlementAccount: { accountNumber: '99887766', accountType: 'checking' },
};

const bill = (id: string, vendor: string, amount: number): Bill => ({
  Id: id,
  TotalAmt: amount,
  DocNumber: `INV-${id}`,
  VendorRef: { value: vendor, name: `Vendor ${vendor}` },
});

beforeAll(async () => {
  ctx = await build();
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) {
    tokens[role] = (await ctx.login(`${role}@example.com`)).tokens.accessToken;
  }
  // A company of its own: the demo companies come with bank file settings and vendor accounts.
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Payments Routes Test Co' })
    .returning({ id: companies.id });
  // The USER who approves below is the company's approver: under the default approval policy a
  // USER decides only there.
  const [user] = await ctx.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'user@example.com'));
  await ctx.app.db.update(companies).set({ approverId: user!.id }).where(eq(companies.id, company!.id));
  companyId = company!.id;
});
afterAll(() => ctx.close());

describe('payment settings and vendor accounts', () => {
  const base = () => `/api/company/companies/${companyId}`;

  it('answers null before the settings exist, and refuses a bad routing number or company id on its field', async () => {
    const empty = await ctx.request({
      method: 'GET',
      url: `${base()}/payment-settings`,
      token: tokens.guest,
    });
    expect(empty.json()).toEqual({ success: true, data: null });

    const bad = await ctx.request({
      method: 'PUT',
      url: `${base()}/payment-settings`,
      token: tokens.moderator,
      payload: { ...settingsBody, odfiRoutingNumber: '121042883', companyIdentification: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      odfiRoutingNumber: PAYMENT_MESSAGES.routingNumber,
      companyIdentification: PAYMENT_MESSAGES.companyIdentification,
    });
  });

  it('lets MODERATOR save the settings, never GUEST or USER, and masks the settlement account', async () => {
    for (const role of ['guest', 'user'] as const) {
      const refused = await ctx.request({
        method: 'PUT',
        url: `${base()}/payment-settings`,
        token: tokens[role],
        payload: settingsBody,
      });
      expect(refused.statusCode).toBe(403);
    }
    const saved = await ctx.request({
      method: 'PUT',
      url: `${base()}/payment-settings`,
      token: tokens.moderator,
      payload: settingsBody,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      entryDescription: 'VENDOR PAY',
      settlementAccount: { last4: '7766', accountType: 'checking' },
    });
    expect(saved.body).not.toContain('99887766');

    // Absent keeps the settlement account; null removes it.
    const { settlementAccount: _kept, ...withoutAccount } = settingsBody;
    const kept = await ctx.request({
      method: 'PUT',
      url: `${base()}/payment-settings`,
      token: tokens.moderator,
      payload: withoutAccount,
    });
    expect(kept.json().data.settlementAccount).toMatchObject({ last4: '7766', accountType: 'checking' });
    const removed = await ctx.request({
      method: 'PUT',
      url: `${base()}/payment-settings`,
      token: tokens.moderator,
      payload: { ...withoutAccount, settlementAccount: null },
    });
    expect(removed.json().data.settlementAccount).toBeNull();
  });

  it('adds, changes and removes vendor accounts; one account per vendor (409 on vendorRef)', async () => {
    const body = {
      vendorRef: 'PAY-V1',
      vendorName: 'Paper Co',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountType: 'checking',
    };
    const created = await ctx.request({
      method: 'POST',
      url: `${base()}/vendor-accounts`,
      token: tokens.moderator,
      payload: body,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ vendorRef: 'PAY-V1', accountLast4: '6789' });
    expect(created.body).not.toContain('123456789');
    const id = created.json().data.id as number;

    const duplicate = await ctx.request({
      method: 'POST',
      url: `${base()}/vendor-accounts`,
      token: tokens.moderator,
      payload: body,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ vendorRef: PAYMENT_MESSAGES.vendorAccountExists });

    const shortAccount = await ctx.request({
      method: 'POST',
      url: `${base()}/vendor-accounts`,
      token: tokens.moderator,
      payload: { ...body, vendorRef: 'PAY-V2', accountNumber: '12' },
    });
    expect(shortAccount.json().error.fields).toEqual({ accountNumber: PAYMENT_MESSAGES.accountNumber });

    const changed = await ctx.request({
      method: 'PUT',
      url: `${base()}/vendor-accounts/${id}`,
      token: tokens.moderator,
      payload: { vendorName: 'Paper Company', routingNumber: '121042882', accountType: 'savings' },
    });
    expect(changed.json().data).toMatchObject({
      vendorName: 'Paper Company',
      accountLast4: '6789',
      accountType: 'savings',
    });

    const guestDelete = await ctx.request({
      method: 'DELETE',
      url: `${base()}/vendor-accounts/${id}`,
      token: tokens.guest,
    });
    expect(guestDelete.statusCode).toBe(403);
    const removed = await ctx.request({
      method: 'DELETE',
      url: `${base()}/vendor-accounts/${id}`,
      token: tokens.moderator,
    });
    expect(removed.json()).toEqual({ success: true, data: null });
    const gone = await ctx.request({
      method: 'DELETE',
      url: `${base()}/vendor-accounts/${id}`,
      token: tokens.moderator,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(PAYMENT_MESSAGES.vendorAccountNotFound);
  });
});

describe('bank file download and the steps after the bank', () => {
  let approvalId: string;

  beforeAll(async () => {
    const saved = await ctx.request({
      method: 'PUT',
      url: `/api/company/companies/${companyId}/payment-settings`,
      token: tokens.moderator,
      payload: settingsBody,
    });
    const account = await ctx.request({
      method: 'POST',
      url: `/api/company/companies/${companyId}/vendor-accounts`,
      token: tokens.moderator,
      payload: {
        vendorRef: 'DL-V1',
        vendorName: 'Download Vendor',
        routingNumber: '021000021',
        accountNumber: '44443333',
        accountType: 'checking',
      },
    });
    // Dual control: a second person (ADMIN here) confirms what the MODERATOR entered.
    const confirmed = await Promise.all([
      ctx.request({
        method: 'PUT',
        url: `/api/company/companies/${companyId}/payment-settings/confirm-settlement`,
        token: tokens.admin,
        payload: { version: saved.json().data.settlementAccount.control.version },
      }),
      ctx.request({
        method: 'PUT',
        url: `/api/company/companies/${companyId}/vendor-accounts/${account.json().data.id}/confirm`,
        token: tokens.admin,
        payload: { version: account.json().data.control.version },
      }),
    ]);
    expect(confirmed.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const bills = [bill('401', 'DL-V1', 250), bill('402', 'DL-V1', 0.01)];
    const [row] = await ctx.app.db
      .insert(approvals)
      .values({
        companyId,
        status: 'APPROVED',
        bills,
        approvedBills: bills,
        billIds: ['401', '402'],
        approvedBillIds: ['401', '402'],
        totalBills: 2,
        processedBills: 2,
        totalAmountCents: 25_001,
      })
      .returning({ id: approvals.id });
    approvalId = row!.id;
  });

  it('generates on request (MODERATOR), refuses a second generation, and serves the stored bytes', async () => {
    const guest = await ctx.request({
      method: 'POST',
      url: `/api/bill-approval/approvals/${approvalId}/nacha`,
      token: tokens.user,
    });
    expect(guest.statusCode).toBe(403);
    const generated = await ctx.request({
      method: 'POST',
      url: `/api/bill-approval/approvals/${approvalId}/nacha`,
      token: tokens.moderator,
    });
    expect(generated.json()).toEqual({
      success: true,
      data: { status: 'NACHA_GENERATED', nachaProcessingStatus: 'GENERATED' },
    });
    const again = await ctx.request({
      method: 'POST',
      url: `/api/bill-approval/approvals/${approvalId}/nacha`,
      token: tokens.moderator,
    });
    expect(again.statusCode).toBe(409);

    for (const role of ['guest', 'user'] as const) {
      const refused = await ctx.request({
        method: 'GET',
        url: `/api/bill-approval/approvals/${approvalId}/nacha`,
        token: tokens[role],
      });
      expect(refused.statusCode).toBe(403);
    }
    const download = await ctx.request({
      method: 'GET',
      url: `/api/bill-approval/approvals/${approvalId}/nacha`,
      token: tokens.moderator,
    });
    expect(download.statusCode).toBe(200);
    const [file] = await ctx.app.db.select().from(nachaFiles).where(eq(nachaFiles.approvalId, approvalId));
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${file!.fileName}"`);
    expect(download.body).toBe(file!.content);
    const { errors, file: parsed } = validateNachaFile(download.body);
    expect(errors).toEqual([]);
    // Balanced: two credits and the offsetting debit to the settlement account.
    expect(parsed).toMatchObject({
      serviceClassCode: '200',
      totalCreditCents: 25_001,
      totalDebitCents: 25_001,
    });

    const downloads = await ctx.app.db
      .select()
      .from(activity)
      .where(and(eq(activity.entityId, approvalId), eq(activity.action, 'approval.nacha_download')));
    expect(downloads).toHaveLength(1);
  });

  it('marks uploaded then paid, ADMIN only and only in that order', async () => {
    const url = (step: string) => `/api/bill-approval/approvals/${approvalId}/${step}`;
    expect(
      (await ctx.request({ method: 'PUT', url: url('bank-uploaded'), token: tokens.moderator })).statusCode,
    ).toBe(403);
    const early = await ctx.request({ method: 'PUT', url: url('payment-completed'), token: tokens.admin });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'An approval in status NACHA_GENERATED cannot be marked PAYMENT_COMPLETED',
    );
    expect(
      (await ctx.request({ method: 'PUT', url: url('bank-uploaded'), token: tokens.admin })).json(),
    ).toEqual({
      success: true,
      data: { status: 'BANK_UPLOADED' },
    });
    expect(
      (await ctx.request({ method: 'PUT', url: url('payment-completed'), token: tokens.admin })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown approval and 400 for an id that is not a UUID', async () => {
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/bill-approval/approvals/00000000-0000-4000-8000-000000000000/nacha',
      token: tokens.admin,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/bill-approval/approvals/abc/nacha',
      token: tokens.admin,
    });
    expect(bad.statusCode).toBe(400);
    // The same words as every other approval route.
    expect(bad.json().error.fields).toEqual({ id: APPROVAL_ERRORS.invalidId });
  });
});

describe('approving pays through a bank file', () => {
  // Entered by hand (POST …/approvals): the server numbers the bills.
  const create = async (bills: HandBill[]) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/bill-approval/approvals',
      token: tokens.moderator,
      payload: { companyId, priority: 'HIGH', bills },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const approve = (id: string, payload: object = {}) =>
    ctx.request({
      method: 'PUT',
      url: `/api/bill-approval/approvals/${id}/approve`,
      token: tokens.user,
      payload,
    });

  it('generates the file as soon as an approval is approved', async () => {
    const id = await create([handBill('DL-V1', 1234.56, 'INV-501')]);
    const approved = await approve(id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'NACHA_GENERATED',
      nachaFileGenerated: true,
      nachaProcessingStatus: 'GENERATED',
      nachaFileUrl: `/api/bill-approval/approvals/${id}/nacha`,
    });
    const history = await ctx.request({
      method: 'GET',
      url: `/api/bill-approval/approvals/${id}/history`,
      token: tokens.guest,
    });
    const generated = history
      .json()
      .data.find((entry: { action: string }) => entry.action === 'NACHA file generated');
    expect(generated.downloadUrl).toBe(`/api/bill-approval/approvals/${id}/nacha`);
  });

  it('pays a bill held by two approvals once when both are approved at the same moment', async () => {
    // The same vendor invoice (number and amount) entered twice: two ids, one bill.
    const shared = handBill('DL-V1', 75, 'INV-601');
    const [first, second] = [await create([shared]), await create([shared])];
    // The second holds a bill the first holds: it is flagged as a duplicate and approved with a
    // reason, so both decisions race to the bank file.
    const answers = await Promise.all([
      approve(first),
      approve(second, { duplicateReason: 'Approved twice at once on purpose' }),
    ]);
    const statuses = answers.map((answer) => answer.json().data.status).sort();
    expect(statuses).toEqual(['APPROVED', 'NACHA_GENERATED']);
    const loser = answers.find((answer) => answer.json().data.status === 'APPROVED')!.json().data;
    expect(loser.nachaProcessingStatus).toMatch(/^Bill \d+ \(INV-601\) .*already paid by approval #/);
  });
});
