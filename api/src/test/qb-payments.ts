/**
 * The world of the QuickBooks payment tests: a company connected to a new emulator realm through
 * the real connect flow, its bills imported, bank file settings and confirmed vendor accounts,
 * then approved, sent to the bank and paid through the API.
 */
import { and, asc, eq } from 'drizzle-orm';
import { startQboEmulator, type QboEmulator } from 'qbo-emulator';
import type { Approval, QbConnectStart } from 'shared-contracts';
import { expect } from 'vitest';
import { activity, approvals, companies, vendorBankAccounts } from '../db/schema';
import { runCompanySync } from '../flows/quickbooks-import';
import type { BillPaymentDeps } from '../modules/quickbooks/qb-bill-payments';
import { encryptSecret } from '../security/token-cipher';
import { build, testConfig, type TestContext } from './build';
import { consent, emulatorConfig, TEST_REDIRECT_URI } from './qbo-emulator';

const CREDENTIALS = { clientId: 'pay-client', clientSecret: 'pay-secret' };

export interface QbPaymentsContext {
  t: TestContext;
  emulator: QboEmulator;
  tokens: { admin: string; moderator: string };
}

/** An emulator for the payment tests (their app's credentials and redirect URI registered). */
export function startPaymentsEmulator(): Promise<QboEmulator> {
  return startQboEmulator({ ...CREDENTIALS, redirectUris: [TEST_REDIRECT_URI] });
}

/**
 * The API pointed at the emulator, with a short back-off so a retried 5xx does not slow the suite
 * (Retry-After is honoured as sent); `jobs` runs the pg-boss queue in it. Signed in as the demo
 * ADMIN and MODERATOR.
 */
export async function buildOnEmulator(
  emulator: QboEmulator,
  jobs = false,
): Promise<Pick<QbPaymentsContext, 't' | 'tokens'>> {
  const t = await build({
    config: {
      quickBooks: emulatorConfig(emulator, CREDENTIALS, 5_000),
      qbSync: { ...testConfig().qbSync, backoffMs: 20, ...(jobs ? { jobs: true } : {}) },
    },
  });
  const tokens = {
    admin: (await t.login('admin@example.com')).tokens.accessToken,
    moderator: (await t.login('moderator@example.com')).tokens.accessToken,
  };
  return { t, tokens };
}

/** The steps of the payment tests, on whatever context `current` answers at the time. */
export function qbPaymentSteps(current: () => QbPaymentsContext) {
  const deps = (): BillPaymentDeps => current().t.app as unknown as BillPaymentDeps;
  const api = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token = current().tokens.admin,
    payload?: object,
  ) =>
    current().t.request({ method, url: `/api/bill-approval${url}`, token, ...(payload ? { payload } : {}) });

  let counter = 0;
  /**
   * A company connected to a new realm of `bills` bills, imported, with bank file settings (the
   * QuickBooks bank account 35 unless told) and a confirmed bank account for every vendor.
   */
  async function importedCompany(bills: number, qbBankAccountId: string | null = '35') {
    const { t, emulator, tokens } = current();
    counter += 1;
    const realmId = emulator.createRealm(`Payment Realm ${counter}`, { bills, vendors: 3 });
    const [company] = await t.database.db
      .insert(companies)
      .values({ name: `QuickBooks Payments ${counter}` })
      .returning();
    const id = company!.id;
    const started = await t.request({
      method: 'POST',
      url: `/api/company/companies/${id}/qb-connect`,
      token: tokens.moderator,
    });
    const { authorizeUrl } = started.json<{ data: QbConnectStart }>().data;
    const callback = await t.request({
      method: 'POST',
      url: '/api/company/quickbooks/callback',
      token: tokens.moderator,
      payload: await consent(authorizeUrl, realmId),
    });
    expect(callback.statusCode).toBe(200);
    // With the job queue running, its schedule may be syncing the company already: wait for it.
    for (let attempt = 0; ; attempt += 1) {
      const run = await runCompanySync(deps(), id);
      if (run.status === 'done') break;
      expect(run.status).toBe('busy');
      expect(attempt).toBeLessThan(120);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const settings = await t.request({
      method: 'PUT',
      url: `/api/company/companies/${id}/payment-settings`,
      token: tokens.moderator,
      payload: {
        odfiRoutingNumber: '121042882',
        odfiName: 'First Example Bank',
        companyIdentification: '1234567890',
        achCompanyName: 'QB Payments',
        originName: 'QB Payments LLC',
        qbBankAccountId,
      },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().data.qbBankAccountId).toBe(qbBankAccountId);
    for (const vendor of emulator.realm(realmId).vendors) {
      await t.database.db.insert(vendorBankAccounts).values({
        companyId: id,
        vendorRef: vendor.Id,
        vendorName: vendor.DisplayName,
        routingNumber: '021000021',
        accountNumberEnc: encryptSecret(`4000${vendor.Id.padStart(4, '0')}`, t.config.bankAccountKey),
        accountLast4: vendor.Id.padStart(4, '0'),
        accountType: 'checking',
        confirmedAt: new Date(),
      });
    }
    const [approval] = await t.database.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.companyId, id), eq(approvals.origin, 'QUICKBOOKS')))
      .orderBy(asc(approvals.createdAt));
    expect(approval).toBeDefined();
    return { id, realmId, approvalId: approval!.id, billIds: approval!.billIds };
  }

  /** Every step of the approval's policy decided (a MODERATOR, then an ADMIN when there is a second). */
  async function approve(approvalId: string): Promise<Approval> {
    const { tokens } = current();
    let approval = (await api('GET', `/approvals/${approvalId}`)).json<{ data: Approval }>().data;
    for (const token of [tokens.moderator, tokens.admin]) {
      if (approval.status !== 'PENDING') break;
      const answer = await api('PUT', `/approvals/${approvalId}/approve`, token, {});
      expect(answer.statusCode).toBe(200);
      approval = answer.json<{ data: Approval }>().data;
    }
    return approval;
  }

  /** Approved, its bank file uploaded and its payment completed; the BillPayments sent. */
  async function paid(approvalId: string) {
    expect((await approve(approvalId)).status).toBe('NACHA_GENERATED');
    expect((await api('PUT', `/approvals/${approvalId}/bank-uploaded`)).statusCode).toBe(200);
    expect((await api('PUT', `/approvals/${approvalId}/payment-completed`)).statusCode).toBe(200);
    await current().t.app.qbSyncIdle();
  }

  const detail = async (approvalId: string) =>
    (await api('GET', `/approvals/${approvalId}`)).json<{ data: Approval }>().data;

  /** The approval's history entries about QuickBooks. */
  const history = async (approvalId: string) =>
    (
      await current()
        .t.database.db.select({ action: activity.action, description: activity.description })
        .from(activity)
        .where(and(eq(activity.entityType, 'approval'), eq(activity.entityId, approvalId)))
        .orderBy(asc(activity.id))
    ).filter(
      (entry) => entry.action.startsWith('approval.qb_') || entry.action.startsWith('approval.source_'),
    );

  return { deps, api, importedCompany, approve, paid, detail, history };
}
