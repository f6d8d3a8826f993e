import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  APPROVAL_ERRORS,
  BILL_ID_MESSAGE,
  BillsSchema,
  MANUAL_APPROVAL_ERRORS,
  PAYMENT_MESSAGES,
  type Approval,
  type ApprovalPaymentAccounts,
  type Bill,
  type User,
  type VendorAccount,
} from 'shared-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  bankAccountChanges,
  companies,
  nachaFiles,
  users,
  vendorBankAccounts,
} from '../../db/schema';
import { encryptSecret } from '../../security/token-cipher';
import { addVendor, handBill, importedApproval, type HandBill } from '../../test/approval-fixtures';
import { build, type TestContext } from '../../test/build';
import { giveAuthenticator } from '../../test/second-factors';

/**
 * Money rules about people, each tried as the insider it stops would try it: a second account of
 * the same person, a bank account typed in just before approving, a changed account after the
 * decision, one bill under an id that looks different, and a decider's chosen display name.
 */

let ctx: TestContext;
const tokens: Record<'admin' | 'moderator' | 'user' | 'guest', string> = {
  admin: '',
  moderator: '',
  user: '',
  guest: '',
};
let companyId: number;
const APPROVALS = '/api/bill-approval/approvals';
const STRONG_PASSWORD = 'Quartz-Harbor-Ledger-71';

const companyPath = () => `/api/company/companies/${companyId}`;
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { message: string; fields?: Record<string, string> } }).error;

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return ctx.request({
    method,
    url,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A bill entered by hand (POST …/approvals); the server gives it its id. */
const bill = (vendor: string, amount: number, docNumber = `INV-${vendor}-${amount}`): HandBill =>
  handBill(vendor, amount, docNumber);

/** Makes `vendorRef` one of the company's vendors, its account entered and confirmed long ago. */
const vendorOf = (vendorRef: string) =>
  addVendor(ctx.app.db, ctx.config.bankAccountKey, companyId, vendorRef);

async function createApproval(bills: HandBill[], token = tokens.moderator): Promise<Approval> {
  const response = await call('POST', APPROVALS, token, { companyId, priority: 'HIGH', bills });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: Approval }).data;
}

async function addAccount(
  vendorRef: string,
  token: string,
  accountNumber = '987654321',
): Promise<VendorAccount> {
  const response = await call('POST', `${companyPath()}/vendor-accounts`, token, {
    vendorRef,
    vendorName: `Vendor ${vendorRef}`,
    routingNumber: '021000021',
    accountNumber,
    accountType: 'checking',
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: VendorAccount }).data;
}

const confirm = (account: VendorAccount, token: string, version = account.control.version) =>
  call('PUT', `${companyPath()}/vendor-accounts/${account.id}/confirm`, token, { version });

const approve = (id: string, token: string, payload: object = {}) =>
  call('PUT', `${APPROVALS}/${id}/approve`, token, payload);

async function approvalOf(id: string): Promise<Approval> {
  return ((await call('GET', `${APPROVALS}/${id}`, tokens.guest)).json() as { data: Approval }).data;
}

async function filesOf(approvalId: string): Promise<number> {
  const rows = await ctx.app.db
    .select({ id: nachaFiles.id })
    .from(nachaFiles)
    .where(eq(nachaFiles.approvalId, approvalId));
  return rows.length;
}

/** Makes the account with this e-mail the company's approver. */
async function makeApprover(email: string, company = companyId): Promise<void> {
  const [user] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await ctx.app.db.update(companies).set({ approverId: user!.id }).where(eq(companies.id, company));
}

/** Registers an account as `token` and signs in as it. */
async function register(email: string, token: string, role = 'USER'): Promise<{ id: number; token: string }> {
  const response = await call('POST', '/api/auth/register', token, {
    email,
    password: STRONG_PASSWORD,
    firstName: 'Pat',
    lastName: 'Puppet',
    role,
  });
  expect(response.statusCode, response.body).toBe(201);
  // Confirming what moves money needs a fresh second factor: the account has one, as it must.
  await giveAuthenticator(ctx, response.json<{ data: { id: number } }>().data.id);
  const login = await ctx.login(email, STRONG_PASSWORD);
  return { id: login.user.id, token: login.tokens.accessToken };
}

beforeAll(async () => {
  ctx = await build();
  for (const role of Object.keys(tokens) as Array<keyof typeof tokens>) {
    tokens[role] = (await ctx.login(`${role}@example.com`)).tokens.accessToken;
  }
  // A company of its own, with confirmed bank file settings (no settlement account).
  const [company] = await ctx.app.db
    .insert(companies)
    .values({ name: 'Money Safety Test Co' })
    .returning({ id: companies.id });
  companyId = company!.id;
  // The demo USER is this company's approver: under the default approval policy a USER decides
  // only for the companies whose approver they are.
  await makeApprover('user@example.com');
  const saved = await call('PUT', `${companyPath()}/payment-settings`, tokens.admin, {
    odfiRoutingNumber: '121042882',
    odfiName: 'First Example Bank',
    companyIdentification: '1234567890',
    achCompanyName: 'Money Safety',
    originName: 'Money Safety LLC',
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('nobody pays themselves through a second account', () => {
  it('the reproduction: a MODERATOR types in a vendor account, bills it, and approves through a USER they registered — refused, no file', async () => {
    const account = await addAccount('6001', tokens.moderator);
    const approval = await createApproval([bill('6001', 48_500)]);

    const own = await approve(approval.id, tokens.moderator);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(APPROVAL_ERRORS.ownApproval);

    const puppet = await register('puppet.one@example.com', tokens.moderator);
    const refused = await approve(approval.id, puppet.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(APPROVAL_ERRORS.mayNotDecide);
    const rejected = await call('PUT', `${APPROVALS}/${approval.id}/reject`, puppet.token, {
      rejectionReason: 'no',
    });
    expect(rejected.statusCode).toBe(403);

    // Even once an ADMIN grants it, the account the creator registered is not a second person.
    const granted = await call('PUT', `/api/user/users/${puppet.id}/payment-decisions`, tokens.admin, {
      allowed: true,
    });
    expect(granted.statusCode).toBe(200);
    const stillRefused = await approve(approval.id, puppet.token);
    expect(stillRefused.statusCode).toBe(403);
    expect(errorOf(stillRefused).message).toBe(APPROVAL_ERRORS.registeredByCreator);

    expect((await approvalOf(approval.id)).status).toBe('PENDING');
    expect(await filesOf(approval.id)).toBe(0);
    // The account the MODERATOR typed in still waits for a second person.
    expect(account.control).toMatchObject({ status: 'PENDING', confirmedBy: null });
  });

  it('an account a MODERATOR registers may not decide until an ADMIN grants it; the grant is ADMIN-only and in history; ADMIN-created accounts decide', async () => {
    const puppet = await register('puppet.two@example.com', tokens.moderator);
    const detail = (await call('GET', `/api/user/users/${puppet.id}`, tokens.moderator)).json() as {
      data: User;
    };
    expect(detail.data).toMatchObject({
      mayDecidePayments: false,
      createdBy: { email: 'moderator@example.com', name: 'Morgan Moderator' },
    });
    const byModerator = await call(
      'PUT',
      `/api/user/users/${puppet.id}/payment-decisions`,
      tokens.moderator,
      {
        allowed: true,
      },
    );
    expect(byModerator.statusCode).toBe(403);
    const bad = await call('PUT', `/api/user/users/${puppet.id}/payment-decisions`, tokens.admin, {
      allowed: 'yes',
    });
    expect(bad.statusCode).toBe(400);

    // An approval someone else created: the only obstacle is the missing grant.
    await vendorOf('6002');
    const approval = await createApproval([bill('6002', 10)], tokens.admin);
    expect(errorOf(await approve(approval.id, puppet.token)).message).toBe(APPROVAL_ERRORS.mayNotDecide);
    const granted = await call('PUT', `/api/user/users/${puppet.id}/payment-decisions`, tokens.admin, {
      allowed: true,
    });
    expect((granted.json() as { data: User }).data.mayDecidePayments).toBe(true);
    // A USER decides where they are the company's approver (the default approval policy).
    await makeApprover('puppet.two@example.com');
    expect((await approve(approval.id, puppet.token)).statusCode).toBe(200);
    await makeApprover('user@example.com');
    const history = await ctx.app.db
      .select({ action: activity.action, userName: activity.userName })
      .from(activity)
      .where(and(eq(activity.entityType, 'user'), eq(activity.entityId, String(puppet.id))));
    expect(history).toContainEqual({ action: 'user.payment_decisions_grant', userName: 'Ada Admin' });

    const byAdmin = await register('colleague@example.com', tokens.admin);
    const colleague = (await call('GET', `/api/user/users/${byAdmin.id}`, tokens.moderator)).json() as {
      data: User;
    };
    expect(colleague.data.mayDecidePayments).toBe(true);
  });

  it('the registrar may not approve what an account they registered created', async () => {
    // ADMIN registers a MODERATOR, who creates an approval: the ADMIN is not a second person.
    const deputy = await register('deputy@example.com', tokens.admin, 'MODERATOR');
    await vendorOf('6003');
    const approval = await createApproval([bill('6003', 20)], deputy.token);
    const refused = await approve(approval.id, tokens.admin);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(APPROVAL_ERRORS.creatorRegisteredByYou);
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
  });
});

describe('a bank account change needs a second person, and the approver sees the account', () => {
  it('whoever entered or changed a vendor account in the last 7 days may not approve its payments', async () => {
    const account = await addAccount('6101', tokens.admin, '11112222');
    const approval = await createApproval([bill('6101', 300)]);
    const refused = await approve(approval.id, tokens.admin);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(APPROVAL_ERRORS.changedVendorAccount('Vendor 6101'));

    // Eight days later the same person may decide again (the change is still on record).
    await ctx.app.db
      .update(bankAccountChanges)
      .set({ changedAt: sql`now() - interval '8 days'` })
      .where(
        and(eq(bankAccountChanges.companyId, companyId), eq(bankAccountChanges.accountKey, 'vendor:6101')),
      );
    expect((await confirm(account, tokens.moderator)).statusCode).toBe(200);
    const approved = await approve(approval.id, tokens.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as { data: Approval }).data.status).toBe('NACHA_GENERATED');
  });

  it('an account and its registrar are one person for confirmations too', async () => {
    const deputy = await register('deputy.two@example.com', tokens.admin, 'MODERATOR');
    const account = await addAccount('6151', deputy.token, '15151515');
    const refused = await confirm(account, tokens.admin);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(PAYMENT_MESSAGES.confirmRegisteredByYou);
    expect((await confirm(account, tokens.moderator)).statusCode).toBe(200);
  });

  it('a pending account is never paid; the person who entered it cannot confirm it; a confirmation retries the file', async () => {
    const account = await addAccount('6201', tokens.moderator, '33334444');
    const approval = await createApproval([bill('6201', 125)], tokens.admin);
    const approved = await approve(approval.id, tokens.user);
    expect(approved.statusCode).toBe(200);
    expect((approved.json() as { data: Approval }).data).toMatchObject({
      status: 'APPROVED',
      nachaProcessingStatus: "The bank account of Vendor 6201 is waiting for a second person's confirmation",
    });
    expect(await filesOf(approval.id)).toBe(0);

    const own = await confirm(account, tokens.moderator);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(PAYMENT_MESSAGES.confirmOwnChange);
    const stale = await confirm(account, tokens.admin, account.control.version + 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(PAYMENT_MESSAGES.staleVersion);

    const confirmed = await confirm(account, tokens.admin);
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { data: VendorAccount }).data.control).toMatchObject({
      status: 'CONFIRMED',
      changedBy: { email: 'moderator@example.com' },
      confirmedBy: { email: 'admin@example.com' },
    });
    expect((await approvalOf(approval.id)).status).toBe('NACHA_GENERATED');
    const again = await confirm(account, tokens.admin);
    expect(errorOf(again).message).toBe(PAYMENT_MESSAGES.alreadyConfirmed);
  });

  it('the approval shows the account it will pay, and a change after the decision refuses the file and says why', async () => {
    const account = await addAccount('6301', tokens.moderator, '55556666');
    const approval = await createApproval([bill('6301', 42)], tokens.admin);

    const before = (
      await call('GET', `${APPROVALS}/${approval.id}/payment-accounts`, tokens.guest)
    ).json() as {
      data: ApprovalPaymentAccounts;
    };
    expect(before.data.accounts).toEqual([
      expect.objectContaining({
        vendorRef: '6301',
        billIds: approval.billIds,
        account: expect.objectContaining({
          routingNumber: '021000021',
          accountLast4: '6666',
          control: expect.objectContaining({
            status: 'PENDING',
            changedBy: expect.objectContaining({ email: 'moderator@example.com' }),
          }),
        }),
        decided: null,
        changedSinceDecision: false,
      }),
    ]);
    expect(JSON.stringify(before)).not.toContain('55556666');

    // Decided while the account is version 1; then the account is changed (and confirmed).
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    const changed = await call('PUT', `${companyPath()}/vendor-accounts/${account.id}`, tokens.moderator, {
      vendorName: 'Vendor 6301',
      routingNumber: '021000021',
      accountNumber: '77778888',
      accountType: 'checking',
    });
    expect(changed.statusCode).toBe(200);
    const changedAccount = (changed.json() as { data: VendorAccount }).data;
    expect(changedAccount.control).toMatchObject({ status: 'PENDING', version: 2 });
    expect((await confirm(changedAccount, tokens.admin)).statusCode).toBe(200);

    const after = await approvalOf(approval.id);
    expect(after.status).toBe('APPROVED');
    expect(after.nachaProcessingStatus).toMatch(
      /^The bank account of Vendor 6301 changed after the approval was decided \(routing 021000021 ••••6666 → 021000021 ••••8888\)/,
    );
    expect(await filesOf(approval.id)).toBe(0);
    const view = (await call('GET', `${APPROVALS}/${approval.id}/payment-accounts`, tokens.guest)).json() as {
      data: ApprovalPaymentAccounts;
    };
    expect(view.data.accounts[0]).toMatchObject({
      decided: { accountLast4: '6666', version: 1 },
      account: { accountLast4: '8888', version: 2 },
      changedSinceDecision: true,
    });
    // The approval's history says the account changed, to the people who decide payments; a GUEST
    // reads no line about who changed a vendor's bank account.
    const history = (await call('GET', `${APPROVALS}/${approval.id}/history`, tokens.user)).json() as {
      data: Array<{ action: string; details: string }>;
    };
    expect(history.data.map((entry) => entry.action)).toContain('Bank account changed');
    const guestHistory = (await call('GET', `${APPROVALS}/${approval.id}/history`, tokens.guest)).json() as {
      data: Array<{ action: string }>;
    };
    expect(guestHistory.data.length).toBeGreaterThan(0);
    expect(guestHistory.data.map((entry) => entry.action)).not.toContain('Bank account changed');
  });

  /** An account as entered before the version history existed: version 1, nothing on record. */
  async function legacyAccount(vendorRef: string, accountNumber: string): Promise<number> {
    const [row] = await ctx.app.db
      .insert(vendorBankAccounts)
      .values({
        companyId,
        vendorRef,
        vendorName: `Vendor ${vendorRef}`,
        routingNumber: '121042882',
        accountNumberEnc: encryptSecret(accountNumber, ctx.config.bankAccountKey),
        accountLast4: accountNumber.slice(-4),
        accountType: 'checking',
        // Pending, so the decision below writes no file yet and the change comes before it.
        confirmedAt: null,
      })
      .returning({ id: vendorBankAccounts.id });
    return row!.id;
  }

  it('an account older than its history: its first change is a new version, and the file approved for the old one is refused', async () => {
    const accountId = await legacyAccount('7101', '40001111');
    const approval = await createApproval([bill('7101', 48)], tokens.admin);
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    expect(await filesOf(approval.id)).toBe(0);

    // The attack: a MODERATOR points the vendor at their own account; a second person confirms.
    const changed = await call('PUT', `${companyPath()}/vendor-accounts/${accountId}`, tokens.moderator, {
      vendorName: 'Vendor 7101',
      routingNumber: '021000021',
      accountNumber: '55558999',
      accountType: 'checking',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const changedAccount = (changed.json() as { data: VendorAccount }).data;
    expect(changedAccount.control.version).toBe(2);
    expect((await confirm(changedAccount, tokens.admin)).statusCode).toBe(200);

    expect(await filesOf(approval.id)).toBe(0);
    expect((await approvalOf(approval.id)).nachaProcessingStatus).toMatch(
      /^The bank account of Vendor 7101 changed after the approval was decided \(routing 121042882 ••••1111 → 021000021 ••••8999\)/,
    );
    const view = (await call('GET', `${APPROVALS}/${approval.id}/payment-accounts`, tokens.guest)).json() as {
      data: ApprovalPaymentAccounts;
    };
    expect(view.data.accounts[0]).toMatchObject({
      decided: { routingNumber: '121042882', accountLast4: '1111', version: 1 },
      account: { routingNumber: '021000021', accountLast4: '8999', version: 2 },
      changedSinceDecision: true,
    });
    // Both versions are on record, numbered once each.
    const versions = await ctx.app.db
      .select({ version: bankAccountChanges.version })
      .from(bankAccountChanges)
      .where(
        and(eq(bankAccountChanges.companyId, companyId), eq(bankAccountChanges.accountKey, 'vendor:7101')),
      );
    expect(versions.map((row) => row.version)).toEqual([2]);
  });

  it('an account whose details differ from what the decision saw is refused even at the same version', async () => {
    const accountId = await legacyAccount('7201', '40002222');
    const approval = await createApproval([bill('7201', 31)], tokens.admin);
    expect((await approve(approval.id, tokens.user)).statusCode).toBe(200);
    // Changed behind the counter's back (any path that forgets to number a change), then confirmed.
    await ctx.app.db
      .update(vendorBankAccounts)
      .set({ routingNumber: '021000021', confirmedAt: new Date() })
      .where(eq(vendorBankAccounts.id, accountId));

    const retried = await call('POST', `${APPROVALS}/${approval.id}/nacha`, tokens.admin);
    expect(retried.statusCode).toBe(200);
    const outcome = (retried.json() as { data: { status: string; nachaProcessingStatus: string } }).data;
    expect(outcome.status).toBe('APPROVED');
    expect(outcome.nachaProcessingStatus).toMatch(
      /^The bank account of Vendor 7201 changed after the approval was decided \(routing 121042882 ••••2222 → 021000021 ••••2222\)/,
    );
    expect(await filesOf(approval.id)).toBe(0);
    const view = (await call('GET', `${APPROVALS}/${approval.id}/payment-accounts`, tokens.guest)).json() as {
      data: ApprovalPaymentAccounts;
    };
    expect(view.data.accounts[0]).toMatchObject({ changedSinceDecision: true });
  });

  it('the migration puts every account older than the history on record at the version it stands at', async () => {
    await legacyAccount('7301', '40003333');
    const migration = readFileSync(
      fileURLToPath(new URL('../../../drizzle/0036_account_history_backfill.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await ctx.app.db.execute(sql.raw(statement));
    const rows = await ctx.app.db
      .select()
      .from(bankAccountChanges)
      .where(
        and(eq(bankAccountChanges.companyId, companyId), eq(bankAccountChanges.accountKey, 'vendor:7301')),
      );
    expect(rows).toEqual([
      expect.objectContaining({
        version: 1,
        routingNumber: '121042882',
        accountLast4: '3333',
        accountType: 'checking',
      }),
    ]);
    // Run again, it adds nothing: accounts already on record are left alone.
    const before = await ctx.app.db.select({ id: bankAccountChanges.id }).from(bankAccountChanges);
    for (const statement of migration.split('--> statement-breakpoint'))
      await ctx.app.db.execute(sql.raw(statement));
    expect(await ctx.app.db.select({ id: bankAccountChanges.id }).from(bankAccountChanges)).toHaveLength(
      before.length,
    );
  });

  it('every open approval of the vendor gets a history entry when its account changes', async () => {
    const account = await addAccount('6401', tokens.admin, '12121212');
    const [one, two] = [await createApproval([bill('6401', 5)]), await createApproval([bill('6401', 6)])];
    await call('PUT', `${companyPath()}/vendor-accounts/${account.id}`, tokens.moderator, {
      vendorName: 'Vendor 6401',
      routingNumber: '121042882',
      accountType: 'savings',
    });
    for (const approval of [one, two]) {
      const history = (await call('GET', `${APPROVALS}/${approval.id}/history`, tokens.user)).json() as {
        data: Array<{ action: string; details: string; userEmail: string }>;
      };
      expect(history.data[0]).toMatchObject({
        action: 'Bank account changed',
        userEmail: 'moderator@example.com',
        details: expect.stringContaining('routing 021000021 ••••1212 → 121042882 ••••1212'),
      });
    }
  });

  it('a new settlement account is pending until someone else confirms it, and no file is written meanwhile', async () => {
    const [company] = await ctx.app.db
      .insert(companies)
      .values({ name: 'Settlement Test Co' })
      .returning({ id: companies.id });
    await makeApprover('user@example.com', company!.id);
    const path = `/api/company/companies/${company!.id}`;
    const saved = await call('PUT', `${path}/payment-settings`, tokens.moderator, {
      odfiRoutingNumber: '121042882',
      odfiName: 'First Example Bank',
      companyIdentification: '1234567890',
      achCompanyName: 'Settle Co',
      originName: 'Settle Co LLC',
      settlementAccount: { accountNumber: '99990000', accountType: 'checking' },
    });
    const settlement = (
      saved.json() as { data: { settlementAccount: { control: { version: number; status: string } } } }
    ).data.settlementAccount;
    expect(settlement.control.status).toBe('PENDING');
    const vendor = await call('POST', `${path}/vendor-accounts`, tokens.admin, {
      vendorRef: '6501',
      vendorName: 'Vendor 6501',
      routingNumber: '021000021',
      accountNumber: '24242424',
      accountType: 'checking',
    });
    const vendorAccount = (vendor.json() as { data: VendorAccount }).data;
    expect(
      (
        await call('PUT', `${path}/vendor-accounts/${vendorAccount.id}/confirm`, tokens.moderator, {
          version: 1,
        })
      ).statusCode,
    ).toBe(200);
    const created = await call('POST', APPROVALS, tokens.admin, {
      companyId: company!.id,
      bills: [bill('6501', 9)],
    });
    const approval = (created.json() as { data: Approval }).data;
    const approved = (await approve(approval.id, tokens.user)).json() as { data: Approval };
    expect(approved.data.nachaProcessingStatus).toBe(
      "The settlement account of Settlement Test Co is waiting for a second person's confirmation",
    );
    const own = await call('PUT', `${path}/payment-settings/confirm-settlement`, tokens.moderator, {
      version: settlement.control.version,
    });
    expect(errorOf(own).message).toBe(PAYMENT_MESSAGES.confirmOwnChange);
    const confirmed = await call('PUT', `${path}/payment-settings/confirm-settlement`, tokens.admin, {
      version: settlement.control.version,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await approvalOf(approval.id)).status).toBe('NACHA_GENERATED');
  });
});

describe('a bill is paid once, whatever its id looks like', () => {
  it('refuses bill ids that are not one canonical QuickBooks id, naming the field; a request entered by hand sends none', async () => {
    await vendorOf('6601');
    for (const id of ['1676\u200b', '01676', ' 1676', '1676 ', 'dupz', 'DUPZ', '-1', '1e3', '', '1676']) {
      // The API's create request: ids are the server's, so any id sent is refused on its field.
      const response = await call('POST', APPROVALS, tokens.moderator, {
        companyId,
        bills: [{ ...bill('6601', 1), Id: id }],
      });
      expect(response.statusCode, JSON.stringify(id)).toBe(400);
      expect(errorOf(response).fields?.['bills.0.Id']).toBe(MANUAL_APPROVAL_ERRORS.billId);
      // The import's bills carry QuickBooks' ids: one canonical id, or the bill is not importable.
      if (id === '1676') continue;
      const qbBill: Bill = { Id: id, TotalAmt: 1, DocNumber: 'QB-1', VendorRef: { value: '6601' } };
      const parsed = v.safeParse(BillsSchema, [qbBill]);
      expect(parsed.success, JSON.stringify(id)).toBe(false);
      expect(parsed.issues?.[0]?.message).toMatch(id === '' ? /Id is required/ : new RegExp(BILL_ID_MESSAGE));
    }
  });

  it('refuses a paid bill under its own id or as the same vendor invoice and amount under another id', async () => {
    const account = await addAccount('6701', tokens.admin, '31313131');
    expect((await confirm(account, tokens.moderator)).statusCode).toBe(200);
    await ctx.app.db
      .update(bankAccountChanges)
      .set({ changedAt: sql`now() - interval '8 days'` })
      .where(eq(bankAccountChanges.accountKey, 'vendor:6701'));
    const paid = await createApproval([bill('6701', 480, 'INV-77')]);
    const paidId = paid.billIds[0]!;
    expect(((await approve(paid.id, tokens.admin)).json() as { data: Approval }).data.status).toBe(
      'NACHA_GENERATED',
    );

    // Under its own id: only the import brings ids, and it is refused there too.
    await expect(
      importedApproval(ctx.app.db, {
        companyId,
        bills: [{ Id: paidId, TotalAmt: 1, DocNumber: 'OTHER-1', VendorRef: { value: '6701' } }],
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: APPROVAL_ERRORS.alreadyPaid(`${paidId} (OTHER-1)`, paid.id.slice(0, 8)),
    });
    // Another id, the invoice number spelled with a zero-width space, other case and spaces.
    const sameInvoice = await call('POST', APPROVALS, tokens.moderator, {
      companyId,
      bills: [bill('6701', 480, ' inv-\u200b77 ')],
    });
    expect(sameInvoice.statusCode).toBe(409);
    expect(errorOf(sameInvoice).message).toMatch(/was already paid by approval #/);
    // The same invoice number for another amount is another bill.
    await createApproval([bill('6701', 481, 'INV-77')]);
  });

  it('two approvals holding one invoice under two ids: only one is paid, even approved together', async () => {
    const account = await addAccount('6801', tokens.admin, '41414141');
    expect((await confirm(account, tokens.moderator)).statusCode).toBe(200);
    await ctx.app.db
      .update(bankAccountChanges)
      .set({ changedAt: sql`now() - interval '8 days'` })
      .where(eq(bankAccountChanges.accountKey, 'vendor:6801'));
    const first = await createApproval([bill('6801', 99, 'SAME-1')]);
    const second = await createApproval([bill('6801', 99, 'same-1')]);
    // The second is flagged as a duplicate of the first; its approver gives a reason, so both
    // decisions race to the bank file and the paid-bill key decides.
    expect(second.duplicates).toEqual([expect.objectContaining({ otherApprovalId: first.id })]);
    const answers = await Promise.all([
      approve(first.id, tokens.admin),
      approve(second.id, tokens.admin, { duplicateReason: 'Both approved at once on purpose' }),
    ]);
    const statuses = answers.map((answer) => (answer.json() as { data: Approval }).data.status).sort();
    expect(statuses).toEqual(['APPROVED', 'NACHA_GENERATED']);
    const loser = answers
      .map((answer) => (answer.json() as { data: Approval }).data)
      .find((a) => a.status === 'APPROVED')!;
    expect(loser.nachaProcessingStatus).toMatch(/was already paid by approval #/);
  });
});

describe('decisions name the decider by account, not by a chosen name', () => {
  it('a USER renamed "Ada Admin" rejects: the approval and its history carry the USER\'s id and e-mail', async () => {
    const renamed = await call('PUT', '/api/user/profile', tokens.user, {
      firstName: 'Ada',
      lastName: 'Admin',
    });
    expect(renamed.statusCode).toBe(200);
    const me = (await call('GET', '/api/auth/me', tokens.user)).json() as { data: User };
    await vendorOf('6901');
    const approval = await createApproval([bill('6901', 15)]);
    expect(
      (
        await call('PUT', `${APPROVALS}/${approval.id}/reject`, tokens.user, {
          rejectionReason: 'Looks wrong',
        })
      ).statusCode,
    ).toBe(200);
    const after = await approvalOf(approval.id);
    expect(after).toMatchObject({
      rejectedBy: 'Ada Admin',
      rejectedById: me.data.id,
      rejectedByEmail: 'user@example.com',
      createdByEmail: 'moderator@example.com',
    });
    const history = (await call('GET', `${APPROVALS}/${approval.id}/history`, tokens.guest)).json() as {
      data: Array<{ action: string; userId: number; userEmail: string }>;
    };
    expect(history.data.find((entry) => entry.action === 'Rejected')).toMatchObject({
      userId: me.data.id,
      userEmail: 'user@example.com',
    });
    await call('PUT', '/api/user/profile', tokens.user, { firstName: 'Uma', lastName: 'User' });
  });
});
